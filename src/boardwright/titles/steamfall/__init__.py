"""Crisis at Steamfall (in development)."""

"""Registers Martians for these tests (importing the package calls register()) until the
engine's registry lists it."""

import boardwright.titles.martians  # noqa: F401

"""`python -m boardwright`: the same command line as `boardwright`."""

from .cli import main

main()

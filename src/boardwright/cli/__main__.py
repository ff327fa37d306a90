"""`python -m boardwright.cli`: the same command line as `boardwright`."""

from . import main

main()

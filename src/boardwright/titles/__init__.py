"""One package per game (a "title"); importing a package registers its GameSpec.

The folder is not called `games` because `boardwright.games()` is the public function
that lists the registered games, and a subpackage of that name would shadow it.
"""

"""Martians' difficulty ladder (hook `bot_levels`; bots/ladder.py has the levels).

In competitive Martians the one-step greedy bot is a weak player: it beat random in 28 of 40
2-player games, and greedy with a random move a quarter of the time (the ladder's default
`easy`) in 20.5 of 40, so greedy cannot sit two steps above anything that is not random.
A small search is far stronger: 20 ISMCTS iterations a decision beat greedy in 12 of 12.
So here greedy is `easy` (sensible moves, a gentle first game), a 10-iteration search is
`normal`, and `hard` and `expert` keep the ladder's timed searches. docs/bots.md has the
round robin.
"""

BOT_LEVELS = {"easy": "greedy", "normal": "ismcts:iters=10"}

"""Numbers fixed by the rulebook (§1, §4, §7)."""

BANKER = -1  # the 2-player Banker's seat number in investments
TOKENS_TOTAL = 72
START_TOKENS = 4
BANKER_START = ("warriors", 2)  # the card the Banker starts on and its stake (§7.1)
TWO_PLAYER_SUPPLY = 2
TWO_PLAYER_REMOVED = ("agrarian-tribe", "military-caste")

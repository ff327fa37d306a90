"""The Flow of History: 2–5 players (2 = the Banker variant)."""

from boardwright.engine import GameSpec, Option, register

from .state import FlowState

SPEC = register(GameSpec(
    id="flow-of-history",
    title="The Flow of History",
    player_counts=(2, 3, 4, 5),
    state_cls=FlowState,
    version="1",
    hooks={
        "heuristic": ".heuristic:evaluate",
        "ismcts_defaults": ".heuristic:ISMCTS_DEFAULTS",
        "bot_levels": ".heuristic:BOT_LEVELS",
        "rl_actions": ".rl:action_universe",
        "rl_observation": ".rl",
        "terminal_view": ".terminal:render",
        "data_pack": ".datapack:HOOK",
        "docs": ".docs:generate",
        "balance": ".balance_report:HOOK",
        "glossary": ".glossary:entries",
    },
    assets={"board_js": "web/board.js"},
    rules_doc="docs/games/flow-of-history/rules.md",
    explicit_chance=True,  # every draw goes through draw/shuffle (engine/chance.py)
    options=(
        Option("irrigation", "example", "Irrigation gives 1 token per Harvest icon as in the "
               "Snipe Example ('example') or 2 as in the card glossary ('glossary'); see §9.",
               choices=("example", "glossary")),
        Option("future_ends", "after_turn", "The Future ends the game after the current turn "
               "('after_turn', End of Game) or on the spot ('immediately', glossary); see §9.",
               choices=("after_turn", "immediately")),
        Option("zero_investment", False, "Allow investing 0 tokens (the rulebook says 'any "
               "amount' but forbids investing with no tokens); see §9."),
        Option("age_check", "two_or_more", "Cleanup discards cards two or more ages older than "
               "the Current Age ('two_or_more') or exactly two ('exactly_two'); see §9.",
               choices=("two_or_more", "exactly_two")),
        Option("tiebreak_cards", "all", "The first tie-breaker counts all cards in the Nation, "
               "covered ones too ('all'), or only uncovered ones ('visible'); see §9.",
               choices=("all", "visible")),
        Option("turn_limit", 400, "Stand-in safety net: the game is scored after this many "
               "turns if The Future never came out; see §6.4.", minimum=20, maximum=10000),
    ),
))

__all__ = ["SPEC", "FlowState"]

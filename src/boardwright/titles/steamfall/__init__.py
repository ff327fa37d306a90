"""Crisis at Steamfall: the city, the characters and the effect engine, with the scenarios
Incredible Invention (1-4 players, co-operative), Cipher Race (2-4, competitive) and Crisis
(1-4, co-operative; solo plays two characters) and Genesis (competitive, with journals;
solo against a scripted AI opponent).
"""

from boardwright.engine import GameSpec, Option, register

from . import scenarios
from .state import SteamfallState

SPEC = register(
    GameSpec(
        id="steamfall",
        title="Crisis at Steamfall",
        player_counts=(1, 2, 3, 4),
        state_cls=SteamfallState,
        version="1",
        rules_doc="docs/games/steamfall/rules.md",
        outcome_kind="cooperative",
        explicit_chance=True,  # every draw goes through draw/shuffle (engine/chance.py)
        hooks={
            "heuristic": ".heuristic:evaluate",
            "ismcts_defaults": ".heuristic:ISMCTS_DEFAULTS",
            "outcome_kind": ".hooks:outcome_kind",
            "setup_check": ".hooks:setup_check",
            "board_data": ".layout:board_data",
            "terminal_view": ".terminal:render",
            "glossary": ".glossary:entries",
            "docs": ".docs:generate",
            "data_pack": ".datapack:HOOK",
            "rl_actions": ".rl:action_universe",
            "rl_observation": ".rl",
            "balance": ".balance_report:HOOK",
            "bot_levels": ".ladder:bot_levels",
        },
        assets={"board_js": "web/board.js"},
        options=(
            Option(
                "scenario",
                scenarios.DEFAULT,
                "incredible-invention (1-4, co-op), cipher-race (2-4), crisis (1-4, co-op) or genesis "
                "(2-4, competitive; solo against an AI opponent)",
                choices=("incredible-invention", "cipher-race", "crisis", "genesis"),
            ),
            Option(
                "difficulty",
                "normal",
                "Incredible Invention: the card's side (normal or hard); Crisis: easy, normal, hard "
                "or crushing (the rounds in which optional challenges count)",
                choices=("normal", "hard", "easy", "crushing"),
            ),
            Option(
                "characters",
                "random",
                "random: characters dealt at random; choose: each player picks in turn",
                choices=("random", "choose"),
            ),
            Option("eor_interaction", False, "variant: the end of round is a normal fourth turn (§14)"),
            Option("solo_items", False, "variant (solo): draw 6 starting workshop cards, keep 3 (§14)"),
            Option("ii_events", False, "variant: events in Incredible Invention (§14)"),
            Option("item_draft", False, "variant: starting base-item draft, secret and simultaneous (§14)"),
            Option("district_draft", False, "variant: each player drafts a map tile in turn order (§14)"),
            Option("crisis_promos", False, "Crisis: shuffle the 2 promo crisis cards into the crisis deck"),
            Option(
                "opponent",
                "",
                "Genesis solo: the AI opponent's character, from its printed sheet (§18.1): jb, marcus, "
                "possessed, luis, alice, lucius or stefan; never your own",
                choices=("", "jb", "marcus", "possessed", "luis", "alice", "lucius", "stefan"),
            ),
        ),
    )
)

__all__ = ["SPEC", "SteamfallState"]

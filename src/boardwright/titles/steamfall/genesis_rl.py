"""Genesis's part of the RL hooks (§17): its action ids and its observation block.

Kept apart from rl.py so the scenario's ids and fields are in one place; rl.py appends them
after every other block, so the layout of the other scenarios is unchanged.
"""

from __future__ import annotations

from .content import Content, journal_abilities
from .schema import MARKS, Effect

MAX_SEATS = 4


def genesis_effects(c: Content) -> list[tuple[str, list[Effect]]]:
    """(fx source code, effects) of Genesis events and journal abilities."""
    out: list[tuple[str, list[Effect]]] = [("e", e.effects) for e in c.comp.genesis_events]
    for j in c.comp.journals:
        out += [(f"a={aid}", ab.effects) for aid, _scenario, ab in journal_abilities(j)]
    return out


def action_ids(c: Content, areas: range, n_districts: int) -> list[str]:
    """Chapter choices, start districts, joining a scoring event, destroying an ability; in
    solo, the abilities the AI sheets give the player (§18.4)."""
    from .genesis_ai_player import EXECUTE_COSTS

    ids = [f"chapter:{m}" for m in MARKS if m[0] in "1234"]
    ids += [f"start:{a}" for a in range(n_districts)]
    ids += [f"gnjoin:{a}" for a in range(n_districts)]
    for j in c.comp.journals:
        for aid, _scenario, ab in journal_abilities(j):
            for i, eff in enumerate(ab.effects):
                if eff.timing == "destroy":
                    ids += [f"gndestroy:{aid}:{i}:{g}" for g in range(len(eff.gains))]
    ids += [f"feint:{how}:{a}" for how in ("scrap", "steam") for a in areas]
    ids += ["lost:insight"] + [f"execute:{how}" for how, _n in EXECUTE_COSTS]
    ids += [f"dest:{a}" for a in range(-1, n_districts)]
    return ids

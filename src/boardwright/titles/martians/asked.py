"""Decisions kept by what they ask. A search builds the same few decisions (the same
actions, the same prompt) over and over; one made once is handed out again, as decisions
never change. An entry is keyed by what makes its prompt and rule and by the identities of
its actions: the entry's decision holds those actions, so while it stands no other action
can have one of their identities."""

from __future__ import annotations

from typing import Any

from boardwright.engine.actions import Decision

#: (kind, what makes the prompt and rule, ..., id of each action) -> the decision
KEPT: dict[tuple[Any, ...], Decision] = {}


def keep(key: tuple[Any, ...], decision: Decision) -> Decision:
    """Keep `decision` under `key` (made from its prompt's parts and its actions' ids)."""
    if len(KEPT) >= 4096:
        KEPT.clear()
    KEPT[key] = decision
    return decision

"""The Flow of History's `glossary` hook: every card by id → (name, what it does).

The text is the project's own wording of the card's effect record (`docs.effect_text`, the
same sentences as the generated card table), with its age, type and stripe icons.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .cards import load
from .docs import effect_text


@lru_cache(maxsize=2)
def _entries() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for card in load().cards:
        rec = card.record
        icons = ", ".join(f"{n} {icon}" for icon, n in rec.stripe.items() if n) or "no icons"
        age = "starting card" if rec.age == "S" else f"Age {rec.age}"
        out[rec.id] = (rec.name, f"{age} {rec.type}, stripe {icons}. {effect_text(rec)}")
    return out


def entries(players: int, options: Mapping[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """The `glossary` hook (options do not change what a card does)."""
    return dict(_entries())

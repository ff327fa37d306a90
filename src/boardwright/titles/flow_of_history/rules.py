"""Rule references: section ids of docs/games/flow-of-history/rules.md.

Every enforced rule names one of these; the text is the section's title in our
own rules summary, which maps to the rulebook's headings.
"""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "1": "Components",
    "2.1": "Production icons",
    "2.2": "Investor bonus",
    "2.3": "Card types",
    "2.4": "Stacking",
    "3.1": "Instant effects",
    "3.2": "Attack effects",
    "3.3": "Attack All effects",
    "3.4": "Permanent effects",
    "3.5": "Turn Action effects",
    "3.6": "End Game Scoring effects",
    "4": "Setup",
    "5": "Turn order",
    "5.1": "Invest",
    "5.2": "Complete",
    "5.3": "Snipe",
    "5.4": "Activate",
    "5.5": "Harvest",
    "5.6": "Cleanup",
    "5.7": "Current Age",
    "6.1": "End of the game",
    "6.2": "Scoring",
    "6.3": "Ties",
    "6.4": "Turn limit (stand-in)",
    "7.1": "Two players: setup",
    "7.2": "Two players: completion bonus",
    "7.3": "Two players: sniping the Banker",
    "7.4": "Two players: cleanup and the Banker",
    "8": "Card glossary",
    "9": "Readings of contradictions",
}


_REFS: dict[str, str] = {}


def ref(section: str) -> str:
    """The reference text carried by log entries and errors, e.g. '§5.1 Invest'."""
    text = _REFS.get(section)
    if text is None:
        text = _REFS[section] = f"§{section} {SECTIONS[section]}"
    return text


def card_ref(card_id: str) -> str:
    return f"§8 {card_id}"

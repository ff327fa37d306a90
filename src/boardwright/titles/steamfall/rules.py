"""Rule references: section ids of docs/games/steamfall/rules.md (our own summary)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "1": "Components and hidden information",
    "2.1": "Setup: decks by scenario",
    "2.2": "Setup: characters",
    "2.3": "Setup: the map",
    "2.4": "Setup: scenario pieces",
    "3.1": "Start of round",
    "3.2": "Turns",
    "3.3": "End of round",
    "3.4": "The starting player",
    "4.1": "Activating a column",
    "4.2": "The action pool",
    "4.3": "Adding action tokens",
    "5.1": "Movement",
    "5.2": "Secret locations",
    "5.3": "Influence",
    "5.4": "Manipulation",
    "5.5": "Stamina",
    "5.6": "Encounters with civilians",
    "5.7": "Mood and the mood reset",
    "5.8": "Ruins",
    "6.1": "Effect structure",
    "6.2": "Spending costs",
    "6.3": "Compulsory causes",
    "6.4": "Remote activation by influence",
    "6.5": "Choices and compulsory conditions",
    "6.6": "Activation limits",
    "6.7": "Utilize",
    "6.8": "Drawing and discarding",
    "7.1": "Playing items",
    "7.2": "Power",
    "7.3": "Item timing words",
    "7.4": "Power modules and add-ons",
    "7.5": "Manual charging",
    "7.6": "Recharging at end of round",
    "8": "Civilians",
    "9": "Events",
    "10": "District effects",
    "11": "End of game",
    "12.1": "Incredible Invention: the card",
    "12.2": "Incredible Invention: completion",
    "12.3": "Incredible Invention: complications",
    "12.4": "Incredible Invention: resolution phase",
    "12.5": "Incredible Invention: trading",
    "13.1": "Cipher Race: tablets",
    "13.2": "Cipher Race: breaking ciphers",
    "13.3": "Cipher Race: end of game",
    "14": "Variants",
    "15": "Decisions where the rulebook is silent",
}


def ref(section: str) -> str:
    """The rule reference for a section id: '§5.1 Movement'."""
    return f"§{section} {SECTIONS[section]}"

"""Rule references: section ids of docs/games/martians/rules.md.

Every enforced rule names one of these; the titles are those of our own rules summary,
which maps each section to the rulebook's headings.
"""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "1": "Components and their limits",
    "2": "Modes and what is shared",
    "2.1": "Solo mode",
    "2.2": "Co-operative mode",
    "2.3": "Semi-co-operative mode",
    "2.4": "Competitive mode",
    "2.5": "Collector's Edition hidden goals",
    "3": "Setup",
    "4": "Cycles",
    "4.1": "Supplementation",
    "4.2": "Work phase and turn order",
    "4.3": "Quarters summary",
    "4.4": "Population growth",
    "4.5": "After the second round",
    "5": "The turn",
    "5.1": "Time units",
    "5.2": "Placing action markers",
    "5.3": "Several actions in one building",
    "5.4": "Unfinished buildings",
    "5.5": "Recreation",
    "5.6": "RTG",
    "5.7": "Regaining penalty markers",
    "5.8": "Products delivery and the colonist token",
    "6.1": "Moxie v.3 Generator",
    "6.2": "Hospital",
    "6.3": "Water treatment plant",
    "6.4": "Facilities construction",
    "6.5": "Excavation",
    "6.6": "Regolith examination",
    "6.7": "Landing pod",
    "6.8": "Greenhouses",
    "6.9": "Laboratory",
    "6.10": "Educational center",
    "6.11": "Energy installations",
    "7.1": "Assistants",
    "7.2": "Experts",
    "8": "Technologies",
    "9": "Weather",
    "10": "Events",
    "11": "End of the game",
    "11.1": "End of a solo game",
    "11.2": "End of a co-operative game",
    "11.3": "End of a semi-co-operative game",
    "11.4": "End of a competitive game",
    "11.5": "Scoring hidden goals",
    "12": "Readings we had to decide",
    "13": "Stand-in content",
}

BUILDING_SECTION = {"moxie": "6.1", "hospital": "6.2", "water": "6.3", "construction": "6.4",
                    "excavation": "6.5", "landing_pod": "6.7", "greenhouses": "6.8",
                    "laboratory": "6.9", "education": "6.10"}


def ref(section: str) -> str:
    """The reference text carried by log entries and errors, e.g. '§6.5 Excavation'."""
    return f"§{section} {SECTIONS[section]}"

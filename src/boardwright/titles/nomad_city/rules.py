"""Rule references: section ids of docs/games/nomad-city/rules.md.

Every enforced rule names one of these; the titles are those of our own rules
summary, which maps each section to the rulebook's headings.
"""

from __future__ import annotations

from functools import cache

SECTIONS: dict[str, str] = {
    "1": "Components and their limits",
    "2": "Setup",
    "3.1": "Initial Entry: first player",
    "3.2": "Initial Entry: starting mining sites",
    "3.3": "Initial Entry: starting funds",
    "4": "Rounds",
    "4.1": "Character Selection",
    "4.2": "Player Actions",
    "4.3": "Resource Collection",
    "4.4": "End of Round",
    "5.1": "Deploy",
    "5.2": "Redeploy",
    "5.3": "Explore",
    "5.4": "Tolls",
    "5.5": "City Movement",
    "5.6": "Build",
    "5.7": "Special actions",
    "6.1": "Reveal a Character",
    "6.2": "Declare a City Style",
    "6.3": "Meeting a City Style requirement",
    "7.1": "Placing influence",
    "7.2": "Moving influence",
    "7.3": "Replacing and removing influence",
    "8": "The Red Zone",
    "9.1": "Order of resolution",
    "9.2": "Conditional effects",
    "9.3": "Running out of components",
    "10.1": "Final Scoring: region control",
    "10.2": "Final Scoring: leftover resources",
    "10.3": "Winner and ties",
    "11.1": "Liskarm",
    "11.2": "Elysium",
    "11.3": "Texas",
    "11.4": "Cannot",
    "11.5": "Tin Man",
    "12": "Two-player variant",
    "13": "Readings we had to decide",
    "14": "Stand-in content",
    "15": "Corporation Module",
    "15.1": "Module setup",
    "15.2": "Starting corporations and hands",
    "15.3": "Extra cooperation level",
    "16": "Cooperation",
    "16.2": "Advancing a cooperation level",
    "16.3": "Triggering a corporation effect",
    "16.4": "Characters returned to the box",
    "16.5": "Highways",
    "17": "Module characters",
    "17.1": "Persistent and Once effects",
    "17.2": "Mountain",
    "17.3": "Młynar",
    "17.4": "W",
    "17.5": "Kal'tsit",
    "17.6": "Closure",
    "17.7": "Dorothy",
    "17.8": "SilverAsh",
    "17.9": "Mudrock",
    "17.10": "Passenger",
    "17.11": "Eunectes",
    "18": "Corporations",
    "18.1": "Blacksteel Worldwide",
    "18.2": "HydeBro",
    "18.3": "Raythean Industries",
    "18.4": "Rim Billiton",
    "18.5": "Fusen Bank",
    "18.6": "Mama John's",
    "18.7": "Rhine Lab",
    "18.8": "Rhodes Island",
}

HERO_SECTION = {"liskarm": "11.1", "elysium": "11.2", "texas": "11.3", "cannot": "11.4",
                "tin-man": "11.5", "mountain": "17.2", "mlynar": "17.3", "w": "17.4",
                "kaltsit": "17.5", "closure": "17.6", "dorothy": "17.7", "silverash": "17.8",
                "mudrock": "17.9", "passenger": "17.10", "eunectes": "17.11"}


@cache  # asked at most steps (its text is the same each time)
def ref(section: str) -> str:
    """The reference text carried by log entries and errors, e.g. '§5.3 Explore'."""
    return f"§{section} {SECTIONS[section]}"


def hero_ref(card: str) -> str:
    """The reference of a character's own section (§11, §17)."""
    return ref(HERO_SECTION[card])

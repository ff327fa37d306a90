"""Genesis's words (§17): glossary entries for its events, journals and journal abilities,
and the part of the board data (layout.py) the browser board names them with."""

from __future__ import annotations

from typing import Any

from ...content import Content, journal_abilities
from ...glossary import bundle, effects
from .journal import objective_text

_DROP = {
    "scrap2": "2 scrap",
    "steam": "a steam token",
    "workshop": "a workshop item token",
    "civilian": "a civilian token",
    "ruins": "a ruins token",
}
_REMOVAL = {
    "immediate": "removed at once",
    "end_of_round": "leaves at the end of the round",
    "after_use": "removed once used",
}


def _event_text(ev: Any) -> str:
    bits = ["Genesis event"]
    if ev.scoring:
        bits.append(f"scoring event: counts {ev.scoring}; join for 4 insight or stand here at the end")
    if ev.permanent:
        bits.append("permanent")
    elif ev.peace:
        bits.append("Peace and Quiet (fills the districts no chapter gives an event)")
    if not ev.permanent:
        bits.append(_REMOVAL[ev.removal])
    if ev.drops:
        bits.append("brings " + ", ".join(_DROP[d] for d in ev.drops))
    if ev.round_drops:
        bits.append("at the start of every later round adds " + ", ".join(_DROP[d] for d in ev.round_drops))
    text = "; ".join(bits)
    return text + (f". {effects(ev.effects, 'its district')}." if ev.effects else ".")


def _chapter_text(c: Any) -> str:
    parts = (
        (c.setup.start, f"start in a {c.setup.start} district"),
        (c.setup.gains, f"setup gains {bundle(c.setup.gains)}"),
        (c.setup.events, "sets aside " + ", ".join(c.setup.events)),
        (c.setup.here, "places here " + ", ".join(c.setup.here)),
        (c.special, f"{c.special} until done"),
        (c.objective, f"objective: {objective_text(c)}"),
        (c.reward, f"reward {bundle(c.reward)}"),
        (c.ability, f"back: {c.ability.name if c.ability else ''}"),
    )
    return "; ".join(text for present, text in parts if present)


def entries(c: Content) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for ev in c.comp.genesis_events:
        out[ev.id] = (ev.name, _event_text(ev))
    for j in c.comp.journals:
        name = c.characters[j.character].name
        for aid, scenario, ab in journal_abilities(j):
            where = (
                "starting ability"
                if scenario == "genesis"
                else f"the back of chapter {aid.rsplit('-', 1)[1]}"
            )
            out[aid] = (ab.name, f"journal ability of {name} ({where}). {effects(ab.effects)}.")
        chapters = " | ".join(f"{ch.mark} {ch.title}: {_chapter_text(ch)}" for ch in j.chapters)
        out[j.id] = (f"{name}'s journal", f"Genesis journal, 10 cards in printed order. {chapters}.")
    return out


def board_data(c: Content, text: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """Events (merged into the board's events), journal abilities (merged into abilities) and
    each character's chapters (title, objective, setup, reward) for the board."""
    return {
        "events": {
            e.id: {
                "name": e.name,
                "text": text[e.id][1],
                "permanent": e.permanent,
                "scoring": e.scoring,
                "peace": e.peace,
            }
            for e in c.comp.genesis_events
        },
        "abilities": {
            aid: {"name": ab.name, "text": text[aid][1]}
            for j in c.comp.journals
            for aid, _scenario, ab in journal_abilities(j)
        },
        "journals": {
            j.character: {ch.mark: {"title": ch.title, "text": _chapter_text(ch)} for ch in j.chapters}
            for j in c.comp.journals
        },
    }

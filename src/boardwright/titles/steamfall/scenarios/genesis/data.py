"""Genesis's own components checked after validation (content.load): journals and events."""

from __future__ import annotations

from ...schema import Components


def check_content(comp: Components) -> list[str]:
    """Journals and Genesis events: ids apart from the others', one journal per character,
    known events in the chapters, four scoring events."""
    problems = []
    chars = {c.id for c in comp.characters}
    known = {e.id for e in comp.genesis_events}
    others = {
        x.id
        for kind in (comp.events, comp.districts, comp.characters, comp.locations, comp.items, comp.civilians)
        for x in kind
    }
    shared = ", ".join(sorted(known & others))
    if shared:  # the glossary and the board name components by id
        problems.append(
            "genesis_events.json: ids must differ from every other component's id "
            f"(events, districts, characters, locations, items, civilians): {shared}"
        )
    if comp.journals and {j.character for j in comp.journals} != chars:
        problems.append("journals.json: one journal per character")
    for j in comp.journals:
        for c in j.chapters:
            for eid in [
                *c.setup.events,
                *c.setup.here,
                *(g.what for g in c.objective if g.kind == "at_event"),
            ]:
                if eid not in known:
                    problems.append(
                        f"journals.json, journals '{j.id}', chapter {c.mark}: unknown event {eid!r}"
                    )
    if comp.genesis_events and len([e for e in comp.genesis_events if e.scoring]) != 4:
        problems.append("genesis_events.json: four scoring events")
    return problems

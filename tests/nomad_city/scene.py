"""Building Nomad City positions for scenario tests through a few direct assignments.

A scene starts from a real new game (Initial Entry done by the first legal choices),
then the board is cleared and set as a test needs; the seat to test is put on its turn.
Everything after that goes through the public `apply`.
"""

from __future__ import annotations

from typing import Any

import boardwright.titles.nomad_city as nc
from boardwright.titles.nomad_city.characters import OPERATORS
from boardwright.titles.nomad_city.state import NomadState

# one event per resource marker, for laying markers by hand
MARKER_EVENT = {
    ("green", "orirock"): "abandoned-camp", ("green", "shard"): "clearing-the-nest",
    ("green", "oriron"): "dry-riverbed", ("yellow", "orirock"): "caves-and-ruins",
    ("yellow", "shard"): "dust-storm-shelter", ("yellow", "oriron"): "rusted-derrick",
    ("red", "orirock"): "catastrophe-crater", ("red", "shard"): "originium-bloom",
    ("red", "oriron"): "buried-refinery",
}


MODULE_CORPS = ("fusen-bank", "mama-johns", "blacksteel-worldwide", "rhodes-island")


def new(players: int = 4, seed: int = 1, module: bool = False) -> NomadState:
    state = nc.SPEC.new_game(players, seed=seed, options={"corporations": module})
    assert isinstance(state, NomadState)
    return state


def through_entry(s: NomadState) -> NomadState:
    """Play Initial Entry with the first legal choice each time."""
    while s.tasks and s.tasks[-1][0] != "select":
        seat = s.to_act[0]
        s.apply(seat, s.legal_actions(seat)[0].id)
    return s


def marker(s: NomadState, site: str, resource: str | None = None) -> None:
    """Lay the resource marker of an event of the site's colour showing `resource`
    (any free one of that colour when `resource` is None)."""
    colour = s.board.sites[site].colour
    taken = set(s.explored.values())
    event = MARKER_EVENT[(colour, resource)] if resource else ""
    if not event or event in taken:
        event = next(e.id for e in s.content.events.values() if e.colour == colour
                     and resource in (None, e.marker.resource) and e.id not in taken)
    for deck in s.event_decks.values():
        if event in deck:
            deck.remove(event)
            s.event_box.append(event)
    s.explored[site] = event


def scene(players: int = 4, *, seat: int = 0, first: int = 0, round: int = 4,
          cities: dict[int, str] | None = None, markers: dict[str, str] | None = None,
          influence: dict[str, list[int]] | None = None, gold: int = 20,
          res: tuple[int, int, int] = (0, 0, 0), facedown: str = "", seed: int = 1,
          module: bool = False, corps: tuple[str, ...] = MODULE_CORPS,
          **extra: Any) -> NomadState:
    """A position where `seat` is about to start a turn (stage 0) in `round`.

    With `module`, the Corporation Module is on with the boards `corps` in play, every
    cooperation level at 0 (their markers taken from the supplies), the Operator deck
    in its shipped order and Rhine Lab's first tile active when those are in play."""
    s = new(players, seed, module)
    s.round = round
    s.first = first
    for site in list(s.explored):
        del s.explored[site]
    s.influence = {}
    s.city = [""] * players
    for p, site in (cities or {}).items():
        s.city[p] = site
    for site, resource in (markers or {}).items():
        marker(s, site, resource)
    for site in s.city:
        if site and site not in s.explored:
            marker(s, site)
    s.supply = [29] * players
    if module:
        s.corps = list(corps)
        s.coop = {c: [0] * players for c in corps}
        s.supply = [29 - len(corps)] * players
        s.corp_stack = [c.id for c in s.content.corporations.corporations if c.id not in corps]
        s.ops = list(OPERATORS) if "rhodes-island" in corps else []
        s.dept = "originium-arts" if "rhine-lab" in corps else ""
    for loc, owners in (influence or {}).items():
        s.influence[loc] = list(owners)
        for o in owners:
            s.supply[o] -= 1
    total = sum(s.gold)
    s.gold = [gold] * players
    s.bank_gold += total - gold * players
    s.res = [list(res) for _ in range(players)]
    s.points = [0] * players
    s.end_effects = [[] for _ in range(players)]
    if facedown:
        s.hand[seat] = [c for c in s.hand[seat] if c != facedown]
        s.facedown[seat] = facedown
        s.revealed[seat] = False
    for key, value in extra.items():
        setattr(s, key, value)
    s.turn_flags = {"character": 0, "no_character": 0}
    s.tasks = [["turn", seat, 0]]
    s._cache.clear()
    s.board_changed()  # the board was set by hand: nothing derived from the old one stays
    return s


def finish_collection(s: NomadState) -> None:
    """Every seat still choosing its (secret) collection finishes: the picks are revealed
    and applied together (§4.3)."""
    while s.tasks and s.tasks[-1][0] == "collect":
        s.apply(s.to_act[0], "done")


def ids(s: NomadState, seat: int | None = None) -> list[str]:
    who = s.to_act[0] if seat is None else seat
    return [a.id for a in s.legal_actions(who)]


def do(s: NomadState, *actions: str, seat: int | None = None) -> None:
    for action in actions:
        who = s.to_act[0] if seat is None else seat
        s.apply(who, action)

"""What the rules and the observation keep between calls (excavation moves per board, crop
terms, the observation's blocks) is never read stale: a board or a state changed in place,
by the rules or by hand, and a clone changed after the original was read, give what a fresh
computation gives."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from boardwright.titles.martians import excavation, rl
from boardwright.titles.martians.buildings import _crop_terms, crop_terms
from boardwright.titles.martians.state import MartiansState

from .scene import new


def _fresh_moves(s: object) -> list[str]:
    return sorted(excavation._moves(s))  # type: ignore[arg-type]


def test_moves_follow_a_board_changed_by_hand_and_in_a_clone() -> None:
    s = new(2, seed=4)
    before = excavation.moves(s)
    assert before == _fresh_moves(s)
    # a board set by hand: two face-up tokens next to the machine, one face-down token
    # three fields east; only the eastern token keeps the machine near the face-down one
    c = s.clone()
    token = next(t for t in c.tiles.values() if t)
    for h in c.tiles:
        c.tiles[h] = token if h in ("1,0", "-1,0", "3,0") else ""
        c.faceup[h] = h != "3,0"
    c.machine = "0,0"
    assert excavation.moves(c) == _fresh_moves(c) == ["1,0"]
    c.faceup["3,0"] = True  # only which tokens lie face up changes: either way now
    assert excavation.moves(c) == _fresh_moves(c) == ["-1,0", "1,0"]
    # the original is untouched and still reads its own board
    assert excavation.moves(s) == before == _fresh_moves(s)
    # the machine moved by the rules
    excavation._move(c, 0, excavation.moves(c)[0])
    assert excavation.moves(c) == _fresh_moves(c)


def test_moves_returned_are_the_callers_own() -> None:
    s = new(2, seed=5)
    first = excavation.moves(s)
    first.clear()
    assert excavation.moves(s) == _fresh_moves(s) != []


def test_crop_terms_follow_the_weather_the_crop_and_the_botanists() -> None:
    s = new(2, seed=6, mode="coop")
    cost, _ = crop_terms(s, 0)
    cost["energy"] = 99  # the caller's copy: the kept terms stay as they were
    assert crop_terms(s, 0) == _crop_terms(s, 0, 0)
    c = s.clone()
    c.assistants[0].append("botanist#1")
    assert crop_terms(c, 0) == _crop_terms(c, 0, 1) != crop_terms(s, 0)
    c.crop[0] = next(t for t in c.crop_supply if t.split("#")[0] != c.crop[0].split("#")[0])
    assert crop_terms(c, 0) == _crop_terms(c, 0, 1)


def _same(s: object, seat: int) -> None:
    fast = rl.encode_state(s, seat)  # type: ignore[arg-type]
    slow = rl.encode_view(s.view(seat, log=False))  # type: ignore[attr-defined]
    assert np.array_equal(fast, slow), np.flatnonzero(fast != slow)


def test_observation_blocks_follow_changes_made_in_place() -> None:
    """Every block the encoder reuses (quarters, buildings, the center, each corporation)
    changed in place, inner lists included, between two encodings of the same state."""
    for mode in ("coop", "competitive"):
        s = new(3, seed=7, mode=mode)
        rng = random.Random(7)
        for _ in range(40):
            seat = s.to_act[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)).id)
        seat = s.to_act[0]
        _same(s, seat)
        edits: list[Callable[[MartiansState], object]] = [
            lambda x: x.quarters[1].__setitem__(2, x.quarters[1][2] + 1),
            lambda x: x.infirmary[0].append(1),
            lambda x: x.fields["moxie"].__setitem__(0, 2),
            lambda x: x.upgrades["moxie"].clear(),
            lambda x: x.install["solar"].append(0),
            lambda x: x.board_experts.pop(),
            lambda x: x.research_out.append(x.research_board.pop()),
            lambda x: x.experts[1].append([x.expert_deck[-1], 0]),
            lambda x: x.experts[1][-1].__setitem__(1, 1),
            lambda x: x.stats[2].__setitem__("research", 3),
            lambda x: x.corp_tech[0].append("dna_alteration"),
            lambda x: x.res[0].__setitem__(0, 7),
        ]
        for edit in edits:
            edit(s)
            for other in range(3):
                _same(s, other)
        # a clone changed after the original was encoded, then the original again
        c = s.clone()
        c.quarters[0][0] += 1
        c.fields["hospital"][0] = 0
        _same(c, seat)
        _same(s, seat)

"""What the rules and the observation keep between calls (excavation moves per board, crop
terms, the observation's blocks) is never read stale: a board or a state changed in place,
by the rules or by hand, and a clone changed after the original was read, give what a fresh
computation gives."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from boardwright.engine import Rng
from boardwright.titles.martians import excavation, rl
from boardwright.titles.martians.buildings import NO_ACTION, _crop_terms, crop_terms, iter_offers, quickest
from boardwright.titles.martians.content import RESOURCES
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


#: (players, options) of the random games below: every mode, both solo goals, the Collector's Edition
GAMES: list[tuple[int, dict[str, object]]] = [
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "solo_goal": "commissions"}),
    (2, {"mode": "coop", "collectors_edition": True}),
    (3, {"mode": "coop"}),
    (3, {"mode": "semi-coop"}),
    (3, {"mode": "competitive"}),
    (4, {"mode": "competitive", "collectors_edition": True}),
]


def _check_quickest_and_moves(s: MartiansState) -> None:
    for corp in range(s.corps):
        for b in s.fields:
            times = [o.time for o in iter_offers(s, corp, b, False)]
            assert quickest(s, corp, b) == min(times, default=NO_ACTION), (b, corp)
    assert excavation.moves(s) == _fresh_moves(s)


def test_kept_values_agree_with_a_fresh_computation_along_random_games() -> None:
    """A building's quickest action (`quickest`, the turn's test for placing a marker) is the
    least time of its offers, and the machine's moves (kept per board shape) are the moves
    made from scratch, at every step of random games in every mode, and on a deal from the
    seat to act (a search's determinization shuffles the face-down tokens). The observation
    (blocks kept per observer and per corporation) is the view's encoding at every step for
    the seat to act, as the environment asks, and now and then for every seat."""
    steps = 0
    for k, (players, options) in enumerate(GAMES):
        s = new(players, seed=20 + k, **options)
        rng = random.Random(k)
        while not s.over:
            _check_quickest_and_moves(s)
            seat = s.to_act[0]
            for observer in range(players) if steps % 5 == 0 else (seat,):
                _same(s, observer)
            if steps % 7 == 0:
                deal = s.clone()
                deal.determinize(seat, Rng(steps))
                assert isinstance(deal, MartiansState)
                _check_quickest_and_moves(deal)
                # the rarer cases random play seldom reaches: no supplies left in the supply
                # (research and missions decide the Landing pod), the quick technologies
                # developed, every purse down to one energy marker and one credit
                rare = s.clone()
                assert isinstance(rare, MartiansState)
                rare.supply["supplies"] = 0
                for techs in rare.corp_tech:
                    techs += [t for t in ("molecular_sensor", "weather_report") if t not in techs]
                for r in rare.res:
                    r[RESOURCES.index("energy")] = min(r[RESOURCES.index("energy")], 1)
                    r[RESOURCES.index("credits")] = min(r[RESOURCES.index("credits")], 1)
                _check_quickest_and_moves(rare)
                # and an educational center and a board with nothing left to take or build
                bare = s.clone()
                assert isinstance(bare, MartiansState)
                bare.board_experts.clear()
                bare.board_assistants.clear()
                bare.unbuilt.clear()
                for ups in bare.upgrades.values():
                    ups.clear()
                _check_quickest_and_moves(bare)
            s.apply(seat, rng.choice(s.legal_actions(seat)).id)
            steps += 1
    assert steps > 500


def test_observation_kept_across_interleaved_games() -> None:
    """The encoder keeps one absolute observation, compared block by block with the state
    encoded last: games of the same and of other modes and sizes played in turn (as several
    environments in one process are), observed by every seat now and then, each encode as
    their views do; and an observation the caller changes is its own."""
    games = [new(3, seed=41, mode="coop"), new(3, seed=42, mode="coop"), new(4, seed=43, mode="competitive"),
             new(3, seed=44, mode="semi-coop"), new(1, seed=45, mode="solo")]
    rngs = [random.Random(k) for k in range(len(games))]
    rl.forget()  # (from nothing kept)
    encoded = 0
    for step in range(400):
        for s, rng in zip(games, rngs, strict=True):
            if s.over:
                continue
            seat = s.to_act[0]
            for observer in range(s.players) if step % 3 == 0 else (seat,):
                _same(s, observer)
            mine = rl.encode_state(s, seat)
            mine[:] = 7  # the caller's array: nothing kept changes
            _same(s, seat)
            encoded += 1
            s.apply(seat, rng.choice(s.legal_actions(seat)).id)
    assert encoded > 500

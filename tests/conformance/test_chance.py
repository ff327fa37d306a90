"""Explicit chance (engine/chance.py) for every title that supports it.

With the flag off a game draws from its generator as before (the golden records, which
replay every title with the flag off, stay byte-identical: tests/golden). With it on, every
draw is a chance node; sampling each node's outcome from `Rng(seed)` as the engine draws
it gives the flag-off game of that seed, position for position; outcomes' probabilities
sum to 1; records replay, saves load (a pending draw too), clones and determinize work.
"""

from __future__ import annotations

from typing import Any

import pytest

import boardwright as bw
from boardwright.engine import IllegalAction, Rng, replay
from boardwright.engine.chance import CHANCE_SEAT

from .walk import case_id, cases

EXPLICIT = [c for c in cases() if bw.game(c[0]).explicit_chance]
STEPS = 120


def _sample_chance(state: bw.GameState, rng: Rng) -> int:
    n = 0
    while (event := state.chance()) is not None:
        probs = event.probabilities
        assert len(probs) == event.size >= 1 and abs(sum(probs) - 1.0) < 1e-9
        assert [k for k, _ in event.outcomes()] == list(range(event.size))
        state.apply_chance(event.sample(rng))
        n += 1
    return n


def _twins(case: tuple[str, int, dict[str, Any]], seed: int) -> tuple[bw.GameState, bw.GameState, Rng]:
    game_id, players, options = case
    spec = bw.game(game_id)
    off = spec.new_game(players, seed, options)
    on = spec.new_game(players, seed, options, explicit_chance=True)
    draws = Rng(seed)
    return off, on, draws


def test_titles_with_explicit_chance() -> None:
    assert {"flow-of-history", "nomad-city", "beacon"} <= {c[0] for c in EXPLICIT}


@pytest.mark.parametrize("case", EXPLICIT, ids=[case_id(c) for c in EXPLICIT])
def test_sampled_chance_is_the_seeded_game(case: tuple[str, int, dict[str, Any]]) -> None:
    seed = 5
    off, on, draws = _twins(case, seed)
    assert on.explicit_chance and not off.explicit_chance
    assert on.setting_up and on.to_act == () and on.chance() is not None
    with pytest.raises(ValueError, match="not set up yet"):
        on.view(0)
    chance_nodes = _sample_chance(on, draws)
    assert chance_nodes >= 1 and not on.setting_up
    pick = Rng(seed + 1)
    for _ in range(STEPS):
        chance_nodes += _sample_chance(on, draws)
        if off.over:
            break
        assert on.to_act == off.to_act
        seat = off.to_act[0]
        actions = off.legal_actions(seat)
        assert [a.id for a in on.legal_actions(seat)] == [a.id for a in actions]
        action = actions[pick.below(len(actions))].id
        off.apply(seat, action)
        on.apply(seat, action)
    _sample_chance(on, draws)
    assert on.to_dict()["state"] == off.to_dict()["state"]
    assert [h for h in on.history if h[0] != CHANCE_SEAT] == off.history
    assert [e.to_dict() for e in on.log] == [e.to_dict() for e in off.log]
    for seat in range(off.players):
        assert on.view(seat) == off.view(seat)
    # the record replays (chance outcomes as seat -1), the save loads
    rec = on.record()
    assert rec["explicit_chance"] is True and "explicit_chance" not in off.record()
    assert replay(rec).to_json() == on.to_json()
    assert type(on).load(on.spec, on.to_dict()).to_json() == on.to_json()


@pytest.mark.parametrize("game_id", sorted({c[0] for c in EXPLICIT}))
def test_a_pending_draw_saves_clones_and_refuses_actions(game_id: str) -> None:
    spec = bw.game(game_id)
    players = 2 if 2 in spec.player_counts else spec.player_counts[0]
    state = spec.new_game(players, 3, explicit_chance=True)
    state.apply_chance(0)  # part-way through the setup's draws
    assert state.setting_up
    saved = state.to_json()
    loaded = spec.from_json(saved)
    assert loaded.chance() == state.chance() and loaded.to_json() == saved
    twin = state.clone()
    event = state.chance()
    assert event is not None
    state.apply_chance(event.size - 1)
    assert twin.chance() == event  # the clone did not move
    with pytest.raises(IllegalAction, match="from 0 to"):
        twin.apply_chance(event.size)
    with pytest.raises(IllegalAction, match="chance event"):
        twin.apply(0, "anything")
    with pytest.raises(ValueError, match="chance event is pending"):
        twin.determinize(0, 1)
    _sample_chance(state, Rng(1))
    assert not state.setting_up and state.chance() is None
    with pytest.raises(IllegalAction, match="no chance event"):
        state.apply_chance(0)
    other = state.determinize(0, 7)  # explicit chance stays on in the re-sampled copy
    assert other.explicit_chance


def test_a_draw_in_the_middle_of_an_action_stops_it() -> None:
    """Beacon's storm and gust die come inside a keeper's turn: the action stops at the
    draw, the position is the one before it, and the outcome finishes it."""
    spec = bw.game("beacon")
    state = spec.new_game(1, 2, {"mode": "solo"}, explicit_chance=True)
    _sample_chance(state, Rng(2))
    seen = 0
    while not state.over and seen < 3:
        event = state.chance()
        if event is not None:
            before = state.to_dict()["state"]
            kind, size = event.kind, event.size
            saved = state.to_json()
            assert spec.from_json(saved).to_json() == saved
            assert state.view(0)["chance"]["kind"] == kind
            state.apply_chance(size - 1)
            assert state.to_dict()["state"] != before or state.chance() is not None
            seen += 1
            continue
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0].id)
    assert seen == 3
    assert sum(1 for s, _ in state.history if s == CHANCE_SEAT) >= 3 + 5


def test_a_title_without_draw_calls_refuses_the_flag() -> None:
    refusing = [g for g in bw.games() if not bw.game(g).explicit_chance]
    if not refusing:
        pytest.skip("every title supports explicit chance")
    spec = bw.game(refusing[0])
    with pytest.raises(ValueError, match="does not support explicit chance"):
        spec.new_game(spec.player_counts[0], 0, explicit_chance=True)

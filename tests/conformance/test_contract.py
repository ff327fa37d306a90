"""The engine contract's properties, proved by random play for every registered game.

Each later game gets this suite for free: it is parametrized over bw.games(), every
player count and every option set (shared/design/engine-contract.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardwright as bw
from boardwright.engine import Rng
from boardwright.engine.spec import OUTCOME_KINDS

from .walk import MAX_DECISIONS, case_id, cases, play, random_step

CASES = list(cases())
# test titles (tests/titles) reach a subprocess through the same variables as this one
_TITLE_ENV = {k: os.environ[k] for k in ("BOARDWRIGHT_TITLES", "PYTHONPATH") if k in os.environ}
GAMES = bw.games()


def _digest(state: bw.GameState) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_random_play_terminates_and_conserves(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = case
    spec = bw.game(game_id)
    state = spec.new_game(players, seed=11, options=options)
    start = state.components()
    assert start, "a game must declare its finite components"
    rng = Rng(5)
    decisions = 0
    while not state.over:
        assert decisions < MAX_DECISIONS
        random_step(state, rng)
        decisions += 1
        assert state.components() == start
    assert state.to_act == ()
    out = state.outcome()
    assert out["final"] is True
    _check_outcome(out, players)
    json.dumps(out)


def _check_outcome(out: dict[str, Any], players: int) -> None:
    """The shape every outcome kind shares (engine/outcome.py)."""
    kind = out["kind"]
    assert kind in OUTCOME_KINDS
    winners = out["winners"]
    assert set(winners) <= set(range(players))
    if kind == "competitive":
        assert winners, "a competitive game always has a winner"
        assert sorted(out["ranking"]) == list(range(players))
    elif kind == "cooperative":
        assert out["won"] in (True, False) and out["reason"]
        assert winners == (list(range(players)) if out["won"] else [])
    elif kind == "semi-cooperative":
        assert out["goal_met"] in (True, False) and out["reason"]
        assert len(winners) >= 1 or out["goal_met"] is False
        assert sorted(out["ranking"]) == list(range(players))
    else:
        assert players == 1 and out["reason"]
        assert out["won"] in (True, False) or out["score"] is not None


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_step_keeps_the_contract(game_id: str, data: st.DataObject) -> None:
    """At sampled points of a game: exact legal actions, atomic rejection, save/load,
    clone independence, views that hide what they must, replay of the record."""
    spec = bw.game(game_id)
    players = data.draw(st.sampled_from(spec.player_counts), label="players")
    options = data.draw(st.sampled_from(list(spec.option_sets(players))), label="options")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    walk_seed = data.draw(st.integers(0, 2**32), label="walk")
    state = spec.new_game(players, seed=seed, options=options)
    rng = Rng(walk_seed)
    step = 0
    while not state.over and step < MAX_DECISIONS:
        if step % 7 == 0:
            _check_point(spec, state, rng)
        random_step(state, rng)
        step += 1
    assert state.over
    _check_point(spec, state, rng)


def _check_point(spec: bw.GameSpec, state: bw.GameState, rng: Rng) -> None:
    before = state.to_json()
    # every offered action applies without error (on a clone)
    for seat in state.to_act:
        decision = state.decision(seat)
        assert decision is not None and decision.rule
        ids = [a.id for a in state.legal_actions(seat)]
        assert len(ids) == len(set(ids)), "action ids must be unique"
        for action_id in ids:
            probe = state.clone()
            probe.apply(seat, action_id)
        # rejected actions change nothing and name a rule
        for bogus in ("no-such-action", ids[0] + "x", ""):
            with pytest.raises(bw.IllegalAction) as err:
                state.apply(seat, bogus)
            assert err.value.rule and err.value.reason
    for seat in range(state.players):
        if seat not in state.to_act:
            assert state.legal_actions(seat) == []
            assert state.decision(seat) is None
            if not state.over:
                legal_elsewhere = [a.id for s in state.to_act for a in state.legal_actions(s)]
                for action_id in legal_elsewhere[:3]:
                    with pytest.raises(bw.IllegalAction):
                        state.apply(seat, action_id)
    assert state.to_json() == before
    # save anywhere
    loaded = spec.from_json(before)
    assert loaded.to_json() == before
    assert loaded.to_act == state.to_act
    # clone is independent
    copy = state.clone()
    assert copy.to_json() == before
    if not copy.over:
        random_step(copy, Rng(rng.next64()))
        assert state.to_json() == before
    # record replays to the same state
    assert bw.replay(state.record()).to_json() == before
    # views: JSON-ready, and unchanged when everything hidden from the viewer is re-sampled
    for seat in range(state.players):
        mine = state.view(seat)
        json.dumps(mine)
        for k in range(2):
            other = state.determinize(seat, Rng(rng.next64() + k))
            assert other.view(seat) == mine, "a seat's view changed when hidden info was re-sampled"
            assert other.view(None) == state.view(None), "the spectator view shows hidden info"
    json.dumps(state.view(None))
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_save_and_resume_continue_identically(game_id: str) -> None:
    spec = bw.game(game_id)
    for players in spec.player_counts:
        options = spec.default_options(players)
        state = spec.new_game(players, seed=3, options=options)
        full = spec.new_game(players, seed=3, options=options)
        steps = play(full, seed=9)
        cut = len(steps) // 2
        for seat, action_id in steps[:cut]:
            state.apply(seat, action_id)
        resumed = spec.from_json(state.to_json())
        for seat, action_id in steps[cut:]:
            resumed.apply(seat, action_id)
        assert resumed.to_json() == full.to_json()
        assert resumed.outcome() == full.outcome()


@pytest.mark.parametrize("game_id", GAMES)
def test_determinism_across_processes(game_id: str) -> None:
    spec = bw.game(game_id)
    players = spec.player_counts[-1]
    state = spec.new_game(players, seed=21, options=spec.default_options(players))
    play(state, seed=22)
    record = json.dumps(state.record())
    code = (
        "import sys, json, hashlib, boardwright as bw; "
        "s = bw.replay(json.loads(sys.stdin.read())); "
        "print(hashlib.sha256(s.to_json().encode()).hexdigest())"
    )
    env_hashes = []
    for hashseed in ("0", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", code], input=record, capture_output=True, text=True,
            check=True, env={"PYTHONHASHSEED": hashseed, "PATH": "", **_TITLE_ENV},
        )
        env_hashes.append(out.stdout.strip())
    assert env_hashes[0] == env_hashes[1] == _digest(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_different_seed_different_game(game_id: str) -> None:
    spec = bw.game(game_id)
    players = spec.player_counts[0]
    options = spec.default_options(players)
    a, b, c = (spec.new_game(players, seed=s, options=options) for s in (1, 1, 2))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
    play(a, seed=4)
    play(b, seed=4)
    assert a.to_json() == b.to_json()
    assert [e.text for e in a.log] == [e.text for e in b.log]


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_players_options_and_seats_are_named(game_id: str) -> None:
    spec = bw.game(game_id)
    with pytest.raises(ValueError, match="players"):
        spec.new_game(max(spec.player_counts) + 1)
    with pytest.raises(ValueError, match="no_such_option"):
        spec.new_game(spec.player_counts[0], options={"no_such_option": 1})
    for option in spec.options:
        with pytest.raises(ValueError, match=option.name):
            spec.new_game(spec.player_counts[0], options={option.name: object()})
    state = spec.new_game(spec.player_counts[0], options=spec.default_options(spec.player_counts[0]))
    with pytest.raises(ValueError, match="seat"):
        state.view(99)
    with pytest.raises(ValueError, match="not"):
        spec.from_json(json.dumps({"game": "something-else"}))
    with pytest.raises(ValueError):
        spec.from_json(json.dumps({"game": spec.id, "players": spec.player_counts[0]}))


@pytest.mark.parametrize("game_id", GAMES)
def test_log_entries_carry_rule_references(game_id: str) -> None:
    spec = bw.game(game_id)
    players = spec.player_counts[-1]
    state = spec.new_game(players, seed=8, options=spec.default_options(players))
    play(state, seed=8)
    assert state.log
    for entry in state.log:
        assert entry.rule, f"log entry without a rule reference: {entry.text}"
    seqs = [e.seq for e in state.log]
    assert seqs == list(range(len(seqs)))


def test_unknown_game_is_named() -> None:
    with pytest.raises(bw.UnknownGame, match="no-such-game"):
        bw.game("no-such-game")


def test_game_over_rejects_actions() -> None:
    for game_id in GAMES:
        spec = bw.game(game_id)
        players = spec.player_counts[0]
        state = spec.new_game(players, seed=2, options=spec.default_options(players))
        play(state, seed=2)
        before = state.to_json()
        with pytest.raises(bw.IllegalAction, match="over"):
            state.apply(0, "anything")
        assert state.to_json() == before

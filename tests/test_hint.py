"""Hints: the expert bot's three best moves for the asking seat, in the terminal and the web
app, never changing the game (its record, its random stream), and off when a game says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import boardwright as bw
from boardwright.bots.ismcts import IsmctsBot
from boardwright.cli import app
from boardwright.web import hint as hints

runner = CliRunner()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "SECONDS", 0.2)  # the shipped budget is 1.5 s


def _state(game_id: str, players: int, moves: int, seed: int = 3) -> bw.GameState:
    state = bw.game(game_id).new_game(players, seed)
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0].id)
    return state


def test_rank_orders_the_root_actions_as_choose_picks() -> None:
    state = _state("flow-of-history", 3, 2)
    seat = state.to_act[0]
    ranked = IsmctsBot(5, iters=60).rank(state, seat)
    legal = {a.id for a in state.legal_actions(seat)}
    assert {a.id for a, _, _ in ranked} == legal
    visits = [v for _, v, _ in ranked]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 60
    assert all(0.0 <= value <= 1.0 for _, _, value in ranked)
    assert IsmctsBot(5, iters=60).choose(state, seat).id == ranked[0][0].id


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("flow-of-history", 3, 3), ("nomad-city", 2, 4), ("martians", 2, 6), ("steamfall", 2, 5)])
def test_a_hint_names_three_moves_and_changes_nothing(game_id: str, players: int, moves: int) -> None:
    state = _state(game_id, players, moves)
    seat = state.to_act[0]
    before = state.to_json()
    found = hints.hint(state, seat)
    assert state.to_json() == before  # the record, the log and the random stream untouched
    legal = {a.id: a.label for a in state.legal_actions(seat)}
    assert 1 <= len(found) <= 3 and len(found) == min(3, len(legal))
    for s in found:
        assert legal[s.id] == s.label and 0.0 <= s.chance <= 1.0
    assert hints.hint(state, (seat + 1) % players) == [] or (seat + 1) % players in state.to_act


def test_a_hint_searches_only_from_the_seats_own_information(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position the search starts from is a determinization for the asking seat."""
    state = _state("nomad-city", 3, 4)
    seat = state.to_act[0]
    asked: list[int] = []
    real = bw.GameState.determinize

    def spy(self: bw.GameState, who: int, *args: Any, **kw: Any) -> bw.GameState:
        asked.append(who)
        return real(self, who, *args, **kw)

    monkeypatch.setattr(bw.GameState, "determinize", spy)
    hints.hint(state, seat)
    assert asked and set(asked) == {seat}


def test_hint_in_the_terminal_and_without_hints(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "flow-of-history", "--seed", "4", "--bots", "random"],
                           input="hint\nq\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Hint: the expert bot's best moves for you (estimated chance of winning;" in out
    assert out.count("% (tried ") == 3
    record = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "flow-of-history", "--seed", "4", "--bots", "random",
                                 "--no-hints", "--save", str(record)], input="hint\nharvest\nq\n")
    assert result.exit_code == 0, result.output
    assert "No hint: hints are off for this game" in result.output
    assert json.loads(record.read_text())["table"] == {"hints": False}
    result = runner.invoke(app, ["play", "--resume", str(record)], input="hint\nq\n")
    assert "No hint: hints are off for this game" in result.output  # kept with the game

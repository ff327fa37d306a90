"""The guided first game (`play GAME --tutorial`, the web app's "Learn to play"): every
decision kind a shipped game can raise has an explanation, the content files follow their
schema, the tutor explains each kind once, and a tutorial game runs to its end in the
terminal."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import boardwright as bw
from boardwright import tutorial
from boardwright.bots import for_seats
from boardwright.cli import app
from boardwright.cli.play import Session
from boardwright.engine.data import DataError

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(g for g in bw.games() if bw.game(g).package.startswith("boardwright.titles."))
runner = CliRunner()


def declared_kinds(package: str) -> set[str]:
    """Every decision kind written in the title's source: the `kind` of each `Decision(...)`
    built with a literal (a decision re-built from another keeps that one's kind)."""
    folder = ROOT / "src" / Path(*package.split("."))
    kinds: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name != "Decision":
                continue
            arg = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "kind"), None)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kinds.add(arg.value)
    return kinds


def played_kinds(game_id: str, games_per_count: int = 3) -> set[str]:
    """The decision kinds met in short random games of every player count, over a seeded
    sample of its option sets (every mode and scenario the sample reaches)."""
    spec = bw.game(game_id)
    kinds: set[str] = set()
    pick = random.Random(7)
    for players in spec.player_counts:
        sets = list(spec.option_sets(players))
        for i in range(games_per_count):
            options = sets[i] if i < len(sets) else pick.choice(sets)
            state = spec.new_game(players, 100 + i, options)
            for _ in range(2000):
                if state.over:
                    break
                seat = state.to_act[0]
                decision = state.decision(seat)
                assert decision is not None
                kinds.add(decision.kind)
                state.apply(seat, pick.choice(decision.actions).id)
    return kinds


def test_every_shipped_game_has_a_guided_game() -> None:
    assert SHIPPED, "no shipped game found"
    for game_id in SHIPPED:
        assert tutorial.content(bw.game(game_id)) is not None, f"{game_id} ships no data/tutorial.json"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_decision_kind_has_an_explanation(game_id: str) -> None:
    spec = bw.game(game_id)
    found = tutorial.content(spec)
    assert found is not None
    declared = declared_kinds(spec.package)
    kinds = declared | played_kinds(game_id)
    missing = sorted(kinds - set(found.kinds))
    assert not missing, f"{game_id}: decision kinds without an explanation: {missing}"
    stale = sorted(set(found.kinds) - kinds)
    assert not stale, f"{game_id}: explanations of kinds the game never raises: {stale}"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_guided_game_is_a_valid_table(game_id: str) -> None:
    spec = bw.game(game_id)
    found = tutorial.content(spec)
    assert found is not None
    setup = found.setup
    spec.validate(setup.players, dict(setup.options))  # raises on a refused combination
    assert setup.bots == "easy"  # the brief: a first game against the gentlest bots
    others = [s for s in range(setup.players) if s != setup.seat]
    assert len(for_seats(setup.bots, others)) == len(others)
    state = tutorial.new_game(spec)
    assert state.seed == setup.seed and not state.over


@pytest.mark.parametrize("game_id", SHIPPED)
def test_each_note_has_its_own_title(game_id: str) -> None:
    found = tutorial.content(bw.game(game_id))
    assert found is not None
    titles = [k.title for k in found.kinds.values()]
    assert len(titles) == len(set(titles)), f"{game_id}: two kinds share a title"


def test_the_kind_scan_can_fail(tmp_path: Path) -> None:
    assert {"action", "gain_card"} <= declared_kinds("boardwright.titles.flow_of_history")
    assert declared_kinds("no.such.package") == set()


def test_the_schema_names_what_is_wrong() -> None:
    good = '{"setup": {"players": 2, "seed": 1}, "intro": "hi", "closing": "bye", "kinds": {}}'
    assert tutorial.parse(good).setup.bots == "easy"
    with pytest.raises(DataError) as bad:
        tutorial.parse('{"setup": {"players": 2, "seed": 1}, "intro": "hi", "closing": "bye", '
                       '"kinds": {"turn": {"title": "Turn", "txt": "typo"}}}', "x.json")
    assert any("kinds.turn.txt" in p for p in bad.value.problems)
    with pytest.raises(DataError, match="seat 3 is not a seat"):
        tutorial.parse('{"setup": {"players": 2, "seed": 1, "seat": 3}, "intro": "hi", '
                       '"closing": "bye", "kinds": {}}')
    with pytest.raises(DataError, match="not valid JSON"):
        tutorial.parse("{")


def test_each_kind_is_explained_once_with_its_rule() -> None:
    spec = bw.game("flow-of-history")
    state = tutorial.new_game(spec)
    tutor = tutorial.Tutor(spec)
    seat = state.to_act[0]
    first = tutor.explain(state, seat)
    decision = state.decision(seat)
    assert first is not None and decision is not None
    assert first.kind == decision.kind and first.rule == decision.rule
    assert first.title == "Your action for the turn"
    assert tutor.explain(state, seat) is None  # the same kind again: nothing new
    assert tutor.explain(state, (seat + 1) % state.players) is None  # not that seat's turn


def test_a_kind_without_content_is_still_named() -> None:
    spec = bw.game("flow-of-history")
    found = tutorial.explanation(spec, "no-such-kind", "Pick something", "§5 Turn order")
    assert found.title == "Pick something" and found.rule == "§5 Turn order"


def test_a_title_without_a_tutorial_is_refused() -> None:
    spec = bw.game("beacon")
    assert tutorial.content(spec) is None
    result = runner.invoke(app, ["play", "beacon", "--tutorial"])
    assert result.exit_code == 2 and "has no guided first game" in result.output


def test_the_guided_game_keeps_its_own_table() -> None:
    result = runner.invoke(app, ["play", "flow-of-history", "--tutorial", "--seed", "3"])
    assert result.exit_code == 2 and "--seed cannot be given with --tutorial" in result.output


def _first_choice(self: Session, prompt: str) -> str:
    """Scripted input: always the first choice on screen."""
    return str(min(self.numbered)) if self.numbered else "1"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_tutorial_runs_to_its_end_in_the_terminal(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Session, "read", _first_choice)
    result = runner.invoke(app, ["play", game_id, "--tutorial"])
    assert result.exit_code == 0, result.output[-2000:]
    found = tutorial.content(bw.game(game_id))
    assert found is not None
    out = " ".join(result.output.split())
    assert "A guided first game" in out and f"seed {found.setup.seed}" in out
    assert "Game over" in out
    first_words = " ".join(found.closing.split()[:6])
    assert first_words in out
    assert out.count("New: ") >= 2  # several kinds of decision explained
    titles = [k.title for k in found.kinds.values()]
    assert sum(1 for t in titles if f"New: {t}" in out) >= 2
    assert all(out.count(f"New: {t} ") <= 1 for t in titles)  # each kind once


def test_a_resumed_guided_game_goes_on_without_repeating_its_notes(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    reads = {"n": 0}

    def scripted(self: Session, prompt: str) -> str:
        reads["n"] += 1
        return "q" if reads["n"] > 12 else _first_choice(self, prompt)

    monkeypatch.setattr(Session, "read", scripted)
    save = tmp_path / "guided.json"
    first = runner.invoke(app, ["play", "flow-of-history", "--tutorial", "--save", str(save)])
    assert first.exit_code == 0, first.output[-2000:]
    assert "New: Your action for the turn" in first.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["table"] == {"tutorial": True} and record["actions"]
    state = bw.replay(record)
    assert "action" in tutorial.met_before(state, 0)
    reads["n"] = 0
    again = runner.invoke(app, ["play", "--resume", str(save)])
    assert again.exit_code == 0, again.output[-2000:]
    assert "New: Your action for the turn" not in again.output  # met before the save
    assert "A guided first game" not in again.output
    # still a guided game: saved back (to the same file) as one
    assert json.loads(save.read_text(encoding="utf-8"))["table"] == {"tutorial": True}
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) > len(record["actions"])

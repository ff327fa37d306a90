"""Martians in the terminal: the board at 80×24 in every mode (compact), the full board on a
large screen, plain text only (no markup or emoji code interpreted), and the glossary."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from rich.console import Console

import boardwright as bw
from boardwright.cli.views import glossary, render_view
from boardwright.titles.martians.content import load

MODES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("solo", 1, {}), ("coop", 2, {}), ("semi-coop", 3, {"scenario": 2}),
    ("competitive", 4, {"collectors_edition": True}))


def _advance(mode: str, players: int, extra: dict[str, Any], steps: int, seed: int = 7) -> bw.GameState:
    state = bw.game("martians").new_game(players, seed, {"mode": mode, **extra})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    return state


def _screen(view: dict[str, Any], width: int = 80, height: int = 24) -> str:
    console = Console(width=width, height=height, record=True, file=io.StringIO(), emoji=False,
                      highlight=False)
    render_view(console, view, 0)
    return console.export_text()


@pytest.mark.parametrize(("mode", "players", "extra"), MODES)
@pytest.mark.parametrize("steps", [0, 80, 10_000])
def test_screen_80x24(mode: str, players: int, extra: dict[str, Any], steps: int) -> None:
    """At 80×24: no line wider than the terminal, every purse's resources and reputation in
    its row, the quarters, buildings, track and excavation; no raw JSON."""
    state = _advance(mode, players, extra, steps)
    view = state.view(0)
    text = _screen(view)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "{" not in text and "}" not in text and '"' not in text
    for word in ("Quarters Q1", "Buildings", "Moxie[", "Cycle track", "Reg", "Ice", "En", "Sup", "Food",
                 "Med", "Wat", "Cr", "Excavation", "Research"):
        assert word in text, word
    shared = view["reputation_track"] == "satisfaction"
    assert ("sat" if shared else "rep") in lines[next(i for i, ln in enumerate(lines) if "Food" in ln)]
    rows = [ln for ln in lines if ln.startswith("shared" if shared else "Blue you")]
    assert len(rows) == 1
    purse = view["purses"][0]
    numbers = rows[0].split()
    want = [str(purse["reputation"]), *(str(purse["resources"][k]) for k in
                                        ("regolith", "dirty_ice", "energy", "supplies", "food", "medicine",
                                         "drinking_water", "credits"))]
    assert want == numbers[1 if shared else 2:][:9]
    for c in view["corporations"]:  # a line of its own with a shared purse, else a row of the purse table
        first = c["name"].split()[0]
        assert any(ln.startswith(first) and ("col " in ln if shared else c["crop"] in ln.lower())
                   for ln in lines), first
    if not shared:
        assert "col" in lines[next(i for i, ln in enumerate(lines) if "Food" in ln)]
    if view.get("scenario"):
        assert f"Mission {view['scenario']['number']}" in text
    if view.get("commissions"):
        assert "Commissions" in text
    if view.get("hidden_goals"):
        assert "Your hidden goals" in text
    if state.over:
        assert text.startswith("Game over")
    elif steps == 0:
        assert len(lines) <= 18  # room for the prompt and the choices
        assert text.startswith("Cycle 1/")


def test_full_board_on_a_large_screen() -> None:
    state = _advance("competitive", 3, {"collectors_edition": True}, 120)
    text = _screen(state.view(0), 160, 50)
    assert all(len(line) <= 160 for line in text.splitlines())
    for word in ("Moxie v.3 Generator[", "Excavation (M machine", "[M", "Colony technologies", "Crop supply",
                 "Supply", "Edu center (experts deck", "delivery food"):
        assert word in text, word
    # the hex grid: one line per row of the 37 fields
    assert sum(1 for ln in text.splitlines() if ln.startswith(("r-", "r+"))) == 7


def test_names_print_as_typed() -> None:
    """Markup or emoji codes in the view's texts are printed, never interpreted."""
    view = copy.deepcopy(_advance("coop", 2, {}, 40).view(0))
    view["weather"]["name"] = "[bold]x[/] :castle:"
    view["buildings"]["moxie"]["name"] = ":factory: [red]y"
    text = _screen(view, 160, 50)
    assert "[bold]x[/] :castle:" in text and ":factory: [red]y[" in text


def test_glossary_covers_the_components() -> None:
    c = load()
    names = glossary("martians", 2, {})
    for group in (c.buildings, c.installations, c.experts, c.assistants, c.technologies, c.events,
                  c.research, c.crops, c.goals):
        for key, rec in group.items():
            assert key in names, key
            assert names[key][1], key
            if hasattr(rec, "name"):
                assert names[key][0] == rec.name
    for w in c.weather.values():
        key = w.id if names.get(w.id, ("", ""))[0] == w.name else f"{w.id}-weather"
        assert names[key] == (w.name, names[key][1]) and names[key][1].startswith("weather card")
    assert names["wind"][0] == "Wind farm"
    data = bw.game("martians").hook("board_data")(2, {})
    assert set(data["technologies"]) == set(c.technologies) and data["excavation"]["radius"] == 3


def test_log_rounds_read_as_cycle_and_round(tmp_path: Any) -> None:
    """A log entry's round is cycle x 10 + round: the view names each one, and the terminal's
    log headings (play and replay) read "cycle 2, round 1", never "round 21"."""
    import json

    from typer.testing import CliRunner

    from boardwright.cli import app
    from boardwright.cli.common import print_log

    state = _advance("competitive", 2, {}, 400, seed=3)
    view = state.view(0)
    names = view["round_names"]
    rounds = {e["round"] for e in view["log"]}
    assert {names[str(r)] for r in rounds} >= {"cycle 1, start", "cycle 1, round 1", "cycle 2, round 1"}
    out = io.StringIO()
    print_log(Console(file=out, width=80), view["log"], {0: "you", 1: "bot"}, round_names=names)
    text = out.getvalue()
    assert "— cycle 2, round 1 —" in text and "— round 21 —" not in text

    record = tmp_path / "martians.json"
    record.write_text(json.dumps({"game": "martians", "players": 2, "seed": 3,
                                  "options": dict(state.options),
                                  "actions": [list(a) for a in state.history]}))
    result = CliRunner().invoke(app, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    assert "cycle 1, round 1" in result.output and "— round 11 —" not in result.output

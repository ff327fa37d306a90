"""Crisis at Steamfall in the terminal: the board at 80×24 and larger, ids printed as typed,
and the glossary (every named component in our words, revealing no placement)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import boardwright as bw
from boardwright.cli.common import out_console
from boardwright.cli.menu import Node
from boardwright.cli.play import Session
from boardwright.cli.views import glossary, render_view
from boardwright.engine import Action
from boardwright.titles.steamfall.content import load

RESOURCES = ("scrap", "steam", "insight", "VP", "stamina", "cubes")


def _advance(players: int, steps: int, seed: int = 7, **options: Any) -> bw.GameState:
    state = bw.game("steamfall").new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        busy = [a for a in acts if a.id != "end"] or acts  # play the turns out, as people do
        state.apply(seat, (rng.choice(busy) if rng.random() < 0.85 else rng.choice(acts)).id)
    return state


def _screen(state: bw.GameState, seat: int | None, width: int = 80, height: int = 24) -> str:
    console = Console(width=width, height=height, record=True, file=io.StringIO(), emoji=False,
                      highlight=False)
    render_view(console, state.view(seat), seat)
    return console.export_text()


@pytest.mark.parametrize(("scenario", "players", "steps"), [
    ("incredible-invention", 2, 0), ("incredible-invention", 2, 60), ("incredible-invention", 1, 40),
    ("incredible-invention", 4, 150), ("cipher-race", 2, 80), ("cipher-race", 3, 10_000),
])
def test_screen_80x24(scenario: str, players: int, steps: int) -> None:
    state = _advance(players, steps, scenario=scenario)
    text = _screen(state, 0)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "{" not in text and "}" not in text and '"' not in text
    view = state.view(0)
    me = view["players"][0]
    content = load()
    assert content.characters[me["char"]].name in text
    row = next(line for line in lines if line.strip().startswith("scrap "))
    for word in RESOURCES:
        assert word in row
    assert f"scrap {me['res']['scrap']} " in row and f"insight {me['res']['insight']} " in row
    assert "City" in text and "Secret locations" in text
    assert ("I[" in text) and ("IV[" in text) and "mood" in text
    if scenario == "incredible-invention":
        assert "Invention" in text
    else:
        assert "VP so far" in text
    if state.over:
        assert text.startswith("Game over")
    elif view["round"]:
        assert text.startswith(f"Round {view['round']}/3")
    else:
        assert text.startswith("Setup")
    # the compact board leaves room for the choices (a finished game has none: the board may
    # fill the screen, every secret location then being face up)
    assert len(lines) <= (24 if state.over else 22 + (players - 2))


def test_hidden_locations_stay_hidden_on_the_screen() -> None:
    state = _advance(3, 120, scenario="cipher-race")
    view = state.view(0)
    names = load().locations
    unknown = {a["id"] for a in view["areas"] if a["kind"] == "secret-location" and not a["location"]}
    hidden_names = {names[state.loc[a]].name for a in unknown}  # type: ignore[attr-defined]
    known = {names[a["location"]].name for a in view["areas"] if a.get("location")}
    text = _screen(state, 0, 160, 60) + _screen(state, 0)
    for name in hidden_names - known:
        assert name not in text


def test_full_board_on_a_large_screen() -> None:
    state = _advance(3, 200, scenario="incredible-invention")
    text = _screen(state, 0, 160, 60)
    lines = text.splitlines()
    assert all(len(line) <= 160 for line in lines)
    assert "NESW" in text and any(f"N{n} E" in text for n in (1, 2, 3))  # each side's triangles
    assert "reset gains" in text and "abilities:" in text and "in play:" in text
    # every seat's character board, the others' hands as counts only
    for seat in (1, 2):
        assert f"Seat {seat}" in text
    assert text.count("actions to spend") == 3
    assert "?: face down" in text


def test_spectator_setup_and_draft_screens() -> None:
    spec = bw.game("steamfall")
    picking = spec.new_game(2, 3, {"characters": "choose"})
    assert "choosing a character" in _screen(picking, 0)
    drafting = spec.new_game(2, 3, {"district_draft": True, "characters": "choose"})
    while getattr(drafting.decision(drafting.to_act[0]), "kind", None) != "district_draft":
        seat = drafting.to_act[0]
        drafting.apply(seat, drafting.legal_actions(seat)[0].id)
    assert "laid out once the district tiles are drafted" in _screen(drafting, drafting.to_act[0])
    state = _advance(2, 50, scenario="cipher-race")
    text = _screen(state, None)
    assert "hand:" not in text and "Seat 0" in text and "Seat 1" in text


def test_glossary_in_our_words_and_complete() -> None:
    entries = glossary("steamfall", 2, {"scenario": "incredible-invention"})
    c = load().comp
    for kind in ("districts", "characters", "items", "civilians", "locations", "events", "complications",
                 "abilities"):
        for record in getattr(c, kind):
            assert record.id in entries, (kind, record.id)
            name, text = entries[record.id]
            assert name == record.name and text
            for eff in getattr(record, "effects", []):  # generated, not the record's own wording
                assert eff.text not in text
    assert "pay 2 scrap" not in entries["iron-hammer"][1] and "costs 2 scrap" in entries["iron-hammer"][1]
    assert "quest" in entries[c.civilians[0].id][1].lower()
    # not a view: the same whatever the game, the players or the options
    assert entries == glossary("steamfall", 4, {"scenario": "cipher-race"})


def test_every_id_prints_as_typed() -> None:
    ids: set[str] = set()
    for scenario, players in (("incredible-invention", 2), ("cipher-race", 3)):
        state = bw.game("steamfall").new_game(players, 5, {"scenario": scenario})
        rng = random.Random(5)
        while not state.over and len(state.history) < 300:
            seat = state.to_act[0]
            acts = state.legal_actions(seat)
            ids.update(a.id for a in acts)
            state.apply(seat, rng.choice(acts).id)
    for key, (name, _) in glossary("steamfall", 2, {}).items():
        ids.update((key, name))
    console = out_console()
    buf = io.StringIO()
    console.file = buf
    console.width = 400
    session = Session(bw.game("steamfall").new_game(2, 1), 0, {}, console, None)
    session.show_menu(Node("", children=[Node(i, Action(i, i)) for i in sorted(ids)]), 0)
    out = buf.getvalue()
    for i in ids:
        assert f"{i} [{i}]" in out, i

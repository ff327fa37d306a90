"""Every text a player reads is words: no snake_case id (`water_reserve`, `draw_discard`) in
a board, an action label, a prompt, a log line or a result, in seeded random games of every
game and mode (an option set covering each option's values, and each player count), played
by the `easy` bots (sensible moves with random slips: random moves alone end a solo
Steamfall game in its first round)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

import boardwright as bw
from boardwright.bots import for_seats
from boardwright.cli.views import render_outcome, render_view

SHIPPED = ("flow-of-history", "nomad-city", "martians", "steamfall")
SNAKE = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/-]|\.\w)"
                   r"|(?<![\w./-])[a-z]+-[0-9]{2}(?![\w/-]|\.\w)")  # or a card id: commission-03
MAX_MOVES = 400
DRAW_EVERY = 37  # board and standing drawn every so many moves (and at the end)


def cover(spec: bw.GameSpec) -> list[tuple[int, dict[str, Any]]]:
    """Option sets covering every (option, value) the game allows, and every player count."""
    out: list[tuple[int, dict[str, Any]]] = []
    seen: set[tuple[str, str]] = set()
    for players in spec.player_counts:
        first = True
        for options in spec.option_sets(players):
            new = {(k, repr(v)) for k, v in options.items()} - seen
            if new or first:
                seen |= new
                out.append((players, dict(options)))
                first = False
    return out


def _screen(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, highlight=False, emoji=False,
                   color_system=None)


def texts(game_id: str) -> list[tuple[str, str]]:
    """(where, text) of everything a player reads in the covering games."""
    spec = bw.game(game_id)
    out: list[tuple[str, str]] = []

    def draw(state: bw.GameState, seat: int, where: str) -> None:
        for width, height in ((80, 24), (120, 40)):
            console = _screen(width, height)
            render_view(console, state.view(seat), seat)
            out.append((f"{where} board {width}x{height}", console.file.getvalue()))  # type: ignore[attr-defined]
        console = _screen(120, 40)
        render_outcome(console, state.outcome(), {}, {})
        out.append((f"{where} result", console.file.getvalue()))  # type: ignore[attr-defined]

    for players, options in cover(spec):
        where = f"{game_id} {players}p {options}"
        state = spec.new_game(players, 11 + players, options)
        bots = {s: b.build(s + players) for s, b in for_seats("easy", list(range(players))).items()}
        moves = 0
        while not state.over and moves < MAX_MOVES:
            seat = state.to_act[0]
            dec = state.decision(seat)
            assert dec is not None
            out.append((f"{where} prompt", dec.prompt))
            actions = state.legal_actions(seat)
            out.extend((f"{where} choice", a.label) for a in actions)
            if moves % DRAW_EVERY == 0:
                draw(state, seat, where)
            state.apply(seat, bots[seat].choose(state, seat))
            moves += 1
        out.extend((f"{where} log", e.text) for e in state.log)
        draw(state, 0, where)
    return out


def snake_ids(found: list[tuple[str, str]]) -> dict[str, str]:
    """Each snake_case word with the first place it was read."""
    hits: dict[str, str] = {}
    for where, text in found:
        for word in SNAKE.findall(text):
            hits.setdefault(word, f"{where}: {text.strip()[:160]}")
    return hits


def test_the_scan_finds_an_id() -> None:
    assert snake_ids([("x", "requirements not met: water_reserve")]) == {
        "water_reserve": "x: requirements not met: water_reserve"}
    assert snake_ids([("x", "a new commission is drawn: commission-03")]) == {
        "commission-03": "x: a new commission is drawn: commission-03"}
    assert snake_ids([("x", "see docs/flow_of_history.md, a_b.json, Water reserve")]) == {}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_players_read_words_not_ids(game_id: str) -> None:
    hits = snake_ids(texts(game_id))
    assert not hits, "\n".join(f"{w} in {where}" for w, where in sorted(hits.items()))


@pytest.mark.parametrize("game_id", SHIPPED)
def test_look_ups_read_words_not_ids(game_id: str) -> None:
    """What `? NAME` and the effect beside a choice print: the glossary's names and texts."""
    from boardwright.cli.views import glossary

    spec = bw.game(game_id)
    found = [(f"{game_id} {players}p glossary {key}", f"{name}: {text}")
             for players in spec.player_counts
             for key, (name, text) in glossary(game_id, players, dict(spec.default_options(players))).items()]
    assert found
    hits = snake_ids(found)
    assert not hits, "\n".join(f"{w} in {where}" for w, where in sorted(hits.items()))

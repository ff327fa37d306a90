"""Crisis at Steamfall's draws as explicit chance nodes (engine/chance.py): every shuffle,
die and random pick of its rules goes through `draw`/`shuffle`, so a game with the flag
whose chance nodes are sampled as the engine draws them is the flag-off game of that seed,
to the end: setup, mid-game reshuffles (civilians, crisis and encounter decks, ruins,
Peace and Quiet), the AI sheet's d20 and random events included."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import boardwright as bw
from boardwright.engine import Rng, replay
from boardwright.engine.chance import CHANCE_SEAT

CASES = [
    (1, {"scenario": "incredible-invention"}),
    (2, {"scenario": "cipher-race"}),
    (2, {"scenario": "crisis"}),
    (1, {"scenario": "genesis", "opponent": "jb"}),
    (1, {"scenario": "genesis", "opponent": "alice"}),
]


Played = tuple[bw.GameState, bw.GameState, Counter[str]]


def _play(players: int, options: dict[str, Any], seed: int, after_setup: Callable[[Any], None] | None = None
          ) -> Played:
    """The flag-off game and its flag-on twin, played by the same random moves, the twin's
    chance nodes sampled as the engine draws them; `after_setup` edits both the same way
    once the setup is dealt (and the count of chance nodes starts again from there)."""
    spec = bw.game("steamfall")
    off = spec.new_game(players, seed, options)
    on = spec.new_game(players, seed, options, explicit_chance=True)
    draws, pick = Rng(seed), Rng(seed + 1)
    kinds: Counter[str] = Counter()
    while True:
        while (event := on.chance()) is not None:
            kinds[event.kind] += 1
            on.apply_chance(event.sample(draws))
        if after_setup is not None:
            after_setup(off)
            after_setup(on)
            after_setup = None
            kinds.clear()
        if off.over:
            break
        assert on.to_act == off.to_act
        seat = off.to_act[0]
        actions = off.legal_actions(seat)
        action = actions[pick.below(len(actions))].id
        off.apply(seat, action)
        on.apply(seat, action)
    return off, on, kinds


@pytest.mark.parametrize(("players", "options"), CASES, ids=[str(c) for c in CASES])
def test_sampled_chance_plays_the_seeded_game_to_the_end(players: int, options: dict[str, Any]) -> None:
    off, on, kinds = _play(players, options, 7)
    assert on.over and on.to_dict()["state"] == off.to_dict()["state"]
    assert [h for h in on.history if h[0] != CHANCE_SEAT] == off.history
    assert on.outcome() == off.outcome()
    assert {"deck", "ruins stack", "first player", "district tiles", "tile rotation"} <= set(kinds)
    assert replay(on.record()).to_json() == on.to_json()


def test_the_ai_sheets_d20_is_a_chance_node() -> None:
    _off, _on, kinds = _play(1, {"scenario": "genesis", "opponent": "jb"}, 7)
    assert kinds["d20"] >= 1


def _civilians_to_discard(st: Any) -> None:
    st.civ_discard, st.decks["civ"] = st.decks["civ"], []


def _crisis_decks_used(st: Any) -> None:
    st.cr["out"], st.cr["deck"] = st.cr["deck"], []
    st.cr["enc_discard"], st.cr["enc"] = st.cr["enc"], []


@pytest.mark.parametrize(("players", "options", "seed", "edit", "kinds"), [
    (2, {"scenario": "incredible-invention"}, 1, _civilians_to_discard, {"civilian deck"}),
    (2, {"scenario": "crisis"}, 0, _crisis_decks_used, {"crisis deck", "encounter deck"}),
])
def test_mid_game_reshuffles_are_chance_nodes(players: int, options: dict[str, Any], seed: int,
                                              edit: Callable[[Any], None], kinds: set[str]) -> None:
    """Random games end before a deck runs out, so the decks are emptied into their discard
    piles right after the setup (in both twins alike): the next draw reshuffles them, as
    chance nodes, and the twins still agree."""
    off, on, seen = _play(players, options, seed, edit)
    assert kinds <= set(seen)
    assert on.to_dict()["state"] == off.to_dict()["state"]


def test_steamfall_declares_explicit_chance() -> None:
    assert bw.game("steamfall").explicit_chance

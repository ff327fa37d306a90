"""The observation's AI block (Genesis solo, rules.md §18): the AI opponent's public state,
zeros without one, and nothing hidden in it."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.steamfall import rl
from boardwright.titles.steamfall.scenarios.genesis.ai import rl as genesis_ai_rl
from boardwright.titles.steamfall.scenarios.genesis.ai import sheets as gai
from boardwright.titles.steamfall.scenarios.genesis.ai.schema import Step
from boardwright.titles.steamfall.state import SteamfallState

SPEC = bw.game("steamfall")
N = rl.MAX_AREAS


def _block(view: dict[str, Any]) -> np.ndarray:
    names = [n for n, _ in rl.fields()]
    start = sum(n for _, n in rl.fields()[: names.index("Genesis solo: the AI opponent (see the AI block)")])
    return rl.encode_view(view)[start : start + genesis_ai_rl.size(N)]


def _offset(name: str) -> int:
    pos = 0
    for n, size in genesis_ai_rl.fields(N):
        if n.startswith(name):
            return pos
        pos += size
    raise KeyError(name)


def _solo(opp: str, seed: int = 3) -> SteamfallState:
    """A solo game at the player's first turn (the AI's round-1 line has run)."""
    st = SPEC.new_game(1, seed=seed, options={"scenario": "genesis", "opponent": opp})
    assert isinstance(st, SteamfallState)
    while st.tasks[-1][0] != "turn":
        st.apply(0, st.legal_actions(0)[0].id)
    return st


def test_sheet_order_is_the_datas() -> None:
    assert tuple(gai.sheets()) == genesis_ai_rl.SHEETS


def test_the_block_is_zero_without_an_ai_opponent() -> None:
    for players, options in ((2, {"scenario": "genesis"}), (1, {})):
        st = SPEC.new_game(players, seed=1, options=options)
        assert not _block(st.view(0)).any()


@pytest.mark.parametrize("opp", genesis_ai_rl.SHEETS)
def test_the_block_carries_the_ais_public_state(opp: str) -> None:
    st = _solo(opp)
    ai = st.ai
    ai["pool"].update(vp=6, steam=3, insight=8, workshop=2, civilian=1)
    ai["clues"][1] = 2
    ai["gone"] = [0]
    st._cache.clear()
    blk = _block(st.view(0))
    assert blk[_offset("solo Genesis")] == 1.0
    assert blk[_offset("AI sheet") + genesis_ai_rl.SHEETS.index(opp)] == 1.0
    assert blk[_offset("AI standee") + ai["at"]] == 1.0
    pool = _offset("AI pool")
    assert blk[pool : pool + 3].tolist() == pytest.approx([6 / 20, 3 / 10, 8 / 20])
    assert blk[_offset("AI cubes left")] == pytest.approx(ai["cubes"] / gai.CUBES)
    assert blk[_offset("clue tokens") + 1] == pytest.approx(0.4)
    assert blk[_offset("areas removed") + 0] == 1.0
    assert blk[_offset("AI Journal-phase line") + 0] == 1.0  # round 1's line has run
    gai.roll(st, Step(op="roll"), "18.5")
    st._cache.clear()
    blk = _block(st.view(0))
    assert blk[_offset("d20")] == pytest.approx(st.ai["rolls"][-1][1] / 20)


def test_cubes_scoring_events_and_central_events_show() -> None:
    st = _solo("alice")
    view = st.view(0)
    v = copy.deepcopy(view)
    v["ai"]["locations"] = [7]
    v["ai"]["districts"] = [4, 4]
    v["ai"]["events"] = ["ritual-site"]
    v["ai"]["central_events"] = ["destination", "manifestation"]
    blk = _block(v)
    cubes = _offset("AI cubes per area")
    assert blk[cubes + 7] == 0.5 and blk[cubes + 4] == 1.0
    assert blk[_offset("AI cube on each scoring event") + 1] == 1.0  # ritual-site
    assert blk[_offset("extra events in the central district")] == pytest.approx(2 / 8)


def test_the_block_holds_nothing_hidden_and_follows_only_the_ai() -> None:
    """Re-dealing what the player cannot see (hands, decks, face-down locations, the event
    pile) leaves the AI block as it was; the player's own state does not enter it."""
    st = _solo("stefan")
    before = _block(st.view(0))
    for seed in range(5):
        other = st.determinize(0, Rng(seed))
        assert np.array_equal(_block(other.view(0)), before)
    moved = st.clone()
    moved.pl[0]["res"]["insight"] += 5
    moved.pl[0]["at"] = (moved.pl[0]["at"] + 1) % moved.board.n_districts
    moved._cache.clear()
    assert np.array_equal(_block(moved.view(0)), before)

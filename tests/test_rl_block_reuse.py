"""Martians' and Steamfall's `encode_state` reuse blocks from the last encoding: a state
changed in place afterwards must be encoded afresh (never a stale block)."""

from __future__ import annotations

import numpy as np

from boardwright.bench import mid_game_state
from boardwright.titles.martians import rl as martians_rl
from boardwright.titles.steamfall import rl as steamfall_rl


def test_martians_blocks_follow_in_place_changes() -> None:
    s = mid_game_state("martians", 3)
    seat = s.to_act[0]
    before = martians_rl.encode_state(s, seat)  # type: ignore[arg-type]
    bid = next(iter(s.fields))  # type: ignore[attr-defined]
    s.fields[bid][0] = 1 if s.fields[bid][0] != 1 else 0  # type: ignore[attr-defined]
    s.quarters[0][0] += 1  # type: ignore[attr-defined]
    s.res[0][0] += 1  # type: ignore[attr-defined]
    after = martians_rl.encode_state(s, seat)  # type: ignore[arg-type]
    assert not np.array_equal(before, after)
    assert np.array_equal(after, martians_rl.encode_view(s.view(seat, log=False)))


def test_steamfall_blocks_follow_in_place_changes() -> None:
    st = mid_game_state("steamfall", 3)
    seat = st.to_act[0]
    before = steamfall_rl.encode_state(st, seat)  # type: ignore[arg-type]
    st.tok[0]["scrap"] = st.tok[0].get("scrap", 0) + 1  # type: ignore[attr-defined]
    st.pl[1]["res"]["vp"] = st.pl[1]["res"].get("vp", 0) + 1  # type: ignore[attr-defined]
    st.supply["diamond"] = st.supply.get("diamond", 0) + 1  # type: ignore[attr-defined]
    after = steamfall_rl.encode_state(st, seat)  # type: ignore[arg-type]
    assert not np.array_equal(before, after)
    assert np.array_equal(after, steamfall_rl.encode_view(st.view(seat, log=False)))

"""A data pack overlays the shipped cards by id, and the game remembers which pack it uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardwright as bw
from boardwright.engine.data import DataError
from boardwright.titles.flow_of_history.cards import raw_shipped


def _pack(tmp_path: Path, **changes: object) -> Path:
    raw = raw_shipped()
    barracks = next(c for c in raw["cards"] if c["id"] == "barracks")
    barracks.update(changes)
    (tmp_path / "cards.json").write_text(json.dumps({"cards": [barracks]}))
    return tmp_path


def test_pack_overlays_by_id_and_survives_save_and_replay(tmp_path: Path) -> None:
    pack = str(_pack(tmp_path, name="Old Barracks", stripe={"attack": 2}))
    spec = bw.game("flow-of-history")
    state = spec.new_game(3, seed=4, data=pack)
    names = [m["name"] for m in state.view(None)["market"]]
    assert "Old Barracks" in names and "Barracks" not in names
    seat = state.to_act[0]
    state.apply(seat, "invest:barracks:1")
    again = spec.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert "Old Barracks" in [m["name"] for m in again.view(None)["market"]]
    assert bw.replay(state.record()).to_json() == state.to_json()
    plain = spec.new_game(3, seed=4)
    assert "Barracks" in [m["name"] for m in plain.view(None)["market"]]


def test_bad_pack_names_card_and_field(tmp_path: Path) -> None:
    pack = str(_pack(tmp_path, stripe={"attack": -1}))
    with pytest.raises(DataError, match="barracks"):
        bw.game("flow-of-history").new_game(3, seed=1, data=pack)

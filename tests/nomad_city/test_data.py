"""Data files: schemas reject bad records, and a data pack replaces stand-ins by id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardwright as bw
from boardwright.engine.data import DataError, shipped_text
from boardwright.titles.nomad_city.content import load
from boardwright.titles.nomad_city.datafile import PACKAGE
from boardwright.titles.nomad_city.events import load_events
from boardwright.titles.nomad_city.state import NomadState


def test_a_pack_replaces_an_event_by_id(tmp_path: Path) -> None:
    printed = {"id": "abandoned-camp", "name": "Abandoned Camp", "colour": "green",
               "four_player": False, "marker": {"resource": "oriron", "amount": 1},
               "options": [[{"kind": "gain", "gold": 5}]], "source": "rulebook"}
    (tmp_path / "events.json").write_text(json.dumps({"events": [printed]}))
    events = load_events(str(tmp_path))
    assert events["abandoned-camp"].source == "rulebook"
    assert events["abandoned-camp"].marker.resource == "oriron"
    assert len(events) == 24  # 22 and the module's 2
    assert load().events["abandoned-camp"].source == "stand-in"  # the shipped data is untouched


def test_a_bad_pack_names_file_record_and_field(tmp_path: Path) -> None:
    bad = {"id": "dry-riverbed", "name": "Dry Riverbed", "colour": "green", "four_player": False,
           "marker": {"resource": "oriron", "amount": 2}, "options": [[]], "source": "rulebook"}
    (tmp_path / "events.json").write_text(json.dumps({"events": [bad]}))
    with pytest.raises(DataError) as err:
        load_events(str(tmp_path))
    assert "dry-riverbed" in str(err.value) and "x2" in str(err.value)


def test_event_counts_are_enforced(tmp_path: Path) -> None:
    extra = {"id": "new-event", "name": "New", "colour": "red", "four_player": False,
             "marker": {"resource": "shard", "amount": 1}, "options": [[]],
             "source": "stand-in", "stand_in_fields": ["all"], "note": "test"}
    (tmp_path / "events.json").write_text(json.dumps({"events": [extra]}))
    with pytest.raises(DataError, match="6 red events"):
        load_events(str(tmp_path))


def _facility_pack(tmp_path: Path, **changes: object) -> str:
    raw = json.loads(shipped_text(PACKAGE, "facilities.json"))
    record = {f["id"]: f for f in raw["facilities"]}["trading-post"] | changes
    (tmp_path / "facilities.json").write_text(json.dumps({"facilities": [record]}))
    return str(tmp_path)


def _market_names(state: bw.GameState) -> list[str]:
    return [f["name"] for f in state.view(None)["facility_market"]]


def test_a_game_uses_its_data_pack_through_save_and_replay(tmp_path: Path) -> None:
    """`new_game(..., data=DIR)` overlays the pack by record id, and the game keeps using
    it when saved, loaded and replayed (the state remembers the pack)."""
    pack = _facility_pack(tmp_path, name="Old Trading Post", copies=3)
    spec = bw.game("nomad-city")
    state = spec.new_game(4, seed=2, data=pack)
    assert isinstance(state, NomadState)
    assert state.content.facilities.types["trading-post"].name == "Old Trading Post"
    while state.tasks and state.tasks[-1][0] != "select":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0].id)
    again = spec.from_json(state.to_json())
    assert isinstance(again, NomadState)
    assert again.content.facilities.types["trading-post"].name == "Old Trading Post"
    assert again.to_json() == state.to_json()
    assert bw.replay(state.record()).to_json() == state.to_json()
    plain = spec.new_game(4, seed=2)
    assert isinstance(plain, NomadState)
    assert plain.content.facilities.types["trading-post"].name == "Trading Post"
    assert _market_names(plain) == [n.replace("Old Trading Post", "Trading Post")
                                    for n in _market_names(state)]


def test_a_bad_pack_is_refused_when_the_game_starts(tmp_path: Path) -> None:
    pack = _facility_pack(tmp_path, points=-1)
    with pytest.raises(DataError, match="trading-post"):
        bw.game("nomad-city").new_game(3, seed=1, data=pack)

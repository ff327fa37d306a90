"""Data files: schemas reject bad records, and a data pack replaces stand-ins by id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardwright.engine.data import DataError
from boardwright.titles.nomad_city.content import load
from boardwright.titles.nomad_city.events import load_events


def test_a_pack_replaces_an_event_by_id(tmp_path: Path) -> None:
    printed = {"id": "abandoned-camp", "name": "Abandoned Camp", "colour": "green",
               "four_player": False, "marker": {"resource": "oriron", "amount": 1},
               "options": [[{"kind": "gain", "gold": 5}]], "source": "rulebook"}
    (tmp_path / "events.json").write_text(json.dumps({"events": [printed]}))
    events = load_events(str(tmp_path))
    assert events["abandoned-camp"].source == "rulebook"
    assert events["abandoned-camp"].marker.resource == "oriron"
    assert len(events) == 22
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

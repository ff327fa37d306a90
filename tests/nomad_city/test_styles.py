"""City Styles: declarations (§6.2, §6.3) and each special action (§5.7)."""

from __future__ import annotations

import pytest

from boardwright import IllegalAction

from .scene import do, ids, scene
from .test_examples import _grid

CITIES = {0: "B-02", 1: "A-01", 2: "D-01", 3: "E-01"}


def declared(s: object, seat: int, style: str, uses: int) -> None:
    s.styles[style][str(seat)] = [1, uses, 0]  # type: ignore[attr-defined]
    s.supply[seat] -= 1  # type: ignore[attr-defined]


def test_supply_relay_station_blue_or_red_with_yellow() -> None:
    s = scene(cities=CITIES)
    _grid(s, 0, {"0.0": "armory#1", "0.1": "trading-post#1", "1.0": "refinery#1",
                 "1.1": "trading-post#2"})
    offered = [a for a in ids(s) if a.startswith("declare:supply-relay-station")]
    assert "declare:supply-relay-station:0.0+0.1" in offered  # red + yellow
    assert "declare:supply-relay-station:1.0+1.1" in offered  # blue + yellow
    do(s, "declare:supply-relay-station:0.0+0.1")
    assert s.res[0] == [1, 1, 1] and s.points[0] == 2 and s.supply[0] == 28
    # each facility serves one declaration only
    assert not [a for a in ids(s) if "0.0" in a or "0.1" in a]
    assert s.styles["supply-relay-station"]["0"] == [1, 0, 0]  # no special action


def test_multicoloured_facility_counts_as_any_colour() -> None:
    s = scene(cities=CITIES)
    _grid(s, 0, {"0.0": "modular-workshop#1", "0.1": "trading-post#1"})
    assert "declare:supply-relay-station:0.0+0.1" in ids(s)


def test_declaring_needs_a_marker() -> None:
    s = scene(cities=CITIES)
    _grid(s, 0, {"0.0": "armory#1", "0.1": "trading-post#1"})
    s.supply[0] = 0
    assert not [a for a in ids(s) if a.startswith("declare")]
    with pytest.raises(IllegalAction, match="marker"):
        s.apply(0, "declare:supply-relay-station:0.0+0.1")


def test_urban_expansion_zone_builds_an_extension_hub() -> None:
    s = scene(cities=CITIES)
    _grid(s, 0, {"0.0": "trading-post#1", "0.1": "refinery#1", "1.0": "housing-block#1"})
    do(s, "declare:urban-expansion-zone:0.0+0.1+1.0", "cell:0.3")
    assert s.grid[0][3] == "extension-hub" and s.hubs == 2 and s.points[0] == 3


def test_mobilization_support_system_places_two() -> None:
    s = scene(cities=CITIES)
    declared(s, 0, "mobilization-support-system", -1)
    do(s, "main:special:mobilization-support-system", "place:B-01/B-02", "place:B-02")
    assert s.supply[0] == 26
    assert ids(s)[-1] == "end"
    assert "main:special:mobilization-support-system" not in ids(s)


def test_special_action_once_per_round_and_reset_at_end_phase() -> None:
    s = scene(cities=CITIES)
    declared(s, 0, "mobilization-support-system", -1)
    do(s, "main:special:mobilization-support-system", "place:B-01/B-02", "place:B-02", "end")
    s.tasks = [["turn", 0, 0]]
    s._cache.clear()
    assert "main:special:mobilization-support-system" not in ids(s)
    s.tasks = [["end_finish"]]
    s.run()
    assert s.styles["mobilization-support-system"]["0"][2] == 0


def test_frontier_survey_office_explores_without_toll() -> None:
    s = scene(cities=CITIES, gold=0)
    declared(s, 0, "frontier-survey-office", -1)
    start = len(s.log)
    do(s, "main:special:frontier-survey-office")
    assert "target:G-01" in ids(s)  # far away, and no Gold at all
    do(s, "target:G-01")
    assert s.tasks[-1][0] == "event_option"  # no path to choose, no toll
    assert not [e for e in s.log[start:] if "pays" in e.text]
    assert "G-01" in s.explored


def test_originium_industrial_hub_two_uses_in_the_game() -> None:
    s = scene(cities=CITIES, res=(0, 0, 9))
    declared(s, 0, "originium-industrial-hub", 2)
    for _ in range(2):
        do(s, "main:special:originium-industrial-hub", "end")
        s.tasks = [["end_finish"], ["turn", 0, 0]]
        s._cache.clear()
        s.tasks = [["turn", 0, 0]]
        s.styles["originium-industrial-hub"]["0"][2] = 0  # a new round
        s._cache.clear()
    assert s.pure[0] == 4 and s.res[0][2] == 3
    assert "main:special:originium-industrial-hub" not in ids(s)


def test_efficient_mobility_double_move_and_no_character() -> None:
    s = scene(cities=CITIES, res=(0, 3, 0), facedown="texas",
              markers={"B-03": "orirock", "B-04": "shard"})
    declared(s, 0, "efficient-mobility-management-system", 2)
    do(s, "main:special:efficient-mobility-management-system", "pay", "city:B-03", "city:B-04")
    assert s.city[0] == "B-04" and s.res[0][1] == 0  # 3 Shard once, the moves are free
    assert s.influence["B-02"] == [0] and s.influence["B-03"] == [0]
    assert not [a for a in ids(s) if a.startswith("reveal")]
    with pytest.raises(IllegalAction, match="no Character card"):
        s.apply(0, "reveal:strategy")


def test_efficient_mobility_not_after_a_character() -> None:
    s = scene(cities=CITIES, res=(1, 3, 1), facedown="elysium")
    declared(s, 0, "efficient-mobility-management-system", 2)
    assert "main:special:efficient-mobility-management-system" in ids(s)
    do(s, "reveal:strategy", "type:orirock")
    assert "main:special:efficient-mobility-management-system" not in ids(s)

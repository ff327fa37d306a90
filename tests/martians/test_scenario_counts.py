"""A scenario requirement that depends on the player count (`by_players`, a stand-in):
the schema, the rules that offer and check the mission, and what the players see of it."""

from __future__ import annotations

import io

import pytest
from pydantic import ValidationError
from rich.console import Console

from boardwright.titles.martians import glossary, terminal
from boardwright.titles.martians.buildings import offers
from boardwright.titles.martians.content import Requirement
from boardwright.titles.martians.setup import scenario_requirements
from boardwright.titles.martians.state import MartiansState

from .scene import new, setres, to_turn

#: scenario 4 at each player count (solo plays as 2): the shipped data
UPGRADED = {1: "two_upgrades", 2: "two_upgrades", 3: "two_upgrades", 4: "four_upgrades"}
STOCKPILE = {1: {"regolith": 3, "dirty_ice": 2}, 2: {"regolith": 3, "dirty_ice": 2},
             3: {"regolith": 3, "dirty_ice": 2}, 4: {"regolith": 4, "dirty_ice": 3}}


def _game(players: int) -> MartiansState:
    return new(players, mode="solo" if players == 1 else "coop", scenario=4)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_count_reads_its_own_requirement(players: int) -> None:
    s = _game(players)
    rules = {r.id: r for r in scenario_requirements(s)}
    seen = {r["id"]: r for r in s.view(0)["scenario"]["requirements"]}
    assert rules["upgraded"].condition == seen["upgraded"]["condition"] == UPGRADED[players]
    assert rules["stockpile"].cost == seen["stockpile"]["cost"] == STOCKPILE[players]
    # the third is the same at every count
    assert seen["power_grid"]["condition"] == "three_installations"
    assert seen["power_grid"]["cost"] == {"energy": 2}


def _upgrades_done(s: MartiansState, n: int) -> None:
    left = n
    for b in sorted(s.upgrades):
        while s.upgrades[b] and left:
            s.upgrades[b].pop()
            left -= 1
    s._cache.clear()


@pytest.mark.parametrize(("players", "done", "offered"),
                         [(2, 2, True), (4, 2, False), (4, 3, False), (4, 4, True)])
def test_the_mission_asks_the_count_s_condition(players: int, done: int, offered: bool) -> None:
    s = _game(players)
    corp = to_turn(s)
    setres(s, s.purse(corp), supplies=3)
    _upgrades_done(s, done)
    assert ("mission:upgraded" in [o.id for o in offers(s, corp, "landing_pod", 3)]) is offered


@pytest.mark.parametrize(("players", "energy"), [(1, 4), (2, 4), (3, 4), (4, 8)])
def test_science_outpost_power_reserve_at_each_count(players: int, energy: int) -> None:
    s = new(players, mode="solo" if players == 1 else "coop", scenario=2)
    seen = {r["id"]: r for r in s.view(0)["scenario"]["requirements"]}
    assert seen["power_reserve"]["cost"] == {"energy": energy}
    corp = to_turn(s)
    setres(s, s.purse(corp), energy=energy - 1)
    assert "mission:power_reserve" not in [o.id for o in offers(s, corp, "landing_pod", 3)]
    setres(s, s.purse(corp), energy=energy)
    assert "mission:power_reserve" in [o.id for o in offers(s, corp, "landing_pod", 3)]


@pytest.mark.parametrize(("players", "regolith", "ice", "offered"),
                         [(2, 3, 2, True), (4, 3, 2, False), (4, 4, 2, False), (4, 4, 3, True)])
def test_the_mission_asks_the_count_s_cost(players: int, regolith: int, ice: int, offered: bool) -> None:
    s = _game(players)
    corp = to_turn(s)
    setres(s, s.purse(corp), regolith=regolith, dirty_ice=ice)
    assert ("mission:stockpile" in [o.id for o in offers(s, corp, "landing_pod", 3)]) is offered
    if offered:
        s.apply(s.to_act[0], "place:landing_pod:1")
        s.apply(s.to_act[0], "mission:stockpile")
        assert s.res[s.purse(corp)][:2] == [0, 0] and ["stockpile", corp] in s.requirements_done


def test_glossary_and_terminal_show_the_count_s_condition() -> None:
    assert "four upgrades" in glossary.entries(4)["upgraded"][1]
    assert "two upgrades" in glossary.entries(2)["upgraded"][1]
    assert "depends on the player count" in glossary.entries(3)["upgraded"][1]
    assert "pay 4 regolith, 3 dirty ice (at 4 players" in glossary.entries(4)["stockpile"][1]
    assert "depends on the player count" not in glossary.entries(4)["power_grid"][1]
    out = io.StringIO()
    s = _game(4)
    terminal.render(Console(file=out, width=160, color_system=None), s.view(0), 0)
    assert "if four upgrades" in out.getvalue() and "4Reg 3Ice" in out.getvalue()


@pytest.mark.parametrize("count", [1, 5])
def test_by_players_names_a_real_player_count(count: int) -> None:
    with pytest.raises(ValidationError, match="player counts"):
        Requirement.model_validate({"id": "x", "cost": {}, "minerals": [], "condition": "",
                                    "reputation": 1, "by_players": {count: {"cost": {"food": 1}}}})
    with pytest.raises(ValidationError, match="unknown resources"):
        Requirement.model_validate({"id": "x", "cost": {}, "minerals": [], "condition": "",
                                    "reputation": 1, "by_players": {4: {"cost": {"gold": 1}}}})

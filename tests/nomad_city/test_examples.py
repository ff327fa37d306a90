"""Every worked example of the rulebook, replayed with the shipped data."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scene import do, finish_collection, ids, scene

BLUE, YELLOW, GREEN, RED = 0, 1, 2, 3


def test_explore_payment_example_pay_yellow_or_green() -> None:
    """Blue explores C-02 from B-02 and may pay 2 Gold to yellow or to green (§5.3, §5.4)."""
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              influence={"B-02/C-02": [YELLOW, GREEN]})
    do(s, "main:explore", "target:C-02", "route:B-02/C-02")
    assert ids(s) == ["pay:1", "pay:2"]
    do(s, "pay:1")
    assert s.gold[BLUE] == 18 and s.gold[YELLOW] == 22 and s.gold[GREEN] == 20
    assert s.tasks[-1][0] == "event_option"  # the event follows the toll
    do(s, "option:1")
    assert BLUE in s.influence["C-02"]  # then blue's influence lands on the target
    assert s.explored["C-02"] in s.event_box


@pytest.mark.parametrize("payee", [YELLOW, GREEN])
def test_explore_payment_goes_to_the_chosen_owner(payee: int) -> None:
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              influence={"B-02/C-02": [YELLOW, GREEN]})
    do(s, "main:explore", "target:C-02", "route:B-02/C-02", f"pay:{payee}")
    assert s.gold[payee] == 22


def test_toll_counts_every_route_without_own_influence() -> None:
    """Two routes, one with own influence: 2 Gold to the bank for the other (§5.4)."""
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              influence={"B-02/B-03": [BLUE]}, markers={"B-03": "orirock"})
    do(s, "main:explore", "target:D-03", "route:B-02/B-03", "route:B-03/D-03")
    assert s.gold[BLUE] == 18
    assert s.bank_gold == 240 - 4 * 20 + 2


def test_explore_needs_gold_for_the_whole_chain() -> None:
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"}, gold=2)
    do(s, "main:explore")
    targets = ids(s)
    assert "target:C-02" in targets  # one route away: 2 Gold
    assert "target:D-03" not in targets  # two routes away: 4 Gold


def test_collection_example_d03_b03_route_paid_once() -> None:
    """Red may collect 1 Oriron free, or pay 2 Gold once for Orirock, Shard and Oriron (§4.3)."""
    s = scene(cities={RED: "D-03", BLUE: "A-01", YELLOW: "E-01", GREEN: "F-01"},
              markers={"D-03": "oriron", "B-03": "orirock", "B-04": "shard"},
              influence={"B-03": [RED], "B-04": [RED], "B-03/B-04": [RED]}, seat=RED)
    s.tasks = [["collect_start"]]
    s.run()
    assert RED in s.to_act  # everyone collects at once
    offered = ids(s, RED)
    assert {"collect:D-03", "done", "toll:B-03/D-03:bank"} <= set(offered)
    assert not [a for a in offered if a.startswith("collect:B-")]  # not linked yet
    do(s, "collect:D-03", "toll:B-03/D-03:bank", seat=RED)
    assert sorted(ids(s, RED)) == ["collect:B-03", "collect:B-04", "done"]
    do(s, "collect:B-03", "collect:B-04", seat=RED)
    assert RED not in s.to_act  # nothing left to collect: done by itself
    finish_collection(s)  # the picks are revealed together
    assert s.res[RED] == [1, 1, 1]
    assert s.gold[RED] == 18  # the D-03/B-03 route was paid once for two sites


def test_collection_free_choice_only_oriron() -> None:
    s = scene(cities={RED: "D-03", BLUE: "A-01", YELLOW: "E-01", GREEN: "F-01"},
              markers={"D-03": "oriron", "B-03": "orirock", "B-04": "shard"},
              influence={"B-03": [RED], "B-04": [RED], "B-03/B-04": [RED]}, seat=RED)
    s.tasks = [["collect_start"]]
    s.run()
    do(s, "collect:D-03", "done", seat=RED)
    finish_collection(s)
    assert s.res[RED] == [0, 0, 1] and s.gold[RED] == 20


def test_city_movement_example_b02_to_c02() -> None:
    """Blue moves B-02 → C-02: yellow and green leave the route, C-02's event resolves,
    then blue places an influence on B-02, the starting point (§5.5 and errata)."""
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              influence={"B-02/C-02": [YELLOW, GREEN]}, res=(0, 3, 0))
    do(s, "main:city")
    assert "city:C-02" in ids(s)
    do(s, "city:C-02")
    assert "B-02/C-02" not in s.influence
    assert s.supply[YELLOW] == 29 and s.supply[GREEN] == 29
    assert s.city[BLUE] == "C-02" and s.res[BLUE][1] == 0
    assert s.tasks[-1][0] == "event_option"
    do(s, "option:1")
    assert s.influence["B-02"] == [BLUE]
    assert "C-02" not in s.influence  # no influence on the target


def test_region_d_control_example() -> None:
    """Red: 2 influence and its city in region D (4); blue: 3 influence. Red scores 3 (§10.1)."""
    s = scene(cities={RED: "D-02", BLUE: "A-01", YELLOW: "E-01", GREEN: "F-01"},
              markers={"D-01": "orirock", "D-03": "oriron"},
              influence={"D-01": [RED], "D-02/D-03": [RED], "D-03": [BLUE, BLUE],
                         "D-01/D-02": [BLUE]})
    from boardwright.titles.nomad_city.scoring import region_strength
    assert region_strength(s)["D"] == [3, 0, 0, 4]  # blue 3; red 2 + 2 for its city
    out = s.outcome()
    assert out["region_control"]["D"] == RED
    assert out["breakdown"][RED]["regions_controlled"] == ["D"]
    assert out["breakdown"][RED]["regions"] == 3
    assert "D" not in out["breakdown"][BLUE]["regions_controlled"]


def test_liskarm_resolves_as_much_as_possible() -> None:
    """No marker to place: the 2 placements are skipped, the End Phase removal still comes."""
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              influence={"B-01/B-02": [BLUE], "A-01/A-02": [BLUE, BLUE]}, facedown="liskarm")
    s.supply[BLUE] = 0  # the other markers are elsewhere (e.g. on City Style cards)
    do(s, "reveal:strategy")
    assert s.end_effects[BLUE] == ["liskarm"]
    assert s.discard[BLUE] == ["liskarm"]
    do(s, "main:deploy", "place:none", "end")
    s.tasks = [["end_phase"]]
    s.run()
    assert s.to_act == (BLUE,)
    assert ids(s) == ["remove:A-01/A-02", "remove:B-01/B-02"]
    do(s, "remove:B-01/B-02")
    assert "B-01/B-02" not in s.influence and s.supply[BLUE] == 1


def _grid(s: bw.GameState, seat: int, cells: dict[str, str]) -> None:
    from boardwright.titles.nomad_city.state import NomadState
    assert isinstance(s, NomadState)
    cols = s.content.facilities.grid.columns
    for where, card in cells.items():
        r, c = map(int, where.split("."))
        s.grid[seat][r * cols + c] = card


def test_declaration_may_rotate_but_not_mirror() -> None:
    """Urban Expansion Zone needs yellow-blue over green; turned a quarter clockwise it reads
    green-yellow over (gap)-blue and is met; its mirror image is not (§6.3)."""
    rotated = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"})
    _grid(rotated, BLUE, {"0.0": "housing-block#1", "0.1": "trading-post#1", "1.1": "refinery#1"})
    assert "declare:urban-expansion-zone:0.0+0.1+1.1" in ids(rotated)

    mirrored = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"})
    _grid(mirrored, BLUE, {"0.0": "refinery#1", "0.1": "trading-post#1", "1.1": "housing-block#1"})
    assert not [a for a in ids(mirrored) if a.startswith("declare:urban-expansion-zone")]
    # the rotated layout flipped left to right (green and yellow swap, blue moves left)
    flipped = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"})
    _grid(flipped, BLUE, {"0.0": "trading-post#1", "0.1": "housing-block#1", "1.0": "refinery#1"})
    assert not [a for a in ids(flipped) if a.startswith("declare:urban-expansion-zone")]


def test_b01_arrival_bonus() -> None:
    from .scene import new
    s = new(4, seed=3)
    seat = s.to_act[0]
    do(s, "site:B-01")
    assert s.res[seat] == [2, 2, 2]


def test_liskarm_example_with_no_free_influence_space() -> None:
    """The rulebook's own case: no free influence space anywhere on the board, so both
    placements are skipped, and the End Phase removal still happens (§9.1)."""
    s = scene(cities={BLUE: "B-02", YELLOW: "A-01", GREEN: "D-01", RED: "E-01"},
              facedown="liskarm")
    board = s.board
    fill = [loc for loc in board.locations if loc in board.routes or loc in s.explored]
    others = [YELLOW, GREEN, RED]
    n = 0
    for loc in fill:
        s.influence[loc] = []
        for _ in range(board.capacity[loc]):
            owner = BLUE if loc == "B-01/B-02" and not s.influence[loc] else others[n % 3]
            n += owner != BLUE
            s.influence[loc].append(owner)
            s.supply[owner] -= 1
    assert min(s.supply) >= 0 and s.supply[BLUE] == 28
    do(s, "reveal:strategy")
    assert s.supply[BLUE] == 28  # nothing could be placed
    assert "cannot place an influence: skipped" in [e.text for e in s.log[-3:]]
    assert s.end_effects[BLUE] == ["liskarm"]
    do(s, "main:deploy")
    assert ids(s) == ["place:none"]
    do(s, "place:none", "end")
    s.tasks = [["end_phase"]]
    s.run()
    assert s.to_act == (BLUE,) and ids(s) == ["remove:B-01/B-02"]
    do(s, "remove:B-01/B-02")
    assert s.supply[BLUE] == 29


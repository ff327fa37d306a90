"""Turn order and the first player marker, markers between cycles, events, credits."""

from __future__ import annotations

from boardwright.titles.martians import cycle
from boardwright.titles.martians.state import MartiansState

from .scene import clear_quarters, do, ids, new, passive, res, setres, to_turn


def _round_starters(s: MartiansState, rounds: int) -> list[tuple[int, int, int]]:
    """(cycle, round, corporation) of the first turn of each of the next rounds."""
    out: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int]] = set()
    while len(out) < rounds and not s.over:
        top = s.tasks[-1]
        if top[0] == "colonist" and (s.cycle, s.round) not in seen:
            seen.add((s.cycle, s.round))
            out.append((s.cycle, s.round, int(top[1])))
        passive(s)
    return out


def test_solo_blue_starts_and_the_marker_alternates_every_round_across_cycles() -> None:
    s = new(1, mode="solo")
    starters = _round_starters(s, 7)
    assert starters[0][2] == 0
    assert [c for _, _, c in starters] == [0, 1, 0, 1, 0, 1, 0]
    assert starters[3][:2] == (2, 1)  # the fourth round is the second cycle's first


def test_first_player_is_drawn_by_lot_and_passes_left_each_round() -> None:
    firsts = set()
    for seed in range(12):
        s = new(3, seed=seed, mode="coop")
        firsts.add(s.first)
        starters = _round_starters(s, 4)
        f = starters[0][2]
        assert [c for _, _, c in starters] == [(f + i) % 3 for i in range(4)]
    assert firsts == {0, 1, 2}


def test_turns_within_a_round_follow_the_order_from_the_first_player() -> None:
    s = new(4, seed=3, mode="competitive")
    first = s.first
    seen: list[int] = []
    while len(seen) < 4:
        if s.tasks[-1][0] == "colonist":
            seen.append(int(s.tasks[-1][1]))
        passive(s)
    assert seen == [(first + i) % 4 for i in range(4)]


def test_semi_coop_quarters_are_chosen_in_turn_order() -> None:
    s = new(3, seed=4, mode="semi-coop")
    order = s.order()
    chosen = []
    while s.tasks[-1][0] == "semi_quarters":
        chosen.append(int(s.tasks[-1][1]))
        do(s, ids(s)[0])
    assert chosen == order


def test_action_markers_stay_on_the_board_between_cycles() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    corp = to_turn(s)
    setres(s, 0, dirty_ice=2, energy=10)
    do(s, "place:water:1", "water", "leave")
    assert s.hand[corp] == 2
    while s.cycle == 1:
        passive(s)
    assert s.fields["water"][0] == corp
    assert s.hand[corp] + sum(b.count(corp) for b in s.infirmary + s.apartments) == 2


def test_recreation_leaves_penalty_markers_in_the_quarters() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    s.hand[corp] = 1
    s.infirmary[0].append(corp)
    s.apartments[1].append(corp)
    setres(s, 0, dirty_ice=1, energy=3)
    do(s, "place:water:1", "water", "leave", "recreation")
    assert s.hand[corp] == 1 and s.infirmary[0] == [corp] and s.apartments[1] == [corp]


def _event(s: MartiansState, eid: str) -> None:
    s.event_stacks[s.cycle - 1] = [eid]
    cycle._event(s)
    s._cache.clear()


def test_event_demand_tokens_go_to_the_fewest_then_leftmost_quarters() -> None:
    s = new(3, mode="coop")
    clear_quarters(s)
    s.quarters[0][1] = 1
    s.supply["disease"] -= 1
    _event(s, "flu")  # 1 disease token
    assert [q[1] for q in s.quarters] == [1, 1, 0, 0]
    assert cycle.event_quarters(s, "disease", 3) == [2, 3, 0]


def test_event_demand_tokens_in_competitive_go_to_every_own_quarters() -> None:
    s = new(3, mode="competitive")
    clear_quarters(s)
    _event(s, "seal_leak")
    assert [q[0] for q in s.quarters] == [1, 1, 1, 0]


def test_gain_event_pays_every_corporation_and_rtg_event_refills_the_generator() -> None:
    s = new(3, mode="semi-coop")
    before = [res(s, c, "credits") for c in range(3)]
    _event(s, "agency_grant")
    assert [res(s, c, "credits") for c in range(3)] == [b + 2 for b in before]
    rtg, energy = s.rtg, s.supply["energy"]
    _event(s, "rtg_service")
    assert s.rtg == rtg + 2 and s.supply["energy"] == energy - 2
    coop = new(2, mode="coop")
    sup = res(coop, 0, "supplies")
    _event(coop, "supply_drop")
    assert res(coop, 0, "supplies") == sup + 2  # the pool receives each corporation's marker


def test_closed_building_event_lasts_until_the_end_of_the_cycle() -> None:
    s = new(2, mode="coop")
    corp = to_turn(s)
    _event(s, "drill_jam")
    assert not any(a.startswith("place:excavation") for a in ids(s))
    assert s.event_active == "drill_jam"
    s.tasks.pop()
    s.turn = {}
    s.tasks.append(["cycle_end"])
    s.finished = False
    cycle.resolve_cycle_end(s, s.tasks.pop())
    assert s.event_active == "" and corp in (0, 1)


def test_production_and_harvest_events_change_the_output() -> None:
    from boardwright.titles.martians.buildings import crop_terms

    s = new(2, mode="coop")
    assert cycle.output(s, 0, "solar") == 3
    _event(s, "dusty_panels")
    assert cycle.output(s, 0, "solar") == 2
    s.event_active = ""
    _event(s, "power_surge")
    assert cycle.output(s, 0, "wind") == 5
    s.event_active = ""
    _event(s, "bumper_crop")
    assert crop_terms(s, 0)[1]["food"] == 3
    s.event_active = ""
    _event(s, "crop_blight")
    assert crop_terms(s, 0)[1]["food"] == 1


def test_event_weather_and_energy_follow_the_second_round_in_that_order() -> None:
    s = new(2, mode="coop")
    clear_quarters(s)
    while not (s.round == 3 or s.cycle > 1):
        passive(s)
    texts = [e.text for e in s.log if e.round == 12]
    ev = next(i for i, t in enumerate(texts) if t.startswith("event:"))
    wx = next(i for i, t in enumerate(texts) if t.startswith("the weather changes"))
    assert ev < wx
    assert s.events_out and s.weather_out == ["stable#1"]


def test_credits_are_unlimited() -> None:
    s = new(4, mode="competitive")
    assert s.bank == -20  # 5 per corporation, none of them refused
    got = s.gain(0, "credits", 40)
    assert got == 40 and res(s, 0, "credits") == 45 and s.bank == -60
    assert s.components()["credits"] == 0

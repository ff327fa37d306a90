"""One test per district effect (§10) and the start-of-round drops (§3.1)."""

from __future__ import annotations

from boardwright.titles.steamfall.rounds import _drop, resolve_eor_turn

from .scene import game, hand, ids, in_play, me, pool, put_district


def _at(st, p, district):  # type: ignore[no-untyped-def]
    put_district(st, 0, district)
    st.pl[p]["at"] = 0
    st._cache.clear()


def _enter(st, p, district):  # type: ignore[no-untyped-def]
    """Stand next to `district` (area 0) and step in."""
    put_district(st, 0, district)
    nb = st.board.moves[0][0][0]
    st.pl[p]["at"] = nb
    back = next(c for a, c in st.board.moves[nb] if a == 0)
    pool(st, p, movement=back)
    st.apply(p, "move:0")


def test_central_market_draws_three_keeps_one_and_buys_items() -> None:
    st = game()
    p = me(st)
    _at(st, p, "central-market")
    pool(st, p, scrap=4)
    st.apply(p, "fx:d:0:0:0:-:-")
    for _ in range(3):
        st.apply(p, "deck:base")
    st.apply(p, ids(st)[0])
    st.apply(p, ids(st)[0])
    assert not st.pl[p]["pending"] and st.pl[p]["res"]["scrap"] == 0


def test_central_market_sells_workshop_for_2_scrap_and_relic_for_3_and_insight() -> None:
    st = game()
    p = me(st)
    _at(st, p, "central-market")
    st.pl[p]["hand"] = []
    hand(st, p, "spare-gears", "sun-disc")
    pool(st, p, scrap=0, insight=0)
    st.apply(p, "fx:d:1:0:0:spare-gears:-")
    st.apply(p, "fx:d:2:0:0:sun-disc:-")
    assert st.pl[p]["res"]["scrap"] == 5 and st.pl[p]["res"]["insight"] == 1
    assert {"spare-gears", "sun-disc"} <= set(st.trash)
    in_play(st, p, "lucky-coin")
    assert not [a for a in ids(st) if a.startswith("fx:d:1") or a.startswith("fx:d:2")]  # not from play


def test_alleys_and_gardens_move_mood_on_enter_and_per_movement() -> None:
    st = game()
    p = me(st)
    _enter(st, p, "alleys")
    assert st.pl[p]["mood"] == -1
    pool(st, p, movement=1)
    st.apply(p, "fx:d:1:0:0:-:-")
    assert st.pl[p]["mood"] == -2
    _enter(st, p, "gardens")
    assert st.pl[p]["mood"] == -1


def test_u_bot_station_travels_with_on_enter_effects() -> None:
    st = game()
    p = me(st)
    _at(st, p, "u-bot-station")
    put_district(st, 1, "excavation-site")
    pool(st, p, steam=1, insight=0)
    st.apply(p, "fx:d:0:1:0:-:-")
    st.apply(p, "to:1")
    assert st.pl[p]["at"] == 1 and st.pl[p]["res"]["insight"] == 1


def test_excavation_site_gives_insight_on_enter() -> None:
    st = game()
    p = me(st)
    before = st.pl[p]["res"]["insight"]
    _enter(st, p, "excavation-site")
    assert st.pl[p]["res"]["insight"] == before + 1


def test_relaxation_zone_and_workshop_at_end_of_round() -> None:
    st = game()
    p = me(st)
    _at(st, p, "relaxation-zone")
    st.tasks.append(["marker"])
    resolve_eor_turn(st, ["eor_turn", p])
    assert st.pl[p]["res"]["stamina"] >= 1
    st2 = game()
    q = me(st2)
    _at(st2, q, "workshop")
    hand(st2, q, "lucky-coin")
    resolve_eor_turn(st2, ["eor_turn", q])
    assert st2.tasks[-1][0] == "play_free"
    st2._cache.clear()
    assert "free:lucky-coin:f:-" in ids(st2) and "free:none" in ids(st2)


def test_power_plant_steam_for_insight_and_power() -> None:
    st = game()
    p = me(st)
    _at(st, p, "power-plant")
    in_play(st, p, "steam-lantern")
    pool(st, p, steam=1, insight=0)
    st.apply(p, "fx:d:0:0:0:-:-")
    st.apply(p, "power:steam-lantern")
    assert st.pl[p]["res"]["insight"] == 1 and st.pl[p]["power"]["steam-lantern"] == 1


def test_red_light_district_quest_progress_needs_a_civilian() -> None:
    st = game()
    p = me(st)
    _at(st, p, "red-light-district")
    pool(st, p, scrap=4)
    assert not [a for a in ids(st) if a.startswith("fx:d:0")]  # no escorted civilian: not offered
    st.decks["civ"].remove("otto")
    st.pl[p]["civs"].append("otto")
    st._cache.clear()
    st.apply(p, "fx:d:0:0:0:-:-")
    st.apply(p, "quest:otto")
    assert st.pl[p]["prog"]["otto"] == 1


def test_ruins_never_doubled() -> None:
    st = game()
    st.ruins[0] = ""
    _drop(st, 0, "ruins")
    first = st.ruins[0]
    _drop(st, 0, "ruins")
    assert first and st.ruins[0] == first

"""One test per effect-grammar construct (§6) and per item timing word (§7.3); the data."""

from __future__ import annotations

import pytest

from boardwright.titles.steamfall.content import load
from boardwright.titles.steamfall.schema import Effect

from .scene import game, hand, ids, in_play, me, pool


def _all_effects() -> list[Effect]:
    c = load()
    out: list[Effect] = []
    for d in c.comp.districts:
        out += d.effects
    for a in c.comp.abilities:
        out += a.effects
    for i in c.comp.items:
        out += i.effects
    for v in c.comp.civilians:
        out.append(v.action)
    for s in c.comp.locations:
        out += s.effects
    for e in c.comp.events:
        out += e.effects
    for r in c.comp.ruins:
        out += [r.unexplored, r.explored]
    out += [x.paid for x in c.comp.complications if x.paid]
    return out


def test_component_counts_and_provenance() -> None:
    c = load().comp
    assert (
        len(c.districts),
        len(c.characters),
        len(c.inventions),
        len(c.complications),
        len(c.events),
        len(c.tablets),
        len(c.ciphers),
        len(c.ruins),
    ) == (12, 7, 4, 18, 15, 4, 3, 9)
    names = {d.name for d in c.districts}
    assert {
        "Central Market",
        "Alleys",
        "U-bot Station",
        "Gardens",
        "Excavation Site",
        "Relaxation Zone",
        "Power Plant",
        "Red Light District",
        "Workshop",
    } <= names
    assert {ch.name for ch in c.characters} == {
        "Jim & Beam",
        "Marcus",
        "The Possessed",
        "Luis",
        "Alice",
        "Lucius",
        "Stefan",
    }
    for group in (
        c.districts,
        c.characters,
        c.abilities,
        c.items,
        c.civilians,
        c.locations,
        c.events,
        c.complications,
        c.tablets,
        c.inventions,
        c.layouts,
    ):
        for r in group:
            if r.source == "stand-in":
                assert r.note, r.id


def test_every_grammar_construct_and_timing_word_is_used_by_some_card() -> None:
    effects = _all_effects()
    assert {e.cause for e in effects} >= {"on_enter", "end_of_round"}
    assert {e.timing for e in effects} >= {
        "power",
        "impact",
        "trigger",
        "modded",
        "passive",
        "modded_passive",
        "destroy",
        "trash",
        "action",
    }
    assert any(e.influence for e in effects) and any(e.utilize for e in effects)
    assert any(e.condition for e in effects)
    assert any(len(e.costs) > 1 for e in effects) and any(len(e.gains) > 1 for e in effects)
    used = {t.what for e in effects for b in e.costs + e.gains for t in b}
    assert used >= {
        "movement",
        "manipulate",
        "engineering",
        "special",
        "charm",
        "violence",
        "scrap",
        "steam",
        "insight",
        "vp",
        "stamina",
        "power",
        "workshop",
        "relic",
        "mood_up",
        "mood_down",
        "draw_discard",
        "play_item",
        "quest_progress",
        "progress",
        "teleport",
        "explore_ruins",
        "civilian",
        "completion",
        "power_any",
        "pick_up",
    }


def test_compulsory_cause_rejects_a_cost() -> None:
    with pytest.raises(ValueError):
        Effect.model_validate({"text": "x", "cause": "on_enter", "costs": [[{"what": "scrap"}]]})


def test_compulsory_condition_discard_a_civilian() -> None:
    st = game()
    p = me(st)
    area = st.board.n_districts
    st.loc[area], st.up[area] = "safe-house", True
    st.pl[p]["at"] = area
    pool(st, p, scrap=4)
    assert not [a for a in ids(st) if a.startswith(f"fx:l{area}:0")]  # no civilian: cannot activate
    st.decks["civ"].remove("bruno")
    st.pl[p]["civs"].append("bruno")
    st._cache.clear()
    st.apply(p, f"fx:l{area}:0:0:0:-:bruno")
    assert st.pl[p]["civs"] == [] and st.pl[p]["res"]["vp"] == 1 and "bruno" in st.civ_discard


def test_utilize_fires_when_its_cost_is_spent_elsewhere() -> None:
    st = game(chars=("marcus", "jb"), scenario="cipher-race")
    p = me(st)
    assert st.pl[p]["char"] == "marcus"
    area = st.board.n_districts
    st.loc[area], st.up[area] = "salon", True
    st.tok[area]["insight"] = 0
    st.pl[p]["at"] = area
    pool(st, p, charm=3, insight=0)
    st.apply(p, f"fx:l{area}:0:0:0:-:-")  # 3 charm on the Salon: Crowd Favour's 2 charm is covered
    assert st.tasks[-1][0] == "utilize"
    st.apply(p, "utilize:0")
    assert st.pl[p]["res"]["insight"] == 1 and st.pl[p]["res"]["vp"] == 1


def test_stamina_stands_in_for_actions_but_not_special() -> None:
    st = game()
    p = me(st)
    pool(st, p, stamina=2, violence=0)
    in_play(st, p, "alien-blade", power=1)
    st.pl[p]["at"] = 0
    st._cache.clear()
    from boardwright.titles.steamfall.effects import can_pay, one

    assert can_pay(st, p, [one("violence", 2)])
    assert not can_pay(st, p, [one("special")])


def test_power_effect_once_per_turn_with_modded_and_trigger() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "pressure-gun", power=3)
    hand(st, p, "spiked-rim")
    pool(st, p, scrap=2)
    st.apply(p, "play:spiked-rim:0:pressure-gun")  # an add-on attached: modded
    st.apply(p, "fx:i=pressure-gun:0:0:0:-:-")
    assert st.pl[p]["pool"]["violence"] == 4  # 3 + modded 1
    assert st.tasks[-1][0] == "trigger"
    st.apply(p, "trigger:0")
    assert st.pl[p]["pool"]["violence"] == 5
    assert not [a for a in ids(st) if a.startswith("fx:i=pressure-gun")]


def test_power_module_combines_gauges() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "steam-lantern")
    hand(st, p, "steam-battery")
    pool(st, p, scrap=2)
    st.apply(p, "play:steam-battery:0:steam-lantern")
    assert st.gauge(p, "steam-lantern") == 5 and st.power_of(p, "steam-lantern") == 1


def test_passive_and_modded_passive() -> None:
    st = game()
    p = me(st)
    from boardwright.titles.steamfall.choices import escort_limit
    from boardwright.titles.steamfall.turn import max_scrap

    in_play(st, p, "tool-belt")
    assert max_scrap(st, p) == 3
    in_play(st, p, "gilded-monocle")
    assert escort_limit(st, p) == 2
    st.pl[p]["play"].append("copper-cell")
    st.pl[p]["attach"]["copper-cell"] = "gilded-monocle"
    assert escort_limit(st, p) == 3


def test_destroy_goes_to_the_box_and_trash_to_the_trash() -> None:
    st = game()
    p = me(st)
    in_play(st, p, "lucky-coin")
    in_play(st, p, "spare-gears")
    scrap = st.pl[p]["res"]["scrap"]
    st.apply(p, "leave:destroy:lucky-coin")
    st.apply(p, "leave:trash:spare-gears")
    assert "lucky-coin" in st.box and "spare-gears" in st.trash
    assert st.pl[p]["diamonds"] == 1 and st.pl[p]["res"]["scrap"] == scrap + 3  # Lucky Coin: a VP diamond


def test_escort_limit_forces_a_choice() -> None:
    st = game()
    p = me(st)
    st.tok[st.pl[p]["at"]]["civilian"] = 3
    for _ in range(3):
        pool(st, p, charm=2)
        st.apply(p, "meet:charm")
    assert st.tasks[-1][0] == "escort_over"
    st.apply(p, ids(st)[0])
    assert len(st.pl[p]["civs"]) == 2


def _every_item(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [c for d in st.decks.values() for c in d] + st.trash + [c for pl in st.pl for c in pl["hand"]]


def test_cipher_cards_only_in_cipher_race() -> None:
    assert "relic-key" not in _every_item(game())
    assert "relic-key" in _every_item(game(scenario="cipher-race"))


def test_utilize_is_also_paid_on_its_own_in_every_scenario() -> None:
    """§6.7 is a core rule: a Utilize effect is an effect like any other (pay its cost for its
    gain) and also fires with another effect's spend; not only in Genesis."""
    for scenario in ("cipher-race", "incredible-invention"):
        st = game(chars=("marcus", "jb"), scenario=scenario)
        p = me(st)
        assert st.pl[p]["char"] == "marcus"
        if "marcus-cr2" not in st.pl[p]["abil"]:
            st.pl[p]["abil"].append("marcus-cr2")  # Utilize 2 charm: 1 insight
        pool(st, p, charm=2, insight=0)
        st.pl[p]["col"] = 0  # a column activated this turn: its actions are in the pool
        act = "fx:a=marcus-cr2:0:0:0:-:-"
        assert act in ids(st), scenario
        st.apply(p, act)
        assert st.pl[p]["res"]["insight"] == 1 and st.pl[p]["pool"]["charm"] == 0

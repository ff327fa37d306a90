"""The Crisis scenario (§16): setup, crisis cards, the resolution phase and its Mechanized,
encounters and support, the Core Shard, trading, the end, difficulty and solo play."""

from __future__ import annotations

import pytest

import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
from boardwright.titles.steamfall.board import build
from boardwright.titles.steamfall.scenarios.crisis import game as crisis
from boardwright.titles.steamfall.state import AUTOMATIC, SteamfallState

from .scene import game, ids, in_play, me, pool

# the 2-player (and solo) map: 0 city N, 1 ancient W, 2 central, 3 ancient E, 4 city S
WEST, CENTRE, EAST = 1, 2, 3


def crisis_game(players: int = 2, difficulty: str = "easy", **options: object) -> SteamfallState:
    chars = ("jb", "marcus", "luis", "alice")[: max(players, 2)]
    st = game(players, scenario="crisis", chars=chars, difficulty=difficulty, **options)
    return st


def clear_map(st: SteamfallState) -> None:
    """No crisis cards, civilians or Mechanized anywhere (the test places its own)."""
    for card in st.cr["cards"]:
        st.cr["out"].append(card["id"])
    st.cr["cards"] = []
    for t in st.tok:
        st.supply["civilian"] += t["civilian"] + t["mechanized"]
        t["civilian"] = t["mechanized"] = 0
    st._cache.clear()


def place(st: SteamfallState, area: int, cid: str) -> dict[str, object]:
    for lst in (st.cr["deck"], st.cr["out"]):
        if cid in lst:
            lst.remove(cid)
    card = {"area": area, "id": cid, "done": [-1, -1, -1], "cube": [False, False, False]}
    st.cr["cards"].append(card)
    st._cache.clear()
    return card


def tokens(st: SteamfallState, area: int, civilian: int = 0, mechanized: int = 0) -> None:
    t = st.tok[area]
    st.supply["civilian"] += t["civilian"] + t["mechanized"] - civilian - mechanized
    t["civilian"], t["mechanized"] = civilian, mechanized
    st._cache.clear()


def go(st: SteamfallState, p: int, area: int) -> None:
    st.pl[p]["at"] = area
    st._cache.clear()


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(("players", "serenity", "pylons"), [(1, 10, 2), (2, 10, 2), (3, 14, 3), (4, 18, 4)])
def test_setup(players: int, serenity: int, pylons: int) -> None:
    st = crisis_game(players)
    assert len(st.pl) == max(players, 2)
    assert st.cr["serenity"] == serenity
    assert len(st.cr["pylons"]) == pylons
    b = st.board
    ancient = [a for a in range(b.n_districts) if st.content.districts[b.districts[a]].type == "ancient"]
    assert sorted(st.cr["pylons"]) == ancient
    assert sorted(c["area"] for c in st.cr["cards"]) == ancient  # a crisis card on each
    assert st.cr["shard"]["holder"] == st.order[0]  # the first player holds the Core Shard
    for pl in st.pl:
        assert len(pl["abil"]) == 2 and all(a.startswith(pl["char"] + "-cx") for a in pl["abil"])
    assert len(st.cr["deck"]) + len(st.cr["cards"]) == 16
    assert len(st.cr["enc"]) == 25
    assert not any(st.event)  # no event cards


def test_promos_are_an_option() -> None:
    st = crisis_game(2, crisis_promos=True)
    assert len(st.cr["deck"]) + len(st.cr["cards"]) == 18


def test_token_drop_of_a_crisis_card() -> None:
    st = crisis_game()
    for card in st.cr["cards"]:
        drops = st.content.crises[card["id"]].drops
        t = st.tok[card["area"]]
        assert t["mechanized"] >= drops.count("mechanized")
        assert t["civilian"] >= drops.count("civilian")


def test_setup_check_refuses_meaningless_combinations() -> None:
    check = sf.SPEC.hook("setup_check")
    assert check(2, {"scenario": "incredible-invention", "difficulty": "crushing"})
    assert check(2, {"scenario": "cipher-race", "difficulty": "easy"})
    assert check(2, {"scenario": "incredible-invention", "difficulty": "normal", "crisis_promos": True})
    assert check(2, {"scenario": "crisis", "difficulty": "easy", "ii_events": True})
    assert check(1, {"scenario": "crisis", "difficulty": "easy", "solo_items": True})
    for d in crisis.DIFFICULTIES:
        assert check(1, {"scenario": "crisis", "difficulty": d}) is None
        assert check(4, {"scenario": "crisis", "difficulty": d}) is None


# ------------------------------------------------------------------ difficulty
@pytest.mark.parametrize(
    ("difficulty", "rounds"), [("easy", ()), ("normal", (3,)), ("hard", (2, 3)), ("crushing", (1, 2, 3))]
)
def test_optional_box_by_difficulty(difficulty: str, rounds: tuple[int, ...]) -> None:
    st = crisis_game(difficulty=difficulty)
    for r in (1, 2, 3):
        assert crisis.optional_active(st, r) == (r in rounds)
        st.round = r
        box = st.content.crises["excavation-collapse"].boxes[2]
        assert box.optional and crisis.counts(st, box) == (r in rounds)


# ------------------------------------------------------------------ crisis cards
def _ruins(st: SteamfallState, area: int) -> None:
    if not st.ruins[area]:
        st.ruins[area] = st.ruins_stack.pop(0)
    st.rside[area] = 0
    st._cache.clear()


@pytest.mark.parametrize("difficulty", ["easy", "crushing"])
def test_the_rulebook_crisis_two_manipulate_explore_ruins_optional(difficulty: str) -> None:
    st = crisis_game(difficulty=difficulty)
    clear_map(st)
    p = me(st)
    card = place(st, WEST, "excavation-collapse")
    go(st, p, WEST)
    _ruins(st, WEST)
    pool(st, p, manipulate=1)
    assert not [a for a in ids(st) if a.startswith("crisis:")]  # 2 manipulate needed
    pool(st, p, manipulate=4, violence=4, engineering=2, movement=2, insight=6, stamina=2)
    cubes = st.pl[p]["cubes"]
    st.apply(p, "crisis:0:0:-")
    assert card["done"][0] == p and st.pl[p]["cubes"] == cubes - 1
    explore = next(a for a in ids(st) if a.startswith("fx:r:"))
    st.apply(p, explore)  # exploring the ruins here covers the second box
    assert card["done"][1] == p or card not in st.cr["cards"]
    if difficulty == "easy":
        assert card not in st.cr["cards"]  # resolved: the optional box does not count
        assert st.tasks[-1][0] == "cr_reward"
    else:
        assert card in st.cr["cards"] and "crisis:2:0:-" in ids(st)
        st.apply(p, "crisis:2:0:-")
        assert card not in st.cr["cards"]
    assert st.pl[p]["cubes"] == cubes  # the cubes come back with the card
    # the reward (1 VP, 2 insight) is split freely, even to a character elsewhere
    other = 1 - p
    vp, ins = st.pl[other]["res"]["vp"], st.pl[other]["res"]["insight"]
    while st.tasks[-1][0] == "cr_reward":
        st.apply(p, f"split:{other}")
    assert st.pl[other]["res"]["vp"] == vp + 1 and st.pl[other]["res"]["insight"] == ins + 2


def test_challenge_paid_only_in_the_cards_district() -> None:
    st = crisis_game()
    clear_map(st)
    p = me(st)
    place(st, WEST, "street-riot")
    pool(st, p, violence=2, charm=2)
    go(st, p, EAST)
    assert not [a for a in ids(st) if a.startswith("crisis:")]
    go(st, p, WEST)
    assert {"crisis:0:0:-", "crisis:1:0:-"} <= set(ids(st))


def test_core_shard_requirement_needs_the_holder_there() -> None:
    st = crisis_game()
    clear_map(st)
    p = me(st)
    q = 1 - p
    place(st, WEST, "pylon-surge")
    st.cr["shard"]["holder"] = q
    go(st, p, WEST)
    go(st, q, CENTRE)
    pool(st, p, insight=5)
    assert "crisis:0:0:-" not in ids(st)
    go(st, q, WEST)
    assert "crisis:0:0:-" in ids(st)


@pytest.mark.parametrize("difficulty", ["easy", "crushing"])
def test_clear_all_is_completed_from_anywhere_by_the_active_player(difficulty: str) -> None:
    """Rogue Automaton's 'clear all Mechanized' is its optional box (stand-in): covered from
    anywhere by whoever's turn it is, but only when the difficulty makes it count."""
    st = crisis_game(difficulty=difficulty)
    clear_map(st)
    p = me(st)
    card = place(st, WEST, "rogue-automaton")
    assert st.content.crises["rogue-automaton"].boxes[2].kind == "clear"
    tokens(st, WEST, mechanized=1)
    go(st, p, EAST)
    pool(st, p, charm=1)
    crisis.check_clear(st, p)
    assert card["done"][2] == -1
    tokens(st, WEST, mechanized=0)  # the last Mechanized leaves (e.g. moved by another effect)
    st.apply(p, "support:charm")  # any action: the box is marked by whoever's turn it is
    assert card["done"][2] == (p if difficulty == "crushing" else -1)


# ------------------------------------------------------------------ resolution phase
def _resolve(st: SteamfallState) -> None:
    """Run the resolution phase on top of the current turn; stop before the next round (or
    at a decision of the players, with the next round taken off the stack)."""
    st.tasks.append(["cr_resolution"])
    while st.tasks and not st.over:
        top = st.tasks[-1]
        if top[0] == "cr_after":
            st.tasks.pop()
            break
        if top[0] not in AUTOMATIC:
            st.tasks = [t for t in st.tasks if t[0] != "cr_after"]
            break
        st.tasks.pop()
        AUTOMATIC[top[0]](st, top)
    st._cache.clear()


def test_serenity_lost_per_uncovered_box_then_kill_penalty() -> None:
    st = crisis_game(difficulty="easy")
    clear_map(st)
    p = me(st)
    card = place(st, WEST, "excavation-collapse")  # boxes 1 + 1 (+ optional 1), kill 1
    tokens(st, WEST, civilian=2)
    card["done"][0] = p
    before = st.cr["serenity"]
    _resolve(st)
    # one uncovered mandatory box (1), the optional does not count on easy; a civilian killed (1)
    assert st.cr["serenity"] == before - 2
    assert st.tok[WEST]["civilian"] == 1 and not st.cr["cards"]


def test_optional_box_costs_serenity_when_active() -> None:
    st = crisis_game(difficulty="crushing")
    clear_map(st)
    place(st, WEST, "excavation-collapse")
    before = st.cr["serenity"]
    _resolve(st)
    assert st.cr["serenity"] == before - 3  # two mandatory and the active optional; nobody to kill


def test_turn_penalty_flips_civilians_to_mechanized() -> None:
    st = crisis_game()
    clear_map(st)
    p = me(st)
    card = place(st, WEST, "conversion-chamber")
    pen = st.content.crises["conversion-chamber"].penalty
    assert pen.kind == "turn" and pen.n == 1  # stand-in: turn 1
    card["done"] = [p, p, -1]
    tokens(st, WEST, civilian=3)
    st.tok[WEST]["mechanized"] = 0
    before, supply = st.cr["serenity"], st.supply["civilian"]
    st.cr["pending"] = []
    crisis._penalty(st, card)
    assert st.tok[WEST]["civilian"] == 2 and st.tok[WEST]["mechanized"] == 1
    assert st.cr["serenity"] == before - 1 and st.supply["civilian"] == supply


def test_mechanized_in_the_centre_is_removed_for_one_serenity() -> None:
    st = crisis_game()
    clear_map(st)
    tokens(st, CENTRE, civilian=2, mechanized=1)
    before = st.cr["serenity"]
    _resolve(st)
    assert st.tok[CENTRE]["mechanized"] == 0 and st.tok[CENTRE]["civilian"] == 2
    assert st.cr["serenity"] == before - 1


def _four_player_corner(st: SteamfallState, right: int, down: int) -> None:
    """4-player map, pathways chosen: from the corner (area 0) to the right (area 1) the two
    fields hold 1 + `right - 1` triangles, down (area 3) 1 + `down - 1`."""
    names = list(st.board.districts)
    paths = [[1, 1, 1, 1] for _ in names]
    paths[1][3] = right - 1  # area 1's west field
    paths[3][0] = down - 1  # area 3's north field
    for p in paths:
        for s in range(4):
            p[s] = max(1, p[s])
    st.board = build(names, list(st.board.cells), paths)
    st._cache.clear()


def test_mechanized_movement_example() -> None:
    """Two Mechanized and three civilians in a corner district; the first goes where there
    are more civilians, the second (both sides now 1 civilian) takes the 3-triangle path
    rather than the 4-triangle one; every attack costs 1 serenity."""
    st = crisis_game(4)
    clear_map(st)
    _four_player_corner(st, right=3, down=4)
    assert crisis.triangles(st, 0, 1) == 3 and crisis.triangles(st, 0, 3) == 4
    tokens(st, 0, civilian=3, mechanized=2)
    tokens(st, 3, civilian=2)
    tokens(st, 1, civilian=1)
    before = st.cr["serenity"]
    _resolve(st)
    assert st.cr["serenity"] == before - 4
    assert (st.tok[0]["civilian"], st.tok[0]["mechanized"]) == (1, 0)
    assert (st.tok[3]["civilian"], st.tok[3]["mechanized"]) == (1, 1)
    assert (st.tok[1]["civilian"], st.tok[1]["mechanized"]) == (0, 1)


def test_move_priorities_closer_first_then_civilians_then_triangles() -> None:
    st = crisis_game(4)
    clear_map(st)
    _four_player_corner(st, right=2, down=5)
    tokens(st, 3, civilian=1)  # more civilians down beats fewer triangles right
    assert crisis.move_choices(st, 0) == [3]
    tokens(st, 3, civilian=0)
    assert crisis.move_choices(st, 0) == [1]  # tied on civilians: fewer triangles
    # from a city district next to the centre only the centre is closer
    assert crisis.move_choices(st, 1) == [4]


def test_a_remaining_tie_is_the_players_decision() -> None:
    st = crisis_game(4)
    clear_map(st)
    _four_player_corner(st, right=3, down=3)
    tokens(st, 0, mechanized=1)
    _resolve(st)
    assert st.tasks[-1][0] == "cr_tie"
    first = st.order[0]
    assert st.to_act == (first,)
    assert sorted(ids(st)) == ["mechto:1", "mechto:3"]
    st.apply(first, "mechto:3")
    assert st.tok[3]["mechanized"] == 1 and st.tok[0]["mechanized"] == 0


def test_activation_order_is_chosen_by_the_players() -> None:
    st = crisis_game(4)
    clear_map(st)
    tokens(st, 0, mechanized=1)
    tokens(st, 8, mechanized=1)
    _resolve(st)
    assert st.tasks[-1][0] == "cr_order" and sorted(ids(st)) == ["mech:0", "mech:8"]


def test_serenity_never_above_twenty_and_zero_loses_at_once() -> None:
    st = crisis_game(4)
    crisis.add_serenity(st, 5, "test")
    assert st.cr["serenity"] == 20
    clear_map(st)
    st.cr["serenity"] = 1
    tokens(st, 0, civilian=2, mechanized=1)
    _resolve(st)
    assert st.over and st.outcome()["won"] is False and "serenity" in st.outcome()["reason"]
    assert st.cr["serenity"] == 0 and st.tok[0]["civilian"] == 1  # stopped at the first attack


# ------------------------------------------------------------------ encounters and support
def _encounter_setup(st: SteamfallState, p: int, top: str, support: str) -> None:
    clear_map(st)
    go(st, p, WEST)
    tokens(st, WEST, civilian=1)
    deck = st.cr["enc"]
    deck.remove(top)
    deck.remove(support)
    deck += [support, top]  # drawn from the end: the encounter card, then the support card
    st._cache.clear()


def test_encounter_example_with_support() -> None:
    st = crisis_game()
    p = me(st)
    _encounter_setup(st, p, "enc-01", "enc-06")
    pool(st, p, charm=2, violence=2)
    assert "meet:violence" not in ids(st) and "meet:charm" not in ids(st)  # no 2-violence civilians
    st.apply(p, "enc:civilian")
    assert st.cr["now"]["cards"] == ["enc-01"]
    ins = st.pl[p]["res"]["insight"]
    st.apply(p, "enc:opt:0:0")  # the civilian half: 1 success and 1 insight
    assert st.cr["now"]["succ"] == 1 and st.pl[p]["res"]["insight"] == ins + 1
    assert "enc:win" not in ids(st)
    st.cr["support"].append(WEST)  # a support stamina token placed earlier in this area
    st._cache.clear()
    st.apply(p, "enc:support")
    assert st.cr["now"]["sup"] == ["enc-06"] and WEST not in st.cr["support"]
    st.apply(p, "enc:sup:0:0")  # the cross: discard the support card for 1 success
    assert st.cr["now"]["succ"] == 2 and st.cr["now"]["sup"] == []
    civs = len(st.pl[p]["civs"])
    st.apply(p, "enc:win")
    assert st.tok[WEST]["civilian"] == 0 and len(st.pl[p]["civs"]) == civs + 1
    assert "support:charm" not in ids(st)  # no new support token after one was spent this turn


def test_elegance_gear_bonus() -> None:
    st = crisis_game()
    p = me(st)
    _encounter_setup(st, p, "enc-01", "enc-06")
    in_play(st, p, "velvet-cane")
    pool(st, p, charm=2)
    st.apply(p, "enc:civilian")
    st.apply(p, "enc:opt:0:0")
    assert st.cr["now"]["succ"] == 2  # 1 success + 1 with Elegance
    assert "enc:win" in ids(st)


def test_mid_encounter_limits() -> None:
    st = crisis_game()
    p = me(st)
    _encounter_setup(st, p, "enc-01", "enc-06")
    tokens(st, WEST, civilian=1, mechanized=1)
    pool(st, p, charm=6, violence=2, movement=5)
    st.apply(p, "enc:civilian")
    acts = ids(st)
    assert not [a for a in acts if a.startswith("move:")]  # no moving mid-encounter
    assert "enc:mechanized" not in acts and "enc:civilian" not in acts  # no second encounter
    assert "enc:more" in acts
    st.apply(p, "enc:more")
    assert len(st.cr["now"]["cards"]) == 2
    st.apply(p, "enc:opt:0:0")
    assert "enc:more" not in ids(st)  # drawing stops once a card is used
    assert not [a for a in ids(st) if a.startswith("enc:opt:0:")]  # one option per card
    st.apply(p, "enc:end")
    assert st.cr["now"] is None and [a for a in ids(st) if a.startswith("move:")]


def test_mechanized_encounter_uses_the_top_half_and_violence() -> None:
    st = crisis_game()
    p = me(st)
    _encounter_setup(st, p, "enc-03", "enc-06")
    tokens(st, WEST, mechanized=1)
    pool(st, p, charm=2, violence=1)
    assert "enc:mechanized" not in ids(st)
    pool(st, p, violence=2)
    st.apply(p, "enc:mechanized")
    st.apply(p, "enc:opt:0:0")  # enc-03's Mechanized half: 2 successes
    assert st.cr["now"]["succ"] == 2
    st.apply(p, "enc:win")
    assert st.tok[WEST]["mechanized"] == 0


def test_moving_a_token_to_an_adjacent_area_even_a_secret_location() -> None:
    st = crisis_game()
    p = me(st)
    _encounter_setup(st, p, "enc-01", "enc-06")
    pool(st, p, charm=2)
    st.apply(p, "enc:civilian")
    st.apply(p, "enc:opt:0:1")  # move a civilian
    assert st.tasks[-1][0] == "cr_shift"
    slot = next(a for a in st.board.neighbours(WEST) if st.board.is_slot(a))
    assert f"shift:{slot}" in ids(st) and "shift:none" in ids(st)
    st.apply(p, f"shift:{slot}")
    assert st.tok[slot]["civilian"] == 1 and st.tok[WEST]["civilian"] == 0


def test_support_token_one_per_area() -> None:
    st = crisis_game()
    p = me(st)
    clear_map(st)
    pool(st, p, charm=2, violence=1)
    st.apply(p, "support:violence")
    assert st.cr["support"] == [st.pl[p]["at"]]
    assert "support:charm" not in ids(st)


# ------------------------------------------------------------------ Core Shard, pylons, trading
def test_core_shard_charge_and_destroy() -> None:
    st = crisis_game()
    p = me(st)
    st.cr["shard"]["holder"] = p
    sh = st.content.shard
    assert sh is not None
    go(st, p, WEST)
    pool(st, p, insight=3 * sh.destroy, vp=0)
    assert "shard:destroy" not in ids(st)
    for _ in range(sh.destroy):
        st.apply(p, "shard:charge:0")
    assert st.cr["shard"]["power"] == sh.destroy
    st.apply(p, "shard:destroy")
    assert WEST not in st.cr["pylons"] and st.cr["shard"]["power"] == 0


def test_core_shard_never_takes_power_from_other_effects() -> None:
    st = crisis_game()
    p = me(st)
    st.cr["shard"]["holder"] = p
    assert not st.power_targets(p) or all(i in st.content.items for i in st.power_targets(p))
    crisis.add_shard_power(st, 1)  # an effect naming the Core Shard
    assert st.cr["shard"]["power"] == 1


def test_trading_the_core_shard_with_anyone_in_the_area() -> None:
    st = crisis_game()
    p = me(st)
    q = 1 - p
    st.cr["shard"]["holder"] = p
    go(st, q, st.pl[p]["at"])
    st.apply(p, f"trade:{q}")
    st.apply(p, "offer:give:shard")
    st.apply(p, "propose")
    st.apply(q, "accept")
    assert st.cr["shard"]["holder"] == q
    # the trade is logged under Crisis trading, not Incredible Invention's
    rules = {e.rule for e in st.log if "trade" in e.text}
    assert rules and all(r.startswith("§16.10") for r in rules), rules


# ------------------------------------------------------------------ the end
def _final(st: SteamfallState) -> None:
    st.round = 3
    st.tasks.append(["cr_after"])
    st.run()


def test_victory_needs_every_pylon_and_serenity() -> None:
    st = crisis_game()
    clear_map(st)
    st.cr["pylons"] = []
    tokens(st, CENTRE, mechanized=2)
    st.cr["serenity"] = 3
    _final(st)
    assert st.outcome()["won"] is True and st.cr["serenity"] == 1  # -1 per Mechanized in the centre


def test_loss_with_a_pylon_standing() -> None:
    st = crisis_game()
    clear_map(st)
    st.cr["pylons"] = [WEST]
    _final(st)
    assert st.outcome()["won"] is False and "pylon" in st.outcome()["reason"]


def test_loss_when_the_centre_mechanized_take_the_last_serenity() -> None:
    st = crisis_game()
    clear_map(st)
    st.cr["pylons"] = []
    st.cr["serenity"] = 2
    tokens(st, CENTRE, mechanized=2)
    _final(st)
    assert st.outcome()["won"] is False and st.cr["serenity"] == 0


# ------------------------------------------------------------------ solo
def test_solo_one_seat_two_characters() -> None:
    st = sf.SPEC.new_game(1, seed=3, options={"scenario": "crisis", "difficulty": "normal"})
    assert isinstance(st, SteamfallState)
    assert len(st.pl) == 2 and st.players == 1
    assert {pl["char"] for pl in st.pl} and all(pl["char"] for pl in st.pl)
    assert st.cr["serenity"] == 10 and len(st.cr["pylons"]) == 2
    seen = set()
    rng = Rng(4)
    while st.round <= 1 and not st.over:
        assert st.to_act == (0,)
        d = st.decision(0)
        assert d is not None and d.seat == 0
        if st.tasks[-1][0] == "turn":
            seen.add(st.tasks[-1][1])
            assert d.prompt.startswith(st.content.characters[st.pl[st.tasks[-1][1]]["char"]].name)
        acts = st.legal_actions(0)
        st.apply(0, acts[rng.below(len(acts))].id)
    assert seen == {0, 1}  # both characters took turns, both from seat 0
    view = st.view(0)
    assert "hand" in view["players"][0] and "hand" in view["players"][1]  # the seat sees both hands


# ------------------------------------------------------------------ random playouts
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", crisis.DIFFICULTIES)
def test_random_playouts_terminate(players: int, difficulty: str) -> None:
    for seed in (1, 2):
        st = sf.SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
        start = st.components()
        rng = Rng(seed)
        n = 0
        while not st.over:
            seat = st.to_act[0]
            acts = st.legal_actions(seat)
            st.apply(seat, acts[rng.below(len(acts))].id)
            n += 1
            assert n < 5000
        assert st.components() == start
        out = st.outcome()
        assert out["kind"] == "cooperative" and out["won"] in (True, False)

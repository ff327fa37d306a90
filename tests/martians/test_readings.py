"""Rules where a "may", a free step "at any time" or a secret had been played more narrowly
than the rulebook prints it (§4.1, §5.6-§5.7, §7.2, §8, §11.3, §11.5)."""

from __future__ import annotations

from boardwright.titles.martians.glossary import name_of
from boardwright.titles.martians.state import MartiansState

from .scene import new


def _drafted(players: int, seed: int = 3) -> MartiansState:
    s = new(players, seed=seed, mode="competitive", collectors_edition=True)
    while s.tasks and s.tasks[-1][0] == "goal_keep":
        for seat in s.to_act:
            s.apply(seat, s.legal_actions(seat)[0].id)
    return s


def test_running_score_counts_only_ones_own_hidden_goals() -> None:
    s = _drafted(2)
    s.goals = [["banker", "technocrat"], ["no_losses", "banker"]]  # seat 1's no_losses is met now
    seen_by_0, seen_by_1, truth = s.outcome(0), s.outcome(1), s.outcome()
    assert truth["breakdown"][1]["hidden_goals"] == 3
    assert "hidden_goals" not in seen_by_0["breakdown"][1]  # secret until the end (§11.5)
    assert seen_by_0["scores"][1] == truth["scores"][1] - 3
    assert seen_by_1["scores"] == truth["scores"]  # its own goal: it knows
    s.finished = True
    assert s.outcome(0) == s.outcome(1) == s.outcome()  # the final count shows everything


def test_terminal_score_line_shows_the_seats_own_view() -> None:
    import io

    from rich.console import Console

    from boardwright.cli.play import Session

    s = _drafted(2)
    s.goals = [["banker", "technocrat"], ["no_losses", "banker"]]
    buf = io.StringIO()
    Session(state=s, human=0, bots={}, console=Console(file=buf, width=100), save=None).score_line()
    mine = s.outcome(0)["scores"]
    assert mine != s.outcome()["scores"]
    assert buf.getvalue().split() == ["Score:", "you", str(mine[0]), "·", "seat", "1", str(mine[1])]


def _in_construction(players: int = 2) -> tuple[MartiansState, int]:
    from .scene import do, setres, to_turn

    s = new(players, seed=2, mode="coop")
    corp = to_turn(s)
    s.reputation[0] = 0
    setres(s, 0, energy=1, regolith=2, supplies=2, credits=4)
    field = next(f for f, o in enumerate(s.fields["construction"]) if o == -1) + 1
    do(s, f"place:construction:{field}")
    return s, corp


def test_free_steps_are_offered_between_two_actions_in_one_building() -> None:
    """RTG, regaining penalty markers and experts are not actions and may be done at any
    time in one's turn (§5.6, §5.7, §7.2): also between two actions with one marker."""
    from .scene import do, ids

    s, corp = _in_construction()
    s.apartments[2].append(corp)
    s.hand[corp] -= 1
    s.infirmary[3].append(corp)
    s.hand[corp] -= 1
    upgrade = next(a for a in ids(s) if a.startswith("upgrade:"))
    assert "rtg" not in ids(s)  # before the first action: the turn offered them before placing
    do(s, upgrade)  # +3 reputation, the last energy spent
    here = ids(s)
    assert {"rtg", "apartments", "infirmary", "leave"} <= set(here)
    assert not any(a.startswith(("build:", "install:")) for a in here)  # no energy left
    do(s, "rtg")  # 1 energy for 1 reputation, still inside the building
    assert s.tasks[-1][0] == "building" and "rtg" not in ids(s)
    assert any(a.startswith(("build:", "install:")) for a in ids(s))  # a second action now
    hand = s.hand[corp]
    do(s, "apartments")
    assert s.hand[corp] == hand + 1 and s.tasks[-1][0] == "building"
    assert "apartments" not in ids(s)  # none left there
    s.turn["time"] = 0
    s._cache.clear()
    assert "infirmary" not in ids(s) and "leave" in ids(s)  # only when it can be carried out


def test_an_expert_works_between_two_actions_in_one_building() -> None:
    from .scene import do, ids

    s, corp = _in_construction()
    s.experts[corp] = [["power_plant_manager", 1]]
    do(s, next(a for a in ids(s) if a.startswith("upgrade:")))
    assert "expert:0" not in ids(s)  # it needs 2 energy
    s.res[0][2] += 2
    s.supply["energy"] -= 2
    s._cache.clear()
    assert "expert:0" in ids(s)
    do(s, "expert:0")
    assert s.tasks[-1][0] == "building" and "expert:0" not in ids(s)  # once per turn


def _semi_coop_all_met(players: int = 3) -> MartiansState:
    from boardwright.titles.martians.setup import scenario_requirements

    from .scene import clear_quarters, to_turn

    s = new(players, seed=4, mode="semi-coop")
    to_turn(s)
    s.requirements_done = [[r.id, 0] for r in scenario_requirements(s)]
    clear_quarters(s)
    s.turn, s.round, s.birth_q = {}, 0, 0
    s.tasks = [["cycle_end"], ["growth"]]  # the quarters summary of cycle 1 is done
    s._cache.clear()
    s.run()
    return s


def test_semi_coop_early_end_is_the_players_choice() -> None:
    """Ending early is possible, not automatic (§11.3): every player in turn order is asked,
    and the game ends only if all of them want to."""
    s = _semi_coop_all_met()
    assert not s.over and s.cycle == 1
    order = s.order()
    asked = []
    while not s.over and s.tasks and s.tasks[-1][0] == "early_end":
        seat = s.to_act[0]
        dec = s.decision(seat)
        assert dec is not None and {a.id for a in dec.actions} == {"end-game", "play-on"}
        asked.append(seat)
        s.apply(seat, "end-game")
    assert asked == order and s.over and s.outcome()["goal_met"] is True


def test_semi_coop_one_player_may_play_on() -> None:
    s = _semi_coop_all_met()
    first = s.to_act[0]
    s.apply(first, "end-game")
    s.apply(s.to_act[0], "play-on")
    assert not s.over and s.cycle == 2  # the next cycle begins; nobody else is asked
    assert all(t[0] != "early_end" for t in s.tasks)


def test_weather_report_may_look_as_soon_as_it_is_developed() -> None:
    """The technology lets its owner look at the top weather card (§8), not only from its
    next turn: once developed, and again as soon as the weather changes."""

    from .scene import do, setres, to_turn

    s = new(2, seed=1, mode="competitive")
    corp = to_turn(s)
    seat = s.seat_of(corp)
    if "laboratory" in s.unbuilt:
        s.unbuilt.remove("laboratory")
    setres(s, corp, energy=2)
    do(s, "place:laboratory:1", "tech:weather_report")
    top = s.weather_deck[-1].split("#")[0]
    assert s.view(seat)["weather"]["top_seen"] == top  # in the same turn
    assert s.view(1 - seat)["weather"]["top_seen"] is None
    named = name_of(top)  # the log names the card in words
    assert any(e.text.endswith(f"looks at the top weather card: {named}") and e.visible_to == (seat,)
               for e in s.log)
    for k in range(3):
        other = s.determinize(seat, k)
        assert isinstance(other, MartiansState) and other.weather_deck[-1] == s.weather_deck[-1]

"""Genesis (§17): the Journal phase, objectives, failure, abilities and the scenario's flow."""

from __future__ import annotations

from typing import Any

import pytest

import boardwright as bw
import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
from boardwright.titles.steamfall.scenarios.genesis import journal
from boardwright.titles.steamfall.state import SteamfallState


def to_journal(players: int = 3, seed: int = 1, chars: tuple[str, ...] = ()) -> SteamfallState:
    """A Genesis game stopped at the first Journal phase's secret chapter choice."""
    options: dict[str, Any] = {"scenario": "genesis"}
    if chars:
        options["characters"] = "choose"
    st = sf.SPEC.new_game(players, seed=seed, options=options)
    assert isinstance(st, SteamfallState)
    k = 0
    while st.tasks[-1][0] != "chapter_pick":
        seat = st.to_act[0]
        if st.tasks[-1][0] == "char_pick":
            st.apply(seat, f"char:{chars[k]}")
            k += 1
        else:
            st.apply(seat, st.legal_actions(seat)[0].id)
    return st


def test_genesis_is_offered_for_two_to_four_players() -> None:
    for n in (2, 3, 4):
        st = sf.SPEC.new_game(n, seed=3, options={"scenario": "genesis"})
        assert st.outcome()["kind"] == "competitive"


def test_journal_phase_is_secret_and_simultaneous() -> None:
    st = to_journal(3)
    assert sorted(st.to_act) == [0, 1, 2]
    d = st.decision(0)
    assert d is not None and d.simultaneous and d.secret
    assert sorted(a.id for a in d.actions) == ["chapter:1A", "chapter:1B"]
    st.apply(1, "chapter:1B")
    assert sorted(st.to_act) == [0, 2]
    # seat 1's choice is hidden from the others and from spectators, known to seat 1
    assert "pick" not in st.view(0)["genesis"]["journals"][1]
    assert st.view(0)["genesis"]["journals"][1]["chosen"] is True
    assert st.view(1)["genesis"]["journals"][1]["pick"] == "1B"
    assert "pick" not in st.view(None)["genesis"]["journals"][1]
    assert "chooses chapter 1B" not in str(st.view(0)) and "chooses chapter 1B" in str(st.view(1))
    st.apply(0, "chapter:1A")
    assert st.gn["j"][1]["ch"] == "0"  # nothing revealed before everyone has chosen
    st.apply(2, "chapter:1A")
    chosen = [j["ch"] for j in st.gn["j"]]
    assert chosen == ["1A", "1B", "1A"]
    assert st.gn["j"][1]["out"] == ["1A"] and st.gn["j"][1]["kept"] == ["0", "1B"]


def test_a_second_choice_by_the_same_seat_is_refused() -> None:
    st = to_journal(2)
    st.apply(0, "chapter:1A")
    with pytest.raises(bw.IllegalAction):
        st.apply(0, "chapter:1B")


def test_random_genesis_games_end_after_four_rounds() -> None:
    for n in (2, 3, 4):
        st = sf.SPEC.new_game(n, seed=n, options={"scenario": "genesis"})
        start = st.components()
        rng = Rng(n)
        while not st.over:
            s = st.to_act[rng.below(len(st.to_act))]
            acts = st.legal_actions(s)
            st.apply(s, acts[rng.below(len(acts))])
            assert st.components() == start
        assert isinstance(st, SteamfallState) and st.round == 4
        assert "scoring_events" in st.outcome()["breakdown"][0]


def test_failed_objective_gives_chapter_f_and_discards_the_journal() -> None:
    st = to_journal(2)
    st.apply(0, "chapter:1A")
    st.apply(1, "chapter:1A")
    j = st.gn["j"][0]
    assert j["ch"] == "1A" and not j["done"]
    journal.open_phase(st, 2)  # the next Journal phase: the objective was not met
    assert j["ch"] == "F" and j["story"] == "over" and j["deck"] == []
    assert sorted(j["out"]) == sorted(["1B", "2A", "2B", "3A", "3B", "4A", "4B"])
    assert journal.open_phase(st, 3) in (False, True) and j["offer"] == []


def test_terminal_and_board_show_journals_and_events() -> None:
    from rich.console import Console

    from boardwright.titles.steamfall.layout import board_data
    from boardwright.titles.steamfall.terminal import render

    st = to_journal(3)
    st.apply(0, "chapter:1B")
    console = Console(width=100, record=True)
    render(console, st.view(0), 0)
    out = console.export_text()
    assert "Genesis" in out.splitlines()[0]
    assert "your choice: 1B" in out and "choosing 1A or 1B" in out
    data = board_data(3, {"scenario": "genesis"})
    assert data["events"]["steam-funnel"]["scoring"] == "steam"
    assert data["events"]["marcus-lab"]["permanent"] is True
    assert set(data["genesis"]["journals"]) == set(st.content.characters)
    jid = st.content.journals["jb"].id
    assert data["abilities"][f"{jid}-1B"]["name"]


def test_pettingzoo_plays_genesis_with_the_secret_choice_in_one_step() -> None:
    import numpy as np

    from boardwright import rl

    env = rl.parallel_env("steamfall", players=3, options={"scenario": "genesis"}, seed=2)
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    together = 0
    while env.agents:
        assert env.game_state is not None
        together = max(together, len(env.game_state.to_act))
        actions = {
            a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if obs[a]["action_mask"].any() else 0
            for a in env.agents
        }
        obs, _rewards, term, _trunc, _infos = env.step(actions)
    assert together == 3  # the Journal phase: every seat chooses its chapter in one step
    assert all(term.values())


def test_openspiel_random_sim_of_genesis() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    game = pyspiel.load_game(
        openspiel.register("steamfall"), {"players": 2, "seeds": 4, "scenario": "genesis"}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_observation_has_the_genesis_block() -> None:
    from boardwright.titles.steamfall import rl
    from boardwright.titles.steamfall.scenarios.genesis import rl as genesis_rl

    st = to_journal(3)
    st.apply(0, "chapter:1B")
    names = [n for n, _ in rl.fields()]
    start = sum(n for _, n in rl.fields()[: names.index("Genesis (see the Genesis block)")])
    v = rl.encode_view(st.view(0))
    block = v[start : start + genesis_rl.size()]
    assert block[0] == 1.0  # Genesis
    pick = 4 + len(genesis_rl.SCORING) * (1 + genesis_rl.MAX_SEATS)
    assert block[pick + 1] == 1.0 and block[pick] == 0.0  # the observer's own secret choice: B
    other = rl.encode_view(st.view(1))[start : start + genesis_rl.size()]
    assert other[pick] == other[pick + 1] == 0.0  # seat 0's choice is not in seat 1's view


def test_start_hint_names_the_district_not_the_event_of_the_same_name() -> None:
    """The district Excavation Site and the Genesis event Excavation Site are two components:
    the terminal's hint for "start in Excavation Site" is the district's."""
    from boardwright.cli import lookup
    from boardwright.titles.steamfall.glossary import entries
    from boardwright.titles.steamfall.scenarios.genesis import game as genesis

    from .scene import put_district

    st = to_journal(4, chars=("possessed", "jb", "marcus", "luis"))
    b = st.board
    ancient = [a for a in range(b.n_districts) if st.content.districts[b.districts[a]].type == "ancient"]
    put_district(st, ancient[0], "excavation-site")
    p = next(p for p, pl in enumerate(st.pl) if pl["char"] == "possessed")  # starts in an ancient one
    d = genesis.start_decision(st, ["gn_start", p], p)
    act = next(a for a in d.actions if "Excavation Site" in a.label)
    glossary = entries(4, {"scenario": "genesis"})
    name, text = lookup.referenced(glossary, [act])[0]
    assert name == "Excavation Site" and text.startswith("ancient district")
    assert glossary["excavation-site"][1].startswith("ancient district")
    assert "Genesis event" in glossary["excavation-site-event"][1]


def test_journal_panel_shows_what_the_objective_still_needs() -> None:
    """The panel's progress is the objective's goals (reached of needed), not every game
    event counted since the chapter was chosen."""
    from rich.console import Console

    from boardwright.titles.steamfall.terminal import render

    st = to_journal(2, chars=("jb", "marcus"))
    p = next(p for p, pl in enumerate(st.pl) if pl["char"] == "jb")
    st.apply(st.seat_of(p), "chapter:1A")  # enter a district 2 times
    other = 1 - p
    st.apply(st.seat_of(other), st.legal_actions(st.seat_of(other))[0].id)
    j = st.gn["j"][p]
    assert j["ch"] == "1A"
    j["count"] = {"enter_district": 1, "spend_violence": 4, "pick_up": 2}
    st._cache.clear()
    view = st.view(p)
    assert view["genesis"]["journals"][p]["progress"] == [{"what": "enter district", "have": 1, "need": 2}]
    console = Console(width=120, record=True)
    render(console, view, p)
    out = console.export_text()
    assert "so far 1/2 enter district" in out and "spend violence" not in out and "pick up" not in out
    j["count"]["enter_district"] = 3
    journal.check(st, p)
    st._cache.clear()
    assert j["done"] and st.view(p)["genesis"]["journals"][p]["progress"] == []  # nothing left to do

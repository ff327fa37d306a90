"""Genesis solo through the public contract: the opponent option, the round's order, the
solo losses in real play, the view and the outcome (rules.md §18)."""

from __future__ import annotations

import json

import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.steamfall.scenarios.genesis.ai import sheets as gai

from . import scene

SPEC = bw.game("steamfall")
OPPONENTS = ("jb", "marcus", "possessed", "luis", "alice", "lucius", "stefan")


@pytest.mark.parametrize(
    ("players", "options", "needle"),
    [
        (1, {"scenario": "genesis"}, "needs an AI opponent"),
        (2, {"scenario": "genesis", "opponent": "jb"}, "only solo Genesis"),
        (1, {"scenario": "incredible-invention", "opponent": "jb"}, "only solo Genesis"),
        (1, {"scenario": "genesis", "opponent": "gorilla"}, "opponent"),
    ],
)
def test_opponent_setup_errors(players: int, options: dict[str, str], needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        SPEC.new_game(players, seed=1, options=options)


@pytest.mark.parametrize("opp", OPPONENTS)
def test_the_player_never_plays_the_opponent(opp: str) -> None:
    for seed in range(6):
        st = SPEC.new_game(1, seed=seed, options={"scenario": "genesis", "opponent": opp})
        assert st.pl[0]["char"] != opp
    st = SPEC.new_game(1, seed=1, options={"scenario": "genesis", "opponent": opp, "characters": "choose"})
    assert f"char:{opp}" not in [a.id for a in st.legal_actions(0)]


def test_solo_uses_the_two_player_map_and_the_solo_kind() -> None:
    st = SPEC.new_game(1, seed=1, options={"scenario": "genesis", "opponent": "luis"})
    assert st.board.n_districts == 5
    assert (
        SPEC.kind_of_outcome(1, {**SPEC.default_options(1), "scenario": "genesis", "opponent": "luis"})
        == "solo"
    )


def test_ai_journal_line_runs_before_the_players_chapter_choice() -> None:
    st = SPEC.new_game(1, seed=3, options={"scenario": "genesis", "opponent": "marcus"})
    while st.tasks[-1][0] != "chapter_pick":
        st.apply(0, st.legal_actions(0)[0].id)
    texts = [e.text for e in st.log]
    assert any("Journal phase, round 1" in t for t in texts)
    assert st.ai["pool"]["vp"] == 4


def test_ai_acts_at_start_after_each_turn_and_at_end() -> None:
    st = scene.game(players=1, scenario="genesis", chars=("luis",), opponent="marcus")
    texts = [e.text for e in st.log]
    i_events = max(i for i, t in enumerate(texts) if t.startswith("event "))
    i_roll = next(i for i, t in enumerate(texts) if "rolls the d20" in t)
    assert i_roll > i_events  # after the events are placed (§18.5)
    assert [t[0] for t in st.tasks[-3:]] == ["turns", "ai_turn", "turn"]


def test_every_roll_is_in_the_view() -> None:
    st = scene.game(players=1, scenario="genesis", chars=("luis",), opponent="stefan")
    v = st.view(0)
    assert v["ai"]["rolls"] and v["ai"]["rolls"][0]["round"] == 1
    assert v["ai"]["name"] == "Stefan" and len(v["ai"]["sheet"]["random"]) == 3
    assert st.view(None)["ai"] == v["ai"]
    json.dumps(v)


def _play_until(st: bw.GameState, seed: int, stop: int = 5000) -> None:
    rng = Rng(seed)
    n = 0
    while not st.over and n < stop:
        acts = st.legal_actions(st.to_act[0])
        st.apply(st.to_act[0], acts[rng.below(len(acts))].id)
        n += 1


def test_jb_hunt_ends_the_game_in_play() -> None:
    st = SPEC.new_game(1, seed=1, options={"scenario": "genesis", "opponent": "jb"})
    _play_until(st, 1)
    out = st.outcome()
    assert st.over and out["kind"] == "solo" and out["won"] is False and "captured" in out["reason"]
    assert st.round == 1  # random play leaves no clue behind at the end of round 1


def test_stefan_explosion_with_the_player_in_the_district_ends_the_game() -> None:
    st = scene.game(players=1, scenario="genesis", chars=("luis",), opponent="stefan")
    dest = gai.event_area(st, "Destination")
    assert dest is not None
    st.pl[0]["at"] = dest
    st.turn_idx = 3 * len(st.pl)  # the round's last turn
    st._cache.clear()
    while not st.over and st.round == 1:
        acts = [a.id for a in st.legal_actions(0)]
        st.apply(0, "end" if "end" in acts else ("col:0" if "col:0" in acts else acts[0]))
        if not st.over and st.pl[0]["at"] != dest and st.round == 1:
            st.pl[0]["at"] = dest
            st._cache.clear()
    assert st.over and "explosion" in st.outcome()["reason"]


@pytest.mark.parametrize("opp", OPPONENTS)
def test_full_solo_games_end_with_a_solo_outcome(opp: str) -> None:
    st = SPEC.new_game(1, seed=7, options={"scenario": "genesis", "opponent": opp})
    _play_until(st, 7)
    out = st.outcome()
    assert st.over and out["kind"] == "solo" and out["won"] in (True, False)
    assert out["breakdown"]["ai_vp"] == st.ai["pool"]["vp"]
    again = SPEC.from_json(st.to_json())
    assert again.to_json() == st.to_json()


def test_bots_play_solo_genesis() -> None:
    from boardwright.bots import make_bots

    for bots in ("greedy", "ismcts:iters=8"):
        st = SPEC.new_game(1, seed=2, options={"scenario": "genesis", "opponent": "lucius"})
        bot = make_bots(bots, 1, 2)[0]
        for _ in range(12):
            if st.over:
                break
            st.apply(0, bot.choose(st, 0).id)
        assert st.history


def test_pettingzoo_has_one_agent_and_the_ai_inside() -> None:
    np = pytest.importorskip("numpy")
    from boardwright.rl.env import BoardwrightEnv

    env = BoardwrightEnv("steamfall", players=1, options={"scenario": "genesis", "opponent": "alice"}, seed=3)
    env.reset(seed=3)
    assert env.possible_agents == ["player_0"]
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _rew, term, trunc, _info = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game_state is not None and env.game_state.over


def test_openspiel_loads_solo_genesis_with_one_player() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright.openspiel.game import register

    g = pyspiel.load_game(
        register("steamfall"), {"players": 1, "scenario": "genesis", "opponent": "luis", "seeds": 1}
    )
    assert g.num_players() == 1
    s = g.new_initial_state()
    rng = Rng(4)
    while not s.is_terminal():
        acts = [a for a, _p in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(acts[rng.below(len(acts))])
    assert len(s.returns()) == 1


@pytest.mark.parametrize("opp", OPPONENTS)
def test_every_solo_action_is_in_the_rl_universe(opp: str) -> None:
    from boardwright.titles.steamfall import rl

    opts = {"scenario": "genesis", "opponent": opp}
    universe = set(rl.action_universe(1, opts))
    st = SPEC.new_game(1, seed=5, options=opts)
    rng = Rng(5)
    while not st.over:
        acts = st.legal_actions(0)
        assert not [a.id for a in acts if a.id not in universe]
        st.apply(0, acts[rng.below(len(acts))])


@pytest.mark.parametrize(("mine", "its", "won"), [(5, 3, True), (3, 5, False), (4, 4, False)])
def test_a_tie_in_vp_goes_to_more_insight(mine: int, its: int, won: bool) -> None:
    """The core's tie-break (most insight wins, §11) in solo too (§18.8); a tie in insight as
    well is not a win (the duel of the rulebook cannot be fought against a sheet)."""
    st = SPEC.new_game(1, seed=3, options={"scenario": "genesis", "opponent": "luis"})
    _play_until(st, 3)
    assert st.over  # to the end (Luis's sheet has no losing rule)
    player_vp = int(st.outcome()["breakdown"]["player_vp"])
    st.ai["pool"]["vp"] = player_vp
    st.ai["pool"]["insight"] = its
    st.pl[0]["res"]["insight"] = mine
    st._cache.clear()
    out = st.outcome()
    assert out["won"] is won and f"broken by insight: {mine} against {its}" in out["reason"]
    st.ai["pool"]["vp"] = player_vp + 1  # one VP more: insight no longer counts
    st._cache.clear()
    assert st.outcome()["won"] is False and "tie" not in st.outcome()["reason"]

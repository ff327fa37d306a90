"""The engine's support for solo, co-operative and scripted play, proved on the test title
Beacon (tests/titles/beacon): the mechanics Martians and Crisis at Steamfall build on."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.bots import make_bots
from boardwright.bots.ismcts import outcome_rewards
from boardwright.engine import Rng
from boardwright.engine.outcome import team_result

SPEC = bw.game("beacon")


def _new(players: int, mode: str, seed: int = 1, **extra: object) -> bw.GameState:
    return SPEC.new_game(players, seed=seed, options={"mode": mode, **extra})


def _to_storm_tie(state: bw.GameState) -> bw.GameState:
    """Everybody signals 0 and rests: all keepers tie on 0 light when the storm comes."""
    while state.phase != "tie":  # type: ignore[attr-defined]
        seat = state.to_act[0]
        ids = [a.id for a in state.legal_actions(seat)]
        state.apply(seat, "signal:0" if "signal:0" in ids else "rest")
    return state


def test_setup_check_refuses_and_names_the_combination() -> None:
    with pytest.raises(ValueError, match="mode=solo is for 1 player"):
        _new(3, "solo")
    with pytest.raises(ValueError, match="1 player plays mode=solo"):
        _new(1, "cooperative")
    assert [o["mode"] for o in SPEC.option_sets(1)] == ["solo", "solo"]
    assert SPEC.default_options(1)["mode"] == "solo"
    assert SPEC.default_options(2)["mode"] == "competitive"
    assert SPEC.kind_of_outcome(2, {"mode": "cooperative"}) == "cooperative"
    assert SPEC.kind_of_outcome(1, {"mode": "solo"}) == "solo"


def test_one_seat_controls_two_keepers_in_solo() -> None:
    state = _new(1, "solo")
    assert [k["seat"] for k in state.view(0)["keepers"]] == [0, 0]
    state.apply(0, "signal:1")
    prompts = []
    while state.phase == "turns":  # type: ignore[attr-defined]
        dec = state.decision(0)
        assert dec is not None and state.to_act == (0,)
        prompts.append(dec.prompt)
        state.apply(0, "gather")
    assert prompts == ["Keeper 0's turn", "Keeper 1's turn"]


def test_the_storm_is_a_scripted_chance_step_logged_with_its_rule() -> None:
    state = _new(2, "competitive", seed=4)
    state.apply(0, "signal:1")
    state.apply(1, "signal:2")
    state.apply(0, "light:2")  # keeper 0: 1 oil + 1 from its unique signal
    state.apply(1, "gather")
    texts = [(e.text, e.rule) for e in state.log]
    assert any(t.startswith("a storm of strength") and r == "B4" for t, r in texts)
    assert any(t.startswith("gust die:") and r == "B5" for t, r in texts)
    assert state.view(None)["round"] == 2


def test_a_storm_tie_is_a_decision_for_the_first_seat_not_a_default() -> None:
    state = _to_storm_tie(_new(3, "cooperative", seed=2))
    assert state.to_act == (0,)
    dec = state.decision(0)
    assert dec is not None and dec.kind == "storm_tie" and dec.rule == "B4"
    assert [a.id for a in dec.actions] == ["strike:0", "strike:1", "strike:2"]


def test_secret_signals_are_revealed_together() -> None:
    state = _new(2, "competitive")
    assert state.to_act == (0, 1)
    state.apply(1, "signal:2")
    assert state.to_act == (0,)
    assert state.view(0)["signals_chosen"] == [False, True]
    assert "signal 2" not in str(state.view(0)["log"])
    assert state.view(1)["my_signal"] == 2
    state.apply(0, "signal:2")
    assert any("signals revealed: [2, 2]" in e.text for e in state.log)


def test_determinize_resamples_deck_order_and_future_rolls() -> None:
    state = _new(2, "competitive", seed=9)
    decks, rolls = set(), set()
    for k in range(12):
        other = state.determinize(0, Rng(100 + k))
        decks.add(tuple(other.deck))  # type: ignore[attr-defined]
        for seat, action in (
            (0, "signal:0"), (1, "signal:0"), (0, "rest"), (1, "rest"),
        ):
            other.apply(seat, action)
        if other.phase == "tie":  # type: ignore[attr-defined]
            other.apply(other.to_act[0], other.legal_actions(other.to_act[0])[0].id)
        rolls.add(next(e.text for e in other.log if e.text.startswith("gust die")))
    assert len(decks) > 1, "the storm deck order was not re-sampled"
    assert len(rolls) > 1, "the future die roll was not re-sampled"


@pytest.mark.parametrize(("players", "mode"), [(1, "solo"), (2, "cooperative"),
                                               (3, "semi-cooperative"), (3, "competitive")])
def test_bots_play_every_mode_to_the_end(players: int, mode: str) -> None:
    state = _new(players, mode, seed=5)
    bots = make_bots("ismcts:iters=30,greedy,random", players, game_seed=5)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    out = state.outcome()
    assert out["kind"] == mode and out["final"]
    rewards = team_result(out, players)
    if mode in ("cooperative", "solo"):
        assert len(set(rewards)) == 1  # the team shares one result
        assert outcome_rewards(out, players)[0] in (0.0, 1.0) or mode == "solo"


def test_semi_cooperative_goal_failure_can_leave_no_winner() -> None:
    def finish(extra: bool) -> dict[str, object]:
        state = _new(2, "semi-cooperative", seed=3, nobody_wins_on_failure=extra)
        while not state.over:  # nobody lights a lamp: the goal fails
            seat = state.to_act[0]
            ids = [a.id for a in state.legal_actions(seat)]
            state.apply(seat, next(i for i in ("signal:0", "rest") if i in ids) if "strike:0" not in ids
                        else "strike:0")
        return state.outcome()

    plain, strict = finish(False), finish(True)
    assert plain["goal_met"] is False and plain["winners"]
    assert strict["goal_met"] is False and strict["winners"] == []
    assert "nobody wins" in str(strict["tie_breaks"])

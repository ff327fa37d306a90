"""OpenSpiel's C++ MCTS plays whole games of every title; the two documented limitations of
its C++ bots on Python games are pinned (boardwright.openspiel.cpp). Every game runs in a
subprocess, so a segmentation fault fails a test instead of ending pytest."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from typing import Any

import pytest

import boardwright as bw

pytest.importorskip("pyspiel")

_CHILD = """
import json, sys, time
import pyspiel
from boardwright import openspiel
game_id, players, options, how = {game_id!r}, {players!r}, {options!r}, {how!r}
game = pyspiel.load_game(openspiel.register(game_id), {{"players": players, "seeds": 4, **options}})
evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
def mcts(seed):
    # uct_c, max_simulations (2: the root, then one child; the fewest that still picks the
    # best child), max_memory_mb, solve, seed, verbose
    return pyspiel.MCTSBot(game, evaluator, 1.4, 2, 100, False, seed, False)
start = time.perf_counter()
if how == "evaluate_bots":  # C++ plays the game, C++ MCTS bots step with the GIL held
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [mcts(s) for s in range(players)], 3)
    print(json.dumps({{"returns": returns, "seconds": time.perf_counter() - start}}))
elif how == "gil_safe":  # Python plays the game, each move through GilSafeBot
    bots = [openspiel.GilSafeBot(mcts(s)) for s in range(players)]
    state = openspiel.new_state(game, 2)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    print(json.dumps({{"returns": state.returns(), "moves": moves, "seconds": time.perf_counter() - start}}))
elif how == "step":  # the documented crash: pyspiel's own step releases the GIL
    state = openspiel.new_state(game, 2)
    print(json.dumps({{"action": mcts(1).step(state)}}))
elif how == "ismcts":  # the documented refusal: no ResampleFromInfostate on the C++ side
    bots = [pyspiel.ISMCTSBot(s, evaluator, 1.4, 4) for s in range(players)]
    try:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    except pyspiel.SpielError as err:
        print(json.dumps({{"error": str(err)}}))
"""


def _smallest(game_id: str) -> tuple[int, dict[str, Any]]:
    """A short configuration: the fewest players, the default options for that count."""
    spec = bw.game(game_id)
    players = spec.player_counts[0]
    return players, {}


def _child(game_id: str, how: str, players: int | None = None,
           **options: Any) -> subprocess.CompletedProcess[str]:
    if players is None:
        players = _smallest(game_id)[0]
    code = _CHILD.format(game_id=game_id, players=players, options=options, how=how)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)


def _result(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("game_id", bw.games())
def test_cpp_mcts_plays_a_whole_game_through_evaluate_bots(game_id: str) -> None:
    out = _result(_child(game_id, "evaluate_bots"))
    assert len(out["returns"]) == _smallest(game_id)[0]
    assert all(0.0 <= r <= 1.0 for r in out["returns"])


@pytest.mark.parametrize("game_id", bw.games())
def test_cpp_mcts_plays_a_whole_game_through_gil_safe_bot(game_id: str) -> None:
    out = _result(_child(game_id, "gil_safe"))
    assert out["moves"] > 0 and all(0.0 <= r <= 1.0 for r in out["returns"])


def test_cpp_mcts_plays_through_chance_nodes_mid_game() -> None:
    """Beacon with explicit chance: its storm's die is a chance node between decisions."""
    out = _result(_child("beacon", "evaluate_bots", 2, explicit_chance=True))
    assert len(out["returns"]) == 2


def test_pyspiel_mcts_step_still_crashes_on_python_games() -> None:
    """Pinned limitation of open_spiel 2.0.2: `MCTSBot.step` releases the GIL and the C++
    clone of a Python state then calls Python (docs/interfaces.md). If this starts passing, the
    binding was fixed: GilSafeBot is then no longer needed."""
    proc = _child("flow-of-history", "step")
    assert proc.returncode == -signal.SIGSEGV, (proc.returncode, proc.stdout, proc.stderr[-500:])


def test_pyspiel_ismcts_cannot_resample_a_python_game() -> None:
    out = _result(_child("flow-of-history", "ismcts"))
    assert "ResampleFromInfostate() not implemented" in out["error"]

"""OpenSpiel's C++ search bots on these games (pyspiel Python games), and what stops them.

**`pyspiel.MCTSBot`.** Its Python `step` (and `step_with_policy`) ends the process with a
segmentation fault on any Python game, OpenSpiel's own `python_tic_tac_toe` included
(open_spiel 2.0.2): pyspiel binds `Bot.step` with the GIL released
(`py::call_guard<py::gil_scoped_release>`), and the search clones the root state, where
the C++ side of a Python state (`PyState::Clone`, python_games.cc) imports `copy` and
deep-copies the state's Python attributes without taking the GIL back. (Observed with gdb:
the crash is in `PyImport_Import` called from `PyState::Clone` called from
`MCTSBot::ApplyTreePolicy`.) Nothing in the game can prevent it. The same C++ search runs
fine while the GIL is held:

- `mcts_step(bot, state)`: the action `MCTSBot::Step` returns (the root's best child, for
  a bot with 2 or more simulations), from `bot.mcts_search(state)`, which keeps the GIL;
- `GilSafeBot(bot)`: a `pyspiel.Bot` whose `step` is `mcts_step`, for Python code that
  calls `bot.step` (it also goes into `pyspiel.evaluate_bots`);
- `pyspiel.evaluate_bots(state, bots, seed)` with plain `MCTSBot`s: it calls their C++
  `Step` from C++ with the GIL held, so whole games run.

Leaves are evaluated by a C++ evaluator (`pyspiel.RandomRolloutEvaluator`: random play to
the end through the Python game); `pyspiel.Evaluator` cannot be subclassed in Python
("No constructor defined"), so `EngineRolloutEvaluator` serves only OpenSpiel's Python
searches. Like the Python MCTS, the C++ one searches the true state: on these games of
hidden information it is clairvoyant (and without explicit chance a clone also replays the
real future draws), a reference, not a fair player.

**`pyspiel.ISMCTSBot` cannot run on a Python game**: it re-samples each world with the
state's `ResampleFromInfostate`, which the C++ side of a Python state does not forward to
Python, so `evaluate_bots` raises `SpielError: ResampleFromInfostate() not implemented`
(and its Python `step` crashes as above first). OpenSpiel's Python
`open_spiel.python.algorithms.ismcts.ISMCTSBot` uses this adapter's
`resample_from_infostate` (the engine's `determinize`).

`tests/test_openspiel_cpp.py` plays a whole game of every title with the C++ MCTS, both
ways, and pins the two limitations in subprocesses (a crash cannot take pytest with it).
"""

from __future__ import annotations

from typing import Any

import pyspiel


def mcts_step(bot: Any, state: Any) -> int:
    """The action `pyspiel.MCTSBot.step(state)` returns, searched with the GIL held (see the
    module docstring): the most visited child of the root (ties: the larger total reward)."""
    if state.is_terminal() or state.current_player() < 0:
        raise ValueError("mcts_step needs a state where a player is to act")
    return int(bot.mcts_search(state).best_child().action)


class GilSafeBot(pyspiel.Bot):  # type: ignore[misc]
    """A C++ `pyspiel.MCTSBot` behind a Python `pyspiel.Bot` whose `step` does not crash."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: Any) -> int:
        return mcts_step(self.bot, state)

    def restart_at(self, state: Any) -> None:
        """MCTS keeps no state between moves."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to update (see restart_at)."""

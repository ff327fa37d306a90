"""scripts/ladder.py: the Bradley-Terry fit behind the ladder's ratings, and which pairs a
round robin plays."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ladder.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ladder_script", module)
    spec.loader.exec_module(module)
    return module


ladder = _script()
LEVELS = ["easy", "normal", "hard", "expert"]


def _results(rates: dict[tuple[str, str], float], n: int) -> tuple[dict[tuple[str, str], float],
                                                                     dict[tuple[str, str], int]]:
    wins: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], int] = {}
    for (a, b), rate in rates.items():
        wins[a, b], wins[b, a] = rate * n, (1 - rate) * n
        games[a, b] = games[b, a] = n
    return wins, games


def test_even_results_rate_every_level_alike() -> None:
    wins, games = _results({("easy", "normal"): 0.5, ("normal", "hard"): 0.5}, 40)
    ratings = ladder.bradley_terry(wins, games, ["easy", "normal", "hard"], "normal")
    assert ratings["normal"] == pytest.approx(1500)
    assert ratings["easy"] == pytest.approx(1500, abs=0.5) and ratings["hard"] == pytest.approx(1500, abs=0.5)


def test_a_75_percent_step_is_about_190_points() -> None:
    # Elo: a 75% expected score is 400*log10(3), about 191 points; the half-win prior pulls a
    # little toward even, so a large sample lands just under it
    wins, games = _results({("hard", "normal"): 0.75}, 2000)
    ratings = ladder.bradley_terry(wins, games, ["normal", "hard"], "normal")
    assert ratings["hard"] - ratings["normal"] == pytest.approx(400 * math.log10(3), abs=2)
    wins, games = _results({("hard", "normal"): 0.25}, 2000)
    assert ladder.bradley_terry(wins, games, ["normal", "hard"], "normal")["hard"] < 1500 - 185


def test_a_chain_of_adjacent_results_orders_the_ladder() -> None:
    wins, games = _results({("normal", "easy"): 0.7, ("hard", "normal"): 0.7, ("expert", "hard"): 0.6}, 20)
    ratings = ladder.bradley_terry(wins, games, LEVELS, "normal")
    assert sorted(LEVELS, key=ratings.__getitem__) == LEVELS


def test_pairs_that_never_met_do_not_pull_the_ratings_together() -> None:
    # 9 of 12 is about 191 points with the prior's draw (9.5 of 13: 150); a virtual draw
    # between levels that never met (the adjacent round robin's normal and expert) used to
    # pull it to about 100
    wins, games = _results({("normal", "easy"): 1.0, ("hard", "normal"): 0.75, ("expert", "hard"): 2 / 3}, 12)
    ratings = ladder.bradley_terry(wins, games, LEVELS, "normal")
    assert ratings["hard"] - ratings["normal"] > 140


def test_adjacent_pairs_are_each_level_against_the_one_below() -> None:
    assert ladder.pairs_of(LEVELS, "adjacent") == [("easy", "normal"), ("normal", "hard"), ("hard", "expert")]
    assert len(ladder.pairs_of(LEVELS, "all")) == 6

"""The balance lab: `boardwright report` and `simulate --report` (docs/balance-lab.md).

A small fixed results file gives known numbers in the page; real simulations exercise
every game's `balance` hook (and the generic path, with the test title Beacon, which has
none); bad and mixed files are refused naming the line, never with a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.report.load import ResultsError, read_lines
from boardwright.report.page import write_report
from boardwright.report.panels import BalanceHook, Breakdown, Table
from boardwright.report.stats import breakdown_stats
from boardwright.simulate import JSONL_VERSION, simulate, wilson
from boardwright.titles.flow_of_history.cards import load

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def line(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"version": 2, "game": "beacon", "kind": "competitive", "seed": 0, "players": 2,
                            "options": {"mode": "competitive", "nobody_wins_on_failure": False},
                            "bots": ["greedy", "random"], "scores": [0, 0], "winners": [0],
                            "decisions": 100, "seconds": 0.5, "won": None, "goal_met": None,
                            "team_score": None, "first_seat": 0, "balance": None}
    base.update(fields)
    return base


def fixed_lines() -> list[dict[str, Any]]:
    """10 competitive games (seat 0 wins 7; the first player, alternating, wins 6) and 4
    co-operative games (3 won)."""
    rows = [line(seed=i, scores=[10 + i, 5], winners=[0 if i < 7 else 1], decisions=100 + i,
                 first_seat=i % 2) for i in range(10)]
    coop = {"mode": "cooperative", "nobody_wins_on_failure": False}
    rows += [line(seed=10 + i, kind="cooperative", options=coop, won=i < 3, winners=[0, 1] if i < 3 else [],
                  scores=[], team_score=float(20 + i), first_seat=None) for i in range(4)]
    return rows


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_fixed_file_numbers_in_the_page(tmp_path: Path) -> None:
    results = write_jsonl(tmp_path / "games.jsonl", fixed_lines())
    code, out = run("report", str(results))
    assert code == 0, out
    folder = tmp_path / "games-report"
    page = (folder / "index.html").read_text(encoding="utf-8")
    low, high = wilson(7, 10)
    assert f"{low:.1%}–{high:.1%}" == "39.7%–89.2%"
    assert "<td>seat 0</td><td>greedy</td><td>7</td><td>70.0%</td><td>39.7%–89.2%</td><td>14.50</td>" in page
    assert "<td>seat 1</td><td>random</td><td>3</td><td>30.0%</td>" in page
    # the first player (seat 0 in even games, seat 1 in odd ones) won 6 of 10
    assert ("The first player won 60.0% of 10 games against a fair share of 50.0%: "
            "an advantage of +10.0%") in page
    assert "<td>1st to play</td><td>10</td><td>6</td><td>60.0%</td>" in page
    assert "<td>decisions per game</td><td>104.50</td>" in page
    assert "209 decisions per second over 5.00 s of play" in page  # 1045 decisions in 10 x 0.5 s
    # the co-operative section: 3 won of 4, mean team score 21.5
    assert "2 players, cooperative (mode=cooperative)" in page
    assert "<td>won</td><td>4</td><td>3</td><td>75.0%</td>" in page
    assert "<td>mean team score</td><td>4</td><td>21.50</td>" in page
    assert "This game has no balance hook" in page
    images = sorted(folder.glob("*.png"))
    assert len(images) == 6 and {p.name for p in images} >= {"s0-rates.png", "s1-scores.png"}
    for image in images:
        assert image.read_bytes().startswith(PNG) and image.stat().st_size > 1000
        assert f'src="{image.name}"' in page
    assert "http://" not in page and "https://" not in page  # nothing fetched from the internet


def test_svg_plots_and_out_folder(tmp_path: Path) -> None:
    results = write_jsonl(tmp_path / "games.jsonl", fixed_lines()[:4])
    code, out = run("report", str(results), "--out", str(tmp_path / "here"), "--format", "svg")
    assert code == 0, out
    svgs = list((tmp_path / "here").glob("*.svg"))
    assert len(svgs) == 3
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert text.startswith("<?xml") and "<svg" in text and text.rstrip().endswith("</svg>")
    code, out = run("report", str(results), "--format", "gif")
    assert code == 2 and "png or svg" in out


def test_version_1_lines_are_read(tmp_path: Path) -> None:
    """Lines from before the version field: no first player, no balance fields; a line without
    `kind` (before outcome kinds) takes the kind the registered game declares."""
    rows = []
    for r in fixed_lines()[:3] + fixed_lines()[10:12]:
        for key in ("version", "first_seat", "balance"):
            r.pop(key)
        rows.append(r)
    rows[-1].pop("kind")
    results = write_jsonl(tmp_path / "old.jsonl", rows)
    code, out = run("report", str(results))
    assert code == 0, out
    page = (tmp_path / "old-report" / "index.html").read_text(encoding="utf-8")
    assert "results format version 1" in page
    assert "The first player is not recorded in these results (version 1 lines)" in page
    assert "2 players, cooperative" in page and "(2 games)" in page


BAD = [
    ("truncated", lambda ok: [ok, ok, json.dumps(line())[:40]], 3, "not valid JSON"),
    ("two games", lambda ok: [ok, json.dumps(line(game="other-game"))], 2, "but line 1 is 'beacon'"),
    ("unknown version", lambda ok: [json.dumps(line(version=JSONL_VERSION + 1))], 1, "unknown version 3"),
    ("not an object", lambda ok: [ok, "[1, 2]"], 2, "expected a JSON object"),
    ("missing field", lambda ok: [ok, json.dumps({k: v for k, v in line().items() if k != "winners"})], 2,
     "field 'winners' must be a list of seats 0..1 (missing)"),
    ("bad seat", lambda ok: [json.dumps(line(winners=[2]))], 1, "field 'winners'"),
    ("bad kind", lambda ok: [ok, ok, ok, json.dumps(line(kind="friendly"))], 4,
     "field 'kind' must be one of"),
    ("bots count", lambda ok: [json.dumps(line(bots=["greedy"]))], 1, "a list of 2 bot specs"),
    ("no kind, unknown game", lambda ok: [json.dumps({k: v for k, v in line(game="nope").items()
                                                      if k not in ("kind", "version")})],
     1, "no 'kind' field"),
]


@pytest.mark.parametrize(("name", "make", "number", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_files_are_refused_naming_the_line(tmp_path: Path, name: str, make: Any, number: int,
                                               message: str) -> None:
    ok = json.dumps(line())
    results = tmp_path / "bad.jsonl"
    results.write_text("\n".join(make(ok)) + "\n", encoding="utf-8")
    code, out = run("report", str(results))
    assert code == 1, out
    assert f"line {number}:" in out and message in out, out
    assert "Traceback" not in out
    assert not (tmp_path / "bad-report").exists()


def test_empty_missing_and_binary_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    code, out = run("report", str(empty))
    assert code == 1 and "no games in the file" in out
    code, out = run("report", str(tmp_path / "absent.jsonl"))
    assert code == 2 and "no such file" in out
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes((json.dumps(line()) + "\n").encode() + b"\xff\xfe\x00garbage\n")
    code, out = run("report", str(binary))
    assert code == 1 and "line 2:" in out and "not UTF-8" in out and "Traceback" not in out


def test_blank_lines_are_skipped_and_numbers_count_them() -> None:
    ok = json.dumps(line())
    with pytest.raises(ResultsError, match=r"^line 4: not valid JSON"):
        read_lines([ok, "", ok, "{"])
    assert len(read_lines([ok, "", ok, ""])) == 2


# ---------------------------------------------------------------- hooks and simulate
def _setting(game_id: str) -> tuple[int, dict[str, Any]]:
    spec = bw.game(game_id)
    players = min(n for n in spec.player_counts if n >= 2) if max(spec.player_counts) >= 2 else 1
    return players, dict(spec.default_options(players))


HOOKED = sorted(g for g in bw.games() if bw.game(g).hooks.get("balance"))


def test_the_shipped_games_declare_the_hook() -> None:
    assert {"flow-of-history", "nomad-city"} <= set(HOOKED)
    for game_id in HOOKED:
        assert isinstance(bw.game(game_id).hook("balance"), BalanceHook)


@pytest.mark.parametrize("game_id", HOOKED)
def test_every_balance_hook_records_and_draws(game_id: str, tmp_path: Path) -> None:
    players, options = _setting(game_id)
    if game_id == "nomad-city":
        options["corporations"] = True
    results = simulate(game_id, 3, players, "random", seed=11, options=options)
    rows = [r.to_dict() for r in results]
    for row in rows:
        assert row["version"] == JSONL_VERSION
        assert isinstance(row["balance"], dict) and row["balance"]
        assert row["first_seat"] is not None and 0 <= row["first_seat"] < players
        json.dumps(row)  # JSON-ready
    path = write_jsonl(tmp_path / "games.jsonl", rows)
    code, out = run("report", str(path))
    assert code == 0, out
    assert "warning" not in out
    page = (tmp_path / "games-report" / "index.html").read_text(encoding="utf-8")
    panels = bw.game(game_id).hook("balance").panels(rows)
    assert panels, f"{game_id}: the hook drew nothing"
    for panel in panels:
        assert f"<h3>{panel.title}</h3>" in page
    assert any((tmp_path / "games-report").glob("panel-*.png"))


def test_flow_of_history_records_cards_and_first_player() -> None:
    [result] = simulate("flow-of-history", 1, 3, "random", seed=5)
    data = result.balance
    assert data is not None and len(data["gained"]) == 3 and all(data["start"])
    cards = {c.name for c in load().cards}
    for seat in data["gained"]:
        assert seat and set(seat) <= cards and len(set(seat)) == len(seat)
    state = bw.game("flow-of-history").new_game(3, seed=5)
    assert result.first_seat == state.current  # type: ignore[attr-defined]


def test_nomad_city_records_corporations_and_styles() -> None:
    [result] = simulate("nomad-city", 1, 3, "greedy", seed=2, options={"corporations": True})
    data = result.balance
    assert data is not None
    assert all(len(corps) == 1 for corps in data["starting"]) and len(data["in_play"]) >= 3
    for declared in data["styles"]:
        assert set(declared) <= set(data["in_play"]) and all(n >= 1 for n in declared.values())
    rows = [result.to_dict()]
    titles = [p.title for p in bw.game("nomad-city").hook("balance").panels(rows)]
    assert titles[0].startswith("Starting corporation (3 players, Corporation Module, 1 games)")
    assert any(isinstance(p, Table) for p in bw.game("nomad-city").hook("balance").panels(rows))


@pytest.mark.parametrize(("mode", "players"), [("solo", 1), ("cooperative", 2), ("semi-cooperative", 3),
                                               ("competitive", 2)])
def test_generic_report_for_a_game_without_the_hook(mode: str, players: int, tmp_path: Path) -> None:
    """Beacon has no balance hook: simulate --report draws the generic plots in every mode."""
    folder = tmp_path / "rep"
    code, out = run("simulate", "beacon", "--games", "6", "--players", str(players),
                    "--bots", "greedy,random", "--option", f"mode={mode}", "--workers", "1",
                    "--report", str(folder))
    assert code == 0, out
    assert "report:" in out
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert f"{players} player{'s' if players > 1 else ''}, {mode}" in page
    assert "This game has no balance hook" in page
    if mode in ("solo", "cooperative"):
        assert "Success rate" in page or "no win or loss" in page
    else:
        assert "Win rate per seat" in page and "First-player advantage" in page
    assert "results format version 2" in page
    for name in ("s0-rates.png", "s0-scores.png", "s0-length.png"):
        assert (folder / name).read_bytes().startswith(PNG)


def test_mixed_player_counts_get_one_section_each(tmp_path: Path) -> None:
    rows = [r.to_dict() for n in (2, 3) for r in simulate("beacon", 3, n, "random", seed=1,
                                                           options={"mode": "competitive"})]
    report = write_report(read_lines([json.dumps(r) for r in rows]), tmp_path / "rep")
    assert [s.heading for s in report.sections] == ["2 players, competitive", "3 players, competitive"]
    assert len(report.images) == 6


def test_a_failing_hook_is_a_warning_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = bw.game("flow-of-history")
    real = spec.hook("balance")

    def broken(rows: list[dict[str, Any]]) -> list[Any]:
        raise KeyError("gained")

    from boardwright.engine import spec as spec_module
    monkeypatch.setitem(spec_module._HOOK_CACHE.setdefault(spec.id, {}), "balance",
                        BalanceHook(record=real.record, panels=broken))
    [result] = simulate("flow-of-history", 1, 2, "random", seed=3)
    path = write_jsonl(tmp_path / "g.jsonl", [result.to_dict()])
    code, out = run("report", str(path))
    assert code == 0 and "warning" in out and "balance panels failed: KeyError" in out


def test_flags_mark_labels_outside_the_rest() -> None:
    strong = [(1.0, 9.0)] * 40 + [(0.0, 3.0)] * 10  # 80% of 50
    average = [(1.0, 5.0)] * 35 + [(0.0, 4.0)] * 65  # 35% of 100
    weak = [(0.0, 1.0)] * 60 + [(1.0, 2.0)] * 2  # 3% of 62
    few = [(1.0, 6.0)] * 2  # 100% of 2: too few to be told apart
    stats = {g.label: g for g in breakdown_stats(
        Breakdown("t", {"strong": strong, "average": average, "weak": weak, "few": few}, flag=True))}
    assert stats["strong"].flag == "high" and stats["weak"].flag == "low"
    assert stats["average"].flag == "" and stats["few"].flag == ""
    assert stats["strong"].rate.rate == pytest.approx(0.8) and stats["strong"].score is not None
    assert stats["strong"].score.mean == pytest.approx((40 * 9 + 10 * 3) / 50)
    unflagged = breakdown_stats(Breakdown("t", {"strong": strong, "weak": weak}))
    assert all(g.flag == "" for g in unflagged)

"""`boardwright data export/validate` for Nomad City's five data files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.engine.datapack import DataHook

GAME = "nomad-city"
FILES = ("board.json", "characters.json", "corporations.json", "events.json", "facilities.json",
         "styles.json")
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_hook_registered() -> None:
    hook = bw.game(GAME).hook("data_pack")
    assert isinstance(hook, DataHook)
    assert set(hook.files) == set(FILES)


def test_export_then_validate(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    code, out = run("data", "export", GAME, str(pack))
    assert code == 0, out
    for name in FILES:
        data = json.loads((pack / name).read_text())
        assert data["schema"].startswith("nomad-city/")
    code, out = run("data", "validate", str(pack), "--game", GAME)
    assert code == 0, out
    assert "valid data pack for nomad-city" in " ".join(out.split())
    assert "24 events records" in out and "stand-ins" in out
    code, out = run("data", "export", GAME, str(pack))
    assert code == 1 and "--force" in out
    code, _ = run("data", "export", GAME, str(pack), "--force")
    assert code == 0


def test_every_problem_named_by_file_record_and_field(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    run("data", "export", GAME, str(pack))
    fac = json.loads((pack / "facilities.json").read_text())
    bad_fac = fac["facilities"][0]["id"]
    fac["facilities"][0]["gold_cost"] = -3
    (pack / "facilities.json").write_text(json.dumps(fac))
    styles = json.loads((pack / "styles.json").read_text())
    bad_style = styles["styles"][1]["id"]
    styles["styles"][1]["points"] = "many"
    (pack / "styles.json").write_text(json.dumps(styles))
    board = json.loads((pack / "board.json").read_text())
    board["boards"][0]["sites"][0]["colour"] = "purple"
    (pack / "board.json").write_text(json.dumps(board))
    (pack / "events.json").write_text("{not json")
    (pack / "notes.txt").write_text("mine")
    code, out = run("data", "validate", str(pack), "--game", GAME)
    assert code == 1
    flat = " ".join(out.split())
    assert "facilities.json" in flat and f"'{bad_fac}'" in flat and "gold_cost" in flat
    assert "styles.json" in flat and f"'{bad_style}'" in flat and "points" in flat
    assert "board.json" in flat and "'4p'" in flat and "colour" in flat
    assert "events.json" in flat and "not valid JSON" in flat
    assert "notes.txt is not a data file" in flat
    assert "4 problem(s)" in flat


def test_small_pack_overlays_by_id(tmp_path: Path) -> None:
    pack = tmp_path / "small"
    pack.mkdir()
    shipped = tmp_path / "all"
    run("data", "export", GAME, str(shipped))
    chars = json.loads((shipped / "characters.json").read_text())
    one = dict(chars["characters"][0], note="checked against my printed copy")
    (pack / "characters.json").write_text(json.dumps({"characters": [one]}))
    code, out = run("data", "validate", str(pack), "--game", GAME)
    assert code == 0, out
    assert "1 replaced and 0 added" in out


def test_empty_or_broken_pack(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out = run("data", "validate", str(empty), "--game", GAME)
    assert code == 1 and "none of this game's data files" in " ".join(out.split())
    (empty / "characters.json").write_text(json.dumps({"characters": [{"name": "no id"}]}))
    code, out = run("data", "validate", str(empty), "--game", GAME)
    assert code == 1 and "needs an 'id'" in out
    (empty / "characters.json").write_text(json.dumps([1, 2]))
    code, out = run("data", "validate", str(empty), "--game", GAME)
    assert code == 1 and "JSON object" in out

"""A data pack overlays the shipped cards by id, and the game remembers which pack it uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardwright as bw
from boardwright.engine.data import DataError
from boardwright.titles.flow_of_history.cards import raw_shipped


def _pack(tmp_path: Path, **changes: object) -> Path:
    raw = raw_shipped()
    barracks = next(c for c in raw["cards"] if c["id"] == "barracks")
    barracks.update(changes)
    (tmp_path / "cards.json").write_text(json.dumps({"cards": [barracks]}))
    return tmp_path


def test_pack_overlays_by_id_and_survives_save_and_replay(tmp_path: Path) -> None:
    pack = str(_pack(tmp_path, name="Old Barracks", stripe={"attack": 2}))
    spec = bw.game("flow-of-history")
    state = spec.new_game(3, seed=4, data=pack)
    names = [m["name"] for m in state.view(None)["market"]]
    assert "Old Barracks" in names and "Barracks" not in names
    seat = state.to_act[0]
    state.apply(seat, "invest:barracks:1")
    again = spec.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert "Old Barracks" in [m["name"] for m in again.view(None)["market"]]
    assert bw.replay(state.record()).to_json() == state.to_json()
    plain = spec.new_game(3, seed=4)
    assert "Barracks" in [m["name"] for m in plain.view(None)["market"]]


def test_bad_pack_names_card_and_field(tmp_path: Path) -> None:
    pack = str(_pack(tmp_path, stripe={"attack": -1}))
    with pytest.raises(DataError, match="barracks"):
        bw.game("flow-of-history").new_game(3, seed=1, data=pack)


# ---------------------------------------------------------------- the data_pack hook
def test_every_data_hook_is_a_data_hook() -> None:
    from boardwright.engine.datapack import DataHook

    with_packs = [g for g in bw.games() if bw.game(g).hook("data_pack") is not None]
    assert {"flow-of-history", "nomad-city"} <= set(with_packs)
    for game_id in with_packs:
        hook = bw.game(game_id).hook("data_pack")
        assert isinstance(hook, DataHook) and hook.files


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from boardwright.cli import app

    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, " ".join(result.output.split())


def test_a_game_without_a_data_pack_says_so(tmp_path: Path) -> None:
    assert bw.game("beacon").hook("data_pack") is None
    code, out = _cli("data", "export", "beacon", str(tmp_path / "x"))
    assert code == 2 and "beacon" in out and "has no data pack" in out
    code, out = _cli("data", "validate", str(tmp_path), "--game", "beacon")
    assert code == 2 and "has no data pack" in out


def test_validate_infers_the_game_from_the_files(tmp_path: Path) -> None:
    flow = tmp_path / "flow"
    assert _cli("data", "export", "flow-of-history", str(flow))[0] == 0
    code, out = _cli("data", "validate", str(flow))
    assert code == 0 and "valid data pack for flow-of-history" in out
    nomad = tmp_path / "nomad"
    assert _cli("data", "export", "nomad-city", str(nomad))[0] == 0
    code, out = _cli("data", "validate", str(nomad))
    assert code == 0 and "valid data pack for nomad-city" in out
    (nomad / "cards.json").write_text((flow / "cards.json").read_text())
    code, out = _cli("data", "validate", str(nomad))
    assert code == 2 and "several games" in out and "--game" in out
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("mine")
    code, out = _cli("data", "validate", str(empty))
    assert code == 2 and "cannot tell which game" in out and "cards.json" in out and "--game" in out

"""One folder per game: nothing outside `titles/` knows a game.

The shared layers (engine, bots, rl, openspiel, web, cli, simulate, bench) reach a game
only through its spec and the hooks it declares. This test fails on a new leak: an import
of `boardwright.titles` or a game's id, title package or title name written in a shared
module, script or page.
"""

from __future__ import annotations

import re
from pathlib import Path

import boardwright as bw

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "src" / "boardwright"
SHARED = [p for p in PKG.rglob("*") if p.suffix in (".py", ".js", ".html", ".css")
          and "titles" not in p.relative_to(PKG).parts]
# the registry's list of shipped title packages is the one place that names them
REGISTRY = PKG / "engine" / "registry.py"


def _names() -> list[str]:
    names = set()
    for game_id in bw.games():
        spec = bw.game(game_id)
        names |= {game_id, spec.package.rpartition(".")[2]}
    # the games still to come, so that they start clean too
    names |= {"martians", "steamfall"}
    return sorted(names)


def _hits(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path == REGISTRY:
        text = re.sub(r"_PACKAGES = \([^)]*\)", "", text)
    found = []
    if re.search(r"boardwright\.titles|from \.+titles|import titles", text):
        found.append("imports boardwright.titles")
    for name in _names():
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            found.append(f"names {name!r}")
    return found


def test_shared_layers_name_no_game() -> None:
    leaks = {}
    for path in SHARED:
        hits = _hits(path)
        if hits:
            leaks[str(path.relative_to(ROOT))] = hits
    assert not leaks, f"game knowledge outside titles/: {leaks}"


def test_scripts_name_no_game() -> None:
    leaks = {str(p.relative_to(ROOT)): _hits(p) for p in (ROOT / "scripts").glob("*.py") if _hits(p)}
    assert not leaks, f"scripts must loop over bw.games() or take the game as an argument: {leaks}"


def test_the_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "leak.py"
    bad.write_text("from boardwright.titles.flow_of_history import cards\nGAME = 'nomad-city'\n")
    assert _hits(bad) == ["imports boardwright.titles", "names 'flow_of_history'", "names 'nomad-city'"]


def test_every_declared_hook_and_asset_resolves() -> None:
    for game_id in bw.games():
        spec = bw.game(game_id)
        for name in spec.hooks:
            assert spec.hook(name) is not None, f"{game_id}: hook {name} names nothing"
        for name in spec.assets:
            assert spec.asset(name), f"{game_id}: asset {name} is empty"

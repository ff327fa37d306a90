"""Steamfall's core knows its scenarios only through the protocol in `scenarios/__init__.py`.

The core is every module of `titles/steamfall/` outside `scenarios/`. This test fails on a new
leak: a core module importing a scenario package or branching on the scenario's id
(`scenario ==`, `!=`, `in`, `not in`); no core module has one (docs/architecture.md,
"Scenarios inside a title").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from boardwright.titles.steamfall import scenarios

TITLE = Path(scenarios.__file__).resolve().parents[1]
PACKAGE = "boardwright.titles.steamfall"
SCENARIOS = f"{PACKAGE}.scenarios"
BRANCH = re.compile(r"\bscenario\s*(==|!=|not\s+in\b|in\b)")

def _core() -> list[Path]:
    return sorted(
        p for p in TITLE.rglob("*.py")
        if "scenarios" not in p.relative_to(TITLE).parts
    )


def _resolve(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    inside = path.is_relative_to(TITLE)
    base = [*PACKAGE.split("."), *(path.relative_to(TITLE).parent.parts if inside else ())]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _scenario_module(name: str) -> bool:
    """A scenario's package or a module in it (the protocol's own names are allowed)."""
    if not name.startswith(SCENARIOS + "."):
        return False
    return (TITLE / "scenarios" / name[len(SCENARIOS) + 1 :].split(".")[0]).is_dir()


def leaks(path: Path) -> list[str]:
    """What in this core module knows a scenario: its scenario imports and branches."""
    text = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [f"imports {a.name}" for a in node.names if _scenario_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(path, node)
            if _scenario_module(module):
                found.append(f"imports {module}")
            else:
                names = (f"{module}.{a.name}" for a in node.names)
                found += [f"imports {name}" for name in names if _scenario_module(name)]
    for number, line in enumerate(text.splitlines(), 1):
        if BRANCH.search(line.split("#")[0]):
            found.append(f"line {number} branches on the scenario: {line.strip()}")
    return found


def test_the_core_knows_scenarios_only_through_the_protocol() -> None:
    found = {str(path.relative_to(TITLE)): hits for path in _core() if (hits := leaks(path))}
    assert _core(), "no core module found"
    assert not found, f"core modules must reach a scenario through scenarios.of(st) hooks: {found}"


def test_the_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "leak.py"
    bad.write_text(
        "from boardwright.titles.steamfall.scenarios.crisis import game\n"
        "from boardwright.titles.steamfall.scenarios import genesis, of\n"
        "import boardwright.titles.steamfall.scenarios.invention\n"
        "if st.scenario == 'crisis' or st.scenario not in ('genesis',):\n"
        "    pass\n"
    )
    hits = leaks(bad)
    assert hits == [
        "imports boardwright.titles.steamfall.scenarios.crisis",
        "imports boardwright.titles.steamfall.scenarios.genesis",
        "imports boardwright.titles.steamfall.scenarios.invention",
        "line 4 branches on the scenario: if st.scenario == 'crisis' or st.scenario not in ('genesis',):",
    ]
    good = tmp_path / "fine.py"
    good.write_text("from boardwright.titles.steamfall.scenarios import of\nsc = of(st).id\n")
    assert leaks(good) == []


@pytest.mark.parametrize("scenario_id", scenarios.ids())
def test_every_scenario_id_has_its_plug_in(scenario_id: str) -> None:
    assert scenarios.get(scenario_id).id == scenario_id


def test_an_unknown_scenario_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown Steamfall scenario 'moon-race'"):
        scenarios.get("moon-race")

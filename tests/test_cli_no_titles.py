"""The CLI, simulate, bench and the scripts reach games only through specs and hooks: none
of them imports a title's package or names a game id in code (docstrings may give examples).
A new leak fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boardwright as bw

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "boardwright"
FILES = sorted([*SRC.joinpath("cli").glob("*.py"), SRC / "simulate.py", SRC / "bench.py",
                *ROOT.joinpath("scripts").glob("*.py")])
#: every game id and every title package name (the registered titles and the shipped folders)
NAMES = sorted({*bw.games(), *(p.name for p in SRC.joinpath("titles").iterdir()
                               if p.is_dir() and not p.name.startswith("_"))})


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _leaks(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if "titles" in a.name.split(".")]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if "titles" in module.split("."):
                found.append(f"from {'.' * node.level}{module} import ...")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [f"line {node.lineno}: {name!r} in {node.value[:60]!r}"
                      for name in NAMES if name in node.value]
    return found


def test_the_checked_files_exist() -> None:
    names = {p.name for p in FILES}
    assert {"play.py", "simulate.py", "bench.py", "gen_docs.py", "regen_golden.py"} <= names
    assert "flow-of-history" in NAMES and "flow_of_history" in NAMES


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_title_import_or_game_id(path: Path) -> None:
    assert _leaks(path) == []


def test_the_check_sees_a_leak(tmp_path: Path) -> None:
    leaky = tmp_path / "leaky.py"
    leaky.write_text('"""Docs may say flow-of-history."""\n'
                     "from boardwright.titles.flow_of_history import cards\n"
                     "from ..titles import nomad_city\n"
                     "GAME = 'nomad-city'\n")
    found = _leaks(leaky)
    assert len(found) == 3, found

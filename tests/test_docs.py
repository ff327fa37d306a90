"""The docs cannot drift from the code and data they describe.

- every game's generated pages (its `docs` hook, written by scripts/gen_docs.py) are up to
  date: for The Flow of History, stand-ins.md and the §8 card table in rules.md match
  cards.json;
- rules.md has a heading for every section id the engine uses as a rule reference;
- every rule reference written in the game's source names a section that exists.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

import boardwright as bw
from boardwright.titles import flow_of_history
from boardwright.titles.flow_of_history import docs as flow_docs
from boardwright.titles.flow_of_history.cards import load
from boardwright.titles.flow_of_history.rules import SECTIONS

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "games" / "flow-of-history" / "rules.md"
GAME_SRC = Path(flow_of_history.__file__).resolve().parent


def _gen_docs() -> ModuleType:
    path = ROOT / "scripts" / "gen_docs.py"
    spec = importlib.util.spec_from_file_location("gen_docs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_docs", module)
    spec.loader.exec_module(module)
    return module


gen_docs = _gen_docs()


def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(GAME_SRC.glob("*.py")))


@pytest.mark.parametrize("path", list(gen_docs.expected()), ids=lambda p: p.name)
def test_generated_file_is_up_to_date(path: Path) -> None:
    want = gen_docs.expected()[path]
    assert path.exists(), f"{path} is missing: run python scripts/gen_docs.py"
    assert path.read_text(encoding="utf-8") == want, (
        f"{path.relative_to(ROOT)} is out of date: run python scripts/gen_docs.py"
    )


def test_check_mode_reports_nothing_stale() -> None:
    assert gen_docs.main(["--check"]) == 0


def test_every_docs_hook_is_collected() -> None:
    with_docs = [g for g in bw.games() if bw.game(g).hook("docs") is not None]
    assert "flow-of-history" in with_docs
    paths = {p.relative_to(ROOT).as_posix() for p in gen_docs.expected()}
    for game_id in with_docs:
        assert set(bw.game(game_id).hook("docs")(ROOT)) <= paths


def test_drift_is_reported(tmp_path: Path) -> None:
    """A generated page edited by hand (or data changed without regenerating) is stale."""
    for rel in flow_docs.generate(ROOT):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    assert gen_docs.stale(["flow-of-history"], root=tmp_path) == []
    page = tmp_path / flow_docs.STAND_INS
    page.write_text(page.read_text(encoding="utf-8").replace("| cards |", "| kards |"), encoding="utf-8")
    assert gen_docs.stale(["flow-of-history"], root=tmp_path) == [page]


def test_card_table_lists_every_card() -> None:
    table = flow_docs.card_table()
    cards = load().file.cards
    assert len(cards) == 67
    for card in cards:
        assert f"| {card.name} |" in table, card.id


def test_every_effect_kind_has_words() -> None:
    for card in load().file.cards:
        assert flow_docs.effect_text(card).strip(), card.id


def test_render_rules_replaces_only_the_marked_region() -> None:
    begin, end = flow_docs.CARD_TABLE_BEGIN, flow_docs.CARD_TABLE_END
    text = f"before\n{begin}\nold\n{end}\nafter\n"
    out = flow_docs.render_rules(text, "NEW\n")
    assert out == f"before\n{begin}\nNEW\n{end}\nafter\n"
    with pytest.raises(ValueError):
        flow_docs.render_rules("no markers", "NEW\n")


def test_every_section_has_a_heading_in_rules_md() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    headings = set(re.findall(r"^## (.+?)\s*$", text, flags=re.MULTILINE))
    missing = [f"§{sid} {title}" for sid, title in SECTIONS.items()
               if f"§{sid} {title}" not in headings]
    assert not missing, f"rules.md lacks headings: {missing}"


def test_rules_md_has_no_section_the_code_does_not_know() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    ids = re.findall(r"^## §(\S+) ", text, flags=re.MULTILINE)
    assert ids == list(SECTIONS), "rules.md's sections must be SECTIONS, in order"


def test_every_rule_reference_in_the_source_is_a_section() -> None:
    refs = set(re.findall(r"""\bref\(\s*["']([^"']+)["']\s*\)""", _sources()))
    assert refs, "expected rule references in the game's source"
    unknown = sorted(refs - set(SECTIONS))
    assert not unknown, f"rule references with no section in rules.py: {unknown}"


def test_every_card_reference_in_the_source_is_a_card() -> None:
    refs = set(re.findall(r"""\bcard_ref\(\s*["']([^"']+)["']\s*\)""", _sources()))
    unknown = sorted(refs - set(load().by_id))
    assert not unknown, f"card references to unknown cards: {unknown}"

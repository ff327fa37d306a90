"""The Martians docs cannot drift: every rule reference exists in rules.md, the stand-in
table matches the data."""

from __future__ import annotations

import re
from pathlib import Path

from boardwright.titles import martians
from boardwright.titles.martians.rules import SECTIONS
from boardwright.titles.martians.stand_ins import BEGIN, END, table

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games" / "martians"
SRC = Path(martians.__file__).resolve().parent


def test_rules_md_has_every_section() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for sid, title in SECTIONS.items():
        assert re.search(rf"^#+ §{re.escape(sid)} {re.escape(title)}", text, re.M), sid


def test_every_reference_in_the_code_exists() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in SRC.glob("*.py"))
    used = set(re.findall(r'ref\("([\d.]+)"\)', code))
    assert used and used <= set(SECTIONS)


def test_stand_in_table_is_up_to_date() -> None:
    text = (DOCS / "stand-ins.md").read_text(encoding="utf-8")
    part = text[text.index(BEGIN):text.index(END) + len(END)] + "\n"
    assert part == table()


def test_every_stand_in_has_a_note_and_fields() -> None:
    from boardwright.titles.martians.content import all_records, load

    for _, rec in all_records(load()):
        if rec.source == "stand-in":
            assert rec.note and rec.stand_in_fields, rec.id

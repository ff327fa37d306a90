"""Nomad City's docs cannot drift from its code and data."""

from __future__ import annotations

import re
from pathlib import Path

from boardwright.engine.data import Record
from boardwright.titles import nomad_city
from boardwright.titles.nomad_city import stand_ins
from boardwright.titles.nomad_city.content import load
from boardwright.titles.nomad_city.rules import SECTIONS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games" / "nomad-city"
SRC = Path(nomad_city.__file__).resolve().parent


def test_every_section_is_in_rules_md() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for sid, title in SECTIONS.items():
        assert f"§{sid} {title}" in text, sid


def test_every_rule_reference_in_the_source_exists() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SRC.glob("*.py")))
    used = set(re.findall(r'ref\("([\d.]+)"\)', source))
    assert used and used <= set(SECTIONS)
    assert used >= {"4.1", "4.2", "4.3", "4.4", "5.3", "5.4", "5.5", "5.6", "6.1", "6.2"}


def test_stand_in_table_is_up_to_date() -> None:
    text = (DOCS / "stand-ins.md").read_text(encoding="utf-8")
    begin, end = text.index(stand_ins.BEGIN), text.index(stand_ins.END) + len(stand_ins.END)
    assert text[begin:end] + "\n" == stand_ins.render(), (
        "run: python -m boardwright.titles.nomad_city.stand_ins and paste into stand-ins.md")


def test_records_with_designed_fields_say_stand_in() -> None:
    c = load()
    records: list[Record] = [b.record for b in c.boards.values()]
    records += list(c.events.values())
    records += [*c.facilities.file.facilities, *c.facilities.file.special, c.facilities.grid]
    records += list(c.styles.values()) + list(c.characters.values())
    for rec in records:
        assert (rec.source == "stand-in") == bool(rec.stand_in_fields), rec.id
        if rec.source == "stand-in":
            assert rec.note, rec.id


def test_stand_in_fields_name_fields_of_their_record() -> None:
    """A pack author reads `stand_in_fields` to know what to replace: each entry must be a
    field the record really has."""
    c = load()
    records: list[Record] = [b.record for b in c.boards.values()]
    records += list(c.events.values())
    records += [*c.facilities.file.facilities, *c.facilities.file.special, c.facilities.grid]
    records += list(c.styles.values()) + list(c.characters.values())
    for rec in records:
        unknown = set(rec.stand_in_fields) - set(type(rec).model_fields)
        assert not unknown, (rec.id, sorted(unknown))

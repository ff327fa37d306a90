"""Every stand-in record of the card data says, in its own note, what was designed and why
(shared design data-packs.md): a file-level remark is not enough for a data-pack author."""

from __future__ import annotations

import json
from pathlib import Path

import boardwright.titles.flow_of_history as flow

CARDS = Path(flow.__file__).parent / "data" / "cards.json"


def test_every_stand_in_record_has_its_own_note() -> None:
    data = json.loads(CARDS.read_text(encoding="utf-8"))
    records = data["cards"] + data["card_types"]
    bare = [r.get("id", r.get("name")) for r in records if r["source"] == "stand-in" and not r.get("note")]
    assert bare == []

"""The game log: immutable entries, some visible only to some seats."""

from __future__ import annotations

from typing import Any, NamedTuple


class LogEntry(NamedTuple):
    seq: int
    round: int
    seat: int | None
    text: str
    rule: str
    visible_to: tuple[int, ...] | None = None  # None: everyone may read it

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seq": self.seq,
            "round": self.round,
            "seat": self.seat,
            "text": self.text,
            "rule": self.rule,
        }
        if self.visible_to is not None:
            d["visible_to"] = list(self.visible_to)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LogEntry:
        vis = d.get("visible_to")
        return cls(
            d["seq"], d["round"], d["seat"], d["text"], d["rule"],
            None if vis is None else tuple(vis),
        )

"""The fast clone (one copy per mutable container): every field handled, no mutable
container shared except the inner lists that are never changed once made."""

from __future__ import annotations

import random
from typing import Any

from boardwright.titles.martians.state import FIELDS

from .scene import new

# lists whose items are lists made once and never changed afterwards: sharing them is safe
SHARED_ITEMS = {"colony_tech", "requirements_done", "track"}


def _containers(x: Any, path: str, out: dict[str, int]) -> None:
    if isinstance(x, (list, dict)):
        out[path] = id(x)
        items = x.items() if isinstance(x, dict) else enumerate(x)
        for k, v in items:
            _containers(v, f"{path}/{k}", out)


def _played(seed: int, **options: Any) -> Any:
    s = new(2, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(rng.randrange(50, 400)):
        if s.over:
            break
        seat = s.to_act[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
    return s


def test_clone_covers_every_field_and_shares_no_mutable_container() -> None:
    for seed, opts in ((1, {"mode": "coop"}), (2, {"mode": "competitive", "collectors_edition": True}),
                       (3, {"mode": "semi-coop"})):
        s = _played(seed, **opts)
        c = s.clone()
        for name in FIELDS:
            assert getattr(c, name) == getattr(s, name), name
            mine: dict[str, int] = {}
            theirs: dict[str, int] = {}
            _containers(getattr(s, name), name, mine)
            _containers(getattr(c, name), name, theirs)
            for path, ident in mine.items():
                if path.count("/") == 1 and path.split("/")[0] in SHARED_ITEMS:
                    continue
                assert theirs[path] != ident, f"{path} is shared between the clone and the original"


def test_clone_plays_on_independently() -> None:
    s = _played(5, mode="coop")
    before = s.to_dict()
    c = s.clone()
    rng = random.Random(0)
    while not c.over:
        seat = c.to_act[0]
        c.apply(seat, rng.choice(c.legal_actions(seat)).id)
    assert s.to_dict() == before

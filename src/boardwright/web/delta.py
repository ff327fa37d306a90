"""Live updates as small deltas: what changed between two payloads of the same seat.

A delta is a list of operations, each `[path, op, value?]` with `path` a list of object
keys and list indices from the payload's root:

- `[path, "set", value]`: the value at `path` is now `value` (an empty path: the whole payload);
- `[path, "append", items]`: the list at `path` grew by `items` (the log's new entries);
- `[path, "del"]`: the key at `path` is gone.

`diff(old, new)` builds it and `apply(old, ops)` rebuilds `new` exactly (the browser does the
same in `static/common.js`, `BW.applyDelta`). Types are kept apart (`1`, `1.0` and `true` are
different values) and so is the order of an object's keys (a reordered object is sent whole),
so the rebuilt payload encodes to the same JSON text.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Callable
from typing import Any

import orjson

Op = list[Any]
SMALL = 64  # lists up to this length with the same length are compared element by element
SCALARS = frozenset((str, int, float, bool))  # equal by `==` when of the same type


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (Python's `==` says `1 == 1.0 == True`)."""
    if a is b:  # payloads share the log's entries (and other parts) between versions
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        if len(a) != len(b):
            return False
        # mostly the log, whose entries are shared: compared by identity in C first
        return all(map(operator.is_, a, b)) or all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _unchanged(old: Any, new: Any) -> bool:
    """Whether two containers are the same JSON, decided in C: `==` first (cheap, stops at the
    first difference), then the encoded texts, which also tell `1` from `1.0` and `true`, and
    key orders apart. A payload's view is rebuilt for every version, mostly unchanged."""
    if old != new:
        return False
    try:
        return bool(orjson.dumps(old) == orjson.dumps(new))
    except TypeError:  # not encodable by orjson (a huge integer): walk it
        return False


def _walk(old: Any, new: Any, path: list[Any], ops: list[Op]) -> None:
    if old is new:
        return
    if type(old) is not type(new):
        ops.append([path, "set", new])
        return
    t = type(new)
    if t in SCALARS:
        if old != new:
            ops.append([path, "set", new])
        return
    if isinstance(new, dict | list) and _unchanged(old, new):
        return
    if isinstance(new, dict):
        kept = [k for k in old if k in new]
        if list(new)[: len(kept)] != kept:  # reordered: keys keep their order only when set whole
            ops.append([path, "set", new])
            return
        for k, v in new.items():
            if k not in old:
                ops.append([[*path, k], "set", v])
                continue
            o = old[k]
            if o is v or (type(o) is type(v) and type(v) in SCALARS and o == v):
                continue  # most of a view is unchanged: no call for its plain values
            _walk(o, v, [*path, k], ops)
        for k in old:
            if k not in new:
                ops.append([[*path, k], "del"])
        return
    if isinstance(new, list):
        n = len(old)
        if len(new) == n:
            if n <= SMALL:
                for i, (o, v) in enumerate(zip(old, new, strict=True)):
                    if o is v or (type(o) is type(v) and type(v) in SCALARS and o == v):
                        continue
                    _walk(o, v, [*path, i], ops)
            elif not _same(old, new):
                ops.append([path, "set", new])
            return
        if len(new) > n and old == new[:n] and _same(old, new[:n]):
            ops.append([path, "append", new[n:]])
            return
        ops.append([path, "set", new])
        return
    if old != new:
        ops.append([path, "set", new])


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn `old` into `new` (both JSON values; neither is changed)."""
    ops: list[Op] = []
    _walk(old, new, [], ops)
    return ops


def _taken(value: Any) -> Any:
    return value


def apply(old: Any, ops: list[Op], inplace: bool = False, fresh: bool = False) -> Any:
    """`old` with `ops` applied: a new value (`old` is not changed), or with `inplace` `old`
    itself changed (cheaper, for a client that keeps only the newest payload). `fresh`: the
    ops are the caller's own (just decoded), so their values are taken, not copied."""
    root = old if inplace else copy.deepcopy(old)
    own: Callable[[Any], Any] = _taken if fresh else copy.deepcopy
    for op in ops:
        path, kind = op[0], op[1]
        if not path:
            if kind == "set":
                root = own(op[2])
            continue
        parent = root
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == "set":
            parent[last] = own(op[2])
        elif kind == "append":
            parent[last].extend(own(op[2]))
        elif kind == "del":
            del parent[last]
        else:
            raise ValueError(f"unknown delta operation {kind!r}")
    return root

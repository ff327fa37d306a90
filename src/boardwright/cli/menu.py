"""Long choice lists as menus: grouped by the parts of their ids, picked step by step.

Action ids are built from parts (`invest:castle:2`, `build:trading-post#2:gold`,
`box:cannot+texas`). A decision with more choices than fit on a screen is shown as groups
(`invest` → the card → the amount) and a group with one member collapses into it. Parts
joined by `+` that name an unordered set (every set appears once, in one order) are picked
one at a time: "choose 2 of 7" is two picks of the 7, not a list of 21 pairs. Nothing here
decides legality: every leaf is one of the decision's own actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action

LIMIT = 12  # more choices than this are grouped


@dataclass
class Node:
    """A menu entry: one action (a leaf) or a group of entries."""

    label: str
    action: Action | None = None
    children: list[Node] = field(default_factory=list)
    hint: str = ""  # what choosing inside this group picks (for the prompt)

    @property
    def key(self) -> str:
        """What identifies the entry from one prompt to the next: its action id or group name."""
        return self.action.id if self.action is not None else "group:" + self.label

    @property
    def size(self) -> int:
        return 1 if self.action is not None else sum(c.size for c in self.children)

    def actions(self) -> list[Action]:
        if self.action is not None:
            return [self.action]
        return [a for c in self.children for a in c.actions()]


def _parts(action_id: str) -> list[str]:
    return action_id.split(":")


def _common_label(labels: list[str]) -> str:
    """The words every label starts with ('Build Trading Post (yellow, 1 pts) paying')."""
    if not labels:
        return ""
    first = labels[0]
    n = len(first)
    for other in labels[1:]:
        n = min(n, len(other))
        for i in range(n):
            if first[i] != other[i]:
                n = i
                break
    prefix = first[:n]
    if any(len(x) > n and not x[n].isspace() for x in labels):  # a word cut: 'column I' of 'column II'
        prefix = prefix.rsplit(" ", 1)[0] if " " in prefix else ""
    return prefix.strip().rstrip(",:;(").strip()


def pretty(part: str) -> str:
    """An id part as words when no name is known ('tin-man' → 'Tin Man')."""
    text = part.replace("-", " ").replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else part


def _part_label(key: str, labels: list[str]) -> str:
    """A group named by an id part: the part as words, unless it is an opaque short code
    ('fx'), which would mean nothing to a player: then the group's first choice, shortened."""
    if len(key) > 3 or not key.isalpha() or key.isupper():
        return pretty(key)
    first = labels[0].split(" [", 1)[0]
    return "choices such as " + (first if len(first) <= 40 else first[:39].rsplit(" ", 1)[0] + "…")


def build(actions: list[Action], names: Callable[[str], str | None] | None = None,
          limit: int = LIMIT) -> Node:
    """The menu for a decision's actions (a flat list when they fit)."""
    root = Node("", children=[Node(a.label, a) for a in actions])
    if len(actions) <= limit:
        return root
    return _group([(a, _parts(a.id)) for a in actions], 0, names or (lambda _: None), limit)


def _unordered_sets(items: list[tuple[Action, list[str]]], depth: int) -> bool:
    """Whether the remaining part of every id is an unordered `a+b+…` set of one size."""
    sets: set[frozenset[str]] = set()
    sizes = set()
    for _, parts in items:
        if len(parts) != depth + 1 or "+" not in parts[depth]:
            return False
        members = parts[depth].split("+")
        if len(set(members)) != len(members):
            return False
        sets.add(frozenset(members))
        sizes.add(len(members))
    return len(sets) == len(items) and len(sizes) == 1


def _group(items: list[tuple[Action, list[str]]], depth: int,
           names: Callable[[str], str | None], limit: int) -> Node:
    if len(items) <= limit and depth > 0:
        return Node(_common_label([a.label for a, _ in items]),
                    children=[Node(a.label, a) for a, _ in items])
    if _unordered_sets(items, depth):
        return _pick_sets([(a, p[depth].split("+")) for a, p in items], names, limit)
    buckets: dict[str, list[tuple[Action, list[str]]]] = {}
    leaves: list[Node] = []
    for action, parts in items:
        if len(parts) <= depth:
            leaves.append(Node(action.label, action))
        else:
            buckets.setdefault(parts[depth], []).append((action, parts))
    if len(buckets) == 1 and not leaves:  # one shared part: look at the next one
        return _group(items, depth + 1, names, limit)
    here = _common_label([a.label for a, _ in items])
    children: list[Node] = []
    for key, members in buckets.items():
        if len(members) == 1:
            children.append(Node(members[0][0].label, members[0][0]))
            continue
        sub = _group(members, depth + 1, names, limit)
        label = _common_label([a.label for a, _ in members])
        if not label or label == here:  # the labels share nothing more: name the part
            label = names(key) or _part_label(key, [a.label for a, _ in members])
        children.append(Node(label, children=sub.children if sub.action is None else [sub],
                             hint=sub.hint))
    children.extend(leaves)
    if len(children) > limit and all(len(m) == 1 for m in buckets.values()):
        children = _by_leading(children, buckets, here, limit) or children
    return Node(here, children=children)


def _by_leading(children: list[Node], buckets: dict[str, list[tuple[Action, list[str]]]],
                here: str, limit: int) -> list[Node] | None:
    """Many single choices whose parts differ: group them by the parts' leading word
    ('B-02', 'B-02/C-02' under 'B'), when that makes between 2 and `limit` groups."""
    groups: dict[str, list[Node]] = {}
    part_of = {members[0][0].id: key for key, members in buckets.items()}
    for child in children:
        part = part_of.get(child.action.id if child.action else "", "")
        lead = re.split(r"[^A-Za-z0-9]", part, maxsplit=1)[0] or part
        groups.setdefault(lead, []).append(child)
    if not 2 <= len(groups) <= limit:
        return None
    out = []
    for lead, members in groups.items():
        if len(members) == 1:
            out.append(members[0])
        else:
            out.append(Node(f"{here} {lead}".strip(), children=members))
    return out


def _pick_sets(items: list[tuple[Action, list[str]]], names: Callable[[str], str | None],
               limit: int) -> Node:
    """Pick the members of an unordered set one at a time."""
    size = len(items[0][1])
    if size == 1:
        return Node("", children=[Node(a.label, a) for a, _ in items])
    order: list[str] = []
    for _, members in items:
        for m in members:
            if m not in order:
                order.append(m)
    children = []
    for m in order:
        rest = [(a, [x for x in ms if x != m]) for a, ms in items if m in ms]
        sub = _pick_sets(rest, names, limit)
        children.append(Node(names(m) or pretty(m), children=sub.children,
                             hint=sub.hint if size > 2 else "the next one"))
    return Node("", children=children, hint=f"one of {size} to choose")


def renumber(children: list[Node], before: dict[str, int]) -> dict[int, Node]:
    """Numbers for a menu's entries that stay put from one prompt to the next (`before`: the
    numbers by entry key last shown at this step): an entry shown before keeps its number, so
    a number typed by habit never picks something else; the others take the numbers after the
    largest kept one. A menu sharing less than half its entries with `before` is numbered
    from 1 (the caller forgets `before` once another seat has moved)."""
    keys = [child.key for child in children]
    kept = {k: before[k] for k in keys if k in before}
    if len(kept) * 2 < len(keys) or len(set(kept.values())) != len(kept):
        kept = {}
    out: dict[int, Node] = {}
    following = max(kept.values(), default=0)
    for child in children:
        n = kept.get(child.key)
        if n is None:
            following += 1
            n = following
        out[n] = child
    return out

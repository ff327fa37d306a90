"""What the player can look up during a game: a component's effect (`? NAME`, from the
game's `glossary` hook), a section of the rules summary (`rule §5.3`, found the way the
web app finds it, `web/rules_text.py`), and the effects named by a list of choices."""

from __future__ import annotations

import re
from typing import Any

from ..engine import Action, GameSpec


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def find(entries: dict[str, tuple[str, str]], query: str) -> list[tuple[str, str, str]]:
    """Entries matching `query`: by id or name, case-insensitively; else those whose id or
    name contains it. Each match is (id, name, text)."""
    q = _norm(query)
    if not q:
        return []
    exact = [(k, n, t) for k, (n, t) in entries.items() if _norm(k) == q or _norm(n) == q]
    if exact:
        return exact[:1] if len({n for _, n, _ in exact}) == 1 else exact
    return [(k, n, t) for k, (n, t) in entries.items() if q in _norm(k) or q in _norm(n)]


def referenced(entries: dict[str, tuple[str, str]], actions: list[Action]) -> list[tuple[str, str]]:
    """(name, text) of each component the actions name, by an id part or by its name in the
    label (longer names first: a character's Strategy before the character), each once."""
    by_part = {k: k for k in entries}
    names = sorted(((n, k) for k, (n, _) in entries.items() if len(n) >= 4), key=lambda x: -len(x[0]))
    seen: list[str] = []
    for action in actions:
        for part in re.split(r"[:+]", action.id):
            key = by_part.get(part.partition("#")[0])
            if key is not None and key not in seen:
                seen.append(key)
        for name, key in names:
            if key not in seen and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", action.label):
                seen.append(key)
    return [entries[k] for k in seen]


def rule_section(spec: GameSpec, ref: str) -> tuple[str, str, str] | None:
    """(section id, title, text) of the rules summary for `§5.3`, `5.3` or `§5.3 Snipe`."""
    from ..web.rules_text import sections  # the web app's reader of the rules summary

    m = re.match(r"^§?\s*(\d+(?:\.\d+)*)", ref.strip())
    if m is None:
        return None
    table: dict[str, Any] = sections(spec)
    sid = m.group(1)
    if sid not in table:
        return None
    title, body = table[sid]
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S).strip()
    if not body:  # a sub-section given as a bullet of its parent: `- **§5.3 Explore.** ...`
        parent = sid.rpartition(".")[0]
        _, text = table.get(parent, ("", ""))
        bullet = re.search(rf"^- \*\*§{re.escape(sid)}\b.*?(?=^- \*\*§|\Z)", text, flags=re.S | re.M)
        body = bullet.group(0).strip() if bullet else "(no text for this section in the summary)"
    return sid, str(title), str(body)


_BLOCK = re.compile(r"^(\s*[-*|#>]|\s*\d+\.\s)")


def unwrap(markdown: str) -> str:
    """Join the summary's hard-wrapped lines into paragraphs and list items, so the terminal
    wraps them at its own width (tables, headings and list starts keep their lines)."""
    out: list[str] = []
    for line in markdown.splitlines():
        stripped = line.strip()
        if not stripped:
            out.append("")
        elif out and out[-1] and not _BLOCK.match(line) and not out[-1].lstrip().startswith("|"):
            out[-1] = out[-1].rstrip() + " " + stripped
        else:
            out.append(line.rstrip())
    return "\n".join(out)

"""Short rule explanations for rule references such as `§5.1 Invest` or `§8 mahatma-gandhi`.

The text comes from the game's rules summary (`spec.rules_doc`, a path relative to the
project root, e.g. `docs/games/<game>/rules.md`). The file is looked up next to
the source tree (an editable install or a checkout), in the current folder, and under
`$BOARDWRIGHT_DOCS`; when it is not there (a wheel without docs), the section titles
still come from the game package's `rules.SECTIONS`, if it has one.
"""

from __future__ import annotations

import importlib
import os
import re
from functools import lru_cache
from pathlib import Path

from boardwright.engine import GameSpec

MAX_CHARS = 1800
_HEADING = re.compile(r"^(#{2,4})\s+§?(\d+(?:\.\d+)*)\s+(.*)$")


def _candidates(rel: str) -> list[Path]:
    out: list[Path] = []
    env = os.environ.get("BOARDWRIGHT_DOCS")
    if env:
        out.append(Path(env) / rel)
    here = Path(__file__).resolve()
    out.extend(parent / rel for parent in list(here.parents)[:5])
    out.append(Path.cwd() / rel)
    return out


def rules_path(spec: GameSpec) -> Path | None:
    return _rules_path(spec.rules_doc)


@lru_cache(maxsize=16)
def _rules_path(rules_doc: str) -> Path | None:
    if not rules_doc:
        return None
    for path in _candidates(rules_doc):
        if path.is_file():
            return path
    return None


def sections(spec: GameSpec) -> dict[str, tuple[str, str]]:
    """Section id -> (title, markdown body) from the rules summary, else titles only."""
    return _sections(spec.id, spec.rules_doc, spec.state_cls.__module__)


@lru_cache(maxsize=16)
def _sections(game_id: str, rules_doc: str, module: str) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    path = _rules_path(rules_doc)
    if path is not None:
        current: str | None = None
        title = ""
        body: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _HEADING.match(line)
            if m is not None:
                if current is not None:
                    out[current] = (title, "\n".join(body).strip())
                current, title, body = m.group(2), m.group(3).strip(), []
            elif line.startswith("## ") and current is not None:
                out[current] = (title, "\n".join(body).strip())
                current = None
            elif current is not None:
                body.append(line)
        if current is not None:
            out[current] = (title, "\n".join(body).strip())
    for sid, stitle in _titles(module).items():
        out.setdefault(sid, (stitle, ""))
    return out


def _titles(state_module: str) -> dict[str, str]:
    package = state_module.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.rules")
    except ImportError:
        return {}
    titles = getattr(module, "SECTIONS", {})
    return {str(k): str(v) for k, v in titles.items()} if isinstance(titles, dict) else {}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def explain(spec: GameSpec, ref: str) -> dict[str, str] | None:
    """The section a reference names, with its text cut to a short explanation."""
    text = ref.strip().lstrip("§").strip()
    m = re.match(r"^(\d+(?:\.\d+)*)\s*(.*)$", text)
    if m is None:
        return None
    sid, rest = m.group(1), m.group(2).strip()
    table = sections(spec)
    if sid not in table:
        return None
    title, body = table[sid]
    if rest and _slug(rest) != _slug(title):
        # A reference into a section, e.g. `§8 mahatma-gandhi`: the matching table row.
        row = next((ln for ln in body.splitlines()
                    if ln.startswith("|") and _slug(ln.split("|")[1]) == _slug(rest)), None)
        if row is not None:
            head = next((ln for ln in body.splitlines() if ln.startswith("| ")), "")
            cells = [c.strip() for c in row.strip().strip("|").split("|")]
            names = [c.strip() for c in head.strip().strip("|").split("|")]
            lines = [f"{n}: {c}" for n, c in zip(names, cells, strict=False) if c]
            return {"game": spec.id, "section": sid, "ref": ref, "title": f"{title}: {cells[0]}",
                    "text": "\n".join(lines)}
    short = re.sub(r"<!--.*?-->", "", body, flags=re.S).strip()
    if len(short) > MAX_CHARS:
        short = short[:MAX_CHARS].rsplit("\n", 1)[0] + "\n…"
    return {"game": spec.id, "section": sid, "ref": ref, "title": title, "text": short}

"""The Flow of History's generated docs (the `docs` hook).

- docs/games/flow-of-history/stand-ins.md, the whole file: every card and card type with
  its provenance (rulebook / stand-in), which fields are stand-ins, and the note;
- the card glossary table of §8 inside docs/games/flow-of-history/rules.md, between the
  markers CARD_TABLE_BEGIN and CARD_TABLE_END (the rest of rules.md is written by hand).

`scripts/gen_docs.py` writes (or with --check compares) what `generate` returns, for every
game with a docs hook; tests/test_docs.py runs the same comparison, so the tables cannot
drift from the data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from . import cards as fcards
from .cards import AGES, CardFile, CardRecord

DOCS = "docs/games/flow-of-history"
STAND_INS = f"{DOCS}/stand-ins.md"
RULES = f"{DOCS}/rules.md"

CARD_TABLE_BEGIN = "<!-- BEGIN GENERATED: card table (scripts/gen_docs.py) -->"
CARD_TABLE_END = "<!-- END GENERATED: card table -->"

TIMING_LABEL = {
    "none": "—",
    "instant": "Instant",
    "attack": "Attack",
    "attack_all": "Attack All",
    "permanent": "Permanent",
    "turn_action": "Turn Action",
    "end_game": "End Game Scoring",
}


# ---------------------------------------------------------------- data
def card_file() -> CardFile:
    """The shipped card data, validated (no data pack)."""
    return fcards.load().file


def _sort_key(card: CardRecord) -> tuple[int, str]:
    name = card.name.removeprefix("The ")
    return AGES.index(card.age), name.lower()


def sorted_cards(file: CardFile) -> list[CardRecord]:
    return sorted(file.cards, key=_sort_key)


# ---------------------------------------------------------------- effect text
def _icon(name: str) -> str:
    return name.capitalize()


def _icons(icons: Iterable[tuple[str, int]]) -> str:
    return _types([f"{n} {_icon(i)}" for i, n in icons], "and")


def _types(types: Sequence[str], joiner: str) -> str:
    if len(types) == 1:
        return types[0]
    return ", ".join(types[:-1]) + f" {joiner} " + types[-1]


def _tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def effect_text(card: CardRecord) -> str:
    """What a card does, in the project's own words, from its effect record."""
    e = card.effect
    many = card.timing == "attack_all"
    victim = "every weaker opponent" if many else "one weaker opponent of your choice"
    text: str
    if isinstance(e, fcards.NoEffect):
        text = "Starting card: icons only, no effect."
    elif isinstance(e, fcards.EndsGame):
        text = "Ends the game when it enters the Market or is gained (§6.1, §9.2)."
    elif isinstance(e, fcards.Provide):
        text = f"Counts as {_icons(e.icons.items())} while uncovered."
    elif isinstance(e, fcards.ProvidePerCard):
        text = (f"Counts as {e.amount} {_icon(e.icon)} per {e.per_type} card in your Nation "
                "while uncovered.")
    elif isinstance(e, fcards.ProvidePerIcon):
        text = (f"Counts as {e.amount} {_icon(e.icon)} per {_icon(e.per_icon)} icon in your Nation "
                "while uncovered.")
    elif isinstance(e, fcards.AttackTokens):
        text = (f"Whenever you resolve an Attack or Attack All effect, first take "
                f"{_tokens(e.amount)} from the Supply, whoever turns out to be weaker.")
    elif isinstance(e, fcards.Pacifist):
        text = ("Attack and Attack All cards you gain do nothing; no attack can target you.")
    elif isinstance(e, fcards.GainTopCard):
        text = "Draw the deck's top card into your Nation."
        if e.remove_self:
            text = "This card leaves the game, then you draw the deck's top card into your Nation."
    elif isinstance(e, fcards.GainFromMarket):
        what = "any uninvested card" if e.types is None else (
            f"an uninvested {_types(e.types, 'or')} card")
        steps = []
        if e.remove_self:
            steps.append("this card leaves the game")
        if e.cost:
            steps.append(f"you pay {_tokens(e.cost)} to the Supply")
        if e.discard_top is not None:
            steps.append(f"the top card of your {e.discard_top} stack is discarded")
        steps.append(f"you take {what} from the Market")
        text = ", then ".join(steps)
        text = text[0].upper() + text[1:] + "."
    elif isinstance(e, fcards.TokensPerIcon):
        text = (f"Take {_tokens(e.amount)} from the {e.source.capitalize()} per "
                f"{_icon(e.per_icon)} icon you have (this card included).")
        if e.glossary_amount is not None:
            text += f" Option irrigation=glossary: {e.glossary_amount} per icon (§9.1)."
    elif isinstance(e, fcards.TokensPerCard):
        text = (f"Take {_tokens(e.amount)} from the {e.source.capitalize()} per {e.per_type} "
                "card you have (this card included).")
    elif isinstance(e, fcards.ShareSupply):
        text = ("Every player puts all tokens held in their Nation into the Supply; the Supply is "
                "then shared out evenly and the remainder stays there.")
    elif isinstance(e, fcards.StealTokens):
        text = f"Take {_tokens(e.amount)} from {victim} (fewer if they have fewer)."
    elif isinstance(e, fcards.DiscardTop):
        if e.each:
            text = f"{victim.capitalize()} loses the top card of its {_types(e.types, 'and')} stack"
            text += "s." if len(e.types) > 1 else "."
        else:
            text = (f"{victim.capitalize()} loses the top card of its "
                    f"{_types(e.types, 'or')} stack (you pick which).")
    elif isinstance(e, fcards.DiscardWonder):
        text = f"{victim.capitalize()} loses one Wonder of your choice."
    elif isinstance(e, fcards.CulturePerCard):
        text = f"{e.amount} Culture per {e.per_type} card you have."
    elif isinstance(e, fcards.CulturePerIcon):
        per = f"per {_icon(e.per_icon)} icon" if e.icons_per_culture == 1 else (
            f"per {e.icons_per_culture} {_icon(e.per_icon)} icons")
        text = f"1 Culture {per} you have."
    elif isinstance(e, fcards.CulturePerSet):
        text = (f"{e.amount} Culture per complete set of one {_types(e.types, 'and')} card.")
    elif isinstance(e, fcards.GrantIcons):
        text = f"{_icons(e.icons.items())} icons at scoring (§9.7)."
    else:  # pragma: no cover - a new effect kind needs a sentence here
        raise ValueError(f"no description for effect kind {e.kind!r}")
    if card.obsolete:
        text += " Obsolete: off at final scoring."
    return text


def _stripe(card: CardRecord) -> str:
    return ", ".join(f"{n} {_icon(i)}" for i, n in card.stripe.items() if n) or "none"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


# ---------------------------------------------------------------- §8 card table
def card_table(file: CardFile | None = None) -> str:
    """The §8 glossary table (markdown, without the markers)."""
    file = file or card_file()
    lines = [
        "| Card | Age | Type | Timing | Effect (our words) | Stripe |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in sorted_cards(file):
        type_ = c.type + (" †" if "type" in c.stand_in_fields else "")
        stripe = _stripe(c) + (" †" if "stripe" in c.stand_in_fields else "")
        age = c.age + (" †" if "age" in c.stand_in_fields else "")
        lines.append(
            f"| {_cell(c.name)} | {age} | {type_} | {TIMING_LABEL[c.timing]} | "
            f"{_cell(effect_text(c))} | {stripe} |"
        )
    lines += [
        "",
        f"{len(file.cards)} cards. † marks a stand-in value (not given by the rulebook; see "
        "[stand-ins.md](stand-ins.md)).",
    ]
    return "\n".join(lines) + "\n"


def render_rules(text: str, table: str) -> str:
    """rules.md with the text between the card-table markers replaced by `table`."""
    start = text.find(CARD_TABLE_BEGIN)
    end = text.find(CARD_TABLE_END)
    if start == -1 or end == -1 or end < start:
        raise ValueError(f"rules.md lacks the card table markers {CARD_TABLE_BEGIN!r} / "
                         f"{CARD_TABLE_END!r}")
    head = text[: start + len(CARD_TABLE_BEGIN)]
    return head + "\n" + table + text[end:]


# ---------------------------------------------------------------- stand-ins.md
def stand_ins(file: CardFile | None = None) -> str:
    file = file or card_file()
    cards = sorted_cards(file)
    by_source: Counter[str] = Counter(str(c.source) for c in cards)
    by_field = Counter(f for c in cards for f in c.stand_in_fields)
    type_sources: Counter[str] = Counter(str(t.source) for t in file.card_types)
    out = [
        "# The Flow of History: rulebook facts and stand-ins",
        "",
        "<!-- Generated by scripts/gen_docs.py from "
        "src/boardwright/titles/flow_of_history/data/cards.json; do not edit by hand. -->",
        "",
        "The rulebook gives every card's name, age (except The Future's) and effect, but not the",
        "production stripe of any card, the type of most cards, or the investor-bonus icon of",
        "most card types. What it does not give, the project designed as a *stand-in*",
        "(see shared design note data-packs.md): the record says `source: stand-in`, lists the",
        "fields that are stand-ins, and notes what constrained them (mostly the worked",
        "examples). Owners of the printed cards can overlay their own values by id with a data",
        "pack (`--data DIR`).",
        "",
        "## Counts",
        "",
        "| what | count |",
        "| --- | --- |",
        f"| cards | {len(cards)} |",
    ]
    for source in ("rulebook", "stand-in"):
        out.append(f"| cards with source `{source}` | {by_source.get(source, 0)} |")
    for field, n in sorted(by_field.items()):
        out.append(f"| cards whose `{field}` is a stand-in | {n} |")
    out.append(f"| cards with no stand-in field | "
               f"{sum(1 for c in cards if not c.stand_in_fields)} |")
    for source in ("rulebook", "stand-in"):
        out.append(f"| card types with source `{source}` | {type_sources.get(source, 0)} |")
    out += [
        "",
        "Every field of a card not listed under *stand-in fields* comes from the rulebook: the",
        "name, age, effect timing, effect and obsolete mark from its card glossary, the type from",
        "the setup rules and the worked examples. The Future's age is the one exception: the",
        "rulebook gives none, and the project reads it as V (rules summary §9.8).",
        "",
        "## Card types (investor bonus)",
        "",
        "| type | investor bonus counts | source | note |",
        "| --- | --- | --- | --- |",
    ]
    for t in file.card_types:
        out.append(f"| {t.name} | {_icon(t.investor_bonus)} | {t.source} | {_cell(t.note)} |")
    out += [
        "",
        "## Cards",
        "",
        "| card | id | age | type | stripe | source | stand-in fields | note |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in cards:
        fields = ", ".join(c.stand_in_fields) or "—"
        out.append(
            f"| {_cell(c.name)} | `{c.id}` | {c.age} | {c.type} | {_stripe(c)} | {c.source} | "
            f"{fields} | {_cell(c.note) or '—'} |"
        )
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the hook
def generate(root: Path) -> dict[str, str]:
    """Every generated page (repo-relative path) and the text it should have now; `root` is
    the repository, whose hand-written rules.md the card table is spliced into."""
    file = card_file()
    rules = root / RULES
    rules_text = rules.read_text(encoding="utf-8") if rules.exists() else ""
    return {
        STAND_INS: stand_ins(file),
        RULES: render_rules(rules_text, card_table(file)),
    }

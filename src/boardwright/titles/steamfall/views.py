"""What each seat may see, re-sampling what it may not, and the finite components (§1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Rng

from .scenarios import of

if TYPE_CHECKING:
    from .state import SteamfallState

PUBLIC_PLAYER = (
    "char",
    "at",
    "res",
    "cubes",
    "mood",
    "cols",
    "spare",
    "boxes",
    "play",
    "power",
    "attach",
    "used",
    "civs",
    "prog",
    "done",
    "abil",
    "tablets",
    "pool",
    "col",
    "reset",
    "diamonds",
    "asked",
)


def view(st: SteamfallState, seat: int | None) -> dict[str, Any]:
    b = st.board
    areas = []
    for a in range(b.n_areas):
        area: dict[str, Any] = {
            "id": a,
            "tokens": {k: v for k, v in st.tok[a].items() if v},
            "cubes": list(st.cubes[a]),
            "ruins": st.ruins[a],
            "explored": bool(st.rside[a]),
        }
        if b.is_slot(a):
            d, side = b.slots[a - b.n_districts]
            area.update(
                kind="secret-location", district=d, side=side, revealed=st.up[a], looked=sorted(st.looked[a])
            )
            known = st.up[a] or (seat is not None and seat in st.looked[a])
            area["location"] = st.loc[a] if known else None
        else:
            area.update(
                kind="district",
                district_id=b.districts[a],
                cell=list(b.cells[a]),
                pathways=list(b.paths[a]),
                event=st.event[a],
                tablet=st.tablet[a],
            )
        area["neighbours"] = [[n, c] for n, c in b.moves[a]]
        areas.append(area)
    players = []
    for p, pl in enumerate(st.pl):
        mine: dict[str, Any] = {k: pl[k] for k in PUBLIC_PLAYER if k in pl}
        mine["hand_size"] = len(pl.get("hand", []))
        mine["pending_size"] = len(pl.get("pending", []))
        if seat is not None and st.seat_of(p) == seat:
            mine["hand"] = sorted(pl.get("hand", []))
            mine["pending"] = sorted(pl.get("pending", []))
        players.append(mine)
    out: dict[str, Any] = {
        "scenario": st.scenario,
        "round": st.round,
        "first": st.first,
        "order": list(st.order),
        "areas": areas,
        "players": players,
        "decks": {k: len(v) for k, v in st.decks.items()},
        "trash": list(st.trash),
        "box": list(st.box),
        "civilian_discard": list(st.civ_discard),
        "event_discard": list(st.ev_discard),
        "ruins_supply": len(st.ruins_stack),
        "supply": dict(st.supply),
    }
    if st.tasks and st.tasks[-1][0] == "district_pick":
        out["drafted_tiles"] = list(st.draft)
    of(st).view(st, seat, out)
    if st.result is not None:
        out["result"] = dict(st.result)
    return out


def determinize(st: SteamfallState, seat: int, rng: Rng) -> None:
    """Re-deal every card `seat` cannot see: other hands and pending draws (per deck), the deck
    orders, the face-down secret locations it has not looked at, the ruins supply order."""
    by_deck: dict[str, list[str]] = {"base": [], "addon": [], "relic": []}
    slots: list[tuple[int, str, int]] = []  # (player, zone, index)
    known = _known_cards(st, seat)
    for p, pl in enumerate(st.pl):
        if st.seat_of(p) == seat:
            continue
        pinned = list(known.get(p, []))
        for zone in ("hand", "pending"):
            for i, card in enumerate(pl.get(zone, [])):
                if zone == "hand" and card in pinned:
                    pinned.remove(card)  # offered to `seat` in a trade: it has seen it
                    continue
                by_deck[st._deck_of(card)].append(card)
                slots.append((p, zone, i))
    pools = {}
    for deck, cards in by_deck.items():
        pool = cards + st.decks[deck]
        rng.shuffle(pool)
        pools[deck] = pool
    for p, zone, i in slots:
        deck = st._deck_of(st.pl[p][zone][i])
        st.pl[p][zone][i] = pools[deck].pop()
    for deck in by_deck:
        st.decks[deck] = pools[deck]
    _fix_hidden_references(st, seat)
    for name in ("civ", "event", "comp"):
        rng.shuffle(st.decks[name])
    hidden = [
        a for a in range(st.board.n_districts, st.board.n_areas) if not st.up[a] and seat not in st.looked[a]
    ]
    pool = [st.loc[a] for a in hidden] + st.decks["loc"]
    rng.shuffle(pool)
    for a in hidden:
        st.loc[a] = pool.pop()
    st.decks["loc"] = pool
    rng.shuffle(st.ruins_stack)
    of(st).determinize(st, seat, rng)


_TOKENS_TRADED = ("scrap", "steam", "insight", "vp", "diamond", "shard")


def _known_cards(st: SteamfallState, seat: int) -> dict[int, list[str]]:
    """Cards in another seat's hand that `seat` has been shown: those offered to it in a
    trade it is asked to accept."""
    out: dict[int, list[str]] = {}
    for task in st.tasks:
        if task[0] == "consent" and st.seat_of(task[1]) == seat and task[3]:
            out.setdefault(int(task[2]), []).extend(w for w in task[3].split(",") if w not in _TOKENS_TRADED)
    return out


def _fix_hidden_references(st: SteamfallState, seat: int) -> None:
    """After other hands were re-dealt: a secret draft pick, or a trade offer, of another seat
    names a card that seat now holds (its own cards are known to it and were not re-dealt)."""
    if st.draft and st.tasks and st.tasks[-1][0] == "item_draft":
        draft = list(st.draft)
        for p, pick in enumerate(draft):
            if p != seat and pick:
                draft[p] = st.pl[p]["pending"][0]
        st.draft = draft
    for k, task in enumerate(st.tasks):
        if task[0] in ("trade", "consent"):
            giver = task[1] if task[0] == "trade" else task[2]
            if st.seat_of(giver) == seat or (task[0] == "consent" and st.seat_of(task[1]) == seat):
                continue
            give = task[3].split(",") if task[3] else []
            hand = list(st.pl[giver]["hand"])
            fixed = []
            for what in give:
                if what in _TOKENS_TRADED:
                    fixed.append(what)
                else:
                    fixed.append(hand.pop(0))
            st.tasks[k] = [*task[:3], ",".join(fixed), task[4]]


def components(st: SteamfallState) -> dict[str, int]:
    """Cards of each kind, influence cubes, action tokens and generic tokens: never created or lost."""
    cards: dict[str, int] = {"items": 0, "civilians": 0, "locations": 0, "events": 0, "complications": 0}
    cards["items"] = (
        len(st.decks["base"]) + len(st.decks["addon"]) + len(st.decks["relic"]) + len(st.trash) + len(st.box)
    )
    cubes = 0
    tokens = 0
    chosen = {pl.get("char") for pl in st.pl}
    tokens += sum(len(ch.tokens) for cid, ch in st.content.characters.items() if cid not in chosen)
    for pl in st.pl:
        if not pl.get("char"):
            cubes += 8  # still in the box with the unchosen colours
            continue
        cards["items"] += len(pl["hand"]) + len(pl["play"]) + len(pl["pending"])
        cards["civilians"] += len(pl["civs"])
        cubes += pl["cubes"]
        tokens += len(pl["spare"]) + sum(len(c) for c in pl["cols"])
    cards["civilians"] += len(st.decks["civ"]) + len(st.civ_discard)
    cards["locations"] = len(st.decks["loc"]) + sum(1 for x in st.loc if x)
    cards["events"] = len(st.decks["event"]) + len(st.ev_discard) + sum(1 for x in st.event if x)
    cards["complications"] = len(st.decks["comp"]) + len(st.comps) + len(st.comp_out)
    cubes += sum(len(c) for c in st.cubes)
    ruins = len(st.ruins_stack) + sum(1 for r in st.ruins if r)
    tablets = (
        len(st.tablets_left)
        + sum(1 for t in st.tablet if t)
        + sum(len(pl.get("tablets", [])) for pl in st.pl)
    )
    on_map = {k: sum(t[k] for t in st.tok) for k in ("civilian", "workshop", "mechanized")}
    on_map["civilian"] += on_map["mechanized"]  # the two sides of one token
    more, extra = of(st).count_components(st, cards, on_map)
    cubes += more
    return {
        **cards,
        "civilian_tokens": on_map["civilian"] + st.supply["civilian"],
        "workshop_item_tokens": on_map["workshop"] + st.supply["workshop"],
        "vp_diamonds": st.supply["diamond"] + sum(pl.get("diamonds", 0) for pl in st.pl),
        "influence_cubes": cubes,
        "action_tokens": tokens,
        "ruins_tokens": ruins,
        "cipher_tablets": tablets,
        **extra,
    }

"""SteamfallState: a game of Crisis at Steamfall as plain JSON-ready data.

Pending work is a stack of small lists in `tasks` (kind first, then the seat and
arguments). Automatic tasks resolve in `run()`; decision tasks wait for a seat. Per-player
data is one dict per seat (`pl`), copied two levels deep by `_clone_into`.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Rng
from boardwright.engine.outcome import competitive
from boardwright.engine.tasks import TaskStackState

from . import choices, rounds, trade, turn, views
from .board import Board
from .content import Content, load
from .effects import fire, gain
from .rules import ref
from .scenarios import get, merged, of

Task = list[Any]

FIELDS = (
    "scenario",
    "round",
    "first",
    "order",
    "turn_idx",
    "tok",
    "ruins",
    "rside",
    "event",
    "loc",
    "up",
    "looked",
    "cubes",
    "tablet",
    "decks",
    "trash",
    "box",
    "civ_discard",
    "ev_discard",
    "comps",
    "cprog",
    "cover",
    "comp_out",
    "completion",
    "quarters",
    "paid",
    "tasks",
    "result",
    "pl",
    "ruins_stack",
    "tablets_left",
    "supply",
    "draft",
    "cr",
    "ai",
    "gn",
)

#: fields whose elements are immutable or only ever replaced: a shallow copy suffices
#: (`_clone_into` names each; test_speed_caches checks that it copies every one)
_FLAT = tuple(f for f in FIELDS if f not in ("tok", "decks", "pl", "cr", "ai", "gn"))

DECISIONS = {
    "turn": turn.turn_decision,
    **choices.DECISIONS,
    **rounds.DECISIONS,
    **trade.DECISIONS,
    **merged("decisions"),
}
APPLY = {
    "turn": turn.apply_turn,
    **choices.APPLY,
    **rounds.APPLY,
    **trade.APPLY,
    **merged("apply"),
}
AUTOMATIC = {
    **rounds.AUTOMATIC,
    **choices.AUTOMATIC,
    **merged("automatic"),
}
#: tasks every chooser of which decides at once (secret and simultaneous)
SIMULTANEOUS = {"item_draft": rounds.draft_choosers, **merged("simultaneous")}


class SteamfallState(TaskStackState):
    __slots__ = ("board", "content", "mods_memo", "quiet_said", *FIELDS)
    TURN_RULE = ref("3.2")
    #: the evaluations read only how long the log is (`log_count`), except Genesis', which
    #: reads its last entries: Genesis copies keep the log (`_copy`)
    QUIET_SEARCH = True
    DECISIONS = DECISIONS
    APPLY = APPLY

    content: Content
    board: Board
    scenario: str
    round: int
    first: int
    order: list[int]
    turn_idx: int
    tok: list[dict[str, int]]
    ruins: list[str]
    rside: list[int]
    event: list[str]
    loc: list[str]
    up: list[bool]
    looked: list[list[int]]
    cubes: list[list[int]]
    tablet: list[str]
    decks: dict[str, list[str]]
    trash: list[str]
    box: list[str]
    civ_discard: list[str]
    ev_discard: list[str]
    comps: list[str]
    cprog: dict[str, int]
    cover: list[str]
    comp_out: list[str]
    completion: int
    quarters: int
    paid: dict[str, int]
    tasks: list[Task]
    result: dict[str, Any] | None
    pl: list[dict[str, Any]]
    ruins_stack: list[str]
    tablets_left: list[str]
    supply: dict[str, int]
    draft: list[str]
    cr: dict[str, Any]
    #: Genesis solo: the AI opponent's pieces (genesis_ai.py); empty otherwise
    ai: dict[str, Any]
    #: Genesis: journals, event piles, scoring-event cubes (genesis.py); empty otherwise
    gn: dict[str, Any]
    #: effects.mods() per seat while a decision is being built (nothing changes then); else None
    mods_memo: dict[int, dict[str, int]] | None
    #: a quiet search copy: the log entries it would hold (its original's and its own)
    quiet_said: int

    # ------------------------------------------------------------------ hooks
    def _setup(self) -> None:
        self.mods_memo = None
        self.content = load(self.data_pack)
        rounds.setup(self)
        self.run()

    def run(self) -> None:
        self._cache.clear()  # run() by hand follows a change: no decision kept from before it
        while self.result is None and self.tasks:
            top = self.tasks[-1]
            kind = top[0]
            if kind in AUTOMATIC:
                self.tasks.pop()
                AUTOMATIC[kind](self, top)
                continue
            if kind == "turn":
                rounds.collect_insight(self, top[1])
            decision = self._decision_for(top)
            if not decision.actions:
                self.tasks.pop()
                self.say(
                    top[1] if len(top) > 1 and isinstance(top[1], int) else None,
                    f"has no way to carry out '{kind}'; skipped",
                    ref("6.5"),
                )
                continue
            if kind not in SIMULTANEOUS:  # the acting seat's decision, kept: only the
                # simultaneous tasks' decisions depend on the seat asking (test_speed_caches)
                self._cache[self.seat_of(int(top[1]))] = (decision, None)
            return

    @property
    def to_act(self) -> tuple[int, ...]:
        """`GameState.to_act` with `over` written out (search loops ask it at every step)."""
        if self._pending is not None or self.result is not None:
            return ()
        return self._to_act()

    def _to_act(self) -> tuple[int, ...]:
        tasks = self.tasks
        if not tasks:
            return ()
        top = tasks[-1]
        together = SIMULTANEOUS.get(top[0])
        if together is not None:
            return together(self)
        return (int(top[1]) if len(self.pl) <= self.players else 0,)  # `seat_of` written out

    # ------------------------------------------------------------------ one seat, two characters
    def seat_of(self, p: int) -> int:
        """The seat controlling character p: itself, or seat 0 in solo Crisis (§16.2)."""
        return p if len(self.pl) <= self.players else 0

    def _char_name(self, p: int) -> str:
        cid = self.pl[p].get("char", "")
        return self.content.characters[cid].name if cid else f"character {p}"

    def _decision_for(self, task: Any, seat: int | None = None) -> Any:
        d = super()._decision_for(task, seat)
        if len(self.pl) > self.players and d.seat != 0:
            import dataclasses

            name = self._char_name(d.seat)
            prompt = d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"
            d = dataclasses.replace(d, seat=0, prompt=prompt)
        return d

    def _apply(self, seat: int, action_id: str) -> None:
        top = self.tasks[-1]
        if len(self.pl) > self.players and len(top) > 1 and isinstance(top[1], int):
            seat = int(top[1])  # solo Crisis: the character the task is for
        super()._apply(seat, action_id)

    def say(self, seat: int | None, text: str, rule: str, visible_to: tuple[int, ...] | None = None) -> None:
        if self.quiet:
            self.quiet_said += 1
            return
        if len(getattr(self, "pl", ())) > self.players:
            if seat is not None:
                text = f"({self._char_name(seat)}) {text}"
                seat = 0
            if visible_to is not None:
                visible_to = (0,)
        super().say(seat, text, rule, visible_to)

    def log_count(self) -> int:
        """How many entries the log holds, or would hold in a quiet search copy."""
        return self.quiet_said if self.quiet else len(self._log)

    def _copy(self, quiet: bool) -> Any:
        scenario = getattr(self, "scenario", "")
        return super()._copy(quiet and (not scenario or get(scenario).quiet_copies))

    @property
    def over(self) -> bool:
        return self.result is not None

    def _round(self) -> int:
        return self.round

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _outcome(self) -> dict[str, Any]:
        own = of(self).outcome(self)
        if own is not None:
            return own
        final = self.over
        keys = []
        breakdown = []
        for p in range(self.players):
            b = rounds.score(self, p)
            breakdown.append(b)
            keys.append((b["total"], self.pl[p].get("res", {}).get("insight", 0)))
        return competitive(keys, ("VP", "insight"), final=final, breakdown=breakdown)

    def _dump(self) -> dict[str, Any]:
        out = {f: getattr(self, f) for f in FIELDS}
        out["board"] = self.board.to_data()
        return out

    def _load(self, data: dict[str, Any]) -> None:
        self.mods_memo = None
        self.content = load(self.data_pack)
        for f in FIELDS:
            setattr(self, f, data.get(f, {}) if f in ("ai", "gn") else data[f])
        self.tasks = [list(t) for t in self.tasks]
        self.board = Board.from_data(data["board"])

    def _clone_into(self, other: Any) -> None:
        """One level deep per mutable container: every list and dict field is copied, its
        elements shared when the rules never change them in place (tasks, cubes, looked:
        replaced, never edited) and copied when they do (area tokens, decks, players).
        Each field by name: attribute access beats getattr/setattr over `_FLAT`."""
        other.content = self.content
        other.board = self.board
        other.mods_memo = None
        other.quiet_said = self.quiet_said if self.quiet else len(self._log)
        other.scenario = self.scenario
        other.round = self.round
        other.first = self.first
        other.turn_idx = self.turn_idx
        other.completion = self.completion
        other.quarters = self.quarters
        result = self.result
        other.result = None if result is None else result.copy()
        other.order = self.order.copy()
        other.ruins = self.ruins.copy()
        other.rside = self.rside.copy()
        other.event = self.event.copy()
        other.loc = self.loc.copy()
        other.up = self.up.copy()
        other.looked = self.looked.copy()
        other.cubes = self.cubes.copy()
        other.tablet = self.tablet.copy()
        other.trash = self.trash.copy()
        other.box = self.box.copy()
        other.civ_discard = self.civ_discard.copy()
        other.ev_discard = self.ev_discard.copy()
        other.comps = self.comps.copy()
        other.cprog = self.cprog.copy()
        other.cover = self.cover.copy()
        other.comp_out = self.comp_out.copy()
        other.paid = self.paid.copy()
        other.tasks = self.tasks.copy()
        other.ruins_stack = self.ruins_stack.copy()
        other.tablets_left = self.tablets_left.copy()
        other.supply = self.supply.copy()
        other.draft = self.draft.copy()
        other.tok = [t.copy() for t in self.tok]
        other.decks = {k: d.copy() for k, d in self.decks.items()}
        other.pl = [_copy_player(d) for d in self.pl]
        other.cr, other.ai, other.gn = {}, {}, {}  # a scenario's own fields, copied by it
        of(self).copy_fields(self, other)

    def _determinize(self, seat: int, rng: Rng) -> None:
        views.determinize(self, seat, rng)

    def components(self) -> dict[str, int]:
        return views.components(self)

    def _why_illegal(self, seat: int, action_id: str) -> tuple[str, str] | None:
        top = self.tasks[-1] if self.tasks else []
        if len(self.pl) > self.players and len(top) > 1 and isinstance(top[1], int):
            seat = int(top[1])
        return turn.why_illegal(self, seat, action_id)

    # ------------------------------------------------------------------ helpers used by rules
    def modded_bases(self, p: int) -> set[str]:
        return set(self.pl[p]["attach"].values())

    def group(self, p: int, item: str) -> list[str]:
        """An item with the power modules attached to it (their gauges are combined, §7.4)."""
        att = self.pl[p]["attach"]
        if not att:  # nothing attached (the common case): the item alone
            return [item]
        base = att.get(item, item)
        return [base] + [k for k, v in att.items() if v == base and self.content.items[k].kind == "module"]

    def gauge(self, p: int, item: str) -> int:
        if not self.pl[p]["attach"]:
            return self.content.items[item].gauge
        return sum(self.content.items[i].gauge for i in self.group(p, item))

    def power_of(self, p: int, item: str) -> int:
        pw = self.pl[p]["power"]
        if not self.pl[p]["attach"]:
            alone: int = pw.get(item, 0)
            return alone
        return sum(pw.get(i, 0) for i in self.group(p, item))

    def add_power(self, p: int, item: str, n: int) -> None:
        room = self.gauge(p, item) - self.power_of(p, item)
        add = min(n, room)
        if add > 0:
            base = self.group(p, item)[0]
            self.pl[p]["power"][base] = self.pl[p]["power"].get(base, 0) + add

    def spend_power(self, p: int, item: str, n: int) -> None:
        pw = self.pl[p]["power"]
        for i in self.group(p, item):
            take = min(n, pw.get(i, 0))
            if take:
                pw[i] -= take
                n -= take
            if pw.get(i) == 0:
                pw.pop(i, None)

    def power_targets(self, p: int) -> list[str]:
        """Items in play that can hold power (a group counts once, by its base)."""
        pl = self.pl[p]
        if not pl["attach"]:  # every item its own group
            items = self.content.items
            return [i for i in pl["play"] if items[i].gauge > 0]
        out = []
        for i in pl["play"]:
            if self.group(p, i)[0] == i and self.gauge(p, i) > 0:
                out.append(i)
        return out

    def change_mood(self, p: int, n: int) -> None:
        ch = self.content.characters[self.pl[p]["char"]]
        m = self.pl[p]["mood"] + n
        self.pl[p]["mood"] = max(ch.mood_min, min(ch.mood_max, m))

    def draw_item(self, p: int, deck: str, where: str) -> str | None:
        """Draw from a deck (reshuffling that deck's cards from the trash when empty, §15)."""
        cards = self.decks[deck]
        if not cards:
            back = [c for c in self.trash if self._deck_of(c) == deck]
            if not back:
                self.say(p, f"cannot draw: the {deck} deck and its trash are empty", ref("15"))
                return None
            self.trash = [c for c in self.trash if self._deck_of(c) != deck]
            self.shuffle(f"{deck} deck", back)
            cards.extend(back)
            self.say(None, f"the {deck} deck is reshuffled from the trash", ref("15"))
        card = cards.pop()
        self.pl[p][where].append(card)
        self.say(p, f"draws {self.content.items[card].name}", ref("6.8"), visible_to=(p,))
        self.say(
            p, f"draws a {deck} card", ref("6.8"), visible_to=tuple(q for q in range(self.players) if q != p)
        )
        return card

    def _deck_of(self, card: str) -> str:
        it = self.content.items[card]
        if it.deck == "relic":
            return "relic"
        return "addon" if it.kind in ("addon", "module") else "base"

    def discard_civilian(self, p: int, civ: str) -> None:
        pl = self.pl[p]
        pl["civs"].remove(civ)
        pl["prog"].pop(civ, None)
        self.civ_discard.append(civ)
        self.say(p, f"lets {self.content.civilians[civ].name} go", ref("8"))

    def quest_done(self, civ: str) -> bool:
        """A civilian's quest is completed once per game (§8): a completer's `done` list keeps
        it after the civilian leaves, so a reshuffled card escorted again stays completed."""
        return any(civ in pl["done"] for pl in self.pl)

    def quest_targets(self, p: int) -> list[str]:
        return [c for c in self.pl[p]["civs"] if not self.quest_done(c)]

    def quest_step(self, p: int, civ: str, n: int) -> None:
        if self.quest_done(civ):
            return
        pl = self.pl[p]
        q = self.content.civilians[civ].quest
        need = of(self).quest_need(self, q.n)
        pl["prog"][civ] = min(need, pl["prog"].get(civ, 0) + n)
        if pl["prog"][civ] >= need:
            pl["done"].append(civ)
            pl["prog"].pop(civ, None)
            self.say(p, f"completes the quest of {self.content.civilians[civ].name}", ref("8"))
            gain(self, p, q.reward)
            fire(self, p, "complete_quest")

    def comp_need(self, cid: str) -> int:
        return self.players + (1 if self.content.complications[cid].plus_one else 0)

    def comp_progress(self, cid: str, n: int) -> None:
        if not cid or cid not in self.comps or cid in self.cover:
            return
        self.cprog[cid] = min(self.comp_need(cid), self.cprog.get(cid, 0) + n)
        if self.cprog[cid] >= self.comp_need(cid):
            self.cover.append(cid)
            self.say(None, f"complication {self.content.complications[cid].name} is overcome", ref("12.3"))

    def pickable(self, area: int) -> list[str]:
        t = self.tok[area]
        return [k for k in ("scrap", "steam", "workshop") if t[k] > 0]

    def under_influence(self, p: int, area: int) -> bool:
        return self.pl[p]["at"] == area or p in self.cubes[area]


#: per player-dict layout (its keys in order): the keys holding lists or dicts, but "cols"
#: (lists of lists, copied two deep). A key's value keeps its kind for the whole game
#: (test_speed_caches checks it along random games of every scenario).
_PLAYER_PLANS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _copy_player(d: dict[str, Any]) -> dict[str, Any]:
    keys = tuple(d)
    plan = _PLAYER_PLANS.get(keys)
    if plan is None:
        plan = _PLAYER_PLANS[keys] = player_plan(d)
    out = d.copy()
    for k in plan:
        out[k] = out[k].copy()
    if "cols" in d:
        out["cols"] = [c.copy() for c in d["cols"]]
    return out


def player_plan(d: dict[str, Any]) -> tuple[str, ...]:
    """The keys of a player dict whose values are copied (lists and dicts, but "cols")."""
    return tuple(k for k, v in d.items() if isinstance(v, (list, dict)) and k != "cols")

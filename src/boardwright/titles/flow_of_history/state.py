"""FlowState: the whole state of a game of The Flow of History, as plain data.

Pending work (effects, attacks, cleanup, choices) is a stack of small tuples in
`tasks`, so a game can be saved, cloned and resumed at any decision (§ docs).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine import Rng
from boardwright.engine.tasks import TaskStackState

from . import cleanup, effects, turn, views
from .cards import AGES, TYPES, CardSet, load
from .constants import BANKER
from .nation import Nation, NationMemo, has_active, memo_age, memo_icons
from .rules import ref
from .tables import tables

Task = tuple[Any, ...]


# Tasks that wait for a seat's choice; the rest resolve by themselves.
DECISIONS = {
    "start_pick": cleanup.start_pick,
    "main": turn.main_decision,
    "bonus": turn.bonus_decision,
    "gain_choice": effects.gain_choice_decision,
    "attack_target": effects.attack_target_decision,
    "hit_choice": effects.hit_choice_decision,
    "banker_pick": cleanup.banker_pick_decision,
}
APPLY = {
    "start_pick": cleanup.apply_start_pick,
    "main": turn.apply_main,
    "bonus": turn.apply_bonus,
    "gain_choice": effects.apply_gain_choice,
    "attack_target": effects.apply_attack_target,
    "hit_choice": effects.apply_hit_choice,
    "banker_pick": cleanup.apply_banker_pick,
}
AUTOMATIC = {
    "effect": effects.resolve_effect,
    "hit": effects.resolve_hit,
    "cleanup": cleanup.resolve_cleanup,
    "end_check": cleanup.resolve_end_check,
}


class FlowState(TaskStackState):
    DECISIONS = DECISIONS
    APPLY = APPLY
    __slots__ = (
        "box",
        "cards",
        "current",
        "dealt",
        "deck",
        "end_triggered",
        "finished",
        "invested",
        "investor",
        "market",
        "memo",
        "nations",
        "picks",
        "reserve",
        "stake",
        "supply",
        "tasks",
        "tokens",
        "top_age",
        "turn",
    )
    TURN_RULE = ref("5")
    QUIET_SEARCH = True  # neither the rules nor the heuristic read the log

    cards: CardSet
    current: int
    turn: int
    market: list[int]
    investor: dict[int, int]  # market card -> seat (BANKER in the 2-player game)
    stake: dict[int, int]  # market card -> tokens under it
    invested: list[int]  # seat -> card it has its marker on, or -1
    deck: list[int]  # bottom first: pop() draws the top card
    box: list[int]  # removed from the game
    nations: list[Nation]
    memo: list[NationMemo]  # per seat: what its Nation's cards alone decide (see NationMemo)
    top_age: int | None  # the highest age in the Nations (nations_age), None until asked
    tokens: list[int]
    supply: int
    reserve: int
    tasks: list[Task]
    end_triggered: bool
    finished: bool
    dealt: list[list[int]]  # 2 players: the starting cards dealt to choose from
    picks: list[int]  # 2 players: the starting card each chose, or -1

    # ------------------------------------------------------------- setup (§4)
    def _setup(self) -> None:
        self.cards = load(self.data_pack)
        cleanup.setup(self)
        self.run()

    # ------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        return self.finished

    def _round(self) -> int:
        return self.turn // self.players + 1

    def icons(self, seat: int) -> list[int]:
        return list(memo_icons(self.cards, self.memo[seat], self.nations[seat]))

    def icon_count(self, seat: int, icon: int) -> int:
        """`icons(seat)[icon]`, without the list."""
        return memo_icons(self.cards, self.memo[seat], self.nations[seat])[icon]

    def pacifist(self, seat: int) -> bool:
        """Whether an active card of the seat's Nation has the "pacifist" effect (kept in its memo)."""
        memo = self.memo[seat]
        hit = memo.pacifist
        if hit is None:
            hit = memo.pacifist = bool(has_active(self.cards, self.nations[seat], "pacifist"))
        return hit

    def nation_changed(self, seat: int) -> None:
        """Call after any change to the cards of `seat`'s Nation: its memo starts empty."""
        self.memo[seat] = NationMemo()
        self.top_age = None

    def market_size(self) -> int:
        return 6 if self.players == 5 else 5

    def current_age(self) -> int:
        """The highest age among cards in the Market or in a Nation (§5.7)."""
        return max(self.market_age(), self.nations_age())

    def market_age(self) -> int:
        """The highest age among the Market's cards (0 when it is empty)."""
        market = self.market
        if not market:
            return 0
        t = tables(self.cards)
        if t.age_bytes is not None:  # the cards' ages read in C
            return max(bytes(market).translate(t.age_bytes))
        return max(map(t.age_number.__getitem__, market))

    def nations_age(self) -> int:
        """The highest age among the cards in the Nations (0 when they have none), kept until
        a Nation changes."""
        age = self.top_age
        if age is None:
            age = 0
            cs = self.cards
            for memo, nation in zip(self.memo, self.nations, strict=True):
                held = memo.age
                if held is None:
                    held = memo_age(cs, memo, nation)
                if held > age:
                    age = held
            self.top_age = age
        return age

    def name(self, card: int) -> str:
        return self.cards.cards[card].name

    def seat_name(self, seat: int) -> str:
        return "the Banker" if seat == BANKER else f"seat {seat}"

    # ------------------------------------------------------------- flow
    def push(self, *task: Any) -> None:
        self.tasks.append(task)

    def run(self) -> None:
        """Resolve automatic tasks until a choice is owed or the game is over."""
        while self.tasks and not self.finished:
            top = self.tasks[-1]
            auto = AUTOMATIC.get(top[0])
            if auto is not None:
                self.tasks.pop()
                auto(self, top)
                continue
            decision = self.DECISIONS[top[0]](self, top, None)
            if decision.actions:
                # The seat's decision is exactly this one (the state does not change until
                # the next apply, which clears the cache): keep it in the base class's cache
                # (its id set is built only if asked for).
                self._cache[decision.seat] = (decision, None)
                return
            self.tasks.pop()  # a choice with nothing to choose from is skipped
            self.say(decision.seat, f"nothing to choose: {decision.prompt}", decision.rule)


    def _to_act(self) -> tuple[int, ...]:
        if not self.tasks:
            return ()
        top = self.tasks[-1]
        if top[0] == "start_pick":
            return tuple(s for s in range(self.players) if self.picks[s] == -1)
        return (top[1],)

    def _why_illegal(self, seat: int, action_id: str) -> tuple[str, str] | None:
        return turn.why_illegal(self, seat, action_id)

    # ------------------------------------------------------------- copies
    def _clone_into(self, other: Any) -> None:
        other.cards = self.cards
        other.current = self.current
        other.turn = self.turn
        other.market = self.market.copy()
        other.investor = self.investor.copy()
        other.stake = self.stake.copy()
        other.invested = self.invested.copy()
        other.deck = self.deck.copy()
        other.box = self.box.copy()
        other.nations = [[stack.copy() for stack in n] for n in self.nations]
        other.memo = self.memo.copy()  # shared while a Nation keeps its cards
        other.top_age = self.top_age
        other.tokens = self.tokens.copy()
        other.supply = self.supply
        other.reserve = self.reserve
        other.tasks = self.tasks.copy()
        other.end_triggered = self.end_triggered
        other.finished = self.finished
        other.dealt = [d.copy() for d in self.dealt]
        other.picks = self.picks.copy()

    def _dump(self) -> dict[str, Any]:
        ids = self.cards.cards

        def names(cs: list[int]) -> list[str]:
            return [ids[c].id for c in cs]

        return {
            "current": self.current,
            "turn": self.turn,
            "market": names(self.market),
            "investments": [[ids[c].id, self.investor[c], self.stake[c]] for c in self.market
                            if c in self.investor],
            "deck": names(self.deck),
            "box": names(self.box),
            "nations": [{TYPES[t]: names(stack) for t, stack in enumerate(n)} for n in self.nations],
            "tokens": self.tokens,
            "supply": self.supply,
            "reserve": self.reserve,
            "tasks": [_task_out(t, ids) for t in self.tasks],
            "end_triggered": self.end_triggered,
            "finished": self.finished,
            "dealt": [names(d) for d in self.dealt],
            "picks": self.picks,
        }

    def _load(self, data: dict[str, Any]) -> None:
        self.cards = cs = load(self.data_pack)

        def idx(names: list[str]) -> list[int]:
            try:
                return [cs.by_id[n] for n in names]
            except KeyError as exc:
                raise ValueError(f"saved game names an unknown card {exc}") from None

        self.current = int(data["current"])
        self.turn = int(data["turn"])
        self.market = idx(data["market"])
        self.investor, self.stake = {}, {}
        for card_id, seat, stake in data["investments"]:
            c = idx([card_id])[0]
            self.investor[c] = int(seat)
            self.stake[c] = int(stake)
        self.invested = [-1] * self.players
        for c, seat in self.investor.items():
            if seat != BANKER:
                self.invested[seat] = c
        self.deck = idx(data["deck"])
        self.box = idx(data["box"])
        self.nations = [[idx(n.get(t, [])) for t in TYPES] for n in data["nations"]]
        self.memo = [NationMemo() for _ in self.nations]
        self.top_age = None
        self.tokens = [int(t) for t in data["tokens"]]
        self.supply = int(data["supply"])
        self.reserve = int(data["reserve"])
        self.tasks = [_task_in(t, cs.by_id) for t in data["tasks"]]
        self.end_triggered = bool(data["end_triggered"])
        self.finished = bool(data["finished"])
        self.dealt = [idx(d) for d in data["dealt"]]
        self.picks = [int(p) for p in data["picks"]]
        if len(self.nations) != self.players or len(self.tokens) != self.players:
            raise ValueError("saved game has the wrong number of nations or token counts")

    # ------------------------------------------------------------- hidden info
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Reshuffle each age's part of the deck; re-guess an opponent's hidden pick."""
        t = tables(self.cards)
        deck = self.deck
        if t.shuffle_bytes is not None:
            # each age's part of the deck is one run (the deck is built age by age and only
            # drawn from the top), found in C; a part that is not a run takes the loop below
            groups = bytes(deck).translate(t.shuffle_bytes)
            for g in range(len(AGES)):  # in the order of AGES, as the loop below
                first = groups.find(g)
                if first < 0:
                    continue
                end = groups.rfind(g) + 1
                if end - first < 2:
                    continue
                if groups.count(g, first, end) == end - first:
                    block = deck[first:end]
                    rng.shuffle(block)
                    deck[first:end] = block
                else:
                    self._reshuffle_part(g, rng)
        else:
            for g in range(len(AGES)):
                self._reshuffle_part(g, rng)
        for other in range(self.players):
            if other != seat and self.picks[other] != -1 and self.dealt[other]:
                self.picks[other] = rng.choice(self.dealt[other])

    def _reshuffle_part(self, group: int, rng: Rng) -> None:
        """Reshuffle the deck's cards of one age (AGES[group]) among their own places."""
        of = tables(self.cards).shuffle_group
        deck = self.deck
        where = [i for i, c in enumerate(deck) if of[c] == group]
        if len(where) < 2:
            return
        block = [deck[i] for i in where]
        rng.shuffle(block)
        for i, c in zip(where, block, strict=True):
            deck[i] = c

    def components(self) -> dict[str, int]:
        """Tokens and cards wherever they are: 72 tokens, each of the 67 cards once (§1)."""
        places = [self.market, self.deck, self.box, *self.dealt]
        places += [stack for nation in self.nations for stack in nation]
        seen = [c for place in places for c in place]
        return {
            "tokens": sum(self.tokens) + self.supply + self.reserve + sum(self.stake.values()),
            "cards": len(seen),
            "distinct_cards": len(set(seen)),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _info_key(self, seat: int | None) -> str:
        return views.info_key(self, seat)

    def _outcome(self) -> dict[str, Any]:
        return cleanup.outcome(self)


# Tasks whose third element is a card: saved by card id, so a save names cards, not positions.
CARD_TASKS = {"effect", "gain_choice", "attack_target", "hit", "hit_choice"}


def _task_out(task: Task, cards: Any) -> list[Any]:
    out = list(task)
    if task[0] in CARD_TASKS:
        out[2] = cards[task[2]].id
    return out


def _task_in(task: list[Any], by_id: dict[str, int]) -> Task:
    if task[0] in CARD_TASKS:
        task = [*task[:2], by_id[task[2]], *task[3:]]
    return tuple(task)

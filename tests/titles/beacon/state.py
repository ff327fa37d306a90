"""Beacon's rules: three rounds of signal, keeper turns and storm."""

from __future__ import annotations

from typing import Any

from boardwright.engine import Action, Decision, GameState, Rng
from boardwright.engine import outcome as kinds

ROUNDS = 3
STORM = (1, 1, 2, 2, 3, 3)
MAX_SIGNAL = 2


class BeaconState(GameState):
    __slots__ = ("deck", "discard", "first", "keeper_seat", "light", "oil", "phase", "round",
                 "signals", "strength", "tied", "turn")

    TURN_RULE = "B3"

    keeper_seat: list[int]
    light: list[int]
    oil: list[int]
    signals: list[int | None]
    deck: list[int]
    discard: list[int]
    phase: str  # signal | turns | tie | over
    round: int
    turn: int
    first: int
    strength: int
    tied: list[int]

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        self.keeper_seat = [0, 0] if self.players == 1 else list(range(self.players))
        self.light = [0] * len(self.keeper_seat)
        self.oil = [1] * len(self.keeper_seat)
        self.deck = list(STORM)
        self.shuffle("storm deck", self.deck)
        self.discard = []
        self.round, self.first, self.turn, self.strength, self.tied = 1, 0, 0, 0, []
        self._start_round()

    def _start_round(self) -> None:
        self.phase = "signal"
        self.signals = [None] * self.players
        self.say(None, f"round {self.round} begins; seats pick their signals in secret", "B2")

    def _round(self) -> int:
        return self.round

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def _order(self) -> list[int]:
        """Keepers in turn order: from the first seat, keeper by keeper."""
        n = len(self.keeper_seat)
        start = self.keeper_seat.index(self.first)
        return [(start + i) % n for i in range(n)]

    # --------------------------------------------------------------- decisions
    def _to_act(self) -> tuple[int, ...]:
        if self.phase == "signal":
            return tuple(s for s in range(self.players) if self.signals[s] is None)
        if self.phase == "turns":
            return (self.keeper_seat[self._order()[self.turn]],)
        if self.phase == "tie":
            return (self.first,)
        return ()

    def _decision(self, seat: int) -> Decision:
        if self.phase == "signal":
            acts = tuple(Action(f"signal:{n}", f"signal {n}") for n in range(MAX_SIGNAL + 1))
            return Decision(seat, "signal", "Pick your signal in secret", "B2", acts,
                            simultaneous=True, secret=True)
        if self.phase == "tie":
            acts = tuple(Action(f"strike:{k}", f"the storm strikes keeper {k}") for k in self.tied)
            return Decision(seat, "storm_tie", f"The storm ({self.strength}) ties: choose whom it strikes",
                            "B4", acts)
        keeper = self._order()[self.turn]
        acts = [Action("gather", "gather 1 oil"), Action("rest", "rest")]
        acts += [Action(f"light:{n}", f"light {n} lamp(s) for {n} oil")
                 for n in range(1, self.oil[keeper] + 1)]
        return Decision(seat, "keeper_turn", f"Keeper {keeper}'s turn", "B3", tuple(acts))

    def _why_illegal(self, seat: int, action_id: str) -> tuple[str, str] | None:
        if self.phase == "turns" and action_id.startswith("light:"):
            keeper = self._order()[self.turn]
            return (f"keeper {keeper} has {self.oil[keeper]} oil and lights 1 lamp per oil", "B3")
        return None

    # ----------------------------------------------------------------- apply
    def _apply(self, seat: int, action_id: str) -> None:
        verb, _, arg = action_id.partition(":")
        if verb == "signal":
            self.signals[seat] = int(arg)
            self.say(seat, f"picks signal {arg}", "B2", visible_to=(seat,))
            if all(s is not None for s in self.signals):
                self._reveal()
            return
        if verb == "strike":
            self._strike(int(arg))
            return
        keeper = self._order()[self.turn]
        if verb == "gather":
            self.oil[keeper] += 1
            self.say(seat, f"keeper {keeper} gathers 1 oil", "B3")
        elif verb == "light":
            n = int(arg)
            self.oil[keeper] -= n
            self.light[keeper] += n
            self.say(seat, f"keeper {keeper} lights {n} lamp(s)", "B3")
        else:
            self.say(seat, f"keeper {keeper} rests", "B3")
        self.turn += 1
        if self.turn == len(self.keeper_seat):
            self._storm()

    def _reveal(self) -> None:
        picks = [int(s or 0) for s in self.signals]
        self.say(None, f"signals revealed: {picks}", "B2")
        for seat, pick in enumerate(picks):
            if pick and picks.count(pick) == 1:
                keeper = self.keeper_seat.index(seat)
                self.oil[keeper] += pick
                self.say(seat, f"a unique signal: keeper {keeper} gains {pick} oil", "B2")
        self.phase, self.turn = "turns", 0

    def _storm(self) -> None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.shuffle("storm deck", self.deck)
            self.say(None, "the storm deck is reshuffled", "B4")
        self.strength = self.deck.pop()
        self.discard.append(self.strength)
        low = min(self.light)
        self.tied = [k for k, v in enumerate(self.light) if v == low]
        self.say(None, f"a storm of strength {self.strength} comes", "B4")
        if len(self.tied) > 1:
            self.phase = "tie"
            return
        self._strike(self.tied[0])

    def _strike(self, keeper: int) -> None:
        lost = min(self.strength, self.light[keeper])
        self.light[keeper] -= lost
        self.say(None, f"the storm strikes keeper {keeper}: {lost} light lost", "B4")
        roll = self.draw("gust die", range(1, 7)) + 1
        self.say(None, f"gust die: {roll}", "B5")
        if roll == 6:
            self.oil = [max(0, o - 1) for o in self.oil]
            self.say(None, "the gust costs every keeper 1 oil", "B5")
        self.tied = []
        self.round += 1
        if self.round > ROUNDS:
            self.phase = "over"
            self.say(None, "the third storm has passed: the game ends", "B6")
            return
        self.first = (self.first + 1) % self.players
        self._start_round()

    # --------------------------------------------------------------- outcome
    def seat_light(self, seat: int) -> int:
        return sum(v for k, v in enumerate(self.light) if self.keeper_seat[k] == seat)

    def seat_oil(self, seat: int) -> int:
        return sum(v for k, v in enumerate(self.oil) if self.keeper_seat[k] == seat)

    def goal(self) -> int:
        return 6 if self.players == 1 else 3 * len(self.keeper_seat)

    def _outcome(self) -> dict[str, Any]:
        mode = str(self.options["mode"])
        total = sum(self.light)
        done = self.over
        met = total >= self.goal()
        reason = f"{total} light against a goal of {self.goal()}"
        keys = [(self.seat_light(s), self.seat_oil(s)) for s in range(self.players)]
        names = ("light", "oil")
        if mode == "solo":
            return kinds.solo(won=met if done else None, reason=reason, score=total, final=done)
        if mode == "cooperative":
            return kinds.cooperative(self.players, won=met if done else None, reason=reason,
                                     team_score=total, final=done)
        if mode == "semi-cooperative":
            return kinds.semi_cooperative(
                keys, names, goal_met=met if done else None, reason=reason, final=done,
                nobody_wins_on_failure=bool(self.options["nobody_wins_on_failure"]))
        return kinds.competitive(keys, names, final=done)

    def components(self) -> dict[str, int]:
        return {"storm cards": len(self.deck) + len(self.discard)}

    # ----------------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "mode": self.options["mode"],
            "round": self.round,
            "phase": self.phase,
            "first": self.first,
            "keepers": [{"seat": s, "light": self.light[k], "oil": self.oil[k]}
                        for k, s in enumerate(self.keeper_seat)],
            "signals_chosen": [s is not None for s in self.signals],
            "my_signal": self.signals[seat] if seat is not None else None,
            "storm_deck": len(self.deck),
            "storm_discard": list(self.discard),
            "tied": list(self.tied),
            "goal": self.goal(),
        }

    # ------------------------------------------------------- save, copy, hide
    _FIELDS = ("keeper_seat", "light", "oil", "signals", "deck", "discard", "phase", "round", "turn",
               "first", "strength", "tied")

    def _dump(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._FIELDS}

    def _load(self, data: dict[str, Any]) -> None:
        for f in self._FIELDS:
            value = data[f]
            setattr(self, f, list(value) if isinstance(value, list) else value)

    def _clone_into(self, other: Any) -> None:
        for f in self._FIELDS:
            value = getattr(self, f)
            setattr(other, f, value.copy() if isinstance(value, list) else value)

    def _determinize(self, seat: int, rng: Rng) -> None:
        rng.shuffle(self.deck)
        for s in range(self.players):
            if s != seat and self.signals[s] is not None:
                self.signals[s] = rng.below(MAX_SIGNAL + 1)

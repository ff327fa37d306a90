"""`ismcts`: single-observer information-set Monte Carlo tree search (ISMCTS-SO).

Each iteration:

1. **Determinize** the real state from the bot's seat with the bot's own `Rng`
   (`state.determinize(seat, self.rng)`): everything hidden from the bot is re-sampled
   and the copy gets a fresh generator, so chance inside `apply` (shuffles, dice) is
   simply whatever the determinization's generator produces. Searching never draws
   from the real game's generator.
2. **Select** down the tree. The tree is keyed by `(seat, action id)`; only the actions
   legal in *this* determinization are considered, and UCT uses, for each child, the
   number of times it was *available* when its parent was visited instead of the
   parent's visit count (availability counts, Cowling, Powley & Whitehouse 2012).
   Every seat's decisions get nodes, and each edge stores rewards from the point of
   view of the seat that chooses it, so opponents are modelled as maximising their
   own reward (paranoid-free max^n).
3. **Expand** one untried action, then **roll out** with the rollout policy (`random`,
   or `greedy`: epsilon-greedy one-step lookahead on the game's heuristic) for `depth`
   decisions (default 20, or the game's own: its `ismcts_defaults` hook), or for `depth`
   turns with `unit=turn` (a turn: one seat's run of consecutive decisions, or shorter where
   the game's heuristic marks its turns: `turn_of` in bots/heuristics.py), and score the
   position with the game's heuristic, or with `depth=0` to the end of the game.
4. **Back up** a reward vector (one entry per seat).

Rollout search (`search=rollout`, for co-operative and solo play): no tree. Each round
deals one determinization from the bot's seat and one rollout seed; every surviving root
action is applied to a copy of that same deal (its generator included) and rolled out with
that same seed, so the actions are compared on common random numbers (the same hidden
cards, the same chance, the partners answering with the same policy); after each round the
weaker half is dropped, down to two (sequential halving); the first round takes the actions
best first by their one-step heuristic value, so a budget too small for every action's
rollout falls back on the greedy bot's choice. With greedy rollouts of
`unit=turn` and `depth=1` this plans the whole rest of the bot's turn, its partners
answering as the greedy policy would: the rollout algorithm over the greedy bot, which picks
the action whose greedy continuation ends the turn best, where greedy looks one step ahead.
Partners are never tree nodes: their moves come from the rollout policy, on a deal made
from the searcher's view only, so a partner's private cards are never read.

Simultaneous secret choices: when several seats owe a decision at once, all their
actions are chosen *before* any is applied. The searching seat's own choice is a tree
node; the other seats' choices are drawn from the rollout policy and are **not** tree
nodes. They are hidden from the searching seat, so branching on them would let the
tree condition on information the seat cannot have (that is exactly what single-
observer ISMCTS must avoid).

Known limitation of the single-observer variant: an opponent's (non-simultaneous)
action is branched on by its id, as if the bot saw it; for games whose action ids are
public (The Flow of History) that is exact.

Rewards (per seat, in [0, 1]) from `outcome()`: 1 for a sole win, 1/k for a win shared
by k seats, 0 otherwise; with `margin=m` the result is blended as
`(1-m)*win + m*squash(own score - best other score)`. A co-operative outcome
(`"kind": "cooperative"`, or a solo game won or lost) gives every seat the team result
(1 won, 0 lost); a score-only solo game gives `squash(score)`. At a depth
cutoff each seat's reward is `squash(heuristic(state, seat) - baseline)`, where
`squash(x) = 1 / (1 + exp(-x / scale))` and the baseline is 0, or with `baseline=root`
(the default in co-operative and solo games, whose heuristics measure the team's position
on an absolute scale far from 0) the seat's heuristic value at the root, so that rewards
tell a better cut-off position from a worse one instead of all squashing to 0 or 1.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from boardwright.engine import Action, GameSpec, GameState, Rng

from . import parallel
from .base import Bot, Param, ParamValue
from .cycle import CycleGuard
from .heuristics import EverySeat, Heuristic, TurnOf, every_seat, heuristic_for, turn_of

_TURN_CAP = 100  # unit=turn: decisions per counted turn before a rollout is cut anyway


class Node:
    """One information-set node: children keyed by (seat, action id)."""

    __slots__ = ("avail", "children", "key", "reward", "visits")

    def __init__(self, key: tuple[int, str] | None = None) -> None:
        self.key = key
        self.children: dict[tuple[int, str], Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed reward for the seat in key[0]


def _number(x: Any) -> float:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else 0.0


def _squash(x: float, scale: float) -> float:
    z = x / scale
    if z > 40:
        return 1.0
    if z < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def team_won(out: dict[str, Any]) -> bool:
    """A co-operative outcome's team result: `won` (or `team.won`, or `result` "won"), else any winners."""
    team = out.get("team")
    for value in (out.get("won"), team.get("won") if isinstance(team, dict) else None):
        if isinstance(value, bool):
            return value
    result = out.get("result")
    if isinstance(result, str):
        return result.lower() in ("won", "win", "victory")
    return bool(out.get("winners"))


def outcome_rewards(
    out: dict[str, Any], players: int, margin: float = 0.0, scale: float = 10.0
) -> list[float]:
    """Per-seat rewards in [0, 1] from an outcome() dict (see the module docstring)."""
    kind = out.get("kind", out.get("mode"))
    if kind in ("cooperative", "solo"):
        if kind == "solo" and out.get("won") is None and out.get("score") is not None:
            return [_squash(_number(out["score"]), scale)]
        return [1.0 if team_won(out) else 0.0] * players
    winners = [int(w) for w in out.get("winners") or []]
    share = 1.0 / len(winners) if winners else 0.0
    win = [share if p in winners else 0.0 for p in range(players)]
    if margin <= 0.0:
        return win
    raw = out.get("scores")
    if not isinstance(raw, list) or len(raw) < players or players < 2:
        return win
    scores = [_number(v) for v in raw]
    result = []
    for p in range(players):
        best_other = max(scores[q] for q in range(players) if q != p)
        result.append((1.0 - margin) * win[p] + margin * _squash(scores[p] - best_other, scale))
    return result


def game_defaults(spec: GameSpec, exclude: frozenset[str] = frozenset()) -> dict[str, ParamValue]:
    """The game's `ismcts_defaults` hook, validated (ValueError names the game), minus `exclude`."""
    declared: Mapping[str, Any] | None = spec.hook("ismcts_defaults")
    if not declared:
        return {}
    if not isinstance(declared, Mapping):
        raise ValueError(f"{spec.id}: the ismcts_defaults hook must name a dict, got {declared!r}")
    try:
        checked = IsmctsBot.validate_params(declared)
    except ValueError as err:
        raise ValueError(f"{spec.id}: ismcts_defaults: {err}") from None
    return {k: checked[k] for k in declared if k not in exclude}


class IsmctsBot(Bot):
    """ISMCTS-SO for one seat; see the module docstring for the algorithm and its choices."""

    name = "ismcts"
    doc = "information-set Monte Carlo tree search over determinizations"
    params = (
        Param("iters", 200, "iterations per decision (when seconds is 0)", minimum=1, maximum=10_000_000),
        Param(
            "seconds",
            0.0,
            "time budget per decision instead of iterations (0: use iters)",
            minimum=0.0,
            maximum=3600.0,
        ),
        Param("c", 0.7, "UCT exploration constant", minimum=0.0, maximum=100.0),
        Param("rollout", "random", "rollout policy", choices=("random", "greedy")),
        Param("epsilon", 0.2, "greedy rollouts: chance of a random action", minimum=0.0, maximum=1.0),
        Param(
            "depth",
            20,
            "rollout decisions before the heuristic scores the position (0: to the end; "
            "a game may declare its own default)",
            minimum=0,
            maximum=1_000_000,
        ),
        Param(
            "unit",
            "decision",
            "what `depth` counts: single decisions, or turns (a seat's run of consecutive "
            "decisions, so a rollout ends between two turns, never in the middle of one)",
            choices=("decision", "turn"),
        ),
        Param(
            "margin",
            0.0,
            "weight of the score margin blended into the win/loss reward",
            minimum=0.0,
            maximum=1.0,
        ),
        Param(
            "scale",
            10.0,
            "score or heuristic difference that counts as a clear lead",
            minimum=1e-6,
            maximum=1e9,
        ),
        Param(
            "baseline",
            "auto",
            "what a cut-off rollout's heuristic value is measured from before squashing: none "
            "(zero), or the root position's value (root), so that a game whose heuristic is "
            "far from zero everywhere still gives rewards that differ; auto: root in "
            "co-operative and solo games, none in the others",
            choices=("auto", "none", "root"),
        ),
        Param(
            "prior",
            0,
            "virtual visits seeding each root action with its one-step heuristic value",
            minimum=0,
            maximum=1_000_000,
        ),
        Param(
            "search",
            "tree",
            "tree: ISMCTS; rollout: every action played out with the rollout policy on the same "
            "determinizations (common random numbers), the weaker half dropped after each round",
            choices=("tree", "rollout"),
        ),
        Param(
            "workers",
            1,
            "processes that each search their own tree of the same position for the whole "
            "budget, their root statistics added up (root parallelization; 1: this process only)",
            minimum=1,
            maximum=64,
        ),
    )

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self._settings_for = ""  # the game whose `ismcts_defaults` the settings below follow
        self._configure(self.config)
        self.last_iterations = 0  # iterations of the last search (for benchmarks)
        self.last_shares: list[int] = []  # with workers > 1: each tree's part of them
        self._heuristic: Heuristic | None = None
        self._every_seat: EverySeat | None = None  # the heuristic for every seat at once
        self._turn_of: TurnOf | None = None  # the game's turn marker (unit=turn), if it has one
        self._guard = CycleGuard()  # never back to a position of its own run (bots/cycle.py)
        self._guard_rng = Rng(seed).fork(0xC1C1E)  # the guard's copies: the search's stream untouched
        self._base_rng = Rng(seed).fork(0xBA5E)  # the baseline's copy: the search's stream untouched
        self._base: list[float] | None = None  # each seat's heuristic value at the root (baseline)

    def _configure(self, config: Mapping[str, ParamValue]) -> None:
        self.iters = int(config["iters"])
        self.seconds = float(config["seconds"])
        self.c = float(config["c"])
        self.greedy = config["rollout"] == "greedy"
        self.epsilon = float(config["epsilon"])
        self.depth = int(config["depth"])
        self.by_turn = config["unit"] == "turn"
        self.margin = float(config["margin"])
        self.scale = float(config["scale"])
        self.prior = int(config["prior"])
        self.baseline = str(config["baseline"])
        self.flat = config["search"] == "rollout"
        self.workers = int(config["workers"])

    def settings(self, spec: GameSpec) -> dict[str, ParamValue]:
        """The parameters this bot searches `spec`'s game with: the game's `ismcts_defaults`
        hook (a dict of parameter -> value) in place of the bot's own defaults, the
        parameters given explicitly always as given."""
        return {**self.config, **game_defaults(spec, exclude=self.given)}

    def _follow(self, spec: GameSpec) -> None:
        if spec.id != self._settings_for:
            self._configure(self.settings(spec))
            self._settings_for = spec.id

    # ------------------------------------------------------------ public
    def choose(self, state: GameState, seat: int) -> Action:
        actions = self._legal(state, seat)
        self._guard.begin(state, seat)
        if len(actions) == 1:
            self.last_iterations = 0
            self._guard.moved(state, seat)
            return actions[0]
        root = self._search(state, seat, actions)
        scores = self._root_scores(root, seat, actions)
        # most visits first, then the best mean reward, then the order of the legal actions
        ranked = sorted(range(len(actions)), key=lambda i: (-scores[i][0], -scores[i][1]))
        pick = self._guard.pick(state, seat, ranked, lambda i: self._after(state, seat, actions[i]))
        self._guard.moved(state, seat)
        return actions[pick]

    def rank(self, state: GameState, seat: int) -> list[tuple[Action, int, float]]:
        """The legal actions of `seat` after one search, best first: (action, root visits,
        mean reward in [0, 1] for `seat`), ranked as `choose` ranks them (most visits, then the
        best mean reward, then the order of the legal actions). The search starts from
        determinizations for `seat` only, so it never sees what the seat cannot, and never
        draws from the game's own generator. A single legal action is returned unsearched."""
        actions = self._legal(state, seat)
        if len(actions) == 1:
            self.last_iterations = 0
            return [(actions[0], 0, 0.0)]
        root = self._search(state, seat, actions)
        scores = self._root_scores(root, seat, actions)
        order = sorted(range(len(actions)), key=lambda i: (-scores[i][0], -scores[i][1]))
        return [(actions[i], max(scores[i][0], 0), max(scores[i][1], 0.0)) for i in order]

    def _search(self, state: GameState, seat: int, actions: list[Action]) -> Node:
        """The search tree's root after this decision's budget of iterations (with `workers`
        above 1, the roots of that many trees added up: bots/parallel.py)."""
        self._follow(state.spec)
        if self.processes() > 1:
            return parallel.root_parallel(self, state, seat, actions)
        return self.search_tree(state, seat, actions)

    def processes(self) -> int:
        """The processes this search runs in: `workers` when the spec gives it; else, for a
        time budget, what the program allows (`parallel.use_cores`), else 1."""
        if "workers" in self.given or self.seconds <= 0:
            return self.workers
        return max(self.workers, parallel.machine_workers)

    def legal_for(self, state: GameState, seat: int) -> list[Action]:
        """The actions this bot chooses among for `seat` (the legal ones)."""
        return self._legal(state, seat)

    def search_tree(self, state: GameState, seat: int, actions: list[Action],
                    deadline: float | None = None) -> Node:
        """One tree's root after the budget: `iters` iterations, or `seconds`, or until the
        `time.monotonic()` instant `deadline` when it is given (a helper process's share)."""
        self._follow(state.spec)
        if deadline is not None:
            self.seconds = max(deadline - time.monotonic(), 1e-3)
        self._heuristic = heuristic_for(state.spec) if (self.greedy or self.depth or self.prior) else None
        self._every_seat = every_seat(self._heuristic) if self._heuristic is not None else None
        self._turn_of = turn_of(self._heuristic) if self._heuristic is not None else None
        self._base = self._baseline(state, seat)
        root = Node()
        if self.flat:
            self.last_iterations = self._halving(root, state, seat, actions)
            return root
        if self.prior > 0:
            self._seed_root(root, state, seat, actions)
        if self.seconds > 0:
            until = time.perf_counter() + self.seconds
            n = 0
            while True:
                self._iterate(root, state, seat)
                n += 1
                if time.perf_counter() >= until:
                    break
        else:
            n = self.iters
            for _ in range(n):
                self._iterate(root, state, seat)
        self.last_iterations = n
        return root

    @staticmethod
    def _root_scores(root: Node, seat: int, actions: list[Action]) -> list[tuple[int, float]]:
        """(visits, mean reward) of each action at the root; (-1, -1.0) for one never tried."""
        scores: list[tuple[int, float]] = []
        for action in actions:
            child = root.children.get((seat, action.id))
            if child is None:
                scores.append((-1, -1.0))
            else:
                scores.append((child.visits, child.reward / child.visits if child.visits else 0.0))
        return scores

    def _baseline(self, state: GameState, seat: int) -> list[float] | None:
        """Each seat's heuristic value at the root (on a copy dealt from the baseline's own
        stream), when the search measures cut-off values from it; None otherwise."""
        mode = self.baseline
        if mode == "auto":
            kind = state.spec.kind_of_outcome(state.players, state.options)
            mode = "root" if kind in ("cooperative", "solo") else "none"
        if mode == "none" or self._every_seat is None:
            return None
        return self._every_seat(state.determinize(seat, self._base_rng, quiet=True))

    def _after(self, state: GameState, seat: int, action: Action) -> GameState:
        """A determinized copy of `state` with `action` applied (for the cycle guard)."""
        child = state.determinize(seat, self._guard_rng, quiet=True)
        child.apply(seat, action.id)
        return child

    # ------------------------------------------------------------ search
    def _seed_root(self, root: Node, real: GameState, me: int, actions: list[Action]) -> None:
        """Progressive bias at the root: each action starts with `prior` virtual visits worth
        its one-step heuristic value (on one determinization), so a small budget spends its
        iterations on the promising actions first instead of trying each action once."""
        evaluate = self._heuristic
        assert evaluate is not None
        base = real.determinize(me, self.rng, quiet=True)
        for a in actions:
            child_state = base.clone()
            child_state.apply(me, a.id)
            child = Node((me, a.id))
            child.visits = child.avail = self.prior
            offset = self._base[me] if self._base is not None else 0.0
            child.reward = child.visits * _squash(evaluate(child_state, me) - offset, self.scale)
            root.children[(me, a.id)] = child

    def _halving(self, root: Node, real: GameState, me: int, actions: list[Action]) -> int:
        """`search=rollout`: rounds of rollouts, each round on one fresh determinization whose
        copy (with its generator) every surviving action shares, and one rollout seed they share
        too, so that the actions are compared on the same deal and the same chance; after each
        round the weaker half (by mean reward) is dropped, down to two. The first round plays
        the actions best first by their one-step heuristic value on its deal, and the clock may
        cut it after its first rollout (the actions it did not reach are dropped: at a small
        budget the search is the greedy bot); a later round cut by the clock is not counted.
        Each root child gets visits = the rounds it was played in, reward = the sum of its
        rewards, so `choose` ranks the survivors first. Returns the rollouts played."""
        rng = self.rng
        evaluate = self._heuristic
        assert evaluate is not None
        sums = [0.0] * len(actions)
        rounds = [0] * len(actions)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else 0.0
        deal = real.determinize(me, rng, quiet=True)
        seed = rng.next64()
        children: list[GameState] = []
        steps: list[float] = []
        for a in actions:
            child = deal.clone()
            child.apply_listed(me, a)
            children.append(child)
            steps.append(evaluate(child, me))
        alive = sorted(range(len(actions)), key=lambda i: -steps[i])  # stable: ties keep their order
        played = 0
        for i in alive:
            if deadline and played and time.perf_counter() >= deadline:
                break
            sums[i] = self._rollout(children[i], Rng(seed))[me]
            rounds[i] = 1
            played += 1
        del children
        alive = [i for i in alive if rounds[i]]
        while (time.perf_counter() < deadline) if deadline else (played < self.iters):
            if len(alive) > 2:
                alive.sort(key=lambda i: -sums[i] / rounds[i])  # stable: ties keep their order
                alive = alive[: max(2, (len(alive) + 1) // 2)]
            deal = real.determinize(me, rng, quiet=True)
            seed = rng.next64()
            values: list[float] = []
            for i in alive:
                if deadline and time.perf_counter() >= deadline:
                    break
                child = deal.clone()
                child.apply_listed(me, actions[i])
                values.append(self._rollout(child, Rng(seed))[me])
                played += 1
            else:
                for i, v in zip(alive, values, strict=True):
                    sums[i] += v
                    rounds[i] += 1
                continue
            break
        for i, action in enumerate(actions):
            if rounds[i]:
                node = Node((me, action.id))
                node.visits = node.avail = rounds[i]
                node.reward = sums[i]
                root.children[(me, action.id)] = node
        root.visits = max(rounds)
        return played

    def _iterate(self, root: Node, real: GameState, me: int) -> None:
        rng = self.rng
        state = real.determinize(me, rng, quiet=True)  # a search copy: no log
        path: list[Node] = []
        node = root
        expanded = False
        while not expanded:
            acting = state.to_act
            if not acting:
                break
            if len(acting) == 1:
                seat = acting[0]
                node = self._select(node, state, seat)
                path.append(node)
                expanded = node.visits == 0
                state.apply(seat, node.key[1])  # type: ignore[index]
                continue
            # Simultaneous secret choices: pick every action first, then apply them.
            picks: list[tuple[int, str]] = []
            mine: Node | None = None
            for seat in acting:
                if seat == me:
                    mine = self._select(node, state, seat)
                    picks.append((seat, mine.key[1]))  # type: ignore[index]
                else:
                    picks.append((seat, self._policy(state, seat, rng).id))
            for seat, aid in picks:
                if seat in state.to_act:
                    state.apply(seat, aid)
            if mine is None:
                continue  # nobody in the tree chose: stay at this node
            node = mine
            path.append(node)
            expanded = node.visits == 0
        rewards = self._rollout(state, rng)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.key[0]]  # type: ignore[index]
        root.visits += 1

    def _select(self, node: Node, state: GameState, seat: int) -> Node:
        """UCT with availability counts over the actions legal in this determinization."""
        dec = state.acting_decision(seat)  # the seat is one of `to_act`
        children = node.children
        untried: list[str] = []
        avail: list[Node] = []
        for a in dec.actions:
            child = children.get((seat, a.id))
            if child is None:
                untried.append(a.id)
            else:
                avail.append(child)
        for child in avail:
            child.avail += 1
        if untried:
            aid = untried[0] if len(untried) == 1 else untried[self.rng.below(len(untried))]
            child = Node((seat, aid))
            child.avail = 1
            children[(seat, aid)] = child
            return child
        c = self.c
        best = avail[0]
        best_value = -math.inf
        for child in avail:
            value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def _policy(self, state: GameState, seat: int, rng: Rng) -> Action:
        """The rollout policy's action for `seat` (one of `to_act`), one of
        `state.decision(seat).actions`."""
        actions = state.acting_decision(seat).actions
        if len(actions) == 1:
            return actions[0]
        if not self.greedy or (self.epsilon > 0 and rng.below(1_000_000) < self.epsilon * 1_000_000):
            return actions[rng.below(len(actions))]
        evaluate = self._heuristic
        assert evaluate is not None
        best: list[Action] = []
        best_value = -math.inf
        for a in actions:
            child = state.clone()
            child.apply_listed(seat, a)
            value = evaluate(child, seat)
            if value > best_value + 1e-9:
                best, best_value = [a], value
            elif value >= best_value - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[rng.below(len(best))]

    def _rollout(self, state: GameState, rng: Rng) -> list[float]:
        players = state.players
        steps = 0
        limit = self.depth
        greedy = self.greedy
        by_turn = self.by_turn
        last: object = None  # the seats that made the last decision, and the game's turn marker
        turn_mark = self._turn_of
        decisions = 0
        cap = _TURN_CAP * limit  # unit=turn: decisions at most, should turns never end
        while True:
            acting = state.to_act
            if not acting:
                return outcome_rewards(state.outcome(), players, self.margin, self.scale)
            if by_turn:
                mark: object = acting if turn_mark is None else (acting, turn_mark(state))
                if last is not None and mark != last:
                    steps += 1  # a turn ended: another seat (or several) is to act, or a new turn
                last = mark
                decisions += 1
                if limit and decisions > cap:
                    steps = limit
            if limit and steps >= limit:
                evaluate = self._every_seat
                assert evaluate is not None
                scale = self.scale
                base = self._base
                if base is not None:
                    return [_squash(value - b, scale) for value, b in zip(evaluate(state), base, strict=True)]
                return [_squash(value, scale) for value in evaluate(state)]
            if len(acting) == 1:
                seat = acting[0]
                if greedy:
                    action = self._policy(state, seat, rng)
                else:  # `_policy`'s random pick, inline (the same draws)
                    actions = state.acting_decision(seat).actions
                    action = actions[0] if len(actions) == 1 else actions[rng.below(len(actions))]
                # the action comes from this position's decision: no need to check it again
                state.apply_listed(seat, action)
            else:
                picks = [(seat, self._policy(state, seat, rng)) for seat in acting]
                # Secret choices: answers picked before any is applied stay legal in any
                # order (tests/conformance/test_simultaneous.py applies such picks forwards
                # and backwards for every game), so they need no second check; the check
                # would build each later seat's decision again.
                secret = all(state.acting_decision(seat).secret for seat in acting)
                for seat, action in picks:
                    if seat in state.to_act:
                        if secret:
                            state.apply_listed(seat, action)
                        else:
                            state.apply(seat, action.id)
            if not by_turn:
                steps += 1

"""What the speed shortcuts keep must follow the position: the turn decision `run()` keeps
for the acting seat and the modifiers summed once while a turn decision is built (a run()
by hand drops the kept decision: test_permissions' complication reward shows it)."""

from __future__ import annotations

from .scene import game, ids, me


def test_a_clone_changed_after_the_kept_decision_gets_its_own() -> None:
    st = game()
    p = me(st)
    before = ids(st)
    other = st.clone()
    other.apply(p, "col:0")  # the clone's run() builds and keeps the decision after the column
    assert ids(st) == before
    assert "end" in ids(other) and not any(a.startswith("col:") for a in ids(other))


def test_the_modifiers_are_summed_again_once_the_decision_is_built() -> None:
    st = game()
    p = me(st)
    st.pl[p]["mood"] = 1
    st._cache.clear()
    assert "mood:reset" in ids(st)
    assert st.mods_memo is None  # the memo lives only while a turn decision is built
    other = st.clone()
    other.comps.append("gloom")  # a complication's limitation: no mood reset (§12.3)
    other._cache.clear()  # a position changed by hand is asked again
    assert "mood:reset" not in ids(other)
    assert "mood:reset" in ids(st)


def test_a_quiet_search_copy_counts_the_log_it_does_not_keep() -> None:
    st = game()
    quiet = st.determinize(me(st), 7, quiet=True)
    loud = quiet.clone()
    loud.quiet = False  # the same position, keeping a log from here on
    loud._log = list(st._log)
    for _ in range(40):
        if quiet.over:
            break
        seat = quiet.to_act[0]
        action = quiet.legal_actions(seat)[-1]
        quiet.apply(seat, action.id)
        loud.apply(seat, action.id)
    assert quiet.log == [] and quiet.log_count() == len(loud.log) > len(st.log)


def test_genesis_search_copies_keep_the_log() -> None:
    st = game(scenario="genesis")
    assert st.determinize(me(st), 7, quiet=True).log == st.log


def test_a_clone_copies_every_container_and_keeps_every_value() -> None:
    from boardwright.titles.steamfall.state import FIELDS

    for scenario in ("incredible-invention", "crisis", "genesis"):
        st = game(scenario=scenario)
        other = st.clone()
        for f in FIELDS:
            mine, theirs = getattr(st, f), getattr(other, f)
            assert mine == theirs, f
            if isinstance(mine, (list, dict)) and mine:
                assert mine is not theirs, f
        for a, b in zip(st.pl, other.pl, strict=True):
            for k, v in a.items():
                if isinstance(v, (list, dict)):
                    assert v is not b[k], k


def test_a_player_key_keeps_its_kind_along_random_games() -> None:
    from boardwright.engine import Rng
    from boardwright.engine import game as spec_of
    from boardwright.titles.steamfall.state import player_plan

    spec = spec_of("steamfall")
    for scenario in ("incredible-invention", "cipher-race", "crisis", "genesis"):
        options = {**spec.default_options(3), "scenario": scenario}
        for seed in range(3):
            st = spec.new_game(3, seed, options)
            rng = Rng(seed)
            plans = {tuple(d): player_plan(d) for d in st.pl}
            while not st.over:
                for d in st.pl:
                    assert plans.setdefault(tuple(d), player_plan(d)) == player_plan(d)
                seat = st.to_act[0]
                st.apply(seat, rng.choice(st.legal_actions(seat)))


def _turn_positions(scenario: str, players: int, seed: int, every: int = 1, turns: bool = True):  # type: ignore[no-untyped-def]
    """The positions of a seeded random game (`every`-th step) where a turn is to be decided
    (or, with `turns` false, anything)."""
    from boardwright.engine import Rng
    from boardwright.engine import game as spec_of

    spec = spec_of("steamfall")
    options = {**spec.default_options(players), "scenario": scenario}
    if scenario == "genesis" and players == 1:
        options["opponent"] = "marcus"  # solo Genesis plays against an AI opponent
    st = spec.new_game(players, seed, options)
    rng = Rng(seed)
    step = 0
    while not st.over:
        seat = st.to_act[0]
        if (not turns or st.tasks[-1][0] == "turn") and step % every == 0:
            yield st, seat
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        step += 1


_SCENARIO_PLAYERS = [
    (scenario, players)
    for scenario, counts in (
        ("incredible-invention", (1, 2, 3, 4)),
        ("cipher-race", (2, 3, 4)),
        ("crisis", (1, 2, 3, 4)),
        ("genesis", (1, 2, 3, 4)),
    )
    for players in counts
]


def _fresh_turn(st):  # type: ignore[no-untyped-def]
    """The turn decision built from scratch: every table the turn keeps emptied first."""
    from boardwright.titles.steamfall import items, turn

    tables = (turn._OFFERED, turn._MOVES, turn._TOKENS, turn._PROMPTS, turn._ENDS)
    tables += (items._PLAYS, items._COST_NEEDS)
    for table in tables:
        table.clear()
    for known in turn._CARD_SOURCES.values():
        known.clear()
    return turn.turn_decision(st, st.tasks[-1], None)


def test_the_kept_decision_is_the_one_built_from_scratch() -> None:
    """At every step of seeded random games (every scenario and player count), the decision
    run() kept equals one built again (a turn's with every kept table emptied first), and so
    does the decision of a clone, of a copy saved and loaded, and of a determinization for
    the seat. run() builds it without a seat: only simultaneous tasks' depend on the seat."""
    from boardwright.engine import game as spec_of
    from boardwright.titles.steamfall.state import SIMULTANEOUS

    spec = spec_of("steamfall")
    for scenario, players in _SCENARIO_PLAYERS:
        for st, seat in _turn_positions(scenario, players, seed=players, turns=False):
            was_kept = seat in st._cache
            kept = st.decision(seat)
            assert kept is not None
            top = st.tasks[-1]
            if top[0] in SIMULTANEOUS:
                continue
            assert was_kept  # by run()
            fresh = _fresh_turn(st) if top[0] == "turn" else st._decision_for(top, seat)
            assert [(a.id, a.label) for a in kept.actions] == [(a.id, a.label) for a in fresh.actions]
            assert kept.prompt.endswith(fresh.prompt)
            if top[0] != "turn":
                assert kept == fresh
            for other in (st.clone(), type(st).load(spec, st.to_dict())):
                assert other.decision(seat) == kept
        for st, seat in _turn_positions(scenario, players, seed=players, every=7):
            copy = st.determinize(seat, 3, quiet=True)
            assert copy.decision(seat) == st.decision(seat)


def test_the_written_out_costs_agree_with_can_pay() -> None:
    """The turn's costs checked inline (movement, manipulation, encounters, one-action effect
    costs) offer exactly what the general `can_pay` allows, along random games."""
    from boardwright.titles.steamfall import turn
    from boardwright.titles.steamfall.effects import can_pay, one
    from boardwright.titles.steamfall.scenarios import Scenario, of

    for scenario, players in _SCENARIO_PLAYERS:
        for st, seat in _turn_positions(scenario, players, seed=10 + players):
            p = int(st.tasks[-1][1])
            eor = bool(st.tasks[-1][2])
            ids = {a.id for a in st.decision(seat).actions}
            pl = st.pl[p]
            # a scenario may filter the turn's actions: then an action offered is one affordable
            same = type(of(st)).turn_actions is Scenario.turn_actions
            st.mods_memo = {}
            try:
                if not eor:
                    here = pl["at"]
                    for dest, cost in st.board.moves[here]:
                        n = turn.move_cost(st, p, dest, cost)
                        ok = can_pay(st, p, [one("movement", n)] if n else [])
                        assert (f"move:{dest}" in ids) == ok if same else ok or f"move:{dest}" not in ids
                    t = st.tok[here]
                    picks = any(t[k] for k in ("scrap", "steam", "workshop"))
                    ok = picks and can_pay(st, p, [one("manipulate")])
                    offered = any(i.startswith("pick:") for i in ids)
                    assert offered == ok if same else ok or not offered
                    if t["civilian"] and of(st).civilian_encounters:
                        n = turn.encounter_cost(st, p)
                        for how in ("charm", "violence"):
                            ok = can_pay(st, p, [one(how, n)])
                            assert (f"meet:{how}" in ids) == ok if same else ok or f"meet:{how}" not in ids
                turn._OFFERED.clear()
                fast = turn.effect_actions(st, p, eor)
                general = turn._one_action
                turn._one_action = lambda bundle: None  # type: ignore[assignment]
                try:
                    turn._OFFERED.clear()
                    slow = turn.effect_actions(st, p, eor)
                finally:
                    turn._one_action = general
                    turn._OFFERED.clear()
                assert fast == slow
            finally:
                st.mods_memo = None

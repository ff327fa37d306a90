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

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

"""An effect is offered only when it changes something: stamina cannot buy stamina back.

Doctor Hale's ACTION turns 1 charm into 1 stamina. Stamina may stand in for a charm (§5.5),
so with no charm in the pool the only way to pay was 1 stamina, for 1 stamina: nothing
changed, the effect could be used any number of times, and greedy bots looped on it for
ever (rules.md §15, decided reading)."""

from __future__ import annotations

from .scene import game, ids, me


def _hale_ids(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [a for a in ids(st) if a.startswith("fx:c=dr-hale:")]


def test_stamina_does_not_pay_for_stamina() -> None:
    st = game()
    p = me(st)
    st.pl[p]["civs"].append("dr-hale")
    st.pl[p]["pool"]["charm"] = 0
    st.pl[p]["res"]["stamina"] = 2
    st._cache.clear()
    assert _hale_ids(st) == []


def test_a_charm_in_the_pool_still_pays() -> None:
    st = game()
    p = me(st)
    st.pl[p]["civs"].append("dr-hale")
    st.pl[p]["pool"]["charm"] = 1
    st.pl[p]["res"]["stamina"] = 0
    st._cache.clear()
    offered = _hale_ids(st)
    assert len(offered) == 1
    st.apply(p, offered[0])
    assert st.pl[p]["res"]["stamina"] == 1 and st.pl[p]["pool"]["charm"] == 0

"""An effect is offered only when it changes something: stamina cannot buy stamina back.

Doctor Hale's ACTION turns 1 charm into 1 stamina. Stamina may stand in for a charm (§5.5),
so with no charm in the pool the only way to pay was 1 stamina, for 1 stamina: nothing
changed, the effect could be used any number of times, and greedy bots looped on it for
ever (rules.md §15, decided reading)."""

from __future__ import annotations

from boardwright.titles.steamfall.state import SteamfallState

from .scene import game, ids, me


def _with_hale(charm: int, stamina: int) -> tuple[SteamfallState, int]:
    """The first player holds Doctor Hale with `charm` charm in the pool and `stamina` stamina."""
    st = game()
    p = me(st)
    st.pl[p]["civs"].append("dr-hale")
    st.pl[p]["pool"]["charm"] = charm
    st.pl[p]["res"]["stamina"] = stamina
    st._cache.clear()
    return st, p


def _hale_ids(st: SteamfallState) -> list[str]:
    return [a for a in ids(st) if a.startswith("fx:c=dr-hale:")]


def test_stamina_does_not_pay_for_stamina() -> None:
    st, _ = _with_hale(charm=0, stamina=2)
    assert _hale_ids(st) == []


def test_a_charm_in_the_pool_still_pays() -> None:
    st, p = _with_hale(charm=1, stamina=0)
    offered = _hale_ids(st)
    assert len(offered) == 1
    st.apply(p, offered[0])
    assert st.pl[p]["res"]["stamina"] == 1 and st.pl[p]["pool"]["charm"] == 0

"""An effect is offered only when it changes something: stamina cannot buy stamina back.

Doctor Hale's ACTION turns 1 charm into 1 stamina. Stamina may stand in for a charm (§5.5),
so with no charm in the pool the only way to pay was 1 stamina, for 1 stamina: nothing
changed, the effect could be used any number of times, and greedy bots looped on it for
ever (rules.md §15, decided reading)."""

from __future__ import annotations

from typing import Any

import boardwright.bots.greedy as greedy_module
from boardwright.bots.greedy import GreedyBot, position_key
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


def _undoing_pair(monkeypatch: Any) -> tuple[SteamfallState, int]:
    """The first player holds Mina (2 insight: 1 special) and Nell (1 special: 2 insight),
    and greedy's heuristic likes every use of either: a bot without a guard would use them
    in turn for ever (the 2-player Cipher Race game of seed 2004 did, with the real
    heuristic, when each looked better than the other on its own determinization)."""
    st = game(scenario="cipher-race")
    p = me(st)
    st.pl[p]["civs"] += ["mina", "nell"]
    st.pl[p]["res"]["insight"] = 4
    st._cache.clear()

    def likes_converting(state: Any, seat: int) -> float:
        return float(sum(e.text.startswith("uses action") for e in state.log))

    monkeypatch.setattr(greedy_module, "heuristic_for", lambda spec: likes_converting)
    return st, p


def _play_the_turn_without_return(st: Any, p: int, bot: Any, name: str) -> None:
    """The bot plays its turn out: never the same position twice, the turn ends, and both
    undoing exchanges were used on the way."""
    seen: set[bytes] = set()
    steps = 0
    while st.to_act and st.to_act[0] == p and steps < 100:
        key = position_key(st, p)
        assert key not in seen, f"{name} came back to a position after {steps} decisions"
        seen.add(key)
        st.apply(p, bot.choose(st, p).id)
        steps += 1
    assert steps < 100  # the turn ended
    used = [e.text for e in st.log if e.text.startswith("uses action")]
    assert "uses action: 2 insight: 1 special" in used and "uses action: 1 special: 2 insight" in used


def test_greedy_never_returns_to_a_position_within_its_turn(monkeypatch: Any) -> None:
    st, p = _undoing_pair(monkeypatch)
    _play_the_turn_without_return(st, p, GreedyBot(seed=3), "greedy")


def test_ismcts_never_returns_to_a_position_within_its_turn(monkeypatch: Any) -> None:
    """The same guard in ISMCTS (bots/cycle.py): an ISMCTS bot played Clara's "1 charm: 2
    movement" and Tilly's "2 movement: 1 charm" in turn 1,500 times in a solo Genesis game
    (seed 1104 against The Possessed) and the game never ended."""
    import boardwright.bots.ismcts as ismcts_module
    from boardwright.bots.ismcts import IsmctsBot

    st, p = _undoing_pair(monkeypatch)

    def likes_acting(state: Any, seat: int) -> float:  # search copies keep no log
        return 1.0 if state.to_act == (seat,) else 0.0  # its turn going on

    monkeypatch.setattr(ismcts_module, "heuristic_for", lambda spec: likes_acting)
    _play_the_turn_without_return(st, p, IsmctsBot(seed=3, iters=16, depth=1), "ISMCTS")

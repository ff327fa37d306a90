"""Incredible Invention (§11-§13): co-operative, the invention card's side and its complications."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from boardwright.bots.ladder import TEAM_SEARCH
from boardwright.engine import Action
from boardwright.engine.outcome import cooperative

from .. import Scenario

#: the completion actions (an Action is frozen: one object serves every decision)
COMPLETE = {
    what: Action(f"complete:{what}", f"1 {what} toward a completion") for what in ("insight", "steam")
}


class IncredibleInvention(Scenario):
    id = "incredible-invention"
    name = "Incredible Invention"
    deck_study = True
    ability_cards = MappingProxyType({"incredible-invention": 1, "incredible-invention-solo": 1})
    complications = True
    completion_track = True
    team_value = True
    trade_rule = "12.5"  # trading between players in one area
    # the team plans whole turns (a column and its pooled actions) with the rollout search,
    # which won more often than greedy at 2 and 3 players (docs/bots.md)
    bot_levels = MappingProxyType({"hard": f"{TEAM_SEARCH}:seconds=0.5",
                                   "expert": f"{TEAM_SEARCH}:seconds=1.5"})

    def outcome_kind(self, players: int) -> str:
        return "cooperative"

    def evaluate(self, st: Any, seat: int, depth: int) -> float | None:
        """The team's progress toward the invention card's rows (heuristic._team)."""
        from ...heuristic import _team

        res = st.result
        if res is not None:
            return 1000.0 if res.get("won") else -1000.0 + 100.0 * st.round
        return _team(st, seat)

    def round_begins(self, st: Any) -> None:
        """§12.3 the round's complications replace the last round's (two a round)."""
        from ...rules import ref

        for cid in st.comps:
            st.comp_out.append(cid)
        st.comps, st.cprog, st.cover = [], {}, []
        for _ in range(2):
            if st.decks["comp"]:
                cid = st.decks["comp"].pop()
                st.comps.append(cid)
                st.say(None, f"complication: {st.content.complications[cid].name}", ref("12.3"))

    def resource_actions(self, st: Any, p: int) -> list[Any]:
        """§12.4 insight and steam toward the round's completions."""
        res = st.pl[p]["res"]
        if not (res["insight"] > 0 or res["steam"] > 0):
            return []
        from ...rounds import requirement

        if st.completion >= requirement(st)[2]:
            return []
        return [COMPLETE[what] for what in ("insight", "steam") if res[what] > 0]

    def view(self, st: Any, seat: int | None, out: dict[str, Any]) -> None:
        from ...rounds import requirement

        out["invention"] = {
            "requirement": list(requirement(st)) if st.round else None,
            "completion": st.completion,
            "quarters": st.quarters,
            "paid": dict(st.paid),
            "complications": [
                {"id": c, "progress": st.cprog.get(c, 0), "need": st.comp_need(c), "overcome": c in st.cover}
                for c in st.comps
            ],
        }

    def round_over(self, st: Any) -> list[Any] | None:
        return ["resolution"]  # §12.4 the round's requirements (rounds.resolve_resolution)

    def outcome(self, st: Any) -> dict[str, Any] | None:
        final = st.over
        res = st.result or {}
        return cooperative(
            st.players,
            won=res.get("won") if final else None,
            reason=res.get("reason", "the game is still running"),
            team_score=float(st.completion),
            final=final,
            breakdown={"round": st.round, "completion": st.completion},
        )

    def board_data(
        self, c: Any, text: dict[str, tuple[str, str]], players: int, options: Mapping[str, Any],
        out: dict[str, Any],
    ) -> None:
        """The invention card of this player count, on the side played."""
        hard = options.get("difficulty") == "hard"
        card = c.inventions[players]
        out["invention"] = {
            "side": "hard" if hard else "normal",
            "rows": [list(r) for r in (card.hard if hard else card.normal).rows],
        }

    def terminal_panel(self, console: Any, c: Any, view: dict[str, Any], width: int, compact: bool) -> None:
        from .terminal import render

        render(console, c, view, width, compact)

    def ability_ids(self, c: Any, character: str, players: int) -> list[str]:
        """The solo side of the character's card in a solo game (§13)."""
        side = "incredible-invention-solo" if players == 1 else self.id
        return [a.id for a in c.comp.abilities if a.character == character and a.scenario == side]

    def check_content(self, comp: Any) -> list[str]:
        problems = super().check_content(comp)
        if sorted(c.players for c in comp.inventions) != [1, 2, 3, 4]:
            problems.append("inventions.json: one card per player count 1-4")
        return problems


SCENARIO = IncredibleInvention()

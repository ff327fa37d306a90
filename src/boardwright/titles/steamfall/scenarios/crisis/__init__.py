"""Crisis (§16): co-operative against the crisis cards; solo plays two characters."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from boardwright.engine.outcome import cooperative

from .. import ObservationBlock, Scenario
from . import game

#: the difficulty levels only Crisis has
CRISIS_ONLY = ("easy", "crushing")


class Crisis(Scenario):
    id = "crisis"
    name = "Crisis"
    own_checks_only = True
    team_value = True
    trade_rule = "16.10"  # trading between players in one area
    decisions = MappingProxyType(game.DECISIONS)
    apply = MappingProxyType(game.APPLY)
    automatic = MappingProxyType(game.AUTOMATIC)

    civilian_encounters = False  # encounter cards instead (§16.8)
    heads = game.HEADS
    rl_from_view = True  # its block is read from the view

    def turn_actions(self, st: Any, p: int, acts: list[Any], eor: bool) -> list[Any]:
        return game.filter_actions(st, p, acts) + game.turn_actions(st, p, eor)

    def apply_action(self, st: Any, p: int, aid: str, eor: bool) -> None:
        game.apply(st, p, aid)

    def end_turn(self, st: Any, p: int) -> None:
        game.end_turn(st, p)

    def outcome_kind(self, players: int) -> str:
        return "cooperative"

    def setup_check(self, players: int, options: Mapping[str, Any]) -> str | None:
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Crisis uses no events)"
        if options.get("solo_items"):
            return "solo_items is a variant of Incredible Invention and Genesis solo, not of Crisis"
        if options.get("item_draft") and players == 1:
            return "solo Crisis plays both characters from one seat: the secret item draft needs two seats"
        return None

    def check_foreign(self, players: int, options: Mapping[str, Any]) -> str | None:
        difficulty = options.get("difficulty", "normal")
        if difficulty in CRISIS_ONLY:
            return f"difficulty {difficulty} is a Crisis level (Incredible Invention has normal and hard)"
        if options.get("crisis_promos"):
            return "crisis_promos adds the promo crisis cards: Crisis only"
        return None

    def evaluate(self, st: Any, seat: int, depth: int) -> float | None:
        from .heuristic import crisis_value

        return float(crisis_value(st))

    def on_event(self, st: Any, p: int, event: str, n: int) -> None:
        game.on_event(st, p, event)

    def gain_ok(self, st: Any, p: int, what: str) -> bool:
        return game.gain_ok(st, p, what)

    def gain_term(self, st: Any, p: int, what: str, n: int, later: list[list[Any]]) -> None:
        game.gain_term(st, p, what, n, later)

    def blocks_moving(self, st: Any) -> bool:
        return game.busy(st)  # no moving before the encounter is finished (§16.8)

    def view(self, st: Any, seat: int | None, out: dict[str, Any]) -> None:
        out["crisis"] = game.view(st)

    def determinize(self, st: Any, seat: int, rng: Any) -> None:
        game.determinize(st, rng)

    def count_components(
        self, st: Any, cards: dict[str, int], on_map: dict[str, int]
    ) -> tuple[int, dict[str, int]]:
        return game.box_cubes(st), game.components(st)

    def characters(self, players: int) -> int:
        return game.n_characters(self.id, players)

    def setup(self, st: Any) -> None:
        game.setup(st)
        st.tasks.append(["round"])

    def map_built(self, st: Any) -> None:
        game.place_pylons(st)

    def begin_turn(self, st: Any, p: int) -> None:
        game.begin_turn(st, p)

    def round_started(self, st: Any) -> None:
        game.start_round(st)

    def round_over(self, st: Any) -> list[Any] | None:
        return ["cr_resolution"]

    def outcome(self, st: Any) -> dict[str, Any] | None:
        final = st.over
        res = st.result or {}
        return cooperative(
            st.players,
            won=res.get("won") if final else None,
            reason=res.get("reason", "the game is still running"),
            team_score=float(st.cr.get("serenity", 0)),
            final=final,
            breakdown={
                "round": st.round,
                "serenity": st.cr.get("serenity", 0),
                "pylons_left": len(st.cr.get("pylons", [])),
            },
        )

    def copy_fields(self, src: Any, dst: Any) -> None:
        dst.cr = game.copy_cr(src.cr)

    def glossary(self, c: Any) -> dict[str, tuple[str, str]]:
        from .glossary import entries

        return entries(c)

    def board_data(
        self, c: Any, text: dict[str, tuple[str, str]], players: int, options: Mapping[str, Any],
        out: dict[str, Any],
    ) -> None:
        from .glossary import board_data

        out["crisis"] = board_data(c, text)

    def terminal_panel(self, console: Any, c: Any, view: dict[str, Any], width: int, compact: bool) -> None:
        from .terminal import render

        render(console, c, view, width)

    def check_content(self, comp: Any) -> list[str]:
        """Its ability cards (crisis_abilities.json), the Core Shard, crisis and encounter cards."""
        problems = []
        for ch in comp.characters:
            have = sum(1 for a in comp.crisis_abilities if a.character == ch.id)
            if have != 2:
                problems.append(
                    f"crisis_abilities.json: character {ch.id!r} needs 2 crisis cards, has {have}"
                )
        for a in comp.crisis_abilities:
            if a.scenario != self.id:
                problems.append(f"crisis_abilities.json, crisis_abilities '{a.id}': scenario must be crisis")
        if len(comp.core_shard) != 1:
            problems.append("core_shard.json: exactly one Core Shard")
        if len([x for x in comp.crises if not x.promo]) != 16:
            problems.append("crises.json: 16 crisis cards besides the promos")
        if len(comp.encounters) != 25:
            problems.append("encounters.json: 25 encounter cards")
        return problems

    def rl_action_ids(self, c: Any, players: int, areas: range, n_districts: int) -> list[str]:
        from .rl import action_ids

        return action_ids(c, players, areas)

    def rl_blocks(self, max_areas: int) -> tuple[ObservationBlock, ...]:
        from . import rl

        tables = (
            ("The Crisis block", rl.fields()),
            ("Each district in the Crisis block", rl.district_fields()),
        )
        return (ObservationBlock("Crisis (see the Crisis block)", rl.size(), rl.encode, tables),)


SCENARIO = Crisis()

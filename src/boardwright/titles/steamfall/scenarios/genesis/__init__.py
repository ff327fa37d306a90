"""Genesis (§17-§18): competitive with journals; solo against a scripted AI opponent (ai/)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from boardwright.bots.ladder import TEAM_SEARCH

from .. import ObservationBlock, Scenario
from . import game, heuristic, journal
from .ai import player, sheets, solo


class Genesis(Scenario):
    id = "genesis"
    name = "Genesis"
    rounds = game.ROUNDS
    end_reason = "four rounds played"
    quiet_copies = False  # its rules read the log's last entries
    decisions = MappingProxyType({**game.DECISIONS, **player.DECISIONS})
    apply = MappingProxyType({**game.APPLY, **player.APPLY})
    automatic = MappingProxyType({**game.AUTOMATIC, **solo.AUTOMATIC})
    simultaneous = MappingProxyType({"chapter_pick": journal.choosers})

    heads = game.HEADS | player.HEADS
    rl_from_view = True  # its blocks are read from the view
    # every action played out to the end of its turn by the greedy policy: 2 players, it beat
    # greedy 16 of 24 (the tree search at 0.5 s 11.5 of 24) and `normal` 12 of 12, and the
    # solo player won more often than greedy against Alice and Stefan (docs/bots.md)
    bot_levels = MappingProxyType({"hard": f"{TEAM_SEARCH}:seconds=0.5",
                                   "expert": f"{TEAM_SEARCH}:seconds=1.5"})

    def turn_actions(self, st: Any, p: int, acts: list[Any], eor: bool) -> list[Any]:
        acts = game.filter_actions(st, p, acts) + game.turn_actions(st, p, eor)
        if st.ai:  # §18.4 solo: the abilities the AI sheet gives or takes
            acts = player.filter_actions(st, p, acts) + player.turn_actions(st, p, eor)
        return acts

    def apply_action(self, st: Any, p: int, aid: str, eor: bool) -> None:
        if aid.partition(":")[0] in game.HEADS:
            game.apply(st, p, aid, eor)
        else:
            player.apply(st, p, aid)

    def end_turn(self, st: Any, p: int) -> None:
        game.end_turn(st, p)

    def extra_move(self, st: Any, p: int, dest: int) -> int:
        return player.extra_move(st, p, dest)

    def on_move(self, st: Any, p: int, left: int) -> None:
        if st.ai:
            player.on_move(st, p, left)

    def own_cubes(self, st: Any, p: int, but: str = "") -> list[str]:
        return game.event_cubes(st, p, but)  # on the scoring events (§17.7)

    def take_cube(self, st: Any, p: int, how: str) -> None:
        game.take_event_cube(st, p, how)

    def event_used(self, st: Any, area: int, eid: str) -> bool:
        if eid not in st.content.genesis_events:
            return False
        game.after_use(st, area, eid)
        return True

    def outcome_kind(self, players: int) -> str:
        return "solo" if players == 1 else "competitive"  # §18 solo: against the AI opponent

    def setup_check(self, players: int, options: Mapping[str, Any]) -> str | None:
        if options.get("difficulty") != "normal":
            return "difficulty is a side of the Incredible Invention card; Genesis has none"
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Genesis has its own events)"
        return solo.check_opponent(players, options)

    def check_foreign(self, players: int, options: Mapping[str, Any]) -> str | None:
        return solo.check_opponent(players, options)  # §18.1 only solo Genesis has an opponent

    def evaluate(self, st: Any, seat: int, depth: int) -> float | None:
        return heuristic.evaluate(st, seat, depth)

    def worth(self, st: Any, p: int) -> float:
        return heuristic.genesis_worth(st, p)

    def on_event(self, st: Any, p: int, event: str, n: int) -> None:
        if st.gn:
            journal.on_event(st, p, event, n)
        if st.ai:
            player.on_fire(st, p, event)  # §18.4 the sheet's player abilities

    def view(self, st: Any, seat: int | None, out: dict[str, Any]) -> None:
        if st.gn:
            out["genesis"] = game.view(st, seat)
        if st.ai:
            out["ai"] = solo.view(st)  # solo: the AI opponent is public (§18.1)

    def determinize(self, st: Any, seat: int, rng: Any) -> None:
        if st.gn:
            game.determinize(st, seat, rng)

    def count_components(
        self, st: Any, cards: dict[str, int], on_map: dict[str, int]
    ) -> tuple[int, dict[str, int]]:
        cubes, extra = 0, {}
        if st.gn:
            extra = game.components(st)
            cards["events"] += extra.pop("events_off_map")
            cubes += extra.pop("event_cubes")
        if st.players == 1:  # solo: the AI opponent's pieces (§18)
            held = solo.components(st)
            on_map["civilian"] += held.pop("civilian")
            on_map["workshop"] += held.pop("workshop")
            cards["events"] += held["events"]
            cubes += held["cubes"]
        return cubes, extra

    def reserved_character(self, st: Any) -> str:
        return str(st.options.get("opponent") or "")  # §18.1 never the AI opponent

    def setup(self, st: Any) -> None:
        """§17: the Journal phase opens every round; journals after the map."""
        game.setup(st)
        st.tasks += [["journal"], *solo.setup_tasks(st), ["gn_setup"]]

    def round_started(self, st: Any) -> None:
        game.round_drops(st)
        if not st.ai:  # solo: the AI's start of round places the events (§18.9)
            game.place_events(st)

    def end_round_tasks(self, st: Any) -> None:
        st.tasks.append(["gn_round_check"])

    def discard_events(self, st: Any) -> bool:
        game.discard_events(st)  # §17.6 permanent events stay, the others go back
        return True

    def next_round_task(self) -> list[Any]:
        return ["journal"]

    def game_end(self, st: Any) -> None:
        if st.ai:
            solo.end_game(st)  # §18.8 the AI's sheet resolves the scoring events
        else:
            game.end_game(st)

    def score_extra(self, st: Any, p: int, out: dict[str, Any]) -> None:
        out["scoring_events"] = game.score_extra(st, p)
        out["total"] += out["scoring_events"]

    def outcome(self, st: Any) -> dict[str, Any] | None:
        if not st.ai:
            return None
        from ...rounds import score

        return solo.outcome(st, int(score(st, 0)["total"]))  # §18.8 the player's VP against the AI's

    def copy_fields(self, src: Any, dst: Any) -> None:
        dst.ai = sheets.copy_ai(src.ai)
        dst.gn = game.copy_gn(src.gn)

    def events_at(self, st: Any, area: int) -> list[str]:
        return game.events_at(st, area)  # solo: the central district's extras too (§18.9)

    def quest_need(self, st: Any, n: int) -> int:
        return player.quest_need(st, n)  # Marcus's sheet (§18.4)

    def glossary(self, c: Any) -> dict[str, tuple[str, str]]:
        from .glossary import entries

        return entries(c)

    def board_data(
        self, c: Any, text: dict[str, tuple[str, str]], players: int, options: Mapping[str, Any],
        out: dict[str, Any],
    ) -> None:
        """Its events and journal abilities join the board's; the journals' chapters apart."""
        from .glossary import board_data

        gn = board_data(c, text)
        out["events"].update(gn.pop("events"))
        out["abilities"].update(gn.pop("abilities"))
        out["genesis"] = gn

    def terminal_panel(self, console: Any, c: Any, view: dict[str, Any], width: int, compact: bool) -> None:
        from .ai.terminal import render as ai_panel
        from .terminal import render

        render(console, c, view, width)
        if view.get("ai") is not None:  # solo: the AI opponent (§18)
            ai_panel(console, c, view, width)

    def check_content(self, comp: Any) -> list[str]:
        from .data import check_content

        return check_content(comp)

    def rl_effects(self, c: Any) -> list[tuple[str, list[Any]]]:
        from .rl import genesis_effects

        return list(genesis_effects(c))

    def rl_action_ids(self, c: Any, players: int, areas: range, n_districts: int) -> list[str]:
        from .rl import action_ids

        return action_ids(c, areas, n_districts)

    def rl_blocks(self, max_areas: int) -> tuple[ObservationBlock, ...]:
        from . import rl
        from .ai import rl as ai_rl

        def encode_ai(view: dict[str, Any], me: int, players: int) -> Any:
            return ai_rl.encode(view, max_areas)

        journal = (
            ("The Genesis block", rl.fields()),
            ("Each journal in the Genesis block", rl.seat_fields()),
        )
        return (
            ObservationBlock("Genesis (see the Genesis block)", rl.size(), rl.encode, journal),
            ObservationBlock(
                "Genesis solo: the AI opponent (see the AI block)",
                ai_rl.size(max_areas),
                encode_ai,
                (("The AI block (Genesis solo)", ai_rl.fields(max_areas)),),
            ),
        )


SCENARIO = Genesis()

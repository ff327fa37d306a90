"""Steamfall's scenarios as plug-ins: the core (city, characters, effects, turn and round
skeleton, views, heuristic) knows a scenario only through the `Scenario` hooks below, the way
the engine knows a game only through its spec's hooks.

Each scenario is a package beside this module that sets `SCENARIO`, an instance of a
`Scenario` subclass overriding the hooks it needs; the core calls `of(st).<hook>(...)` at the
named points. This module's `_PACKAGES` is the one place that maps a scenario id to its
package (tests/steamfall/test_scenario_layout.py holds the core to that).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

# scenario id (the `scenario` option) -> package under scenarios/; the setup checks run in
# this order (hooks.setup_check), which keeps each error's precedence
_PACKAGES = {
    "crisis": "crisis",
    "incredible-invention": "invention",
    "cipher-race": "cipher_race",
    "genesis": "genesis",
}
_LOADED: dict[str, Scenario] = {}


@dataclass(frozen=True)
class ObservationBlock:
    """One of a scenario's blocks at the end of the RL observation (rl.fields)."""

    #: its line in the observation's table of blocks
    name: str
    size: int
    #: (view, observing seat, players) -> a float vector of `size`, all zeros in another scenario
    encode: Callable[[dict[str, Any], int, int], Any]
    #: its field tables in the observation's layout (docs): (title, [(field, size)])
    tables: tuple[tuple[str, list[tuple[str, int]]], ...] = ()
#: the scenario played when the option is not given
DEFAULT = "incredible-invention"


class Scenario:
    """The hooks a scenario may override; each default is what a scenario without the rule
    does (no-op, nothing added). `st` is a SteamfallState, typed loosely so that this module
    imports nothing of the core."""

    id: str = ""
    #: the scenario's name in words (the terminal's header)
    name: str = ""
    #: rounds before the game ends (the core's three, §3)
    rounds: int = 3
    #: the game's end when the rounds run out, in the result's words
    end_reason: str = "three rounds played"
    #: the cards marked for competitive play (and cipher cards) are dealt (§2.1)
    competitive_decks: bool = False
    #: the complication deck is dealt (§12.3)
    complications: bool = False
    #: the balance study's deck check plays it (balance.part_decks)
    deck_study: bool = False
    #: a search copy may drop the log (False: the scenario's rules read the log)
    quiet_copies: bool = True
    #: the difficulty levels that play this scenario differently from the game's ladder
    #: (ladder.py): level -> bot spec
    bot_levels: Mapping[str, str] = {}
    #: its tasks: decisions, how they apply, automatic steps, and who chooses at once
    decisions: Mapping[str, Callable[..., Any]] = {}
    apply: Mapping[str, Callable[..., Any]] = {}
    automatic: Mapping[str, Callable[..., Any]] = {}
    simultaneous: Mapping[str, Callable[..., Any]] = {}

    # ---------------------------------------------------------------- components
    #: abilities.json: how many ability cards of each side (an ability's `scenario`) every
    #: character has for this scenario
    ability_cards: Mapping[str, int] = {}

    def ability_ids(self, c: Any, character: str, players: int) -> list[str]:
        """The ability cards a character holds (c is the Content): those of the scenario."""
        return [a.id for a in c.abilities.values() if a.character == character and a.scenario == self.id]

    def check_content(self, comp: Any) -> list[str]:
        """Problems with the scenario's own components once validated (content.load lists
        every scenario's); by default the count of `ability_cards` per character."""
        problems = []
        for ch in comp.characters:
            for side, n in self.ability_cards.items():
                have = sum(1 for a in comp.abilities if a.character == ch.id and a.scenario == side)
                if have != n:
                    problems.append(
                        f"abilities.json: character {ch.id!r} needs {n} {side} card(s), has {have}"
                    )
        return problems

    # ---------------------------------------------------------------- the spec's hooks and bots
    #: the options are checked by the scenario's own rules alone (hooks.setup_check)
    own_checks_only: bool = False
    #: the evaluation is the team's, the same for every seat
    team_value: bool = False

    def outcome_kind(self, players: int) -> str:
        return "competitive"

    def setup_check(self, players: int, options: Mapping[str, Any]) -> str | None:
        """A problem with the options under the scenario's rules, or None."""
        return None

    def check_foreign(self, players: int, options: Mapping[str, Any]) -> str | None:
        """A problem with the options this scenario owns while another scenario is played."""
        return None

    def evaluate(self, st: Any, seat: int, depth: int) -> float | None:
        """The bots' evaluation, or None for the core's (the seat's worth against the best
        opponent's, +-1000 once decided)."""
        return None

    def worth(self, st: Any, p: int) -> float:
        """What the scenario adds to player p's worth (heuristic._worth)."""
        return 0.0

    # ---------------------------------------------------------------- setup and rounds
    def characters(self, players: int) -> int:
        """How many characters play (one per seat)."""
        return players

    def reserved_character(self, st: Any) -> str:
        """A character no player may take ("" for none)."""
        return ""

    def uses_events(self, st: Any) -> bool:
        """Whether the core's event deck is dealt (§9; a variant elsewhere, §14)."""
        return bool(st.options.get("ii_events"))

    def setup(self, st: Any) -> None:
        """After the core's decks and seats, before the map: the scenario's own pieces and
        the first tasks (by default the first round)."""
        st.tasks.append(["round"])

    def map_built(self, st: Any) -> None:
        """After the map and its secret locations are laid."""

    def begin_turn(self, st: Any, p: int) -> None:
        """Player p's turn starts (after the core's per-turn reset)."""

    def round_begins(self, st: Any) -> None:
        """A round starts, before the districts' drops."""

    def round_started(self, st: Any) -> None:
        """After the districts' drops, before the first turn."""

    def end_round_tasks(self, st: Any) -> None:
        """The end of round is queued: tasks to run after the end-of-round turns."""

    def discard_events(self, st: Any) -> bool:
        """The events leave at the end of round; True when the scenario did it its way."""
        return False

    def round_over(self, st: Any) -> list[Any] | None:
        """The task after a round's clean-up, or None for the core's (the next round or the
        game's end)."""
        return None

    def next_round_task(self) -> list[Any]:
        return ["round"]

    def game_end(self, st: Any) -> None:
        """The rounds ran out: final scoring before the result is set."""

    def score_extra(self, st: Any, p: int, out: dict[str, Any]) -> None:
        """Add the scenario's own scoring lines to player p's score (and its total)."""

    def outcome(self, st: Any) -> dict[str, Any] | None:
        """The outcome, or None for the core's competitive one (VP, then insight)."""
        return None

    # ---------------------------------------------------------------- state
    def copy_fields(self, src: Any, dst: Any) -> None:
        """Copy the scenario's own state fields (cr, gn, ai) into a search copy."""

    def events_at(self, st: Any, area: int) -> list[str]:
        """The events working in a district (§9: the one laid there)."""
        return [st.event[area]] if st.event[area] else []

    # ---------------------------------------------------------------- the turn
    #: encountering a civilian on the map is a turn action (§8)
    civilian_encounters: bool = True
    #: the heads of the scenario's own turn actions (`apply_action` applies them)
    heads: frozenset[str] = frozenset()

    def resource_actions(self, st: Any, p: int) -> list[Any]:
        """Turn actions spending resources on the scenario's goal (before trades)."""
        return []

    def turn_actions(self, st: Any, p: int, acts: list[Any], eor: bool) -> list[Any]:
        """The turn's actions, filtered and added to by the scenario (after trades)."""
        return acts

    def apply_action(self, st: Any, p: int, aid: str, eor: bool) -> None:
        """Apply one of the scenario's own turn actions (its head is in `heads`)."""
        raise ValueError(f"{self.id or 'this scenario'} has no turn action {aid!r}")

    def end_turn(self, st: Any, p: int) -> None:
        """Player p ends the turn, before the action pool empties."""

    def extra_move(self, st: Any, p: int, dest: int) -> int:
        """Movement added to the cost of entering dest."""
        return 0

    def on_move(self, st: Any, p: int, left: int) -> None:
        """Player p moves, leaving the area `left` (before entering the next)."""

    def own_cubes(self, st: Any, p: int, but: str = "") -> list[str]:
        """Where else p's influence cubes lie (`e=ID`: on an event but `but`); a cube may be
        moved from there to a secret location (§5.2)."""
        return []

    def take_cube(self, st: Any, p: int, how: str) -> None:
        """Take p's cube back from one of the places `own_cubes` named."""
        raise ValueError(f"{self.id or 'this scenario'} holds no influence cube at {how!r}")

    def event_used(self, st: Any, area: int, eid: str) -> bool:
        """An after-use event was used; True when the scenario removed it its way."""
        return False

    #: the rule that lets players in one area trade (trade.py), "" where no one trades
    trade_rule: str = ""

    # ---------------------------------------------------------------- the effect interpreter
    #: a completion gain moves the invention's completion track (§12.4)
    completion_track: bool = False

    def on_event(self, st: Any, p: int, event: str, n: int) -> None:
        """A game event fired for player p (after the core's quests), n times."""

    def gain_ok(self, st: Any, p: int, what: str) -> bool:
        """Whether one of the scenario's own gain words (effects.CR_GAINS) may be gained now."""
        return False

    def gain_term(self, st: Any, p: int, what: str, n: int, later: list[list[Any]]) -> None:
        """Gain one of the scenario's own gain words; tasks to run after go to `later`."""

    def blocks_moving(self, st: Any) -> bool:
        """Whether moving (a teleport too) waits for something the scenario has under way."""
        return False

    # ---------------------------------------------------------------- views
    def view(self, st: Any, seat: int | None, out: dict[str, Any]) -> None:
        """Add the scenario's parts to `seat`'s view (before the result)."""

    def determinize(self, st: Any, seat: int, rng: Any) -> None:
        """Re-deal what the scenario hides from `seat` (after the core's decks)."""

    def count_components(
        self, st: Any, cards: dict[str, int], on_map: dict[str, int]
    ) -> tuple[int, dict[str, int]]:
        """The scenario's pieces in the component count: more influence cubes and its own
        lines; it may add to the core's card and token counts."""
        return 0, {}

    def quest_need(self, st: Any, n: int) -> int:
        """The progress a quest needs (§8), printed n."""
        return n

    # ---------------------------------------------------------------- RL (rl.py)
    #: encode_state takes the view: the scenario's blocks are encoded from it
    rl_from_view: bool = False

    def rl_effects(self, c: Any) -> list[tuple[str, list[Any]]]:
        """The effects of the scenario's own components by source prefix (the action universe
        offers their choices like the core's)."""
        return []

    def rl_action_ids(self, c: Any, players: int, areas: range, n_districts: int) -> list[str]:
        """The scenario's own action ids, after the core's in the action universe."""
        return []

    def rl_blocks(self, max_areas: int) -> tuple[ObservationBlock, ...]:
        """The scenario's blocks, after the core's in every observation (in the scenarios'
        order: the layout is fixed whatever is played)."""
        return ()

    # ---------------------------------------------------------------- glossary and web board
    def glossary(self, c: Any) -> dict[str, tuple[str, str]]:
        """The scenario's own components and terms by id -> (name, what it does), added to
        the glossary after the core's (c is the Content)."""
        return {}

    def board_data(
        self, c: Any, text: dict[str, tuple[str, str]], players: int, options: Mapping[str, Any],
        out: dict[str, Any],
    ) -> None:
        """Add the scenario's parts to the web board's data (layout.board_data); `text` is the
        glossary."""

    def terminal_panel(self, console: Any, c: Any, view: dict[str, Any], width: int, compact: bool) -> None:
        """Print the scenario's panel of the terminal board (a rich Console), after the header
        and before the city; `compact` on a small terminal."""


def get(scenario_id: str) -> Scenario:
    """The scenario with this id, its package imported on first use (scenario packages import
    the core, never the other way round)."""
    found = _LOADED.get(scenario_id)
    if found is None:
        package = _PACKAGES.get(scenario_id)
        if package is None:
            raise ValueError(f"unknown Steamfall scenario {scenario_id!r}: one of {', '.join(_PACKAGES)}")
        found = _LOADED[scenario_id] = importlib.import_module(f"{__name__}.{package}").SCENARIO
    return found


def of(st: Any) -> Scenario:
    """The scenario a state plays (asked many times per decision: the loaded one at once)."""
    found = _LOADED.get(st.scenario)
    return found if found is not None else get(st.scenario)


def ids() -> tuple[str, ...]:
    return tuple(_PACKAGES)


def every() -> tuple[Scenario, ...]:
    """Every scenario, each package imported (for tables merged once, like the tasks)."""
    return tuple(get(i) for i in _PACKAGES)


def merged(table: str) -> dict[str, Callable[..., Any]]:
    """One of the scenarios' task tables, merged (task kinds are unique across them)."""
    out: dict[str, Callable[..., Any]] = {}
    for sc in every():
        out.update(getattr(sc, table))
    return out

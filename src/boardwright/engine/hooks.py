"""The hooks a title declares, and how the shared layers find them.

A title (one folder under `titles/`) passes `hooks={name: "module:attr"}` to its
`GameSpec`. The module path may be relative to the title's package (".heuristic:evaluate").
Hooks are imported the first time they are asked for, so listing games stays cheap.
`assets={name: "relative/path"}` names files inside the title's package (the browser
board, for instance); `spec.asset(name)` reads one.

Every layer outside `titles/` (bots, rl, openspiel, web, cli, simulate) reaches a game
only through `spec.hook(name)` / `spec.asset(name)` and falls back to a generic
behaviour when the hook is missing. `HOOKS` lists the known names and what each must be.
"""

from __future__ import annotations

HOOKS: dict[str, str] = {
    "heuristic": "evaluate(state, seat) -> float: higher is better for `seat` (greedy, ISMCTS)",
    "ismcts_defaults": "a dict of `ismcts` bot parameter -> value (e.g. {\"depth\": 8}): the "
                       "game's own defaults, used where a bot spec does not set the parameter",
    "bot_levels": "a dict of ladder level (easy, normal, hard, expert) -> bot spec string (e.g. "
                  "{\"hard\": \"ismcts:seconds=0.5:rollout=greedy\"}), or levels(options) -> such a dict "
                  "(a ladder per mode): what each level plays this game as, where it differs "
                  "from the ladder's defaults (bots/ladder.py)",
    "setup_check": "check(players, options) -> str | None: why this player count and these "
                   "options cannot be played together (e.g. a solo mode with 3 players), or None",
    "outcome_kind": "kind(players, options) -> str: the outcome kind a game with these "
                    "settings ends with, before it is played (OpenSpiel's utility type)",
    "rl_actions": "universe(players, options) -> list[str]: every action id the game can "
                  "ever offer, in a fixed order (the Discrete action space)",
    "rl_observation": "module with OBSERVATION_SIZE (int) and encode_view(view) -> float32 array, "
                      "seat-relative (me first); optionally encode_state(state, seat), the same "
                      "vector without building the view (faster)",
    "terminal_view": "render(console, view, seat) -> None: the board in the terminal (Rich)",
    "glossary": "entries(players, options) -> dict[str, tuple[str, str]]: every named component "
                "(card, character, facility, corporation...) by id -> (its name, what it does "
                "in the project's own words); the terminal's `? NAME` and the text beside choices",
    "board_data": "data(players, options) -> dict: JSON the browser board needs that the "
                  "view does not carry (a computed map layout, say)",
    "data_pack": "a DataHook (engine/datapack.py): files (the file names), export(folder, force) "
                 "-> list[Path] (FileExistsError for an existing file unless force) and "
                 "validate(folder) -> DataReport",
    "docs": "generate(root: Path) -> dict[str, str]: the game's generated docs pages, by path "
            "relative to the repository `root` (scripts/gen_docs.py writes or checks them)",
    "balance": "a BalanceHook (report/panels.py): record(state) -> dict (JSON fields about a "
               "finished game, written under `balance` in each `simulate --out` line), "
               "panels(rows) -> list of Breakdown | Table (what `boardwright report` draws from "
               "those lines: observations grouped by label, or a table) and optionally "
               "first_seat(state) -> int | None (who plays first, asked after setup)",
}

ASSETS: dict[str, str] = {
    "board_js": "the browser board: a script that calls BW.registerBoard(gameId, renderer)",
}

"""`boardwright play`: a terminal game, one human seat and bots in the others."""

from __future__ import annotations

import os
import re
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..bots import Bot, BotSpec, bot_seed
from ..engine import Action, GameState, IllegalAction, replay
from ..engine.data import DataError
from ..tutorial import Tutor, met_before
from ..tutorial import content as tutorial_content
from . import lookup, menu, savefile
from .common import (
    OptionOpt,
    bots_for,
    failure,
    fmt_value,
    game_spec,
    not_default,
    once,
    out_console,
    parse_options,
    player_count,
    print_log,
    setup_options,
    usage,
)
from .views import glossary, render_outcome, render_view, words

LOG_LINES = None  # the log since your last decision is shown whole (kept for importers)
UNDO_SAMPLES = 8  # determinizations per seat when checking that an undo reveals nothing


HELP_TEXT = """\
Type the number of a choice, or an action's id (shown in brackets, any case). A group
(shown with "…") opens its choices; b goes back a step. An id that is not offered is
answered with the rule that forbids it. Other commands:
  ? NAME / show NAME   what a card, character, facility, corporation... does, or what a
                       short name on the board means (? sat)
  rule 5.3             that section of the rules summary
  log                  the whole game log so far, with rule references
  board / board full   the board again (full: the larger board, whatever the screen)
  score                the standing so far
  hint                 the strongest bot's three best moves for you, with its estimated
                       chances (unless the game was started with --no-hints)
  undo                 take back your last decision (and the bots' replies to it), unless
                       something was revealed or drawn since
  save FILE            write the game record now (play --resume FILE continues it)
  ? / help             this help
  q / quit             leave the game (asks to save it first when it is not saved)
Ctrl-C and Ctrl-D leave like q."""


SMALL_HEIGHT = 30  # a terminal with fewer lines gets the short menus
SMALL_LIMIT = 8  # choices a short terminal lists before it groups them
LONG_INPUT = 60  # a longer line is not echoed back in an answer
INTERRUPT = "\x03"  # what `read` returns for Ctrl-C

@dataclass
class Session:
    """A terminal game: one human seat, bots elsewhere."""

    state: GameState
    human: int
    bots: dict[int, Bot]
    console: Console
    save: Path | None
    shown: int = 0  # how many log entries visible to the human have been printed
    echo: bool = field(default_factory=lambda: not sys.stdin.isatty())
    saved_moves: int = -1  # the number of moves in the record last written (-1: never)
    checkpoints: list[GameState] = field(default_factory=list)  # before each of your moves
    last_round: int | None = None
    hints: bool = True  # whether `hint` answers (play --no-hints: off, kept in the record)
    numbers: dict[str, dict[str, int]] = field(default_factory=dict)  # menu numbers last shown
    numbered: dict[int, menu.Node] = field(default_factory=dict)  # the menu on screen by number
    numbers_after: int = -1  # the moves in the game when you last chose (numbers kept from then)
    tutor: Tutor | None = None  # play --tutorial: explains each kind of decision met for the first time
    _glossary: dict[str, tuple[str, str]] | None = None
    _names: dict[str, str] | None = None

    # ------------------------------------------------------------------ helpers
    def labels(self) -> dict[int, str]:
        out = {s: b.describe() for s, b in self.bots.items()}
        out[self.human] = "you"
        return out

    def seats(self) -> dict[int, str]:
        out = {s: b.describe() for s, b in self.bots.items()}
        out[self.human] = savefile.HUMAN
        return out

    def table(self) -> dict[str, Any]:
        """The table's own settings kept in the record (not game options)."""
        out: dict[str, Any] = {} if self.hints else {"hints": False}
        if self.tutor is not None:
            out["tutorial"] = True  # a resumed guided game goes on with its notes
        return out

    def entries(self) -> dict[str, tuple[str, str]]:
        if self._glossary is None:
            self._glossary = glossary(self.state.spec.id, self.state.players, dict(self.state.options))
        return self._glossary

    def names(self) -> dict[str, str]:
        if self._names is None:
            self._names = {k: n for k, (n, _) in self.entries().items()}
        return self._names

    def say(self, text: str, style: str = "") -> None:
        """Print game text as it is: no markup, no emoji codes."""
        self.console.print(Text(text, style=style))

    def read(self, prompt: str) -> str | None:
        """A line of input; None at end of input, INTERRUPT on Ctrl-C."""
        try:
            line = self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            return None
        except KeyboardInterrupt:
            self.console.print()
            return INTERRUPT
        if self.echo:
            shown = line if len(line) <= LONG_INPUT else line[:LONG_INPUT] + "…"
            self.console.print(shown, markup=False, highlight=False, emoji=False)
        return line.strip()

    @property
    def unsaved(self) -> bool:
        return self.saved_moves != len(self.state.history)

    def write_record(self, path: Path) -> bool:
        try:
            savefile.write(path, self.state, self.seats(), self.table())
        except OSError as exc:
            self.say(f"Could not save the record to {path}: {exc.strerror or exc}", "red")
            return False
        self.saved_moves = len(self.state.history)
        self.say(f"Game record saved to {path} (continue it with: boardwright play --resume {path}; "
                 f"see it with: boardwright replay {path})")
        return True

    def quit(self, why: str, offer_save: bool = False) -> NoReturn:
        """Leave: save to --save, or (`offer_save`) ask for a file name until one works."""
        self.say(why)
        if self.save is not None:
            if not self.write_record(self.save) and offer_save:
                self._ask_to_save(can_stay=False)
        elif offer_save and self.unsaved and not self.state.over:
            self._ask_to_save(can_stay=False)
        raise typer.Exit(0)

    def _ask_to_save(self, can_stay: bool) -> bool:
        """Ask for a file name until the record is written or the player declines.
        Returns True when the player chose to keep playing."""
        stay = ", c: keep playing" if can_stay else ""
        while True:
            name = self.read(f"Save the game record? Type a file name (Enter: don't save{stay}): ")
            if not name or name == INTERRUPT:
                return False
            if can_stay and name.lower() in ("c", "continue"):
                return True
            path = Path(name).expanduser()
            problem = savefile.problem_with(path)
            if problem is not None:
                self.say(f"Cannot save to {path}: {problem}. Try another name.", "red")
                continue
            if self.write_record(path):
                return False

    def leave_command(self) -> None:
        """`q`: leave, asking first when the game is not saved; may return to keep playing."""
        if self.save is not None or not self.unsaved:
            self.quit("You leave the game.")
        self.say("You leave the game. It is not saved.")
        if self._ask_to_save(can_stay=True):
            self.say("Back to the game.")
            return
        raise typer.Exit(0)

    # ------------------------------------------------------------------ display
    def new_log(self, everything: bool = False) -> None:
        view = self.state.view(self.human)
        entries = view["log"]
        fresh = entries if everything else entries[self.shown:]
        self.shown = len(entries)
        fresh = once(fresh, self.human)
        self.last_round = print_log(self.console, fresh, self.labels(),
                                    last_round=None if everything else self.last_round,
                                    round_names=view.get("round_names"))

    def score_line(self) -> None:
        outcome = self.state.outcome(self.human)  # only what this seat may know counts
        kind = outcome.get("kind")
        line = Text("Score: ", style="bold")
        if kind in ("competitive", "semi-cooperative") and outcome.get("scores") is not None:
            parts = []
            for s, score in enumerate(outcome["scores"]):
                who = "you" if s == self.human else f"seat {s}"
                parts.append(f"{who} {fmt_value(score)}")
            line.append(" · ".join(parts))
        elif kind == "cooperative":
            line.append(f"team {fmt_value(outcome.get('team_score'))}")
        else:
            line.append(fmt_value(outcome.get("score")))
        reason = str(outcome.get("reason") or "")
        if reason == "the game is still running":
            reason = ""
        breakdown = outcome.get("breakdown")
        if kind in ("cooperative", "solo") and not reason and isinstance(breakdown, dict):
            reason = ", ".join(f"{words(str(k))} {fmt_value(v)}" for k, v in breakdown.items()
                               if k not in ("round", "total") and isinstance(v, int | float))
        if kind in ("cooperative", "solo") and reason:  # what the number is made of, in words
            line.append(f" · {reason}", style="dim")
        if self.small():  # one line; `score` has it whole
            line.truncate(max(self.console.width, 40), overflow="ellipsis")
        self.console.print(line)

    def show_menu(self, node: menu.Node, depth: int) -> None:
        dec = self.state.decision(self.human)
        if dec is not None:
            head = Text(dec.prompt, style="bold")
            head.append(f"  ({dec.rule})", style="dim cyan")
            self.console.print(head)
        if node.label and depth:
            self.say(f"{node.label} …" + (f" ({node.hint})" if node.hint else ""), "bold")
        entries = self.entries()
        shown_effects: set[str] = set()
        width = max(self.console.width, 40)
        self.numbered = self.number(node, depth)
        small = self.small()
        for i, child in sorted(self.numbered.items()):
            line = Text(f"{i}. ", style="bold")
            if child.action is not None:
                line.append(child.action.label)
                tag = f" [{child.action.id}]"
                if not small or line.cell_len + len(tag) <= width:  # a small screen: no wrapped ids
                    line.append(tag, style="dim")
            else:
                line.append(f"{child.label} … ({child.size} choices)")
            self.console.print(line)
            named = child.actions() if child.action is not None else [Action("-", child.label)]
            for name, text in lookup.referenced(entries, named)[:1]:  # the most specific
                if name in shown_effects or len(node.children) > (SMALL_LIMIT // 2 if small else menu.LIMIT):
                    continue
                shown_effects.add(name)
                effect = Text(f"     {name}: {text}", style="dim")
                effect.truncate(width, overflow="ellipsis")
                self.console.print(effect, no_wrap=True)
        if depth:
            self.say("b. back", "dim")

    def small(self) -> bool:
        """A short terminal (80×24): menus grouped sooner, fewer effect lines, no wrapped ids."""
        return self.console.height < SMALL_HEIGHT

    def number(self, node: menu.Node, depth: int) -> dict[int, menu.Node]:
        """The menu's numbers, kept from the previous prompt (`menu.renumber`)."""
        where = f"{depth}:{node.label}" if depth else "0"
        out = menu.renumber(node.children, self.numbers.get(where, {}))
        self.numbers[where] = {child.key: n for n, child in out.items()}
        return out

    def show_turn(self) -> None:
        self.console.rule()
        self.new_log()
        render_view(self.console, self.state.view(self.human), self.human)
        self.score_line()

    def teach(self) -> None:
        """The guided game: explain your decision when its kind is new to you."""
        if self.tutor is None or len(self.state.legal_actions(self.human)) < 2:
            return  # a forced step is played at once: its kind waits for a real choice
        found = self.tutor.explain(self.state, self.human)
        if found is None:
            return
        body = Text(found.text)
        section = re.match(r"^§?\s*(\d+(?:\.\d+)*)", found.rule)
        more = f"rule {section.group(1)}" if section else "rule"
        body.append(f"\n{found.rule} · type {more} to read it", style="dim cyan")
        title = Text(f"New: {found.title}", style="bold")
        self.console.print(Panel(body, title=title, title_align="left", border_style="cyan",
                                 width=min(self.console.width, 100)))

    # ------------------------------------------------------------------ commands
    def lookup_name(self, query: str) -> None:
        entries = self.entries()
        if not entries:
            self.say("This game has no glossary; its rules summary has the effects (try: rule 1).")
            return
        found = lookup.find(entries, query)
        if not found:
            self.say(f"Nothing called '{query}'. Names and ids of cards, characters, facilities, "
                     "corporations... are known.", "red")
        elif len(found) > 8:
            self.say(f"{len(found)} match '{query}': " + ", ".join(n for _, n, _ in found[:20])
                     + (" …" if len(found) > 20 else ""))
        else:
            for key, name, text in found:
                line = Text(f"{name} ", style="bold")
                line.append(f"[{key}]", style="dim")
                line.append(f": {text}")
                self.console.print(line)

    def show_rule(self, ref: str) -> None:
        found = lookup.rule_section(self.state.spec, ref)
        if found is None:
            self.say(f"No section '{ref}' in the rules summary (try e.g. rule 5 or rule 5.3).", "red")
            return
        sid, title, text = found
        self.say(f"§{sid} {title}", "bold")
        self.console.print(lookup.unwrap(text), markup=False, highlight=False, emoji=False)

    def undo(self) -> bool:
        """Take back your last decision and the bots' moves after it, if none revealed anything."""
        if not self.checkpoints:
            self.say("There is nothing of yours to undo.", "red")
            return False
        from ..web.undo import undo_refusal  # the web app's rule (docs/web.md, Undo)

        before = self.checkpoints[-1]
        moves = self.state.history[len(before.history):]
        step = before
        for i, (seat, action) in enumerate(moves):
            after = step.clone()
            after.apply(seat, action)
            why = undo_refusal(step, after, seat, UNDO_SAMPLES)
            if why is not None:
                who = "your last move" if i == 0 else f"seat {seat}'s move since then"
                why = why.replace("your last move", who)
                self.say(f"Cannot undo: {why}.", "red")
                return False
            step = after
        self.checkpoints.pop()
        self.state = before
        self.shown = len(before.view(self.human)["log"])
        others = len(moves) - 1
        self.say("Taken back: your last decision" + (f" and {others} move(s) of the bots after it"
                                                     if others else "") + ".")
        return True

    def refuse(self, text: str) -> None:
        """An id that is not offered: the game's reason and rule (nothing changes)."""
        if len(text) > LONG_INPUT:
            self.say(f"That line ({len(text)} characters) is no choice or command. Type a "
                     "choice's number, its id, b to go back, or ? for help.", "red")
            return
        try:
            self.state.clone().apply(self.human, text)
        except IllegalAction as exc:
            line = Text("Not allowed: ", style="red")
            line.append(exc.reason)
            line.append(f" ({exc.rule})", style="dim cyan")
            self.console.print(line)
            self.say("Type a choice's number, its id, b to go back, or ? for help.", "dim")
            return
        self.say(f"'{text}' is not offered now.", "red")  # pragma: no cover - offered ids match first

    def command(self, line: str) -> bool | None:
        """A non-action command: True if handled, None to redraw the turn, False otherwise."""
        low = line.lower()
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if low in ("q", "quit", "exit"):
            self.leave_command()
            return True
        if low in ("?", "h", "help"):
            self.console.print(HELP_TEXT, markup=False, highlight=False, emoji=False)
            return True
        if word in ("?", "show") and rest:
            self.lookup_name(rest)
            return True
        if low == "show":
            self.say("show NAME (or ? NAME) tells what a named card, character, building... does: "
                     "e.g. show " + self.example_name() + ".", "dim")
            return True
        if word.lower() == "rule" and rest:
            self.show_rule(rest)
            return True
        if low == "rule":
            self.say("rule NUMBER shows that section of the rules summary: the numbers in "
                     f"brackets after each prompt and log line (here {self.decision_rule()}).", "dim")
            return True
        if low == "hint":
            self.hint()
            return True
        if low == "log":
            self.new_log(everything=True)
            return True
        if low in ("board", "view", "board full"):
            render_view(self.console, self.state.view(self.human), self.human, full=low == "board full")
            return True
        if low == "score":
            render_outcome(self.console, self.state.outcome(), self.labels(), self.names())
            return True
        if low == "undo":
            return None if self.undo() else True
        if word.lower() == "save" and rest:
            path = Path(rest).expanduser()
            problem = savefile.problem_with(path)
            if problem is not None:
                self.say(f"Cannot save to {path}: {problem}.", "red")
            elif self.write_record(path) and self.save is None:
                self.save = path
            return True
        if low == "save":
            self.say("save FILE writes the game record to FILE (a new or existing .json file), "
                     "e.g. save mygame.json.", "dim")
            return True
        return False

    def example_name(self) -> str:
        """A name the glossary knows, for the help of `show`."""
        return next((n for n, _ in self.entries().values()), "NAME")

    def decision_rule(self) -> str:
        dec = self.state.decision(self.human)
        return dec.rule if dec is not None else "§1"

    def hint(self) -> None:
        """The strongest bot's three best moves for this seat (web/hint.py)."""
        from ..web import hint as hints

        if not self.hints:
            self.say(f"No hint: {hints.OFF_REASON}.", "dim")
            return
        if self.human not in self.state.to_act:
            self.say("No hint: it is not your turn.", "dim")
            return
        if self.console.is_terminal:
            with self.console.status("thinking about your best moves…"):
                found = hints.hint(self.state, self.human)
        else:
            found = hints.hint(self.state, self.human)
        kind = self.state.spec.kind_of_outcome(self.state.players, dict(self.state.options))
        self.say(hints.heading(kind), "bold")
        for line in hints.describe(found):
            self.say("  " + line)

    # ------------------------------------------------------------------ the loop
    def human_turn(self) -> None:
        """One decision of yours: show, then read until an action is applied or undone."""
        self.show_turn()
        self.teach()
        if len(self.state.history) != self.numbers_after:  # others moved: a fresh menu
            self.numbers.clear()
        actions = self.state.legal_actions(self.human)
        if len(actions) == 1:  # nothing to choose: say what happens and go on
            dec = self.state.decision(self.human)
            head = Text(dec.prompt if dec is not None else "", style="bold")
            head.append(f"  ({dec.rule})" if dec is not None else "", style="dim cyan")
            self.console.print(head)
            self.checkpoints.append(self.state.clone())
            self.state.apply(self.human, actions[0].id)
            self.numbers_after = len(self.state.history)
            self.say(f"You: {actions[0].label} (your only choice)")
            return
        root = menu.build(actions, lambda k: self.names().get(k),
                          SMALL_LIMIT if self.small() else menu.LIMIT)
        path = [root]
        by_id = {a.id: a for a in actions}
        by_low = {a.id.lower(): a for a in actions}
        self.show_menu(root, 0)
        while True:
            line = self.read(f"seat {self.human}> ")
            if line is None:
                self.quit("End of input: leaving the game.", offer_save=False)
            if line == INTERRUPT:
                self.quit("Interrupted: leaving the game.", offer_save=True)
            if not line:
                continue
            node = path[-1]
            low = line.lower()
            if low in ("b", "back") or (low == "0" and len(path) > 1):
                if len(path) > 1:
                    path.pop()
                    self.show_menu(path[-1], len(path) - 1)
                else:
                    self.say("This is the first step (type undo to take back your last decision).", "dim")
                continue
            action: Action | None = by_id.get(line) or by_low.get(low)
            if action is None and line.isdigit() and len(line) <= 6:
                number = int(line)
                child_at = self.numbered.get(number)
                if child_at is None:
                    numbers = ", ".join(str(n) for n in sorted(self.numbered))
                    self.say(f"There is no choice {number}: the choices are {numbers}. "
                             "Type ? for help.", "red")
                    continue
                child = child_at
                if child.action is None:
                    path.append(child)
                    self.show_menu(child, len(path) - 1)
                    continue
                action = child.action
            if action is None:
                handled = self.command(line)
                if handled is None:  # the board changed (undo): start again
                    return
                if not handled:
                    self.refuse(line)
                elif low in ("board", "view", "board full"):
                    self.show_menu(node, len(path) - 1)
                continue
            self.checkpoints.append(self.state.clone())
            try:
                self.state.apply(self.human, action.id)
            except IllegalAction as exc:  # pragma: no cover - offered actions are legal
                self.checkpoints.pop()
                self.say(f"Not allowed: {exc.reason} ({exc.rule})", "red")
                continue
            self.numbers_after = len(self.state.history)
            self.say(f"You: {action.label}")
            return

    def bots_move(self, seat: int) -> None:
        label = self.bots[seat].describe()
        if self.console.is_terminal:
            with self.console.status(f"seat {seat} ({label}) is thinking…"):
                choice = self.bots[seat].choose(self.state, seat)
        else:
            choice = self.bots[seat].choose(self.state, seat)
        self.state.apply(seat, choice)

    def run(self) -> None:
        try:
            while not self.state.over:
                acting = self.state.to_act
                if not acting:
                    failure("the game is not over but nobody is to act")
                bot_seats = [s for s in acting if s != self.human]
                if bot_seats:
                    self.bots_move(bot_seats[0])
                    continue
                self.human_turn()
        except KeyboardInterrupt:
            self.console.print()
            self.quit("Interrupted: leaving the game.", offer_save=True)
        self.console.rule("Game over")
        self.new_log()
        render_view(self.console, self.state.view(self.human), self.human)
        render_outcome(self.console, self.state.outcome(), self.labels(), self.names())
        if self.tutor is not None:
            closing = tutorial_content(self.state.spec)
            if closing is not None:
                self.console.print(Panel(Text(closing.closing), border_style="cyan",
                                         width=min(self.console.width, 100)))
        if self.save is not None:
            self.write_record(self.save)


def _resume(file: Path) -> tuple[dict[str, Any], GameState]:
    import json

    if not file.is_file():
        usage(f"bad --resume {file}: no such file")
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(record, dict):
            raise ValueError("a record is a JSON object")
        state = replay(record)
    except (OSError, ValueError, KeyError, TypeError, IllegalAction) as exc:
        usage(f"bad --resume {file}: not a game record this version can continue ({exc})")
    if state.over:
        usage(f"bad --resume {file}: that game is over (see it with: boardwright replay {file})")
    return record, state


def play(
    game_id: Annotated[str | None, typer.Argument(
        metavar="GAME", help="a game id (see `boardwright list`); not needed with --resume")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    bots: Annotated[str | None, typer.Option(help="bots for the other seats, in seat order, cycled: a "
                                                  "level (easy, normal, hard, expert) or a bot spec "
                                                  "[default: normal]")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: a fresh one)")] = None,
    option: OptionOpt = None,
    seat: Annotated[int | None, typer.Option(help="your seat [default: 0]")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game record here (JSON)")] = None,
    data: Annotated[Path | None, typer.Option(help="a data pack folder overlaying the shipped data")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a game saved with --save, q or save "
                                                     "(its record is saved back there)")] = None,
    no_hints: Annotated[bool, typer.Option("--no-hints", help="a game without the `hint` command "
                                                             "(kept in its record)")] = False,
    tutorial: Annotated[bool, typer.Option("--tutorial", help="a guided first game: a fixed seed against "
                                                              "easy bots, each new kind of decision "
                                                              "explained the first time")] = False,
    search_cores: Annotated[int | None, typer.Option(
        "--search-cores", min=1, max=64,
        help="processes a bot that searches for a set time thinks in (hard, expert, hints) "
             "[default: every core]")] = None,
) -> None:
    """Play in the terminal: you take one seat, bots the rest (none in a solo game)."""
    from ..bots import parallel

    with parallel.use_cores(search_cores or os.cpu_count() or 1):  # the bots think in turn, alone
        _play(game_id, players, bots, seed, option, seat, save, data, resume, no_hints, tutorial)


def _play(game_id: str | None, players: int | None, bots: str | None, seed: int | None,
          option: list[str] | None, seat: int | None, save: Path | None, data: Path | None,
          resume: Path | None, no_hints: bool, tutorial: bool) -> None:
    if tutorial:
        for name, given in (("--resume", resume), ("--players", players), ("--seed", seed),
                            ("--option", option), ("--bots", bots), ("--seat", seat), ("--data", data)):
            if given is not None:
                usage(f"{name} cannot be given with --tutorial: the guided game has its own")
        if game_id is None:
            usage("missing GAME for --tutorial (see `boardwright list`)")
        found = tutorial_content(game_spec(game_id))
        if found is None:
            usage(f"bad GAME {game_id}: it has no guided first game")
        players, seed, seat, bots = found.setup.players, found.setup.seed, found.setup.seat, found.setup.bots
        option = [f"{k}={fmt_value(v)}" for k, v in found.setup.options.items()]
    if save is not None:
        problem = savefile.problem_with(save)
        if problem is not None:
            usage(f"bad --save {save}: {problem}")
    if resume is not None:
        record, state = _resume(resume)
        spec = state.spec
        if game_id is not None and game_id != spec.id:
            usage(f"bad GAME {game_id}: {resume} is a game of {spec.id}")
        for name, given in (("--players", players), ("--seed", seed), ("--option", option), ("--data", data)):
            if given:
                usage(f"{name} cannot be given with --resume: the saved game has its own")
        n, seed = state.players, state.seed
        options = dict(state.options)
        saved = savefile.seats_of(record)
        humans = [s for s, who in saved.items() if who == savefile.HUMAN]
        if seat is None:
            seat = humans[0] if humans else 0
        others = [s for s in range(n) if s != seat]
        if bots is not None:
            bot_specs = bots_for(bots, others)
        else:
            bot_specs = {}
            for s in others:
                text = saved.get(s, "normal")
                bot_specs.update(bots_for("normal" if text == savefile.HUMAN else text, [s]))
        if save is None:
            save = resume
        no_hints = no_hints or not savefile.hints_allowed(record)
        table = record.get("table")
        tutorial = isinstance(table, dict) and table.get("tutorial") is True
    else:
        if game_id is None:
            usage("missing GAME (see `boardwright list`), or --resume FILE")
        spec = game_spec(game_id)
        n = player_count(spec, players)
        options = setup_options(spec, n, parse_options(option))
        seat = 0 if seat is None else seat
        others = [s for s in range(n) if s != seat]
        bot_specs = bots_for("normal" if bots is None else bots, others)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        if data is not None and not data.is_dir():
            usage(f"bad --data {data}: not a folder")
        try:
            state = spec.new_game(n, seed, options, str(data) if data is not None else None)
        except DataError as exc:
            usage(f"bad --data {data}: " + "; ".join(exc.problems))
        except ValueError as exc:
            usage(str(exc))
    if not 0 <= seat < n:
        usage(f"bad --seat {seat}: choose a seat from 0 to {n - 1}")
    seat_bots = {s: _build(bs, seed, s) for s, bs in bot_specs.items()}
    console = out_console()
    kind = spec.kind_of_outcome(n, options)
    who = ", ".join(f"seat {s}: {b.describe()}" for s, b in seat_bots.items())
    chosen = not_default(spec, options)
    setting = f"{n} player{'s' if n != 1 else ''}, {kind}" + (f" ({chosen})" if chosen else "")
    others_text = f"; {who}" if who else " (no other seats)"
    head = Text(f"{spec.title}", style="bold")
    head.append(f", {setting}, seed {seed}. You are seat {seat}{others_text}. Type ? for help.")
    console.print(head)
    session = Session(state, seat, seat_bots, console, save, hints=not no_hints)
    if tutorial:
        session.tutor = Tutor(spec, met_before(state, seat) if resume is not None else set())
        intro = tutorial_content(spec)
        if intro is not None and resume is None:
            console.print(Panel(Text(intro.intro), title=Text("A guided first game", style="bold"),
                                title_align="left", border_style="cyan", width=min(console.width, 100)))
            # the board comes next and would push the intro off a small screen at once
            if session.read("Press Enter to start. ") is None:
                session.quit("End of input: leaving the game.")
    if resume is not None:
        session.saved_moves = len(state.history)
        console.print(Text(f"Resumed {resume} after {len(state.history)} moves.", style="bold"))
    session.run()


def _build(spec: BotSpec, seed: int, seat: int) -> Bot:
    return spec.build(bot_seed(seed, seat))

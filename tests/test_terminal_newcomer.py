"""What a first game in the terminal needs: menu numbers that stay put, no question with one
answer, the board once, commands that explain themselves, a long line not echoed, scores
with their meaning, results in words."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

import boardwright as bw
from boardwright.cli import app
from boardwright.cli.common import once
from boardwright.cli.menu import Node
from boardwright.cli.play import Session
from boardwright.cli.views import render_outcome
from boardwright.engine import Action

runner = CliRunner()
GENESIS = ("steamfall", "--players", "1", "-o", "scenario=genesis", "-o", "opponent=jb", "--seed", "3")


def run(*args: str, input: str) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _menu(*ids: str) -> Node:
    return Node("", children=[Node(i, Action(i, i)) for i in ids])


def test_menu_numbers_stay_put_between_consecutive_prompts() -> None:
    state = bw.game("flow-of-history").new_game(3, 1)
    session = Session(state, 0, {}, Console(file=io.StringIO()), None)
    first = session.number(_menu("a", "b", "c", "d"), 0)
    assert {n: c.key for n, c in first.items()} == {1: "a", 2: "b", 3: "c", 4: "d"}
    second = session.number(_menu("a", "c", "d", "e"), 0)  # b taken, e new
    assert {n: c.key for n, c in second.items()} == {1: "a", 3: "c", 4: "d", 5: "e"}
    third = session.number(_menu("x", "y", "c"), 0)  # mostly new: numbered afresh
    assert {n: c.key for n, c in third.items()} == {1: "x", 2: "y", 3: "c"}


def test_a_number_typed_again_never_picks_another_choice() -> None:
    out = run("play", *GENESIS, input="1\n1\n2\nq\n\n")
    assert "You: trash Calling Cards" in out
    assert "There is no choice 1: the choices are 2, 3, 4." in out
    assert "You: trash Chain Hook" in out


def test_a_single_choice_is_not_asked() -> None:
    out = run("play", "martians", "--players", "1", "--seed", "3", input="q\n\n")
    assert "You: take your turn (your only choice)" in out
    assert "put an action marker in" in out  # the next, real, question


def test_board_is_drawn_once_then_the_choices_again() -> None:
    out = run("play", "flow-of-history", "--seed", "4", "--bots", "random", input="board\nq\n\n")
    assert out.count("Market card") == 2  # the turn's board and the one asked for
    assert out.count("[harvest]") == 2  # the choices again below it


def test_commands_without_their_argument_explain_themselves() -> None:
    out = run("play", "flow-of-history", "--seed", "4", "--bots", "random",
              input="rule\nsave\nshow\n?\nq\n\n")
    assert "rule NUMBER shows that section of the rules summary" in out and "(here §5" in out
    assert "save FILE writes the game record to FILE" in out
    assert "show NAME (or ? NAME) tells what a named card" in out
    assert "hint the strongest bot's three best moves" in out  # in the help


def test_a_long_line_is_not_echoed_back() -> None:
    out = run("play", "flow-of-history", "--seed", "4", "--bots", "random",
              input="x" * 5000 + "\n" + "harvest:" + "y" * 300 + "\nq\n\n")
    assert "That line (5000 characters) is no choice or command." in out
    assert "That line (308 characters)" in out
    assert "x" * 80 not in out and "y" * 80 not in out


def test_the_solo_score_says_what_it_counts() -> None:
    out = run("play", *GENESIS, input="1\n2\n1\nscore\nq\n\n")
    assert "(the score is your VP minus the AI opponent's)" in out
    assert "The solo player has not won or lost yet:" in out and "not decided yet" not in out
    assert "player VP 0" in out and "AI VP" in out


def test_a_result_reads_as_words() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    render_outcome(console, {"kind": "solo", "final": True, "won": True, "reason": "5 VP against 4",
                             "score": 1.0, "breakdown": {"player_vp": 5, "ai_vp": 4, "ai": {
                                 "event_counts": {"insight": 2, "steam_tokens": 1}, "event_vp": 3}}},
                   {0: "you"})
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "The solo player won: 5 VP against 4" in text
    assert "AI event counts  insight 2, steam tokens 1" in text and "AI event VP" in text
    assert "_" not in text


def test_your_secret_move_is_logged_once() -> None:
    out = run("play", "nomad-city", "--seed", "5", "--bots", "random", input="1\n1\n1\n1\n1\nq\n\n")
    mine = out.split("You: Place Liskarm face down", 1)[1].split("seat 1 (random):", 1)[0]
    assert "places Liskarm face down" in mine and "places a character face down" not in mine
    entries = [{"seat": 0, "visible_to": [0], "text": "chooses Religious Tribe"},
               {"seat": 0, "visible_to": None, "text": "takes the first turn"},
               {"seat": 0, "visible_to": None, "text": "draws a card"},
               {"seat": 0, "visible_to": [0], "text": "draws Chain Hook"},
               {"seat": 1, "visible_to": None, "text": "draws a card"}]
    assert [e["text"] for e in once(entries, 0)] == [
        "chooses Religious Tribe", "takes the first turn", "draws Chain Hook", "draws a card"]


def test_martians_short_names_and_excavation_in_words() -> None:
    out = run("play", "martians", "--players", "2", "--seed", "3",
              input="? sat\n? mk\n? O\n1\n3\n1\nq\n\n")
    assert "sat [short-sat]: short name on the terminal board: satisfaction." in out
    assert "mk [short-mk]: short name on the terminal board: action markers in hand." in out
    assert "O [short-o]: short name on the terminal board: oxygen." in out
    assert "move the machine 1 field south-west [move:-1,-2]" in out
    assert "dig 2 regolith and 0 dirty ice under the machine" in out
    assert "(M on the board is the machine)" in out and "machine at 0,-3" not in out


def test_a_short_terminal_gets_short_menus() -> None:
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    state = bw.game("martians").new_game(2, 3)
    state.apply(0, state.legal_actions(0)[0].id)  # take your turn
    session = Session(state, 0, {}, console, None)
    from boardwright.cli import menu

    root = menu.build(state.legal_actions(0), session.names().get, 8)
    session.show_menu(root, 0)
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert len(lines) <= 6, lines  # the prompt and a few groups (it was 23 lines at 80×24)
    assert all(len(line) <= 80 for line in lines)


def test_steamfall_groups_turn_end_and_invention_in_plain_words() -> None:
    from boardwright.cli.menu import _common_label

    assert _common_label(["activate column I", "activate column II", "activate column III"]) == \
        "activate column"
    out = run("play", "steamfall", "--players", "2", "--seed", "4", "--bots", "random",
              input="1\n2\n1\n1\nq\n\n")
    assert "activate column … (3 choices)" in out and "activate column I …" not in out
    assert "Invention this round: marketing 0/1 VP, permissions 0/1 cubes, completion 0/1" in out
    state = bw.game("steamfall").new_game(2, 4)
    while "end" not in {a.id for a in state.legal_actions(state.to_act[0])} or \
            not any(state.pl[state.to_act[0]]["pool"].values()):  # type: ignore[attr-defined]
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        state.apply(seat, next((a for a in acts if a.id.startswith("col:")), acts[0]).id)
    end = next(a for a in state.legal_actions(state.to_act[0]) if a.id == "end")
    assert "(losing your unspent " in end.label


def test_nomad_city_map_tiles_tolls_and_colours() -> None:
    out = run("play", "nomad-city", "--seed", "5", "--bots", "random", input="? A-01\n? A-01/B-01\nq\n\n")
    assert "A-01 [A-01]: green mining site in region A" in out
    assert "A-01/B-01 [A-01/B-01]: route between A-01 and B-01" in out
    state = bw.game("nomad-city").new_game(3, 7)
    rng = __import__("random").Random(7)
    for _ in range(400):
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        targets = [a.label for a in acts if a.id.startswith("target:")]
        if targets:
            break
        state.apply(seat, rng.choice(acts).id)
    assert targets and all("(toll from " in t or "(no toll" in t for t in targets)
    console = Console(file=io.StringIO(), width=120, height=50, color_system=None)
    from boardwright.cli.views import render_view

    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    render_view(console, state.view(0), 0)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "(:colour, * used for a style)" in text and "CCT:-" in text
    console = Console(file=io.StringIO(), width=120, height=40, color_system=None, record=True)
    render_view(console, state.view(0), 0)
    text = console.export_text()
    lines = text.splitlines()
    assert len(lines) <= 28 and any("City Styles (colour@row.col):" in line for line in lines)
    assert "needs" in text  # the styles' requirements kept on a wide screen


def test_a_team_score_names_what_it_counts() -> None:
    out = run("play", "steamfall", "--players", "2", "-o", "scenario=crisis", "--seed", "5", input="q\n\n")
    assert "Score: team 10 · serenity 10, pylons left 2" in out
    assert "the game is still running" not in out

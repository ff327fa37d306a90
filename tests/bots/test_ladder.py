"""The difficulty ladder (bots/ladder.py): levels parse wherever a bot spec does, each plays
exactly as the bot its game names for it, a game's own ladder is checked, and a level never
draws from the game's random stream."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.bots import LEVELS, LevelBot, level_spec, make_bots, parse_bots
from boardwright.bots.spec import parse_one
from boardwright.engine import Rng
from boardwright.engine.spec import _HOOK_CACHE

GAME = "flow-of-history"


def _mid_game(game_id: str, players: int, seed: int, steps: int) -> bw.GameState:
    spec = bw.game(game_id)
    state = spec.new_game(players, seed, spec.default_options(players))
    rng = Rng(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_levels_are_bots_in_every_spec_string() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]
    specs = parse_bots("easy,normal,hard,expert,greedy")
    assert [s.name for s in specs] == ["easy", "normal", "hard", "expert", "greedy"]
    bots = make_bots("expert,easy", 3, game_seed=4)
    assert [b.describe() for b in bots.values()] == ["expert", "easy", "expert"]
    assert all(isinstance(b, LevelBot) for b in bots.values())
    with pytest.raises(ValueError, match="no parameter"):
        parse_bots("hard:iters=3")  # a level is configured by its game, not in the spec


@pytest.mark.parametrize("game_id", bw.games())
def test_every_games_ladder_names_ordinary_bots(game_id: str) -> None:
    spec = bw.game(game_id)
    for level in LEVELS:
        parsed = parse_one(level_spec(level, spec))
        assert not issubclass(parsed.cls, LevelBot), (game_id, level)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_level_plays_exactly_as_its_bot_with_the_same_seed(level: str) -> None:
    spec = bw.game(GAME)
    state = _mid_game(GAME, 3, 5, 12)
    seat = state.to_act[0]
    mine = make_bots(level, [seat], game_seed=9)[seat]
    same = parse_one(level_spec(level, spec)).build(mine.seed)
    before = state.to_json()
    for _ in range(4):
        assert mine.choose(state, seat).id == same.choose(state, seat).id
    assert state.to_json() == before  # the game, its random stream included, is untouched


def test_a_searching_level_leaves_the_game_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = bw.game(GAME)
    monkeypatch.setitem(_HOOK_CACHE.setdefault(spec.id, {}), "bot_levels", {"expert": "ismcts:iters=12"})
    state = _mid_game(GAME, 2, 3, 10)
    seat = state.to_act[0]
    bot = make_bots("expert", [seat], game_seed=1)[seat]
    before = state.to_json()
    assert bot.choose(state, seat).id in {a.id for a in state.legal_actions(seat)}
    assert bot.last_iterations == 12
    assert state.to_json() == before


def test_a_games_bot_levels_hook_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = bw.game(GAME)
    cache = _HOOK_CACHE.setdefault(spec.id, {})
    monkeypatch.setitem(cache, "bot_levels", {"hard": "greedy:samples=2"})
    assert level_spec("hard", spec) == "greedy:samples=2"
    assert level_spec("easy", spec) == LEVELS["easy"][1]  # not named: the ladder's default
    state = _mid_game(GAME, 2, 3, 10)
    seat = state.to_act[0]
    for bad, named in [({"master": "greedy"}, "unknown levels"), ({"hard": 3}, "bot spec string"),
                       (["hard"], "dict"), ({"hard": "expert"}, "another level")]:
        monkeypatch.setitem(cache, "bot_levels", bad)
        with pytest.raises(ValueError, match=f"flow-of-history: .*{named}"):
            make_bots("hard", [seat], game_seed=1)[seat].choose(state, seat)
    with pytest.raises(ValueError, match="unknown level"):
        level_spec("master", spec)


def test_a_ladder_may_depend_on_the_games_options(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = bw.game(GAME)
    seen: list[dict[str, object]] = []

    def levels(options: dict[str, object]) -> dict[str, str]:
        seen.append(options)
        return {"hard": "greedy:samples=2"} if options.get("mode") == "team" else {}

    monkeypatch.setitem(_HOOK_CACHE.setdefault(spec.id, {}), "bot_levels", levels)
    assert level_spec("hard", spec, {"mode": "team"}) == "greedy:samples=2"
    assert level_spec("hard", spec) == LEVELS["hard"][1]
    state = _mid_game(GAME, 2, 3, 10)
    seat = state.to_act[0]
    bot = make_bots("hard", [seat], game_seed=1)[seat]
    assert isinstance(bot, LevelBot)
    assert bot.inner(spec, state.options).describe() == "ismcts:seconds=0.5"
    assert seen[-1] == state.options  # the level asks with the game's own options


@pytest.mark.parametrize(("game_id", "options", "team"), [
    ("martians", {"mode": "coop"}, True), ("martians", {"mode": "semi-coop"}, True),
    ("martians", {"mode": "solo"}, True), ("martians", {"mode": "competitive"}, False),
    ("steamfall", {"scenario": "incredible-invention"}, True), ("steamfall", {"scenario": "crisis"}, False),
    ("steamfall", {"scenario": "cipher-race"}, True), ("steamfall", {"scenario": "genesis"}, True),
])
def test_team_modes_search_whole_turns_at_hard_and_expert(game_id: str, options: dict[str, str],
                                                          team: bool) -> None:
    spec = bw.game(game_id)
    for level in ("hard", "expert"):
        parsed = parse_one(level_spec(level, spec, options))
        assert (parsed.params.get("search") == "rollout") is team, (game_id, options, level)
        assert parsed.params.get("seconds") == {"hard": 0.5, "expert": 1.5}[level]

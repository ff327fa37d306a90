"""Hook `balance`: what `boardwright report` shows about Nomad City's corporations and styles.

Each game records, per seat, its starting corporation(s) (the Corporation Module, §15) and
the City Styles it declared (§6.2) with how many times, plus the styles in play; the report
then shows, at each player count and module setting, the win rate and mean score of the
players who started with each corporation and of those who declared each City Style.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.report.panels import (
    BalanceHook,
    Breakdown,
    Observation,
    Panel,
    Table,
    seat_results,
    seat_score,
)

if TYPE_CHECKING:
    from .state import NomadState


def record(state: NomadState) -> dict[str, Any]:
    """`starting`: per seat, the names of its starting corporations ([] without the module);
    `styles`: per seat, {style name: times declared}; `in_play`: the City Styles in play."""
    content = state.content
    names = {c.id: c.name for c in content.corporations.corporations}
    declared: list[dict[str, int]] = [{} for _ in range(state.players)]
    for sid, by_seat in state.styles.items():
        for key, entry in by_seat.items():
            seat = int(key)
            if entry and entry[0] > 0 and 0 <= seat < state.players:
                declared[seat][content.styles[sid].name] = int(entry[0])
    return {
        "starting": [[names.get(c, c) for c in corps] for corps in state.starting],
        "styles": declared,
        "in_play": sorted(content.styles[sid].name for sid in state.styles),
    }


def first_seat(state: NomadState) -> int:
    """The first player of round 1, drawn at setup (§3.1)."""
    return int(state.first)


def panels(rows: list[dict[str, Any]]) -> list[Panel]:
    """Per player count and module setting: by starting corporation, by City Style declared,
    and a table of each style in play: declared or not."""
    out: list[Panel] = []
    settings = sorted({(int(r["players"]), bool((r.get("options") or {}).get("corporations")))
                       for r in rows})
    for players, corporations in settings:
        corps: dict[str, list[Observation]] = {}
        styles: dict[str, list[Observation]] = {}
        skipped: dict[str, list[Observation]] = {}
        games = 0
        for row in rows:
            data = row.get("balance")
            setting = (int(row["players"]), bool((row.get("options") or {}).get("corporations")))
            if setting != (players, corporations) or not isinstance(data, dict) or "styles" not in data:
                continue
            games += 1
            results = seat_results(row)
            for seat in range(players):
                obs = (results[seat], seat_score(row, seat))
                for corp in data.get("starting", [[]] * players)[seat]:
                    corps.setdefault(str(corp), []).append(obs)
                mine = data["styles"][seat]
                for style in data.get("in_play", []):
                    (styles if style in mine else skipped).setdefault(str(style), []).append(obs)
        if not games:
            continue
        count = f"{players} players{', Corporation Module' if corporations else ''}, {games} games"
        if corps:
            out.append(Breakdown(
                f"Starting corporation ({count})", corps, flag=True,
                note=f"Win rate and mean score of the players who started with each corporation "
                     f"(fair share {1 / players:.0%})."))
        if styles:
            out.append(Breakdown(
                f"City Style declared ({count})", styles, flag=True,
                note="Win rate and mean score of the players who declared each City Style at least "
                     "once. Declaring is also a sign of a strong position: a high rate is not proof "
                     "that the style is strong."))
        in_play = sorted(set(styles) | set(skipped))
        if in_play:
            out.append(Table(
                f"City Styles in play: declared or not ({count})",
                ("City Style", "in play (player-games)", "declared by", "win rate if declared",
                 "win rate if not"),
                [(name, len(styles.get(name, [])) + len(skipped.get(name, [])),
                  len(styles.get(name, [])), _share(styles.get(name, [])), _share(skipped.get(name, [])))
                 for name in in_play]))
    return out


def _share(obs: list[Observation]) -> str:
    return f"{sum(r for r, _ in obs) / len(obs):.1%}" if obs else ""


HOOK = BalanceHook(record=record, panels=panels, first_seat=first_seat)

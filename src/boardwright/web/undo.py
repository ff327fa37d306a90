"""When may a move be taken back? Only if it revealed nothing (BGA-style undo).

The web app allows a seat to undo its own last move when the game was created with
`allow_undo`, no other seat has moved since (the move is the last one in the history),
and the move revealed nothing new to anyone. The last condition is checked generically,
through the engine contract alone:

1. **No chance.** The game's generator must be in the same state before and after the
   move: a move that shuffled, rolled or drew from the generator is never undone.
2. **No hidden information came to light.** A game may also reveal without chance, e.g.
   by drawing the top card of a deck whose order was fixed (hidden) at setup. For every
   seat `v`, we take several determinizations of the state *before* the move from `v`'s
   point of view (everything hidden from `v` re-sampled), apply the same move to each and
   compare what `v` and a spectator would then see with what they see in the real game.
   If the move revealed something hidden from `v`, the re-sampled worlds disagree with
   the real one (the drawn card differs), and the undo is refused. If the move is not even
   legal in a re-sampled world (it names something `v` cannot see, such as a secret
   pick), we cannot tell, and refuse too.

The check is conservative (it may refuse an undo that revealed nothing) and sound up to
the chance that all `samples` re-sampled worlds agree with the real one by luck: for a
hidden choice among `k` equally likely possibilities that is `(1/k) ** samples`, at worst
`1/256` with the default 8 samples and two possibilities.
"""

from __future__ import annotations

import secrets

from boardwright.engine import GameState, IllegalAction, Rng


def undo_refusal(before: GameState, after: GameState, seat: int, samples: int) -> str | None:
    """Why undoing `seat`'s move from `before` to `after` would be unsound (None: it is fine)."""
    if before.rng.state != after.rng.state:
        return "your last move involved chance (a shuffle or draw); it cannot be undone"
    if len(after.history) != len(before.history) + 1:
        return "there is nothing of yours to undo"
    move_seat, action = after.history[-1]
    if move_seat != seat:
        return "the last move was another player's"
    stream = Rng(secrets.randbits(64))
    for viewer in range(after.players):
        real = after.view(viewer)
        public = after.view(None)
        for _ in range(samples):
            world = before.determinize(viewer, stream)
            try:
                world.apply(seat, action)
            except (IllegalAction, ValueError):
                return "your last move depended on something hidden; it cannot be undone"
            if world.view(viewer) != real or world.view(None) != public:
                return "your last move revealed something new; it cannot be undone"
    return None

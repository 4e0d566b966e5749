"""May a seat take its last move back? The one test for every game, read from the engine API only:
a seat may take back its own last decision while no other seat has acted since, and never across
a reveal or a draw from a hidden pile (tested on determinizations, `Game.sample`: the move must
show every viewer, in every sample, what it showed them in the real game). The reasoning and its
costs: docs/server-notes.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from potager import games
from potager.engine import IllegalAction, Seat, State

from ..i18n import say

if TYPE_CHECKING:
    from .live import LiveTable

SAMPLES = 16
"""Determinizations per viewer."""

ANOTHER_SEAT = say("another seat has acted since")
NO_MOVE = say("you have no move to take back")
REVEALED = say("it revealed cards")
DREW = say("it drew from a hidden pile")


def refusal(state: State, seat: Seat, earlier: Sequence[State] = ()) -> str | None:
    """Why ``seat`` may not take the last move of ``state`` back (``None``: it may).

    ``state`` is not changed. The move is the last of ``state.moves``; the positions before it
    are ``earlier``'s where it holds them (`back`), else rebuilt by replaying the record.
    """
    if not state.moves:
        return NO_MOVE
    mover = state.moves[-1][0]
    if mover != seat:
        return ANOTHER_SEAT if any(s == seat for s, _ in state.moves) else NO_MOVE
    before = back(state, 1, earlier)
    # A game whose rules never draw after the set-up may share one generator between a state
    # and its clone (Heuschrecken Poker): then nothing was drawn, and its 625 words are not
    # compared.
    shuffled = state.rng is not before.rng and state.rng.getstate() != before.rng.getstate()
    if committed(before, state, mover) and not shuffled:
        return None
    return sampled_refusal(before, state, earlier) or (DREW if shuffled else None)


def back(state: State, plies: int, earlier: Sequence[State] = ()) -> State:
    """``state`` as it was ``plies`` moves ago: one of ``earlier`` (states a table kept from
    before its last moves, never changed since) if it is that position, else replayed from the
    record. A table keeps them so that asking about each move does not replay the whole game."""
    ply = len(state.moves) - plies
    for kept in earlier:
        if len(kept.moves) == ply and kept.seed == state.seed:
            return kept
    return games.replay(state.record.first(ply))


def committed(before: State, after: State, mover: Seat) -> bool:
    """Was the move a hidden commitment with others still to commit (the same simultaneous
    decision open, only without the mover)? Such a move shows nobody anything (DESIGN.md,
    "hidden commitments": the choices resolve together when the last one arrives), so the
    samples are spared: most bids and face-down cards are answered at once."""
    waiting = set(before.to_move) - {mover}
    return bool(waiting) and set(after.to_move) == waiting


def sampled_refusal(before: State, after: State, earlier: Sequence[State] = ()) -> str | None:
    """What the samples say of ``after``'s last move, played from ``before``: `REVEALED` or
    `DREW` if some viewer could be shown something hidden, else ``None`` (``earlier``: as for
    `back`)."""
    mover, action = after.moves[-1]
    start = len(before.events)
    rng = random.Random(after.seed * 1_000_003 + len(after.moves))
    for viewer in [mover, *(s for s in range(after.players) if s != mover)]:
        if not _hides_nothing(before, after, mover, action, viewer, start, rng):
            return _what_came_to_light(after, earlier)
    return None


def _what_came_to_light(state: State, earlier: Sequence[State]) -> str:
    """Why a move that showed something hidden goes no way back: it closed a simultaneous
    decision (the move before it, another seat's, was made at the same decision: the face-down
    choices turned over), or else it drew."""
    moves = state.moves
    closed = len(moves) >= 2 and moves[-2][0] != moves[-1][0]
    if closed and {moves[-2][0], moves[-1][0]} <= set(back(state, 2, earlier).to_move):
        return REVEALED
    return DREW


def _hides_nothing(
    before: State,
    after: State,
    mover: Seat,
    action: int,
    viewer: Seat,
    start: int,
    rng: random.Random,
) -> bool:
    """Played from positions ``viewer`` cannot tell from ``before``, does the move show
    ``viewer`` (and, sampled from the mover's view, the spectator) what it showed in the game?"""
    watchers: list[Seat | None] = [viewer, None] if viewer == mover else [viewer]
    seen = {w: (after.view(w), after.events_for(w, start)) for w in watchers}
    view = before.view(viewer)
    for _ in range(SAMPLES):
        sample = before.game.sample(view, viewer, rng)
        mark = len(sample.events)
        try:
            sample.apply(mover, action)
        except IllegalAction:
            if viewer == mover:
                return False  # the mover's own knowledge decides its moves: never expected
            continue
        for w in watchers:
            if (sample.view(w), sample.events_for(w, mark)) != seen[w]:
                return False
    return True


# -- at a table ------------------------------------------------------------------------------------
_offered: WeakKeyDictionary[LiveTable, tuple[State, Seat | None]] = WeakKeyDictionary()
"""Per table, the state last asked about and the seat that may take its last move back there:
the test runs once per move, however many messages show it."""


def offered(live: LiveTable) -> Seat | None:
    """The seat whose Undo button shows at ``live`` now: the last mover, if it is a person's seat
    at a table that allows undo, the game is in play and `refusal` lets the move go back."""
    state = live.state
    cached = _offered.get(live)
    if cached is not None and cached[0] is state:
        return cached[1]
    seat: Seat | None = None
    if live.info.undo and live.info.status == "playing" and state.moves:
        mover = state.moves[-1][0]
        if live.info.seats[mover].kind == "human" and refusal(state, mover, live.earlier) is None:
            seat = mover
    _offered[live] = (state, seat)
    return seat

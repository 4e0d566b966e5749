"""Replays of finished games, built once per seat off the event loop and kept with the table.

A replay recomputes every position of the game (hundreds of views for a long match): built on
the event loop it held up every other request, and it was built again for every request. Now
its frames are built in a thread the first time a seat's replay is asked for, by one request
however many ask at once, and kept (as JSON) while the finished table stays in memory.
"""

from __future__ import annotations

import asyncio
import json

from pydantic import TypeAdapter

from potager.engine import Seat, State

from .live import LiveTable
from .messages import summary
from .schemas import MoveModel, ReplayFrame

FRAMES = TypeAdapter(list[ReplayFrame])


def frames(final: State, seat: Seat | None) -> list[ReplayFrame]:
    """Every step of the finished game ``final`` as ``seat`` (``None``: a spectator) saw it."""
    state = final.game.new_game(final.players, final.seed, final.variant, final.deck)
    found = [
        ReplayFrame(
            ply=0,
            move=None,
            to_move=list(state.to_move),
            view=state.view(seat),
            events=state.events_for(seat),
        )
    ]
    for ply, (who, action) in enumerate(final.moves, 1):
        start = len(state.events)
        move = MoveModel(
            seat=who,
            action=action,
            notation=state.action_to_str(action),
            label=state.action_label(action),
        )
        state.apply(who, action)
        found.append(
            ReplayFrame(
                ply=ply,
                move=move,
                to_move=list(state.to_move),
                view=state.view(seat),
                events=state.events_for(seat, start),
            )
        )
    return found


def _frames_json(final: State, seat: Seat | None) -> bytes:
    return FRAMES.dump_json(frames(final, seat))


async def replay_json(live: LiveTable, seat: Seat | None, stand_ins: list[int]) -> bytes:
    """The `Replay` of finished ``live`` for ``seat``, as JSON (its summary as of now);
    ``stand_ins``: the moves its stand-in bot made (`Replay.stand_in_moves`)."""
    task = live.replays.get(seat)
    if task is None:
        task = live.replays[seat] = asyncio.ensure_future(
            asyncio.to_thread(_frames_json, live.state, seat)
        )
    try:
        built = await asyncio.shield(task)
    except Exception:
        live.replays.pop(seat, None)
        raise
    table = summary(live).model_dump_json().encode()
    who = b"null" if seat is None else str(seat).encode()
    marked = json.dumps(stand_ins).encode()
    head = b'{"table":' + table + b',"seat":' + who
    return head + b',"frames":' + built + b',"stand_in_moves":' + marked + b"}"

"""The state message, written from plain data on the hot path, says exactly what the
`StateMessage` model says of the same table: the same text, byte for byte, for every game, every
seat and the spectators, at every move of seeded games, with clocks, bots, ratings, watchers,
results, endings and the Undo flag."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import cast

import pytest

from potager import games
from potager.engine import Seat, State
from potager.server import messages
from potager.server.live import Connection, LiveTable
from potager.server.schemas import LegalAction, ResultModel, SeatPublic, StateMessage
from potager.server.speeds import SPEEDS, TableClock
from potager.server.takeback import offered
from potager.store import SeatInfo, TableInfo
from potager.store.clocks import SeatClock

NOW = 1_764_061_536.123_456_7


@dataclass
class Listener:
    """What `Shared.state_message` reads and keeps of a connection."""

    seat: Seat | None
    events_sent: int = 0


def model_message(live: LiveTable, seat: Seat | None, start: int, reset: bool) -> str:
    """The message as the `StateMessage` model writes it: each field from the table, as the
    server built it before its hot path wrote plain data."""
    state, info, clock = live.state, live.info, live.clock
    seats = [
        SeatPublic(
            seat=s.seat,
            kind=s.kind,
            level=s.level,
            name=s.name,
            taken=s.taken,
            connected=s.kind == "bot" or live.connected(s.seat),
            rating=None if s.rating is None else round(s.rating, 2),
            **(clock.public(s.seat) if clock is not None else {}),
        )
        for s in info.seats
    ]
    legal = []
    if seat is not None and info.status == "playing":
        legal = [
            LegalAction(action=a, notation=state.action_to_str(a), label=state.action_label(a))
            for a in state.legal_actions(seat)
        ]
    return StateMessage(
        table_id=info.id,
        game=info.game,
        seat=seat,
        version=live.version,
        last_mover=state.moves[-1][0] if state.moves else None,
        last_action=state.moves[-1][1] if state.moves and state.moves[-1][0] == seat else None,
        last_stand_in=len(state.moves) - 1 in live.stand_ins,
        status=info.status,
        to_move=list(state.to_move),
        view=state.view(seat),
        legal=legal,
        undo=bool(state.moves) and state.moves[-1][0] == seat and offered(live) == seat,
        events=state.events_for(seat, start),
        log_reset=reset,
        seats=seats,
        spectators=live.spectators,
        result=ResultModel(**state.result().to_dict()) if state.is_over else None,
        rematch_id=info.rematch_id,
        speed=info.speed,
        now=clock.now() if clock is not None else NOW,
        ending=info.ending,
    ).model_dump_json()


def table(name: str, players: int, seed: int, undo: bool) -> LiveTable:
    """A table of ``players`` of game ``name``: seat 0 a bot, the others people (one rated, one
    with a non-ASCII name), watched from another process; a clock on every other table."""
    state = games.get(name).new_game(players, seed=seed)
    seats = [
        SeatInfo(
            s,
            "bot" if s == 0 else "human",
            level="random" if s == 0 else None,
            name="" if s == 0 else f"Gärtner·{s} «{seed}»",
            taken=s != 0,
            rating=12.3456 if s == 1 else None,
        )
        for s in range(players)
    ]
    info = TableInfo(
        f"t{seed}", name, players, dict(state.variant), seed, status="playing", seats=seats
    )
    info.undo, info.rematch_id = undo, None
    live = LiveTable(info, state)
    live.elsewhere = {"other": (frozenset({1}), 2)}
    if seed % 2:
        clocks = {s: SeatClock(s, deadline=NOW + 30.5 * s, stand_in=s == 2) for s in range(1, 3)}
        live.clock = TableClock(SPEEDS["real_time"], clocks, lambda: NOW)
    return live


def moved(live: LiveTable, rng: random.Random) -> None:
    """A random legal move of a seat to move; the table finishes with the game."""
    state: State = live.state
    after = state.clone()
    seat = rng.choice(list(state.to_move))
    after.apply(seat, rng.choice(after.legal_actions(seat)))
    live.earlier = (*live.earlier[-1:], state)
    live.state = after
    if after.is_over:
        live.info.status = "finished"
        live.info.ending = {"reason": "played", "by": [seat]}
        live.info.rematch_id = "next"


@pytest.mark.parametrize("name", games.names())
def test_every_state_message_is_the_models_text(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: NOW)  # messages is compiled: its clock read there
    game = games.get(name)
    compared = 0
    for seed, players in enumerate(sorted({game.min_players, game.max_players})):
        rng = random.Random(seed)
        live = table(name, players, seed, undo=seed == 0 and name == "heuschrecken-poker")
        listeners = [Listener(s) for s in (*range(players), None)]
        for _ in range(400):
            shared = messages.Shared(live)
            for listener in listeners:
                start = listener.events_sent
                for reset in (False, True):
                    text = shared.state_message(cast(Connection, listener), reset)
                    assert text == model_message(live, listener.seat, 0 if reset else start, reset)
                    compared += 1
            if live.info.status == "finished":
                break
            moved(live, rng)
        assert live.info.status == "finished"
        assert json.loads(text)["result"] is not None
    assert compared > 50


def test_the_seats_connected_are_those_connected_here_or_elsewhere() -> None:
    """`LiveTable.connected_seats`, which each state message reads once, agrees with
    `LiveTable.connected` seat by seat: sockets here (a spectator's too) and other processes'."""
    live = table("heuschrecken-poker", 4, 3, undo=False)
    live.connections = cast(list[Connection], [Listener(3), Listener(None), Listener(3)])
    live.elsewhere = {"a": (frozenset({1}), 0), "b": (frozenset(), 4)}
    assert live.connected_seats() == {1, 3, None}
    assert [live.connected(s) for s in range(4)] == [False, True, False, True]

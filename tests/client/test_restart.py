"""A program's seat outlives its server: ``potager serve`` killed mid-game and started again on
the same database, the seat opens the table's socket again and plays on to the end. Its Potager
numbers the game's actions otherwise than the server's (as another version may): it plays by
notation, and every move stored is one its agent chose, in order."""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from potager import games
from potager.agents import RandomAgent
from potager.client import RemoteSeat
from potager.engine import Action, Game, GameRecord, Seat, View
from potager.server.spawn import spawn, stop
from tests.client.conftest import stored_as_chosen
from tests.web.conftest import free_port

GAME = "heuschrecken-poker"
RANDOM = RandomAgent()
"""What the agents below play when they play (`RandomAgent` itself is compiled: no subclass)."""
ENV = {"POTAGER_BOT_DELAY": "0", "POTAGER_BOT_WORKERS": "1"}


class KillsTheServer:
    """A random agent whose ``at``-th decision kills the server and starts it again, and which
    keeps the notation of every action it chose."""

    def __init__(self, restart: Callable[[], None], at: int, names: tuple[str, ...]) -> None:
        self.restart, self.at, self.names = restart, at, names
        self.chosen: list[str] = []

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if len(self.chosen) + 1 == self.at:
            self.restart()
        action = RANDOM.act(game, view, seat, legal_actions, rng)
        self.chosen.append(self.names[action])
        return action


def test_a_seat_plays_on_across_a_killed_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.get(GAME)
    own = type(game).action_names

    def reversed_names(self: Game, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return tuple(reversed(own(self, players, variant)))

    monkeypatch.setattr(type(game), "action_names", reversed_names)
    names = game.action_names(2, game.resolve_variant({}))  # the server's, reversed
    url, port = f"sqlite:///{tmp_path / 'potager.db'}", free_port()
    process: list[subprocess.Popen[bytes]] = [spawn(url, port, ENV)]

    def restart() -> None:
        stop(process[0])
        process[0] = spawn(url, port, ENV)

    try:
        server = f"http://127.0.0.1:{port}"
        body = {
            "game": GAME,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        }
        created = httpx.post(f"{server}/api/tables", json=body).json()
        agent = KillsTheServer(restart, at=4, names=names)
        outcome = RemoteSeat(server + created["you"]["url"], agent, seed=8).run()
        record = httpx.get(f"{server}/api/tables/{created['table']['id']}/record").json()
    finally:
        stop(process[0])
    assert outcome.result is not None and outcome.reconnects >= 1
    assert record["result"] == outcome.result and not record.get("stand_in_moves")
    monkeypatch.undo()
    final = games.replay(GameRecord.from_dict(record))
    assert final.is_over
    stored = [n for (seat, _), n in zip(final.moves, record["notation"], strict=True) if seat == 0]
    # the decision made while the server was down is sent again once it is back; the server
    # refuses it (stale, nothing stored) if the other seat moved meanwhile and changed its options
    assert stored_as_chosen(stored, agent.chosen, agent.at)

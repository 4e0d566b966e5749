"""A seat whose connection drops mid-game comes back and carries on: nothing is lost, nothing is
played twice, and the decision its agent made while the socket was down is sent once it is back
(stored, or refused if the table moved on meanwhile)."""

from __future__ import annotations

import asyncio
import random
import threading
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from potager import games
from potager.agents import RandomAgent
from potager.client import Outcome, RemoteSeat
from potager.client import seat as seat_module
from potager.engine import Action, Game, GameRecord, Seat, View
from tests.client.conftest import server_settings, stored_as_chosen
from tests.client.proxy import Relay
from tests.server.conftest import LIFTED
from tests.server.driver import create
from tests.web.conftest import serving

GAME = "heuschrecken-poker"
RANDOM = RandomAgent()
"""What the agents below play when they play (`RandomAgent` itself is compiled: no subclass)."""


class CutMidThought:
    """A random agent whose ``at``-th decision cuts the seat's connections and is made only
    once the socket is down; its choices are kept."""

    def __init__(self, relay: Relay, loop: asyncio.AbstractEventLoop, at: int) -> None:
        self.relay, self.loop, self.at = relay, loop, at
        self.chosen: list[Action] = []

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if len(self.chosen) + 1 == self.at:
            done = threading.Event()

            def cut() -> None:
                self.relay.cut()
                done.set()

            self.loop.call_soon_threadsafe(cut)
            done.wait(5)
        action = RANDOM.act(game, view, seat, legal_actions, rng)
        self.chosen.append(action)
        return action


async def through_relay(
    server: str, links: list[str], at: int
) -> tuple[list[Outcome], CutMidThought]:
    relay = Relay(server)
    relayed = await relay.start()
    agent = CutMidThought(relay, asyncio.get_running_loop(), at)
    cut = RemoteSeat(links[0].replace(server, relayed), agent, seed=3)
    other = RemoteSeat(links[1], "random", seed=4)
    try:
        outcomes = await asyncio.gather(cut.play(), other.play())
    finally:
        await relay.stop()
    return list(outcomes), agent


def test_a_dropped_socket_is_opened_again_and_nothing_is_lost(
    server: str, http: httpx.Client
) -> None:
    created = create(http, GAME, ["human", "human"])
    links = [server + created["you"]["url"], server + created["invites"][0]["url"]]
    (cut, other), agent = asyncio.run(through_relay(server, links, at=5))
    assert cut.reconnects >= 1 and other.reconnects == 0
    assert cut.result is not None and cut.result == other.result
    record = http.get(f"/api/tables/{created['table']['id']}/record").json()
    assert not record.get("stand_in_moves")
    final = games.replay(GameRecord.from_dict(record))
    assert final.is_over
    # every decision of the agent was stored once, in order, but the one made while cut off
    # if the other seat's move meanwhile changed the seat's options (refused: stale)
    stored = [action for seat, action in final.moves if seat == 0]
    assert stored_as_chosen(stored, agent.chosen, agent.at)
    assert cut.moves == len(stored) and cut.stand_in == 0


def test_a_seat_waiting_for_its_opponent_keeps_its_socket_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server closes a socket silent for its idle time while the table does not change; a
    seat waiting for its players pings it, and is never dropped."""
    monkeypatch.setattr(seat_module, "KEEPALIVE", 0.3)
    limits = replace(LIFTED, idle_timeout=1.0)
    with (
        serving(server_settings(tmp_path, limits=limits)) as server,
        httpx.Client(base_url=server) as http,
    ):
        created = create(http, GAME, ["human", "human"])
        early = RemoteSeat(server + created["you"]["url"], "random", seed=9)
        late = RemoteSeat(server + created["invites"][0]["url"], "random", seed=10)

        async def later() -> Outcome:
            await asyncio.sleep(2.5)  # past the idle time, more than twice
            return await late.play()

        async def both() -> list[Outcome]:
            return list(await asyncio.gather(early.play(), later()))

        first, second = asyncio.run(both())
    assert first.result is not None and first.result == second.result
    assert first.reconnects == second.reconnects == 0

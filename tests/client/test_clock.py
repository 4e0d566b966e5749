"""A seat at a timed table acts within its clock: an agent too slow for a decision is said to be,
and a random legal action is played in time for it, so the server's stand-in never plays."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from pathlib import Path

import httpx
import pytest

from potager.agents import RandomAgent
from potager.client import Outcome, RemoteSeat
from potager.engine import Action, Game, Seat, View
from tests.client.conftest import server_settings
from tests.server.driver import create
from tests.web.conftest import serving

GAME = "heuschrecken-poker"
RANDOM = RandomAgent()
"""What the agents below play when they play (`RandomAgent` itself is compiled: no subclass)."""
SCALE = 0.02
"""Real time's 2 minutes a decision and 60 s of bank in 2.4 s and 1.2 s."""


class FirstThoughtSlow:
    """A random agent whose first decision takes ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds, self.decisions = seconds, 0
        self.released = threading.Event()

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        self.decisions += 1
        if self.decisions == 1:
            self.released.wait(self.seconds)
        return RANDOM.act(game, view, seat, legal_actions, rng)


async def both(*seats: RemoteSeat) -> list[Outcome]:
    return list(await asyncio.gather(*(s.play() for s in seats)))


def test_a_slow_agent_is_said_to_be_and_the_seat_moves_in_time(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        serving(server_settings(tmp_path, clock_scale=SCALE)) as server,
        httpx.Client(base_url=server) as http,
    ):
        created = create(http, GAME, ["human", "human"], speed="real_time")
        slow = FirstThoughtSlow(seconds=4.5)
        seats = [
            RemoteSeat(server + created["you"]["url"], slow, margin=0.5, seed=5),
            RemoteSeat(server + created["invites"][0]["url"], "random", margin=0.5, seed=6),
        ]
        with caplog.at_level(logging.WARNING, logger="potager.client"):
            first, second = asyncio.run(both(*seats))
        slow.released.set()
        record = http.get(f"/api/tables/{created['table']['id']}/record").json()
    assert first.result is not None and first.late == 1 and second.late == 0
    assert not record.get("stand_in_moves"), "the server's stand-in never played"
    assert any("had not chosen within" in r.getMessage() for r in caplog.records)


class NeverAnswers:
    """An agent stuck in its first decision until the test lets it go."""

    def __init__(self) -> None:
        self.released = threading.Event()

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        self.released.wait(120)
        return RANDOM.act(game, view, seat, legal_actions, rng)


def test_an_agent_that_never_answers_holds_neither_the_game_nor_the_exit(tmp_path: Path) -> None:
    """Every decision is played at random in time, the game ends, and the agent's threads are
    daemons, no more than two (the stuck one and one waiting behind it): the program exits."""
    with (
        serving(server_settings(tmp_path, clock_scale=SCALE / 2)) as server,
        httpx.Client(base_url=server) as http,
    ):
        created = create(http, GAME, ["human", "random"], speed="real_time")
        stuck = NeverAnswers()
        outcome = RemoteSeat(server + created["you"]["url"], stuck, margin=0.5, seed=7).run()
        agents = [t for t in threading.enumerate() if t.name == "potager-agent"]
        record = http.get(f"/api/tables/{created['table']['id']}/record").json()
        stuck.released.set()
    assert outcome.result is not None and outcome.late == outcome.moves > 0
    assert not record.get("stand_in_moves")
    assert 1 <= len(agents) <= 2 and all(t.daemon for t in agents)


def test_a_decision_past_the_deadline_is_the_stand_in_s_and_said_so(tmp_path: Path) -> None:
    """With no margin kept (less than none), the agent thinks past its clock: the server's
    stand-in plays that decision, the agent's move comes too late and changes nothing, the seat
    plays on, and its outcome counts the stand-in's move apart from its own."""
    with (
        serving(server_settings(tmp_path, clock_scale=SCALE)) as server,
        httpx.Client(base_url=server) as http,
    ):
        created = create(http, GAME, ["human", "random"], speed="real_time")
        slow = FirstThoughtSlow(seconds=6.0)
        outcome = RemoteSeat(server + created["you"]["url"], slow, margin=-30, seed=5).run()
        slow.released.set()
        record = http.get(f"/api/tables/{created['table']['id']}/record").json()
    stood_in = record.get("stand_in_moves") or []
    assert outcome.result is not None and outcome.late == 0
    assert outcome.stand_in == len(stood_in) >= 1
    assert outcome.moves + outcome.stand_in == sum(1 for seat, _ in record["moves"] if seat == 0)

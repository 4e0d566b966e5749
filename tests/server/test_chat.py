"""Chat at a table: seated players talk, everybody connected hears it (spectators read
only), the lines stay with the table in the store, and a bad line is refused and changes nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from potager import games
from potager.engine import GameRecord
from potager.server import create_app
from potager.server.chat import Chat
from potager.server.config import Limits, Rate
from potager.server.live import LiveTable
from potager.store import ChatLine, TableInfo
from tests.server.conftest import LIFTED, settings
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

POKER = "heuschrecken-poker"
TOY = TOY_GAME.name
TIGHT = replace(LIFTED, chat_length=20, chat_rate=Rate(3, 600), chat_lines=4)


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose chat takes 20 characters a line, 3 lines a seat in 10 minutes, 4 a table."""
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'chat.db'}", TIGHT))) as c:
        yield c


def two_people(client: TestClient, **extra: Any) -> tuple[str, list[tuple[int, str]]]:
    created = create(client, POKER, ["human", "human"], name="Ada", **extra)
    table_id = created["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    assert joined.status_code == 200
    return table_id, [(0, created["you"]["token"]), (1, joined.json()["token"])]


def say(driver: SeatDriver, text: Any) -> None:
    driver.socket.send_json({"type": "chat", "text": text})


def heard(driver: SeatDriver) -> dict[str, Any]:
    """The next chat message (states and presence on the way are kept as usual)."""
    while (message := driver.receive())["type"] != "chat":
        pass
    return message


def stored(client: TestClient, table_id: str) -> list[tuple[int, int, str]]:
    lines = client.get(f"/api/tables/{table_id}/chat").json()
    return [(line["seat"], line["ply"], line["text"]) for line in lines]


def test_a_line_reaches_every_socket_and_stays_with_the_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.db'}"
    with TestClient(create_app(settings(url))) as client:
        table_id, grants = two_people(client)
        ws = f"/ws/tables/{table_id}"
        with (
            client.websocket_connect(ws) as a,
            client.websocket_connect(ws) as b,
            client.websocket_connect(ws) as w,
        ):
            ada, bob, watcher = (
                SeatDriver(a, *grants[0]),
                SeatDriver(b, *grants[1]),
                SeatDriver(w, None),
            )
            for driver in (ada, bob, watcher):
                driver.until_state()
            say(ada, "  <b>hello</b> & 🌱 ")
            for driver in (ada, bob, watcher):
                message = heard(driver)
                assert not message["reset"]
                [line] = message["lines"]
                assert (line["seat"], line["ply"], line["text"]) == (0, 0, "<b>hello</b> & 🌱")
            ada.act(ada.state["legal"][0]["action"])
            ada.until_acknowledged(0)
            say(bob, "gg")
            assert heard(watcher)["lines"][0]["ply"] == 1
        assert stored(client, table_id) == [(0, 0, "<b>hello</b> & 🌱"), (1, 1, "gg")]
    with (  # a restart reads them from the store
        TestClient(create_app(settings(url))) as again,
        again.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        watcher = SeatDriver(w, None)
        watcher.until_state()
        message = heard(watcher)
        assert message["reset"]
        assert [line["text"] for line in message["lines"]] == ["<b>hello</b> & 🌱", "gg"]


def test_spectators_read_only_and_a_bad_line_changes_nothing(tight: TestClient) -> None:
    table_id, grants = two_people(tight)
    ws = f"/ws/tables/{table_id}"
    with tight.websocket_connect(ws) as a, tight.websocket_connect(ws) as w:
        ada, watcher = SeatDriver(a, *grants[0]), SeatDriver(w, None)
        ada.until_state()
        watcher.until_state()
        say(watcher, "hi")
        error = watcher.until_error()
        assert (error["code"], error["message"]) == (
            "forbidden",
            "spectators read the chat; only players write",
        )
        for bad in ("x" * 21, "line\nbreak", "turn\u202earound", "   ", 7, None):
            say(ada, bad)
            assert ada.until_error()["code"] == "malformed"
        assert stored(tight, table_id) == []


def test_a_seat_s_rate_and_the_table_s_lines_are_limited(tight: TestClient) -> None:
    table_id, grants = two_people(tight)
    ws = f"/ws/tables/{table_id}"
    with tight.websocket_connect(ws) as a, tight.websocket_connect(ws) as b:
        ada, bob = SeatDriver(a, *grants[0]), SeatDriver(b, *grants[1])
        ada.until_state()
        bob.until_state()
        for n in range(3):
            say(ada, f"ada {n}")
            heard(ada)
        say(ada, "one too many")
        assert ada.until_error()["code"] == "rate_limited"
        say(bob, "bob 0")
        heard(bob)
        say(bob, "bob 1")
        error = bob.until_error()
        assert (error["code"], error["message"]) == ("too_many", "the chat of this table is full")
    assert [text for _, _, text in stored(tight, table_id)] == ["ada 0", "ada 1", "ada 2", "bob 0"]


def test_a_table_may_turn_chat_off(client: TestClient) -> None:
    table_id, grants = two_people(client, chat=False)
    assert client.get(f"/api/tables/{table_id}").json()["chat"] is False
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        ada = SeatDriver(a, *grants[0])
        ada.until_state()
        say(ada, "hello")
        error = ada.until_error()
        assert (error["code"], error["message"]) == ("forbidden", "chat is off at this table")
    assert stored(client, table_id) == []


def test_limits_read_from_the_environment() -> None:
    limits = Limits.from_env(
        {"POTAGER_CHAT_LENGTH": "80", "POTAGER_CHAT_RATE": "off", "POTAGER_CHAT_LINES": "0"}
    )
    assert (limits.chat_length, limits.chat_rate, limits.chat_lines) == (80, None, 0)
    assert Limits().chat_length == 500


def test_the_finished_game_s_record_carries_its_chat(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"], name="Ada")
    table_id = created["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        ada = SeatDriver(a, 0, created["you"]["token"])
        ada.until_state()
        say(ada, "good luck")
        heard(ada)
        ada.play_to_end(random.Random(5))
    data = client.get(f"/api/tables/{table_id}/record").json()
    assert [(line["seat"], line["text"]) for line in data["chat"]] == [(0, "good luck")]
    assert GameRecord.from_dict(data).moves  # a record with its chat still loads


def test_sockets_greeted_at_once_share_one_read_and_each_gets_every_line() -> None:
    """Two hellos while the table's chat is being read from the store, and a line heard from
    another process meanwhile: one read, and both see the stored lines and the new one."""
    stored = [ChatLine(1, 0, 0, "first", datetime(2026, 1, 1))]
    reads = []

    class Store:
        def chat(self, table_id: str) -> list[ChatLine]:
            reads.append(table_id)
            return stored

    async def db(fn: Any, *args: Any) -> Any:
        await asyncio.sleep(0.05)
        return fn(*args)

    async def main() -> list[list[str]]:
        chat = Chat(settings("sqlite://").limits, Store(), db)  # type: ignore[arg-type]
        game = games.get(POKER)
        live = LiveTable(TableInfo("t", POKER, 2, {}, 1), game.new_game(2, seed=1))
        first = asyncio.ensure_future(chat.lines(live))
        await asyncio.sleep(0.01)
        chat.heard(live, ChatLine(2, 1, 0, "second", datetime(2026, 1, 1)))
        seen = await asyncio.gather(first, chat.lines(live))
        return [[line.text for line in lines] for lines in seen]

    assert asyncio.run(main()) == [["first", "second"], ["first", "second"]]
    assert reads == ["t"]


def test_a_table_created_here_is_not_read_for_its_chat(client: TestClient) -> None:
    """A new table has said nothing: its sockets are greeted without a store read (a read per
    new table, in the thread that writes the moves), and its lines still reach everyone."""
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    reads: list[str] = []
    read = store.chat

    def counted(table_id: str) -> list[Any]:
        reads.append(table_id)
        return list(read(table_id))

    store.chat = counted
    table_id, grants = two_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        ada = SeatDriver(a, *grants[0])
        ada.until_state()
        say(ada, "hi")
        assert [line["text"] for line in heard(ada)["lines"]] == ["hi"]
    assert reads == []
    assert stored(client, table_id) == [(0, 0, "hi")]

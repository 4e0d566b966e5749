"""The server's analyses of finished games (background, stored, charted) and hints at tables
that allow them, with the search replaced by the view-digest stand-in of tests/analysis."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from potager.server import analysis, create_app
from potager.store import AnalysisInfo
from tests.analysis.fake import ViewDigestSearch
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create

TOY = "toy"


@pytest.fixture(autouse=True)
def fake_search(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The stand-in search for every analysis and hint; the levels asked of it, in order."""
    levels: list[str] = []

    def evaluator(level: str, game: Any, **_: Any) -> ViewDigestSearch:
        levels.append(level)
        return ViewDigestSearch()

    monkeypatch.setattr(analysis, "evaluator", evaluator)
    return levels


def wait(client: TestClient, path: str, done: Any) -> dict[str, Any]:
    for _ in range(500):
        found: dict[str, Any] = client.get(path).json()
        if done(found):
            return found
        time.sleep(0.02)
    raise AssertionError(f"{path} never got there: {found}")


def finished_table(client: TestClient) -> str:
    table_id: str = create(client, TOY, ["random", "random"])["table"]["id"]
    wait(client, f"/api/tables/{table_id}", lambda t: t["status"] == "finished")
    return table_id


def test_a_finished_game_is_analysed_in_the_background_and_stored(
    tmp_path: Path, fake_search: list[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'potager.db'}"
    with TestClient(create_app(settings(url))) as client:
        table_id = finished_table(client)
        path = f"/api/tables/{table_id}/analysis"
        assert client.get(path).json()["status"] == "none"
        assert client.get(f"{path}/chart.png").status_code == 404
        started = client.post(path).json()
        assert started["status"] in ("running", "done") and started["total"] > 0
        done = wait(client, path, lambda a: a["status"] == "done")
        assert done["done"] == done["total"] == len(done["result"]["moves"])
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert done["result"]["seats"] == record["seats"]
        assert {m["seat"] for m in done["result"]["moves"]} == {0, 1}
        assert set(fake_search) == {"ismcts:iterations=500"}
        again = client.post(path).json()
        assert again["result"] == done["result"]
        png = client.get(f"{path}/chart.png")
        assert png.status_code == 200 and png.content[:4] == b"\x89PNG"
    with TestClient(create_app(settings(url))) as client:
        assert client.get(path).json()["result"] == done["result"]
        # An analysis that was running when the server stopped reads as interrupted; asking
        # again runs it.
        other = finished_table(client)
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        store.start_analysis(AnalysisInfo(other, "ismcts:iterations=500", 0, "running", 3, 9))
        stopped = client.get(f"/api/tables/{other}/analysis").json()
        assert stopped["status"] == "failed" and "interrupted" in stopped["error"]
        client.post(f"/api/tables/{other}/analysis")
        wait(client, f"/api/tables/{other}/analysis", lambda a: a["status"] == "done")


def test_only_finished_games_are_analysed(client: TestClient) -> None:
    table_id = create(client, TOY, ["human", "random"])["table"]["id"]
    refused = client.post(f"/api/tables/{table_id}/analysis")
    assert refused.status_code == 409 and "only a finished game" in refused.text
    assert client.get("/api/tables/nope/analysis").status_code == 404


def hint(client: TestClient, table_id: str, seat: int, token: str) -> Any:
    return client.post(f"/api/tables/{table_id}/hint", json={"seat": seat, "token": token})


def test_hints_where_the_table_allows_them(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], hints=True)
    me, other = created["you"], created["invites"][0]
    assert created["table"]["hints"] is True
    table_id = me["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        seat = SeatDriver(socket, 0, me["token"])
        state = seat.until_state()
        assert state["status"] == "waiting"
        assert hint(client, table_id, 0, me["token"]).status_code == 409
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket_1:
            SeatDriver(socket_1, 1, other["token"]).until_state()
            while not seat.my_turn:
                seat.until_state()
            answer = hint(client, table_id, 0, me["token"])
            assert answer.status_code == 200, answer.text
            got = answer.json()
            legal = {a["action"]: a["notation"] for a in seat.state["legal"]}
            assert got["notation"] == legal[got["action"]]
            assert 0 <= got["win_low"] <= got["win"] <= got["win_high"] <= 1
            assert hint(client, table_id, 0, other["token"]).status_code == 403
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_hints_are_refused_where_the_table_disallows_them(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"])
    me = created["you"]
    assert created["table"]["hints"] is False
    with client.websocket_connect(f"/ws/tables/{me['table_id']}") as socket:
        seat = SeatDriver(socket, 0, me["token"])
        while not seat.until_state()["legal"]:
            pass
        refused = hint(client, me["table_id"], 0, me["token"])
    assert refused.status_code == 403 and "hints are not allowed" in refused.text


def test_a_seat_asks_for_one_hint_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    thinking, release = threading.Event(), threading.Event()

    class Slow(ViewDigestSearch):
        def evaluate(self, *args: Any) -> Any:
            thinking.set()
            release.wait(10)
            return super().evaluate(*args)

    monkeypatch.setattr(analysis, "evaluator", lambda level, game, **_: Slow())
    created = create(client, TOY, ["human", "random"], hints=True)
    me = created["you"]
    with client.websocket_connect(f"/ws/tables/{me['table_id']}") as socket:
        seat = SeatDriver(socket, 0, me["token"])
        while not seat.until_state()["legal"]:
            pass
        answers: list[Any] = []
        first = threading.Thread(
            target=lambda: answers.append(hint(client, me["table_id"], 0, me["token"]))
        )
        first.start()
        assert thinking.wait(10)
        second = hint(client, me["table_id"], 0, me["token"])
        release.set()
        first.join(10)
    assert second.status_code == 429 and "still being thought about" in second.text
    assert answers[0].status_code == 200


def test_stopping_the_analyst_ends_every_running_analysis_before_it_returns() -> None:
    """The server's shutdown stops the analyses like its other tasks (`forever.stopped`): once
    `Analyst.stop` returns, none still runs, though its search (here a wait that never ends)
    would go on."""

    async def scenario() -> None:
        analyst = analysis.Analyst(None, 100)  # type: ignore[arg-type]  # stop needs no manager
        searching = asyncio.Event()

        async def run() -> None:
            searching.set()
            await asyncio.Event().wait()

        analyst.running["t"] = task = asyncio.create_task(run())
        await searching.wait()
        await analyst.stop()
        assert task.done() and task.cancelled()

    asyncio.run(scenario())

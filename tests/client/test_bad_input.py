"""What stops a program's seat is one clear error, and changes nothing on the server: a wrong
token, a link that names no seat, a table that does not exist, an agent that cannot play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.orm import Session

from potager.client import ClientError, RemoteSeat, load_agent, parse_link
from potager.store import Store
from potager.store.players import RatingRow
from tests.server.driver import create

GAME = "heuschrecken-poker"


def seats(http: httpx.Client, table_id: str) -> list[tuple[bool, str, bool]]:
    """Who holds each seat, under which name, and who is connected."""
    table: dict[str, Any] = http.get(f"/api/tables/{table_id}").json()
    return [(s["taken"], s["name"], s["connected"]) for s in table["seats"]]


@pytest.fixture
def table(http: httpx.Client) -> dict[str, Any]:
    return create(http, GAME, ["human", "human"], name="Host")


@pytest.mark.parametrize(
    ("address", "options", "said"),
    [
        ("{table}#seat=1&token=wrong", {"name": "Intruder"}, "wrong seat token"),
        ("{table}", {"player": "not-a-token"}, "this player token is not known here"),
    ],
)
def test_a_wrong_token_is_refused_and_nothing_changes(
    server: str,
    http: httpx.Client,
    table: dict[str, Any],
    address: str,
    options: dict[str, Any],
    said: str,
) -> None:
    table_id = table["table"]["id"]
    before = seats(http, table_id)
    link = address.format(table=f"{server}/table/{table_id}")
    with pytest.raises(ClientError, match=said):
        RemoteSeat(link, "random", **options).run()
    assert seats(http, table_id) == before


def test_a_bot_level_the_game_has_not_is_refused_before_the_seat_is_taken(
    server: str, http: httpx.Client, table: dict[str, Any]
) -> None:
    table_id = table["table"]["id"]
    before = seats(http, table_id)
    with pytest.raises(ClientError, match="unknown bot level"):
        RemoteSeat(server + table["invites"][0]["url"], "grandmaster").run()
    assert seats(http, table_id) == before


@pytest.mark.parametrize(
    ("link", "said"),
    [
        ("table/abc#seat=1&token=t", "not a table's address"),
        ("http://host/lobby", "not a table's address"),
        ("http://host/table/abc#seat=1", "names both its seat and its token"),
        ("http://host/table/abc#seat=one&token=t", "seat is a number"),
    ],
)
def test_a_link_that_names_no_seat_is_refused(link: str, said: str) -> None:
    with pytest.raises(ClientError, match=said):
        parse_link(link)


def test_an_invite_link_is_read_into_its_seat() -> None:
    found = parse_link("https://games.example.org/club/table/Ab3-d#seat=2&token=s3cr_t")
    assert (found.server, found.table_id, found.seat, found.token) == (
        "https://games.example.org/club",
        "Ab3-d",
        2,
        "s3cr_t",
    )
    assert found.socket == "wss://games.example.org/club/ws/tables/Ab3-d"
    assert "s3cr_t" not in found.table


def test_a_table_that_does_not_exist_is_refused(server: str) -> None:
    with pytest.raises(ClientError, match="no such table"):
        RemoteSeat(f"{server}/table/nothere#seat=0&token=t", "random").run()


def test_a_tables_address_without_a_player_token_names_no_seat(
    server: str, table: dict[str, Any]
) -> None:
    with pytest.raises(ClientError, match="names no seat"):
        RemoteSeat(f"{server}/table/{table['table']['id']}", "random").run()


def test_a_server_that_does_not_answer_is_said_so() -> None:
    from tests.web.conftest import free_port

    with pytest.raises(ClientError, match="cannot reach the server"):
        RemoteSeat(f"http://127.0.0.1:{free_port()}/table/x#seat=0&token=t", "random").run()


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("nomodule", "module:Class"),
        ("potager.no_such_module:Agent", "cannot import"),
        ("potager.agents:Nothing", "has no 'Nothing'"),
        ("potager.agents:levels", "is not an agent"),
    ],
)
def test_an_agent_that_cannot_be_loaded_is_said_so(spec: str, said: str) -> None:
    with pytest.raises(ClientError, match=said):
        load_agent(spec)


def test_an_agent_class_is_loaded_by_its_name() -> None:
    from potager.agents import RandomAgent

    assert isinstance(load_agent("potager.agents:RandomAgent"), RandomAgent)


def test_a_person_s_rated_player_is_not_made_a_bot(
    server: str, http: httpx.Client, table: dict[str, Any], tmp_path: Path
) -> None:
    """A player rated among people stays a person's: the program is told to use a player of
    its own, and nothing changes."""
    ada = http.post("/api/players", json={"name": "Ada"}).json()
    store = Store(f"sqlite:///{tmp_path / 'potager.db'}")  # the server's database
    with Session(store.engine) as session, session.begin():
        session.add(RatingRow(player_id=ada["id"], game=GAME, mu=27.0, sigma=7.0, games=1))
    store.close()
    table_id = table["table"]["id"]
    before = seats(http, table_id)
    with pytest.raises(ClientError, match=r"stays a person or a bot; give the program a player"):
        RemoteSeat(f"{server}/table/{table_id}", "random", player=ada["token"]).run()
    assert seats(http, table_id) == before
    profile = http.get("/api/players/me", headers={"Authorization": f"Bearer {ada['token']}"})
    assert not profile.json()["bot"]

"""Refusals a person reads, in their language: Pydantic's own validation messages
by their type (`refusals.VALIDATION`), an unknown type by a generic message, and the engine's
refusals (a notation naming no action, a player count) by their templates; the English stays as
it was, and nothing the asker sent is repeated."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from potager.i18n import say_in
from potager.server import refusals
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def test_a_missing_field_is_refused_in_french(client: TestClient) -> None:
    body = {"game": TOY, "seats": [{"kind": "human"}, {"kind": "human"}]}
    english = client.post("/api/tables", json=body)
    assert english.status_code == 422
    assert english.json()["detail"][0]["msg"] == "Field required"
    client.cookies.set("potager.lang", "fr")
    french = client.post("/api/tables", json=body)
    assert french.status_code == 422
    assert french.json()["detail"] == [
        {"loc": ["body", "players"], "msg": "champ requis", "type": "missing"}
    ]


def test_pydantic_s_messages_are_said_with_their_context(client: TestClient) -> None:
    body = {"game": TOY, "players": "2", "seats": [{"kind": "human"}] * 17, "speed": "blitz"}
    german = client.post("/api/tables", json=body, headers={"Accept-Language": "de"}).json()
    said = {error["type"]: error["msg"] for error in german["detail"]}
    assert said == {
        "int_type": "der Wert muss eine ganze Zahl sein",
        "too_long": "die Liste darf höchstens 16 Einträge haben, nicht 17",
        "literal_error": "der Wert muss einer von diesen sein: 'none', 'real_time', 'slow'",
    }
    english = client.post("/api/tables", json=body).json()["detail"]
    assert [error["msg"] for error in english] == [
        "Input should be a valid integer",
        "List should have at most 16 items after validation, not 17",
        "Input should be 'none', 'real_time' or 'slow'",
    ]


def test_an_unknown_type_falls_back_to_a_generic_message() -> None:
    error: dict[str, Any] = {
        "type": "url_parsing",
        "loc": ("site",),
        "msg": "Input should be a valid URL, relative URL without a base",
        "input": "not a url",
        "ctx": {"error": "relative URL without a base"},
    }
    assert refusals.errors([error], "en")[0]["msg"] == error["msg"]
    italian = refusals.errors([error], "it")[0]
    assert italian == {
        "loc": ["site"],
        "msg": say_in("it", refusals.UNKNOWN, type="url_parsing"),
        "type": "url_parsing",
    }
    assert italian["msg"] == "valore non valido qui (url_parsing)"


def test_a_german_socket_reads_its_refusals_in_german(client: TestClient) -> None:
    """A notation naming no action is the engine's refusal (`NotationError`), said by its
    template; a message of no known type does not repeat the type sent."""
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id, you = created["table"]["id"], created["you"]
    client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
    client.cookies.set("potager.lang", "de")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ada = SeatDriver(socket, you["seat"], you["token"])
        state = ada.until_state()
        socket.send_json({"type": "act", "version": state["version"], "notation": "bid 9"})
        refused = ada.until_error()
        assert refused["code"] == "illegal"
        assert refused["message"] == "das ist kein Zug dieses Spiels; jetzt erlaubt: 1, 2, 3"
        socket.send_json({"type": "act", "version": state["version"]})
        assert ada.until_error()["message"] == "act: gib genau eines von 'action' und 'notation' an"
        socket.send_json({"type": "x" * 150})
        message = ada.until_error()["message"]
    assert "xxx" not in message
    assert message.startswith("Nachricht: das Feld 'type' muss eines von diesen sein: 'hello'")


def test_an_engine_refusal_over_http_is_in_the_asker_s_language(client: TestClient) -> None:
    seats = [{"kind": "human"}] * 5
    body = {"game": TOY, "players": 5, "seats": seats}
    english = client.post("/api/tables", json=body)
    assert english.json()["detail"] == "toy is played by 2 to 4 players, not 5"
    italian = client.post("/api/tables", json=body, headers={"Accept-Language": "it"})
    assert italian.status_code == 422
    assert italian.json()["detail"] == "toy si gioca da 2 a 4 giocatori, non in 5"
    variant = {**body, "players": 2, "seats": seats[:2], "variant": {"cards": 5}}
    french = client.post("/api/tables", json=variant, headers={"Accept-Language": "fr"})
    assert french.json()["detail"] == (
        "l'option de variante 'cards' de toy prend l'une des valeurs 4, 6, pas 5"
    )


def test_starlette_s_own_refusals_are_in_the_asker_s_language(client: TestClient) -> None:
    german = {"Accept-Language": "de"}
    assert client.get("/api/nothing-here").json()["detail"] == "Not Found"
    assert client.get("/api/nothing-here", headers=german).json()["detail"] == "nicht gefunden"
    wrong = client.put("/api/tables", json={}, headers=german)
    assert (wrong.status_code, wrong.json()["detail"]) == (405, "Methode nicht erlaubt")


def test_a_database_failure_is_said_in_the_asker_s_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.manager.store  # type: ignore[attr-defined]

    def locked(*_: object, **__: object) -> None:
        raise OperationalError("SELECT", {}, Exception("database is locked"))

    monkeypatch.setattr(store, "tables", locked)
    italian = client.get("/api/tables", headers={"Accept-Language": "it"})
    assert italian.status_code == 503
    assert italian.json()["detail"] == (
        "il database non è disponibile (database is locked); non è cambiato nulla"
    )


def test_a_query_out_of_bounds_is_said_with_its_bound(client: TestClient) -> None:
    french = {"Accept-Language": "fr"}
    for query, said in (
        ("limit=x", "la valeur doit être un nombre entier"),
        ("limit=0", "la valeur doit être au moins 1"),
        ("limit=9999", "la valeur doit être au plus 500"),
        ("status=all", "la valeur doit être l'une de\u00a0: 'open', 'live', 'finished'"),
    ):
        refused = client.get(f"/api/tables?{query}", headers=french)
        assert (refused.status_code, refused.json()["detail"][0]["msg"]) == (422, said)
    english = client.get("/api/tables?limit=0").json()["detail"][0]["msg"]
    assert english == "Input should be greater than or equal to 1"

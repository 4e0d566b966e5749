"""The server's refusals in the asker's language: over HTTP by the pages' cookie or
the browser's Accept-Language, on a table's socket by its hello's; English without either, and
always English in the server's own use."""

from __future__ import annotations

from fastapi.testclient import TestClient

from potager import i18n
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def said(lang: str, template: str, **params: object) -> str:
    return i18n.say_in(lang, template, **params)


def test_an_http_refusal_is_in_the_asker_s_language(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id = created["table"]["id"]
    path = f"/api/tables/{table_id}/join"
    english = client.post(path, json={"seat": 0, "name": "Bob"})
    assert english.status_code == 409
    assert english.json()["detail"] == "seat 0 is taken"
    german = client.post(path, json={"seat": 0, "name": "Bob"}, headers={"Accept-Language": "de"})
    assert german.json()["detail"] == said("de", "seat {seat} is taken", seat=0)
    assert german.json()["detail"] == "Platz 0: schon vergeben"
    client.cookies.set("potager.lang", "it")
    italian = client.post(path, json={"seat": 0, "name": "Bob"}, headers={"Accept-Language": "de"})
    assert italian.json()["detail"] == said("it", "seat {seat} is taken", seat=0)
    name = client.post(path, json={"name": "ada"})
    assert name.json()["detail"] == "il nome «ada» è già preso a questo tavolo"
    client.cookies.clear()
    missing = client.get("/api/tables/nothing-here", headers={"Accept-Language": "fr-CH, en"})
    assert missing.status_code == 404
    assert missing.json()["detail"] == "cette table n'existe pas"


def test_a_socket_s_refusals_are_in_its_hello_s_language(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id = created["table"]["id"]
    you = created["you"]
    client.cookies.set("potager.lang", "fr")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ada = SeatDriver(socket, you["seat"], you["token"])
        state = ada.until_state()
        ada.act(0, state["version"])
        assert ada.until_error()["message"] == said("fr", "waiting for every seat to be taken")
        assert ada.errors[-1]["message"] == "en attente que toutes les places soient prises"
    client.cookies.clear()
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ada = SeatDriver(socket, you["seat"], you["token"])
        state = ada.until_state()
        ada.act(0, state["version"])
        assert ada.until_error()["message"] == "waiting for every seat to be taken"


def test_the_pages_fetch_one_merged_catalog_per_language(client: TestClient) -> None:
    german = client.get("/i18n/de.json")
    assert german.status_code == 200
    assert german.json() == i18n.catalog("de") and german.json()["Your turn"] == "Du bist am Zug"
    assert german.headers["cache-control"] == "no-cache"
    again = client.get("/i18n/de.json", headers={"If-None-Match": german.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert client.get("/i18n/it.json").headers["etag"] != german.headers["etag"]
    for missing in ("en", "es", "de-DE", "..%2Fsite"):
        assert client.get(f"/i18n/{missing}.json").status_code == 404


def test_a_name_refused_by_its_model_is_said_in_the_asker_s_language(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    path = f"/api/tables/{created['table']['id']}/join"
    for name, english, template, params in (
        (
            "Bob\u202e",
            "Value error, a name may not hold the character U+202E",
            "a name may not hold the character U+{code}",
            {"code": "202E"},
        ),
        (
            "B" * 41,
            "String should have at most 40 characters",
            "String should have at most {max_length} characters",
            {"max_length": 40},
        ),
    ):
        refused = client.post(path, json={"name": name})
        assert refused.status_code == 422 and refused.json()["detail"][0]["msg"] == english
        german = client.post(path, json={"name": name}, headers={"Accept-Language": "de"})
        assert german.json()["detail"][0]["msg"] == said("de", template, **params) != english
    assert client.get(f"/api/tables/{created['table']['id']}").json()["open_seats"] == [1]


def test_a_socket_message_refused_by_its_model_is_said_in_the_socket_s_language(
    client: TestClient,
) -> None:
    """A chat line with a bidi override fails the message's model: the refusal's words are in
    the socket's language, as a 422 over HTTP is (found by the fuzz)."""
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id, you = created["table"]["id"], created["you"]
    client.cookies.set("potager.lang", "de")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ada = SeatDriver(socket, you["seat"], you["token"])
        ada.until_state()
        socket.send_json({"type": "chat", "text": "hi \u202e"})
        message = ada.until_error()["message"]
    assert message == "chat.text: " + said(
        "de", "a chat line may not hold the character U+{code}", code="202E"
    )
    client.cookies.clear()

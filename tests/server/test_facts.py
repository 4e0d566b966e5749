"""The game catalogue carries each game's printed facts (`Game.facts`), documented in OpenAPI."""

from __future__ import annotations

from fastapi.testclient import TestClient

from potager import games

DRAWN_FROM_FACTS = {"kraut-und-rueben", "garden-rush", "pas-de-haricots"}
"""Games whose browser drawing reads the facts (the others may have none: ``{}``)."""


def test_the_catalogue_carries_every_games_facts(client: TestClient) -> None:
    found = {g["name"]: g["facts"] for g in client.get("/api/games").json()}
    assert set(found) >= DRAWN_FROM_FACTS
    for name, facts in found.items():
        assert facts == games.get(name).facts(), name
    assert all(found[name] for name in DRAWN_FROM_FACTS)
    assert {} in found.values(), "the engine's default (the toy game's): no facts"


def test_the_facts_are_documented_in_openapi(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["GameInfo"]
    facts = schema["properties"]["facts"]
    assert facts["type"] == "object"
    assert "Game.facts()" in facts["description"]

"""Trained policies at the server: only the files the server was started with.

A client that could name ``policy:PATH`` would have the server read any file it can, and hear
back whether it exists and what the loader thought of it. The server offers ``policy:PATH`` for
each of `Settings.policies` that plays the game, and refuses every other ``policy:`` level as an
unknown level, without reading the file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from potager.server import create_app
from potager.server.seating import bot_levels
from tests import ROOT

from .conftest import settings

pytest.importorskip("numpy")

MODEL = str(ROOT / "models" / "heuschrecken-poker-2p.npz")
POLICY = "policy:" + MODEL


@pytest.fixture
def served(tmp_path: Path) -> Iterator[TestClient]:
    """A server started with the committed Heuschrecken Poker policy and a missing file."""
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    missing = str(tmp_path / "gone.npz")
    with TestClient(create_app(dataclasses.replace(base, policies=(MODEL, missing)))) as c:
        yield c


def levels_of(client: TestClient, game: str) -> list[str]:
    found = {g["name"]: g for g in client.get("/api/games").json()}
    return list(found[game]["levels"])


def test_a_policy_the_server_was_given_is_offered_for_its_game_only(served: TestClient) -> None:
    assert levels_of(served, "heuschrecken-poker")[-1] == POLICY
    assert not any(level.startswith("policy:") for level in levels_of(served, "garden-rush"))
    notes = {g["name"]: g for g in served.get("/api/games").json()}["heuschrecken-poker"]
    assert "reinforcement learning" in notes["level_notes"][POLICY]


def test_a_table_seats_the_offered_policy(served: TestClient) -> None:
    body = {
        "game": "heuschrecken-poker",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": POLICY}],
    }
    response = served.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    assert response.json()["table"]["seats"][1]["level"] == POLICY


@pytest.mark.parametrize("path", ["/etc/passwd", "models/heuschrecken-poker-2p.npz", "gone.npz"])
def test_any_other_policy_is_an_unknown_level_and_no_file_is_read(
    served: TestClient, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from potager.rl.policy import PolicyAgent

    read: list[str] = []
    load = PolicyAgent.load

    def noted(file: str, game: object) -> PolicyAgent:
        read.append(file)
        return load(file, game)  # type: ignore[arg-type]

    monkeypatch.setattr(PolicyAgent, "load", staticmethod(noted))
    body = {
        "game": "heuschrecken-poker",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "policy:" + path}],
    }
    response = served.post("/api/tables", json=body)
    assert response.status_code == 422
    assert "unknown bot level" in response.text
    assert "No such file" not in response.text
    assert path not in read


def test_without_policies_the_levels_are_the_built_in_ones() -> None:
    from potager import agents, games

    game = games.get("heuschrecken-poker")
    assert bot_levels(game, ()) == agents.levels(game)

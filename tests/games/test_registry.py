"""The registry: one entry per game (`GamePieces`), and every interface's piece of every game."""

from __future__ import annotations

import importlib.util
import random

import pytest

from potager import agents, games
from potager.arena import measures
from potager.cli import render
from potager.engine import Agent, GamePieces, SearchKnowledge
from potager.rl.encoders import ENCODERS
from tests.toy import GAME as TOY
from tests.toy import register

ENTRIES = list(games.REGISTRY.values())


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.game.name for e in ENTRIES])
def test_each_entry_declares_the_game_s_own_pieces(entry: GamePieces) -> None:
    game = entry.game
    assert games.get(game.name) is game and games.pieces(game) is entry
    assert entry.heuristic is not None and isinstance(entry.heuristic(), Agent)
    assert entry.tutorial is not None and entry.tutorial.is_file()
    state = game.new_game(game.min_players, 3)
    seat = state.to_move[0]
    search = entry.search
    if search.sampler is not None:
        drawn = search.sampler(game, state.view(seat), seat)(random.Random(1))
        assert drawn.view(seat) == state.view(seat)
    if search.merge is not None:
        legal = state.legal_actions(seat)
        assert set(search.merge(state, legal)) <= set(legal)
    if search.order is not None:
        legal = state.legal_actions(seat)
        assert sorted(search.order(state, seat, legal)) == sorted(legal)
    if search.playout is not None:
        search.playout(state, random.Random(2))
        assert state.is_over


def test_the_search_knowledge_is_each_game_s_own() -> None:
    search = {e.game.name: e.search for e in ENTRIES}
    assert [name for name, s in search.items() if s.paired] == ["kraut-und-rueben"]
    assert [name for name, s in search.items() if s.follow_up] == ["kraut-und-rueben"]
    assert [name for name, s in search.items() if s.order] == ["garden-rush"]
    assert [name for name, s in search.items() if s.widening and s.choice] == ["garden-rush"]
    assert [name for name, s in search.items() if s.mix] == ["heuschrecken-poker"]
    assert [name for name, s in search.items() if s.playout is None] == ["garden-rush"]


def test_a_game_outside_the_registry_has_only_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    assert games.pieces(TOY) == GamePieces(TOY) and games.pieces(TOY).search == SearchKnowledge()
    assert agents.levels(TOY) == ["random", "ismcts", "ismcts-strong"]
    register(monkeypatch)
    assert games.get(TOY.name) is TOY and games.names()[-1] == TOY.name
    with pytest.raises(ValueError, match="unknown game 'nope'; games: heuschrecken-poker, "):
        games.get("nope")


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.game.name for e in ENTRIES])
def test_every_interface_has_a_piece_of_every_game(entry: GamePieces) -> None:
    kind = type(entry.game)
    assert kind in render.RENDERERS and kind in ENCODERS and kind in measures.MEASURES
    if importlib.util.find_spec("pyspiel") is not None:
        from potager.openspiel import SPECS

        assert entry.game in [spec.game for spec in SPECS]

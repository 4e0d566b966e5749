"""The rendering contract: every game's renderer (or the generic one) draws any view and
describes any event; a game without a renderer of its own gets the generic one."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from potager import games
from potager.cli import render
from potager.cli.render import shared
from potager.engine import Game, State
from tests.toy import register

GAMES = [games.get(name) for name in games.names()]


def draw(renderer: shared.Renderer, state: State, seat: int | None, events: bool = True) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100)
    console.print(renderer.render(state.view(seat), seat))
    for event in state.events_for(seat) if events else []:
        line = renderer.describe(event, seat)
        assert line is None or isinstance(line, str)
        if line is not None:
            console.print(line)
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_draws_every_seat_along_a_random_game(game: Game) -> None:
    renderer = render.for_game(game)
    rng = random.Random(5)
    state = game.new_game(game.min_players, 5)
    step = 0
    while not state.is_over:
        if step % 15 == 0:
            for seat in [*range(state.players), None]:
                assert draw(renderer, state, seat, events=False)
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    for seat in [*range(state.players), None]:
        assert draw(renderer, state, seat)


def test_a_game_without_a_renderer_gets_the_generic_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = register(monkeypatch)
    renderer = render.for_game(game)
    assert renderer.render is shared.generic_render
    assert renderer.describe is shared.generic_describe
    state = game.new_game(2, 1)
    state.apply(0, 2)
    text = draw(renderer, state, 0)
    rows = [line.split() for line in text.splitlines()]
    assert ["bid", '"3"'] in rows and ["committed", "[0]"] in rows
    assert shared.generic_describe({"type": "win", "seat": 1, "fruit": "[pear]"}) == (
        "seat 1 win: fruit=\\[pear]"
    )


def test_every_registered_game_has_its_own_renderer() -> None:
    for game in GAMES:
        renderer = render.for_game(game)
        assert renderer is render.RENDERERS[type(game)] and renderer is not render.GENERIC
        assert renderer.label is not shared.generic_label, game.name

"""The terminal renderer: every view of a random game draws, and no hidden bid is drawn."""

from __future__ import annotations

import random

from rich.console import Console

from potager.cli.render.heuschrecken_poker import describe, render
from potager.games.heuschrecken_poker import GAME
from tests.invariants import step_random

from .scripted import bid, new


def text_of(view: dict, seat: int | None) -> str:
    console = Console(record=True, width=100)
    console.print(render(view, seat))
    return console.export_text()


def test_every_view_of_a_random_game_renders_and_every_event_is_described() -> None:
    state = GAME.new_game(3, 5)
    rng = random.Random(5)
    while not state.is_over:
        if rng.random() < 0.1:
            for seat in (0, 1, 2, None):
                text = text_of(state.view(seat), seat)
                assert "Display:" in text and "Draw pile:" in text
        step_random(state, rng)
    text = text_of(state.view(0), 0)
    assert "Game over" in text
    lines = [describe(e) for e in state.events]
    assert all(isinstance(line, str) and line for line in lines)
    assert any("Bids turn over" in line for line in lines if line)


def test_a_pending_bid_shows_only_to_its_owner() -> None:
    state = new(3, "corn", "strawberry", "grasshopper")
    state.apply(0, state.str_to_action(0, "A"))
    mine = text_of(state.view(0), 0)
    theirs = text_of(state.view(1), 1)
    spectator = text_of(state.view(None), None)
    assert "you" in mine and "corn×1" in mine and "grasshopper×1" in mine
    # Seat 0's row: its bid A is shown to it, only "[?]" to the others.
    row_of_0 = next(line for line in theirs.splitlines() if line.startswith("seat 0"))
    assert "[?]" in row_of_0 and " A " not in row_of_0.split("[?]")[0]
    assert "[?]" in spectator
    assert next(line for line in mine.splitlines() if line.startswith("you")).split()[3] == "A"


def test_the_log_tells_a_turn() -> None:
    state = new(2, "corn", "corn", "corn")
    bid(state, "A", "X")
    lines = [describe(e) for e in state.events]
    assert "Seat 0 bids face down." in lines
    assert "Bids turn over: seat 0: A, seat 1: X." in lines
    assert "Seat 1 takes the whole display with the X card (over the Ace): 3 corn." in lines
    assert "Seat 1 harvests 3 corn: +1 win chip." in lines

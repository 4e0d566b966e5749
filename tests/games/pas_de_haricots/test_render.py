"""The terminal renderer: the table as a seat sees it and nothing more; a log line per event."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from potager.cli.render.pas_de_haricots import describe, render
from potager.games.pas_de_haricots.rules import COMMIT, TAKE, PasDeHaricotsState

from .scripted import GAME


def text_of(state: PasDeHaricotsState, seat: int | None) -> str:
    console = Console(record=True, width=100)
    console.print(render(state.view(seat), seat))
    return console.export_text()


def shows(text: str, card: str) -> bool:
    return re.search(rf"(?<![A-Z0-9]){card}(?![0-9])", text) is not None


def states() -> list[PasDeHaricotsState]:
    """A commit phase, a take phase, the start of hand 2, the end of a match."""
    state = GAME.new_game(4, 8, {"hands": 2})
    rng = random.Random(8)
    found: list[PasDeHaricotsState] = []
    wanted = [
        lambda s: s.phase == COMMIT and len(s.commitments.committed) == 2,
        lambda s: s.phase == TAKE and s.hand_number == 1 and s.turn > 5,
        lambda s: s.hand_number == 2,
        lambda s: s.is_over,
    ]
    while wanted:
        if wanted[0](state):
            found.append(state.clone())
            wanted.pop(0)
            continue
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize("seat", [0, 2, None])
def test_the_table_shows_what_the_seat_may_know_and_nothing_else(seat: int | None) -> None:
    for state in states():
        view = state.view(seat)
        text = text_of(state, seat)
        assert f"hand {view['hand_number']} of 2" in text
        for card in [c for c in view["table"] if c] + [c for cs in view["collected"] for c in cs]:
            assert shows(text, card), card
        if seat is not None:
            assert "Your hand" in text or not view["hand"]
            assert all(shows(text, c) for c in view["hand"])
        for other in range(state.players):
            if other == seat:
                continue
            hidden = [*state.view(other)["hand"], state.view(other)["commitment"]]
            assert not [c for c in hidden if c and shows(text, c)], (seat, other)
        if view["phase"] == "over":
            assert "Score pad" in text and "total" in text


def test_the_face_down_cards_show_as_such() -> None:
    state = states()[0]
    text = text_of(state, None)
    assert text.count("[??]") == 2
    assert "To put a card face down" in text


def test_every_event_has_a_line() -> None:
    state = states()[-1]
    lines = [describe(e) for e in state.events]
    assert all(lines)
    text = "\n".join(line for line in lines if line)
    assert "puts the bean on it" in text and "gets the bean" in text
    assert "Hand 1 scored" in text and "Match over" in text

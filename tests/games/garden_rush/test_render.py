"""The terminal renderer draws the table from a view, and every event has a log line."""

from __future__ import annotations

import random
import re

from rich.console import Console

from potager.cli.render.garden_rush import describe, name, render

from .scripted import GAME, new, play
from .test_rules import HEAD


def text_of(view: dict[str, object], seat: int | None) -> str:
    console = Console(record=True, width=100)
    console.print(render(view, seat))
    return console.export_text()


def test_render_shows_both_potagers_hedge_and_track() -> None:
    state = GAME.new_game(2, 3, {"tools_and_moles": True})
    rng = random.Random(3)
    for step in range(120):
        if state.is_over:
            break
        if step % 15 == 0:
            for seat in (0, 1, None):
                view = state.view(seat)
                text = text_of(view, seat)
                assert "Hedge" in text and "Trampoline" in text and "Score track" in text
                lines = text.splitlines()
                hedge = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Hedge"))
                other = "seat 1" if seat in (0, None) else "seat 0"
                assert lines[hedge - 5].lstrip().startswith(f"{other} 5")
                assert (
                    lines[hedge + 1]
                    .lstrip()
                    .startswith("you 1" if seat is not None else "seat 0 1")
                )
                for kind in view["hedge"]:
                    assert name(kind).lower() in text.lower()
                for owner, tools in enumerate(view["tool_squares"]):
                    for square, tool in tools.items():
                        if square not in view["potagers"][owner]:
                            assert f"[{name(tool)}]" in text
                assert f"Bag ({view['bag_size']})" in text
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for event in state.events:
        line = describe(event)
        assert line is None or isinstance(line, str)
    assert all(describe(e) for e in state.events)


def test_render_draws_a_gap_in_the_hedge_where_its_slot_is() -> None:
    """In the last turn nothing closes up: slot 2's gap is drawn as a dash between slots 1 and 3,
    each token above its own column, and the empty Trampoline as a dash."""
    state = new(HEAD)
    state.bag = []
    play(state, "plant 1 a3", "plant 2 d2")
    for seat in (0, 1, None):
        text = text_of(state.view(seat), seat)
        assert re.search(r"Hedge Carrot ●●\s+—\s+Broccoli ●●\s+Aubergine ●●\s+Potato ●●\n", text)
        assert "Trampoline: —" in text


def test_render_never_shows_the_bag_order() -> None:
    """The bag is shown as counts only: the next token to be drawn is not on the screen."""
    state = GAME.new_game(2, 4)
    view = state.view(0)
    text = text_of(view, 0)
    counts = ", ".join(f"{name(k)}×{n}" for k, n in view["bag"].items() if n)
    assert counts in text
    assert "next" not in text.lower()

"""The terminal renderer shows the table a seat may see, and nothing it may not."""

from __future__ import annotations

import random

from rich.console import Console

from potager.cli.render import kraut_und_rueben as renderer
from potager.games.kraut_und_rueben import GAME
from tests.invariants import step_random


def text(view: dict, seat: int | None) -> str:  # type: ignore[type-arg]
    console = Console(record=True, width=100)
    console.print(renderer.render(view, seat))
    return console.export_text()


def test_render_shows_gardens_contract_and_hides_the_others_contracts() -> None:
    state = GAME.new_game(3, 5)
    rng = random.Random(5)
    for steps in (0, 20, 40):
        while len(state.moves) < steps:
            step_random(state, rng)
        for seat in range(3):
            out = text(state.view(seat), seat)
            assert "1 · " in out and "4 · " in out
            assert f"Contract {state.contracts[seat]}: " in out
            score = state.view(seat)["running_score"]
            assert f"Your gardens score {score} point{'' if score == 1 else 's'} now" in out
            for other in range(3):
                if other != seat:
                    assert f"Contract {state.contracts[other]}" not in out
                    assert f"card {state.contracts[other]}" not in out
        assert "Contract" not in text(state.view(None), None)


def test_render_of_a_finished_match_reveals_every_contract() -> None:
    state = GAME.new_game(2, 8, {"match": True})
    rng = random.Random(8)
    while not state.is_over:
        step_random(state, rng)
    out = text(state.view(1), 1)
    assert "Game over" in out and "Finished games" in out
    for game in state.history:
        for number in game["contracts"]:
            assert f"card {number}" in out


def test_every_event_has_a_log_line_but_pass() -> None:
    state = GAME.new_game(3, 2, {"match": True})
    rng = random.Random(2)
    while not state.is_over:
        step_random(state, rng)
    kinds = {e["type"] for e in state.events}
    assert {"draw", "place", "take", "game_over", "new_game", "contract"} <= kinds
    for event in state.events:
        line = renderer.describe(event)
        assert (line is None) == (event["type"] == "pass")


def test_a_score_of_one_is_one_point() -> None:
    """A singular for one point (an audit read "score 1 points")."""
    state = GAME.new_game(2, 1)
    view = dict(state.view(0)) | {"running_score": 1}
    assert "Your gardens score 1 point now." in text(view, 0)

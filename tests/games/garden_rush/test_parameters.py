"""Garden Rush's rule parameters: the score track's goal and its bonus squares, in the rules,
the views and the facts; a tuned game's samples keep what the view shows."""

from __future__ import annotations

import random

from potager import agents
from potager.arena.match import play_match
from potager.games.garden_rush import GAME
from potager.games.garden_rush.data import BONUS_SQUARES, bonus_squares
from potager.games.garden_rush.rules import RULEBOOK


def played(seed: int, **params: int):  # type: ignore[no-untyped-def]
    bots = [agents.make("heuristic", GAME.tuned(params)) for _ in range(2)]
    return play_match(GAME, bots, seed, params=params)


def track_bonuses(state) -> list[int]:  # type: ignore[no-untyped-def]
    """The squares of the score track whose bonus was given (a bonus right after a score)."""
    events = state.events
    return [
        events[i - 1]["to"]
        for i, e in enumerate(events)
        if e["type"] == "bonus" and i and events[i - 1]["type"] == "score"
    ]


def test_the_rulebook_s_track_is_the_data_s() -> None:
    assert GAME.track is RULEBOOK and set(RULEBOOK.bonus_squares) == BONUS_SQUARES
    assert bonus_squares(40, 5) == BONUS_SQUARES and bonus_squares(40, 0) == frozenset()
    assert bonus_squares(20, 7) == {7, 14}


def test_a_shorter_track_without_bonus_squares() -> None:
    state = played(3, goal=20, bonus_every=0)
    view = state.view(None)
    assert view["goal"] == 20 and view["bonus_squares"] == []
    assert track_bonuses(state) == []
    assert max(state.result().scores) >= 20
    assert len(state.moves) < len(played(3).moves)
    assert GAME.tuned({"goal": 20, "bonus_every": 0}).facts()["goal"] == 20


def test_bonus_squares_where_the_parameter_puts_them() -> None:
    state = played(5, bonus_every=3)
    assert state.view(0)["bonus_squares"] == list(range(3, 40, 3))
    found = track_bonuses(state)
    assert found and all(square % 3 == 0 and square < 40 for square in found)


def test_a_tuned_game_s_sample_keeps_the_view() -> None:
    tuned = GAME.tuned({"goal": 30})
    state = tuned.new_game(2, 4)
    rng = random.Random(1)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move[0]
    assert tuned.sample(state.view(seat), seat, rng).view(seat) == state.view(seat)

"""The heuristic bot beats random play clearly, for every player count, from its view alone."""

from __future__ import annotations

import random

import pytest

from potager import agents
from potager.arena.match import play_match
from potager.games.heuschrecken_poker import GAME, heuristic
from potager.games.heuschrecken_poker.heuristic import HeuristicAgent, gain

from .scripted import new


def win_share(players: int, games: int) -> float:
    """The heuristic's share of the wins (ties split) against random players, seats rotating."""
    share = 0.0
    for seed in range(games):
        seat = seed % players
        seated = [agents.make("random", GAME) for _ in range(players)]
        seated[seat] = agents.make("heuristic", GAME)
        winners = play_match(GAME, seated, seed).result().winners
        share += (seat in winners) / len(winners)
    return share / games


@pytest.mark.parametrize(
    ("players", "games", "at_least"), [(2, 80, 0.8), (3, 60, 0.6), (4, 60, 0.45)]
)
def test_heuristic_beats_random(players: int, games: int, at_least: float) -> None:
    # Measured over 2,000 games each: see docs/bots.md.
    assert win_share(players, games) >= at_least


def test_the_bot_is_found_by_level_name() -> None:
    assert isinstance(agents.make("heuristic", GAME), HeuristicAgent)
    assert "heuristic" in agents.levels(GAME)


def test_it_avoids_the_plague_and_completes_sets() -> None:
    assert gain([1, 0, 0, 0, 2], [0, 0, 0, 0, 1]) < 0 < gain([2, 0, 0, 0, 0], [1, 0, 0, 0, 0])
    state = new(3, "corn", "grasshopper", "strawberry")
    state.gardens[0] = [2, 0, 0, 0, 2]
    for seat, text in enumerate(("6", "2", "1")):
        state.apply(seat, state.str_to_action(seat, text))
    bot = HeuristicAgent()
    action = bot.act(GAME, state.view(0), 0, state.legal_actions(0), random.Random(0))
    assert state.action_to_str(action) == "corn"


def test_it_plays_one_of_its_good_bids_never_a_bad_one() -> None:
    """Two bots that always played their best bid would bid alike at one table (both see the
    display): the bot draws among the bids within `GOOD` of its best, the best most often."""
    close = [
        heuristic.good([0, 6], [1.0, 1.0 - heuristic.SPREAD], random.Random(s)) for s in range(300)
    ]
    assert set(close) == {0, 6} and close.count(0) > close.count(6)
    far = 1.0 - 2 * heuristic.GOOD
    assert {heuristic.good([0, 6], [1.0, far], random.Random(s)) for s in range(100)} == {0}


def test_each_seat_has_its_temperament_and_a_bid_replays_from_its_seed() -> None:
    moods = [heuristic.temperament(seat) for seat in range(GAME.max_players)]
    assert len(set(moods)) == GAME.max_players
    for mood in moods:
        assert 1.0 <= mood.price <= 1.25 and 1.0 <= mood.risk <= 1.2
    state = GAME.new_game(3, seed=4)
    view, legal = state.view(1), state.legal_actions(1)
    bot = HeuristicAgent()
    first = [bot.act(GAME, view, 1, legal, random.Random(s)) for s in range(12)]
    assert first == [bot.act(GAME, view, 1, legal, random.Random(s)) for s in range(12)]

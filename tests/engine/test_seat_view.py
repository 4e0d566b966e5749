"""`SeatView`: a seat's view built on first read is exactly `State.view(seat)`, and it cannot be
read once its decision is made (so a bot cannot look at a later position through it)."""

from __future__ import annotations

import random

import pytest

from potager import agents, games
from potager.arena.match import play_match
from potager.engine import Agent, ExpiredView, Game, SeatView, State, View

GAMES = ["heuschrecken-poker", "pas-de-haricots", "kraut-und-rueben", "garden-rush"]


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_view_is_the_seats_view_at_every_decision(name: str) -> None:
    game = games.get(name)
    for seed in range(3):
        state = game.new_game(game.max_players if name != "pas-de-haricots" else 4, seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            view = SeatView(state, seat)
            assert dict(view) == state.view(seat) and view == state.view(seat)
            assert view != state.view(None) or state.view(seat) == state.view(None)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


class Keeper:
    """An agent that keeps every view it is handed and reads none of them."""

    def __init__(self) -> None:
        self.kept: list[View] = []

    def act(
        self, game: Game, view: View, seat: int, legal_actions: list[int], rng: random.Random
    ) -> int:
        self.kept.append(view)
        return rng.choice(legal_actions)


class Reader(Keeper):
    """Reads its view's gardens during each decision, and keeps the view."""

    def act(
        self, game: Game, view: View, seat: int, legal_actions: list[int], rng: random.Random
    ) -> int:
        assert isinstance(view["gardens"], list)
        return super().act(game, view, seat, legal_actions, rng)


def test_an_unread_view_expires_with_its_decision_and_a_read_one_stays_as_it_was() -> None:
    game = games.get("heuschrecken-poker")
    keeper, reader = Keeper(), Reader()
    seated: list[Agent] = [keeper, reader]
    state = play_match(game, seated, 5)
    with pytest.raises(ExpiredView, match="not read during its decision"):
        keeper.kept[0]["gardens"]
    replay = game.new_game(2, 5)
    seen = []
    for seat, action in state.moves:
        if seat == 1:
            seen.append(replay.view(1))
        replay.apply(seat, action)
    assert [dict(view) for view in reader.kept] == seen
    assert "unread" not in repr(reader.kept[0]) and "expired" in repr(keeper.kept[0])


def test_every_bot_level_plays_from_seat_views() -> None:
    for name in GAMES:
        game = games.get(name)
        players = game.min_players
        for level in ("heuristic", "random"):
            seated = [agents.make(level, game) for _ in range(players)]
            state: State = play_match(game, seated, 3)
            assert state.is_over


@pytest.mark.parametrize("name", GAMES)
def test_a_game_samples_a_seat_view_as_the_dict_it_stands_for(name: str) -> None:
    """`Game.sample` keeps its reading of the last view (`engine.sampling.LastView`): a `SeatView`
    and the equal dict, in either order, give the same states from the same random numbers."""
    game = games.get(name)
    state = game.new_game(game.min_players, 4)
    seat = state.to_move[0]
    view = SeatView(state, seat)
    for first, second in ((view, state.view(seat)), (state.view(seat), view)):
        a = game.sample(first, seat, random.Random(1))  # type: ignore[arg-type]
        b = game.sample(second, seat, random.Random(1))  # type: ignore[arg-type]
        assert a.view(seat) == b.view(seat) == state.view(seat)
        agents.random_playout(a, random.Random(2))
        agents.random_playout(b, random.Random(2))
        assert a.events == b.events

"""`engine.sampling.start_sample`: which generator a game's sample gets, decided in one place for
the four games; `Game.sampler`: a search's samples of one view."""

from __future__ import annotations

import random

import pytest

from potager import games
from potager.engine.sampling import start_sample
from tests.invariants import snapshot, step_random
from tests.toy import GAME as TOY
from tests.toy import ToyState


def started(table: ToyState, rng: random.Random, quiet: bool = False) -> ToyState:
    return start_sample(table, ToyState.__new__(ToyState), rng, quiet)


def test_a_sample_draws_its_seed_from_the_callers_generator_and_starts_with_no_moves() -> None:
    table = TOY.new_game(3, 7)
    table.apply(0, 0)
    rng = random.Random(1)
    sample = started(table, rng)
    assert sample.seed == random.Random(1).getrandbits(63)
    assert (sample.game, sample.players, sample.variant) == (TOY, 3, table.variant)
    assert sample.moves == [] and sample.events == []
    assert sample.moves is not table.moves and sample.events is not table.events


def test_a_loud_sample_of_rules_that_may_draw_again_gets_a_generator_seeded_its_own() -> None:
    table = TOY.new_game(3, 7)
    assert table.deals_ahead()  # the engine's default: always safe
    sample = started(table, random.Random(1))
    assert sample.rng is not table.rng
    assert sample.rng.getstate() == random.Random(sample.seed).getstate()


def test_a_loud_sample_shares_the_tables_generator_once_no_deal_is_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = TOY.new_game(3, 7)
    monkeypatch.setattr(ToyState, "deals_ahead", lambda self: False)
    assert started(table, random.Random(1)).rng is table.rng


@pytest.mark.parametrize("deals_ahead", [True, False])
def test_a_quiet_sample_takes_the_searchs_generator(
    monkeypatch: pytest.MonkeyPatch, deals_ahead: bool
) -> None:
    table = TOY.new_game(3, 7)
    monkeypatch.setattr(ToyState, "deals_ahead", lambda self: deals_ahead)
    rng = random.Random(1)
    assert started(table, rng, quiet=True).rng is rng


@pytest.mark.parametrize("name", games.names())
def test_a_games_sampler_draws_what_its_sample_draws(name: str) -> None:
    """``sampler(view, seat)(rng)`` is ``sample(view, seat, rng)``: the engine's default, and
    Garden Rush's, which reads the view once for all its samples."""
    game = games.get(name)
    state = game.new_game(game.min_players, 5)
    rng = random.Random(5)
    for _ in range(12):
        step_random(state, rng)
    seat = state.to_move[0]
    view = state.view(seat)
    draw = game.sampler(view, seat)
    for k in range(3):
        assert snapshot(draw(random.Random(k))) == snapshot(
            game.sample(view, seat, random.Random(k))
        )

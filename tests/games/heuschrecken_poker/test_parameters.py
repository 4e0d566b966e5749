"""Heuschrecken Poker's rule parameters change what they say: the pile, the harvest and its
chips, the round's chips and the plague; a tuned game's samples keep what the view shows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from potager import agents
from potager.arena.match import play_match
from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.data import PARAMETERS
from potager.games.heuschrecken_poker.rules import RULEBOOK, tables
from tests.games.heuschrecken_poker.scripted import bid
from tests.games.heuschrecken_poker.test_rules import kinds, last


def pile(**counts: int) -> list[str]:
    """A tuned game's whole pile, corn first, in a fixed order."""
    tuned = GAME.tuned({f"{k}_cards": n for k, n in counts.items()})
    return tuned.components(2, {"beginner": False})


def on_top(*top: str, **params: int) -> list[str]:
    """A tuned game's whole pile with ``top`` first."""
    rest = Counter(GAME.tuned(params).components(3, {"beginner": False}))
    rest.subtract(top)
    return [*top, *rest.elements()]


def test_the_rulebook_s_defaults_are_its_tables() -> None:
    assert tables(GAME) is RULEBOOK and set(PARAMETERS) >= {"corn_cards", "plague_at"}
    assert GAME.tuned({name: p.default for name, p in PARAMETERS.items()}) is GAME


def test_the_pile_has_the_cards_given_and_a_pile_too_small_is_refused() -> None:
    assert Counter(pile(corn=20, grasshopper=2)) == Counter(
        corn=20, strawberry=13, broccoli=13, blackberry=13, grasshopper=2
    )
    state = GAME.new_game(2, 1, params={"corn_cards": 20, "grasshopper_cards": 2})
    assert state.view(0)["pile"] == 61 - 3
    small = {f"{kind}_cards": 0 for kind in ("corn", "strawberry", "broccoli", "blackberry")}
    with pytest.raises(ValueError, match="a pile of 3 garden cards cannot fill the display"):
        GAME.tuned({**small, "grasshopper_cards": 3})


def test_a_harvest_of_two_for_three_chips() -> None:
    params = {"harvest_set": 2, "harvest_chips": 3}
    deck = on_top("corn", "corn", "strawberry")
    state = GAME.new_game(3, 1, {"beginner": False}, deck, params)
    bid(state, "6", "A", "5")
    assert last(state, "harvest") == {"type": "harvest", "seat": 1, "kind": "corn", "chips": 3}
    assert state.view(None)["chips"] == [0, 3, 0]
    assert kinds(state, "gardens", 1) == {"strawberry": 1}


def test_a_plague_needs_the_grasshoppers_given() -> None:
    deck = on_top("grasshopper", "grasshopper", "grasshopper")
    rulebook = GAME.new_game(3, 1, {"beginner": False}, deck)
    bid(rulebook, "6", "A", "5")
    assert last(rulebook, "plague")["seat"] == 1
    state = GAME.new_game(3, 1, {"beginner": False}, deck, {"plague_at": 4})
    bid(state, "6", "A", "5")
    assert kinds(state, "gardens", 1) == {"grasshopper": 3}


def test_the_round_s_chips_and_a_tuned_game_played_out() -> None:
    params = {"round_chips": 0, "harvest_chips": 2, "plague_at": 5}
    bots = [agents.make("heuristic", GAME.tuned(params)) for _ in range(3)]
    state = play_match(GAME, bots, 4, params=params)
    chips = [e["chips"] for e in state.events if e["type"] == "harvest"]
    assert chips and all(c % 2 == 0 for c in chips)
    assert sum(chips) == sum(state.result().scores)  # the rounds earned nothing
    for seat in range(3):
        view = state.view(seat)
        assert GAME.tuned(params).sample(view, seat, random.Random(1)).view(seat) == view

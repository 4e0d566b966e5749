"""Kraut & Rüben's rule parameters change what the rules say they change: the pile, the
scoring, the match's length, its cup and who begins its games."""

from __future__ import annotations

from collections import Counter

import pytest

from potager import agents
from potager.arena.match import play_match
from potager.games.kraut_und_rueben import GAME as KR
from potager.games.kraut_und_rueben.data import PARAMETERS
from potager.games.kraut_und_rueben.scoring import WEIGHTS, points


def heuristic_match(seed: int, players: int = 2, **params: object) -> dict[str, object]:
    bots = [agents.make("heuristic", KR) for _ in range(players)]
    state = play_match(KR, bots, seed, {"match": True}, params=params)
    return state.result().details


def test_every_parameter_s_default_is_the_rulebook_s_and_the_rulebook_plays_by_its_tables() -> None:
    assert set(PARAMETERS) >= {"match_games", "cup_points", "match_starts", "tomato_tiles"}
    assert KR.tables.weights is WEIGHTS
    assert KR.tuned({name: p.default for name, p in PARAMETERS.items()}) is KR


def test_the_pile_has_the_counts_given() -> None:
    tuned = KR.tuned({"tomato_tiles": 10, "snail_tiles": 0})
    counts = Counter(tuned.components(2, {"match": False}))
    assert counts["tomato"] == 10 and counts["snail"] == 0 and counts["carrot"] == 16
    state = KR.new_game(2, 1, params={"tomato_tiles": 10, "snail_tiles": 0})
    assert state.view(0)["pile"] == 85 - 6 - 7 and state.pools()["pile"].taken == 0


def test_scoring_values_and_rows_change_the_points() -> None:
    tuned = KR.tuned({"clover_points": 3, "negative_points": -5, "lower_points": "0,0,9,0,0"})
    counts = [3, 1, 2, 2, 1, 1, 1, 1]  # the rulebook's example (8 points), by kind code
    assert points(1, counts) == 8
    # contract 1: principal tomato (3: column 3), lower carrot ×2, higher salad ×2, negative
    # asparagus ×1; clover ×1, snail ×1.
    assert points(1, counts, tuned.tables.weights) == 0 * 2 + 3 * 2 - 5 + 3 - 1


def test_the_match_has_the_games_given_and_no_cup_when_it_is_worth_nothing() -> None:
    details = heuristic_match(2, match_games=4, cup_points=0)
    history = details["games"]
    assert isinstance(history, list) and len(history) == 4
    for game in history:
        assert sum(game["scores"]) == sum(sum(p) for p in game["garden_points"])


def test_the_cup_is_worth_what_is_given() -> None:
    history = heuristic_match(2, cup_points=7)["games"]
    assert isinstance(history, list)
    for game in history:
        cup = game["cup"]
        own = [sum(p) for p in game["garden_points"]]
        assert game["scores"] == [o + (7 if s == cup else 0) for s, o in enumerate(own)]


@pytest.mark.parametrize("starts", ["rotate", "trailing", "first"])
def test_who_begins_each_game_of_a_match(starts: str) -> None:
    tuned = KR.tuned({"match_starts": starts, "match_games": 4})
    bots = [agents.make("heuristic", tuned) for _ in range(3)]
    state = play_match(
        KR, bots, 8, {"match": True}, params={"match_starts": starts, "match_games": 4}
    )
    begins = [
        e["seat"]
        for i, e in enumerate(state.events)
        if e["type"] == "draw"
        and (i == 0 or state.events[i - 1]["type"] in ("new_game", "contract"))
    ]
    history = state.result().details["games"]
    assert len(begins) == 4
    if starts == "rotate":
        assert begins == [0, 1, 2, 0]
    elif starts == "first":
        assert begins == [0, 0, 0, 0]
    else:
        totals = [0, 0, 0]
        for k, game in enumerate(history[:-1]):
            totals = [t + s for t, s in zip(totals, game["scores"], strict=True)]
            fewest = min(totals)
            order = [(k + 1 + i) % 3 for i in range(3)]
            assert begins[k + 1] == next(s for s in order if totals[s] == fewest)

"""What a tournament says of its own certainty: win shares with Wilson intervals, a bootstrap
interval of no width marked as such, whether the ratings settled, and the model it rates with."""

from __future__ import annotations

import random

import pytest

from potager.arena import ratings
from potager.arena.rows import GameRow
from potager.arena.tournament import Plan, board
from potager.cli.tournament import ALIKE, leaderboard_table, report_page


def coin_rows(games: int, seed: int) -> list[GameRow]:
    """Two bots of equal strength: each game won by either at random."""
    rng = random.Random(seed)
    rows = []
    for i in range(games):
        bots = ("a", "b") if i % 2 == 0 else ("b", "a")
        winner = rng.randrange(2)
        scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        rows.append(GameRow(i, i, bots, scores, (winner,), 10))
    return rows


def sweep_rows(games: int) -> list[GameRow]:
    """Bot a wins every game against b, seats alternated."""
    rows = []
    for i in range(games):
        bots = ("a", "b") if i % 2 == 0 else ("b", "a")
        scores = (1.0, 0.0) if bots[0] == "a" else (0.0, 1.0)
        rows.append(GameRow(i, i, bots, scores, (bots.index("a"),), 10))
    return rows


def test_every_game_alike_gives_no_zero_width_win_interval() -> None:
    found = board("2 players", sweep_rows(12), ["a", "b"], 20, 1)
    assert found.alike("a") and found.alike("b")  # no resample differs from the games
    low, high = found.win_interval["a"]
    assert found.win_share["a"] == 1.0 and 0.7 < low < 0.8 and high == pytest.approx(1.0)
    low, high = found.win_interval["b"]
    assert found.win_share["b"] == 0.0 and low == pytest.approx(0.0) and 0.2 < high < 0.3
    entry = found.to_dict()["leaderboard"][0]
    assert entry["ordinal_alike"] is True
    assert entry["win_share_ci95"] == list(found.win_interval["a"])
    assert ALIKE in str(leaderboard_table(found).caption)
    noisy = board("2 players", coin_rows(60, 3), ["a", "b"], 20, 1)
    assert not noisy.alike("a") and not noisy.alike("b")
    assert ALIKE not in str(leaderboard_table(noisy).caption)


def test_settling_is_the_last_change_against_sigma() -> None:
    trail = ratings.history(coin_rows(200, 4), ["a", "b"])
    assert len(trail) == 200 and trail[-1]["a"].games == 200
    assert trail[-1] == ratings.rate(coin_rows(200, 4), ["a", "b"])
    found = ratings.settling(trail)
    assert found["a"].games == 50
    assert found["a"].change == trail[-1]["a"].ordinal - trail[-51]["a"].ordinal
    assert found["a"].settled == (abs(found["a"].change) < trail[-1]["a"].sigma)
    early = ratings.settling(trail[:5])  # five games: from the newcomer's 0, never settled
    assert early["a"].games == 5 and early["a"].change == trail[4]["a"].ordinal
    assert not early["a"].settled and not early["b"].settled
    assert ratings.settling([]) == {}


def test_the_html_names_the_model_and_shows_the_settling() -> None:
    found = board("2 players", coin_rows(80, 5), ["a", "b"], 20, 1)
    page = report_page(Plan("heuschrecken-poker", ("a", "b"), (2,), 80), [found])
    assert "PlackettLuce" in page and "β = 4.167" in page and "κ = 0.0001" in page
    assert "Wilson" in page and "last change" in page and "over 20 games" in page
    assert page.count("data:image/png") == 3  # ratings, their course, head to head

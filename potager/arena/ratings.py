"""Ratings of bots from n-player games: openskill's Plackett–Luce model, bootstrap intervals, and
the pairwise head-to-head matrix (docs/study.md, "Tournaments").

A game's places and one game's update are `potager.skill`'s. Each bot's rating is μ and σ,
ordered by the ordinal μ − 3σ; games are rated in the order of their index, and a bot that holds
several seats of one game moves once, by the mean of its seats' updates. Its 95% interval is the
2.5 and 97.5 percentiles of its ordinal over `bootstrap` resamples of the games. Head to head,
``share[a][b]`` is ``a``'s mean over every pair of seats of ``a`` and ``b`` in one game (1 placed
before, ½ level, 0 after), so ``share[a][b] + share[b][a] = 1``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from potager.skill import Skill, first_skill, ordinal, places, rate_game

from .rows import GameRow

BOOTSTRAP = 100
"""Default number of bootstrap samples (each rates every game again)."""


@dataclass(frozen=True)
class Rating:
    """One bot's rating after a run of games."""

    bot: str
    mu: float
    sigma: float
    games: int
    """Games in which it held at least one seat."""

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ the leaderboard orders by."""
        return ordinal(self.mu, self.sigma)


def rate(rows: Sequence[GameRow], bots: Sequence[str]) -> dict[str, Rating]:
    """Every bot's rating after ``rows`` (rated in the order given)."""
    skill, played = _rated(rows, bots)
    return {bot: Rating(bot, *skill[bot], played[bot]) for bot in bots}


def history(rows: Sequence[GameRow], bots: Sequence[str]) -> list[dict[str, Rating]]:
    """Every bot's rating after each game of ``rows`` (rated in the order given)."""
    found: list[dict[str, Rating]] = []

    def after(skill: dict[str, Skill], played: dict[str, int]) -> None:
        found.append({bot: Rating(bot, *skill[bot], played[bot]) for bot in bots})

    _rated(rows, bots, after)
    return found


def _rated(
    rows: Sequence[GameRow],
    bots: Sequence[str],
    after: Callable[[dict[str, Skill], dict[str, int]], None] | None = None,
) -> tuple[dict[str, Skill], dict[str, int]]:
    """Each bot's (μ, σ) and games played after ``rows``; ``after`` sees them after each game."""
    skill = dict.fromkeys(bots, first_skill())
    played = dict.fromkeys(bots, 0)
    for row in rows:
        rated = rate_game([skill[bot] for bot in row.bots], row.scores, row.winners)
        for bot in dict.fromkeys(row.bots):
            seats = [rated[s] for s, b in enumerate(row.bots) if b == bot]
            skill[bot] = (_mean(mu for mu, _ in seats), _mean(sigma for _, sigma in seats))
            played[bot] += 1
        if after is not None:
            after(skill, played)
    return skill, played


@dataclass(frozen=True)
class Settling:
    """How much a bot's ordinal moved over the last ``games`` games of a run: ``change``; it
    has ``settled`` when that is less than the rating's own σ (what the model still doubts) and
    the run is longer than those games (a run of 20 games or fewer has not settled)."""

    games: int
    change: float
    settled: bool


SETTLING = 0.25
"""The share of a run's games over which `settling` measures the last change (20 at least)."""


def settling(trail: Sequence[dict[str, Rating]]) -> dict[str, Settling]:
    """Each bot's `Settling` over the last `SETTLING` of the games of ``trail`` (`history`)."""
    if not trail:
        return {}
    last = trail[-1]
    back = min(len(trail), max(20, round(SETTLING * len(trail))))
    before = trail[-back - 1] if back < len(trail) else None
    found = {}
    for bot, rating in last.items():
        start = before[bot].ordinal if before is not None else ordinal(*first_skill())
        change = rating.ordinal - start
        found[bot] = Settling(back, change, before is not None and abs(change) < rating.sigma)
    return found


def _mean(values: Any) -> float:
    found = list(values)
    return sum(found) / len(found)


def bootstrap(
    rows: Sequence[GameRow], bots: Sequence[str], samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Each bot's 95% percentile interval of the ordinal over ``samples`` bootstrap samples. It
    has no width when every resample rates alike, as when every game ends the same way: that
    says nothing of the uncertainty (`Board.alike` says so)."""
    rng = random.Random(seed)
    ordinals: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(samples):
        drawn = sorted(rng.randrange(len(rows)) for _ in rows)
        for bot, rating in rate([rows[i] for i in drawn], bots).items():
            ordinals[bot].append(rating.ordinal)
    return {
        bot: (_percentile(found, 2.5), _percentile(found, 97.5)) for bot, found in ordinals.items()
    }


def _percentile(values: list[float], percent: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    at = (len(ordered) - 1) * percent / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


@dataclass(frozen=True)
class HeadToHead:
    """``share[a][b]``: a's share of the places won against b; ``meetings[a][b]`` the seat pairs
    compared."""

    share: dict[str, dict[str, float]]
    meetings: dict[str, dict[str, int]]


def head_to_head(rows: Sequence[GameRow], bots: Sequence[str]) -> HeadToHead:
    """The pairwise matrix over ``rows`` (see the module's docstring)."""
    points = {a: dict.fromkeys(bots, 0.0) for a in bots}
    meetings = {a: dict.fromkeys(bots, 0) for a in bots}
    for row in rows:
        place = places(row.scores, row.winners)
        for s, a in enumerate(row.bots):
            for t, b in enumerate(row.bots):
                if a == b:
                    continue
                meetings[a][b] += 1
                points[a][b] += 1.0 if place[s] < place[t] else 0.5 if place[s] == place[t] else 0.0
    share = {a: {b: points[a][b] / meetings[a][b] for b in bots if meetings[a][b]} for a in bots}
    return HeadToHead(share, meetings)

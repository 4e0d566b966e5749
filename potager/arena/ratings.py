"""Ratings of bots from n-player games: openskill's Plackett–Luce model, bootstrap intervals, and
the pairwise head-to-head matrix (docs/study.md, "Tournaments").

A game's places: the winners share the first place, the other seats follow by score, equal scores
sharing a place (`places`). Each bot's rating is μ and σ, ordered by the ordinal μ − 3σ; games
are rated in the order of their index, and a bot that holds several seats of one game moves once,
by the mean of its seats' updates. Its 95% interval is the 2.5 and 97.5 percentiles of its
ordinal over `bootstrap` resamples of the games. Head to head, ``share[a][b]`` is ``a``'s mean
over every pair of seats of ``a`` and ``b`` in one game (1 placed before, ½ level, 0 after), so
``share[a][b] + share[b][a] = 1``.

>>> places((3.0, 5.0, 5.0, 1.0), (1, 2))
(3, 1, 1, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .simulate import GameRow

BOOTSTRAP = 100
"""Default number of bootstrap samples (each rates every game again)."""


def places(scores: Sequence[float], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place, 1 first: the winners share 1, then by score, ties sharing a place."""
    keys = [(seat not in winners, -score) for seat, score in enumerate(scores)]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


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


def ordinal(mu: float, sigma: float) -> float:
    """μ − 3σ: the skill a rating is at least, nearly surely; what leaderboards rank by (0 for
    a newcomer, whose μ is 3σ)."""
    return mu - 3 * sigma


Skill = tuple[float, float]
"""A rating's (μ, σ)."""


def first_skill() -> Skill:
    """The (μ, σ) of a newcomer: openskill's defaults, 25 and 25/3."""
    from openskill.models import PlackettLuce  # imported when rating, not with the command line

    model = PlackettLuce()
    return model.mu, model.sigma


def rate_game(
    skills: Sequence[Skill], scores: Sequence[float], winners: Sequence[int]
) -> list[Skill]:
    """Each seat's (μ, σ) after one game, from its (μ, σ) before and the game's places: one
    Plackett–Luce update of every seat at once (the server rates its people's games so too)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating(mu, sigma)] for mu, sigma in skills]
    rated = model.rate(teams, ranks=list(places(scores, winners)))
    return [(team[0].mu, team[0].sigma) for team in rated]


def rate(rows: Sequence[GameRow], bots: Sequence[str]) -> dict[str, Rating]:
    """Every bot's rating after ``rows`` (rated in the order given)."""
    newcomer = first_skill()
    skill = dict.fromkeys(bots, newcomer)
    played = dict.fromkeys(bots, 0)
    for row in rows:
        rated = rate_game([skill[bot] for bot in row.bots], row.scores, row.winners)
        for bot in dict.fromkeys(row.bots):
            seats = [rated[s] for s, b in enumerate(row.bots) if b == bot]
            skill[bot] = (_mean(mu for mu, _ in seats), _mean(sigma for _, sigma in seats))
            played[bot] += 1
    return {bot: Rating(bot, *skill[bot], played[bot]) for bot in bots}


def _mean(values: Any) -> float:
    found = list(values)
    return sum(found) / len(found)


def bootstrap(
    rows: Sequence[GameRow], bots: Sequence[str], samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Each bot's 95% percentile interval of the ordinal over ``samples`` bootstrap samples."""
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

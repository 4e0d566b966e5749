"""Skill from one game's places: openskill's Plackett–Luce update, shared by the store (people's
ratings) and the arena (bots' tournaments).

A game's places: the winners share the first place, the other seats follow by score, equal scores
sharing a place (`places`). A skill is (μ, σ), ranked by its ordinal μ − 3σ. openskill is imported
when rating, not with the package.

>>> places((3.0, 5.0, 5.0, 1.0), (1, 2))
(3, 1, 1, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

Skill = tuple[float, float]
"""A rating's (μ, σ)."""


def places(scores: Sequence[float], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place, 1 first: the winners share 1, then by score, ties sharing a place."""
    keys = [(seat not in winners, -score) for seat, score in enumerate(scores)]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def ordinal(mu: float, sigma: float) -> float:
    """μ − 3σ: the skill a rating is at least, nearly surely; what leaderboards rank by (0 for
    a newcomer, whose μ is 3σ)."""
    return mu - 3 * sigma


def first_skill() -> Skill:
    """The (μ, σ) of a newcomer: openskill's defaults, 25 and 25/3."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return model.mu, model.sigma


def rate_game(
    skills: Sequence[Skill], scores: Sequence[float], winners: Sequence[int]
) -> list[Skill]:
    """Each seat's (μ, σ) after one game, from its (μ, σ) before and the game's places: one
    Plackett–Luce update of every seat at once."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating(mu, sigma)] for mu, sigma in skills]
    rated = model.rate(teams, ranks=list(places(scores, winners)))
    return [(team[0].mu, team[0].sigma) for team in rated]


def model_text() -> str:
    """The model and its parameters, as reports name them.

    >>> model_text()  # doctest: +ELLIPSIS
    'openskill ... PlackettLuce: μ₀ = 25, σ₀ = 8.333, β = 4.167, κ = 0.0001, τ = 0.08333...'
    """
    from importlib.metadata import version

    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return (
        f"openskill {version('openskill')} PlackettLuce: μ₀ = {model.mu:.4g}, "
        f"σ₀ = {model.sigma:.4g}, β = {model.beta:.4g}, κ = {model.kappa:.4g}, "
        f"τ = {model.tau:.4g} (σ limited: {model.limit_sigma}, balance: {model.balance})"
    )

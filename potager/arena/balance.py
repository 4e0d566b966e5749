"""Balance statistics over game rows: the seats' win rates and a test of equal chances, means with
intervals, win rates grouped by a measure (a contract card, the first taker) with intervals
corrected for the number of groups compared, score margins, and measures that never vary.

>>> round(chi2_sf(3.84, 1), 3), round(chi2_sf(5.99, 2), 3), round(chi2_sf(7.81, 3), 3)
(0.05, 0.05, 0.05)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from potager.agents.action_value import Z95, wilson

from .rows import GameRow


def win_share(row: GameRow, seat: int) -> float:
    """``seat``'s share of the win (1/k for k tied winners)."""
    return 1 / len(row.winners) if seat in row.winners else 0.0


@dataclass(frozen=True)
class SeatRates:
    """Per seat: wins (ties split), games, win rate with its Wilson interval; the chi-square
    test of "every seat wins as often" (``p_value``; a tie's fractions count as they are)."""

    wins: list[float]
    games: int
    rates: list[float]
    intervals: list[tuple[float, float]]
    chi2: float
    p_value: float


def seat_rates(rows: Sequence[GameRow]) -> SeatRates:
    players = rows[0].players
    wins = [sum(win_share(row, seat) for row in rows) for seat in range(players)]
    games = len(rows)
    expected = games / players
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    return SeatRates(
        wins,
        games,
        [w / games for w in wins],
        [wilson(w, games) for w in wins],
        chi2,
        chi2_sf(chi2, players - 1),
    )


def chi2_sf(x: float, dof: int) -> float:
    """P(X ≥ x) for a chi-square variable with ``dof`` degrees of freedom (closed forms for
    integer degrees: a Poisson sum for even ones, the normal tail and its series for odd)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    tail = math.erfc(root / math.sqrt(2))
    term, total = root, 0.0
    for i in range(1, (dof - 1) // 2 + 1):
        if i > 1:
            term *= x / (2 * i - 1)
        total += term
    return min(1.0, tail + math.exp(-half) * math.sqrt(2 / math.pi) * total)


@dataclass(frozen=True)
class Mean:
    """A mean with its normal 95% interval (``n`` values)."""

    mean: float
    low: float
    high: float
    n: int


def mean(values: Sequence[float]) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(math.nan, math.nan, math.nan, 0)
    centre = sum(values) / n
    spread = 0.0
    if n > 1:
        variance = sum((v - centre) ** 2 for v in values) / (n - 1)
        spread = Z95 * math.sqrt(variance / n)
    return Mean(centre, centre - spread, centre + spread, n)


@dataclass(frozen=True)
class GroupRate:
    """The win rate of the seats that had some value (a contract card, the first take)."""

    value: float
    seats: int
    wins: float
    rate: float
    interval: tuple[float, float]


def win_rate_by(
    rows: Sequence[GameRow], value_of: Callable[[GameRow, int], float | None]
) -> list[GroupRate]:
    """Over every seat of every row, grouped by ``value_of(row, seat)`` (``None``: left out)."""
    wins: dict[float, float] = {}
    seats: dict[float, int] = {}
    for row in rows:
        for seat in range(row.players):
            value = value_of(row, seat)
            if value is None:
                continue
            wins[value] = wins.get(value, 0.0) + win_share(row, seat)
            seats[value] = seats.get(value, 0) + 1
    return [
        GroupRate(v, seats[v], wins[v], wins[v] / seats[v], wilson(wins[v], seats[v]))
        for v in sorted(seats)
    ]


def bonferroni_z(comparisons: int, level: float = 0.95) -> float:
    """The normal quantile of a two-sided interval at ``level`` corrected by Bonferroni for
    ``comparisons`` intervals read together: each at 1 − (1 − level) / comparisons, so that
    all of them hold at once with ``level`` at least.

    >>> round(bonferroni_z(1), 3), round(bonferroni_z(12), 3)
    (1.96, 2.865)
    """
    return statistics.NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, comparisons)))


def corrected(named: Sequence[tuple[str, GroupRate]]) -> list[tuple[str, GroupRate]]:
    """Named groups best first (by win rate), each interval the Wilson interval corrected by
    Bonferroni for their number (`bonferroni_z`): together they hold at 95%."""
    z = bonferroni_z(len(named))
    ordered = sorted(named, key=lambda pair: (-pair[1].rate, pair[1].value))
    return [
        (name, GroupRate(g.value, g.seats, g.wins, g.rate, wilson(g.wins, g.seats, z)))
        for name, g in ordered
    ]


def margin(row: GameRow) -> float:
    """How far the winner finished ahead of the runner-up, in the game's score: the best score
    less the second best (0 when the top is shared; a winner by a tie-break may win by less)."""
    best, second = sorted(row.scores, reverse=True)[:2]
    return best - second


def constant(rows: Sequence[GameRow], skip: Collection[str] = ()) -> dict[str, float]:
    """The measures that every row has with one same value, and that value: a measure that never
    varies tells nothing of the game (zero by definition, or the same seat every time); names
    starting with one of ``skip`` (grouped data such as contract cards) are not measures."""
    if not rows:
        return {}
    found = {}
    for name, value in rows[0].measures.items():
        if any(name.startswith(prefix) for prefix in skip):
            continue
        if all(row.measures.get(name) == value for row in rows):
            found[name] = value
    return found

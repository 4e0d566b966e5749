"""Tournaments: every bot at every seat against every mix of opponents, rated with openskill.

A `Plan` names the game, the bots (at least two levels), the player counts and the number of
games per player count. For ``n`` players, the mixes are every multiset of ``n`` of the bots with
at least two different ones, and each mix is played in each of its distinct seat orders
(`seatings`): game ``i`` of ``n`` players takes seating ``i mod len(seatings)``, so ``--games``
a multiple of that count gives every bot every seat and every opponent mix equally often. Game
``i``'s seed depends on the plan's seed, ``n`` and ``i`` alone.

Finished games go to the store (`potager.store.tournaments`) chunk by chunk as they finish; a
rerun of the same plan (same `Plan.key`: everything but the number of games) plays only the games
missing, so an interrupted tournament carries on where it stopped and a larger ``games`` extends
it. `standings` rates the stored games per player count and over all of them
(`potager.arena.ratings`).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from potager import agents, games
from potager.agents.action_value import wilson

from . import ratings
from .rows import GameRow
from .simulate import Backend, Job, game_seed, play_spans, seat_orders

if TYPE_CHECKING:  # the database is imported by whoever opens it
    from potager.store.tournaments import Tournaments

CHUNK = 10
"""Games per chunk: the most an interruption can lose."""


@dataclass(frozen=True)
class Plan:
    game: str
    bots: tuple[str, ...]
    players: tuple[int, ...]
    games: int
    """Games per player count."""
    seed: int = 1
    variant: Mapping[str, Any] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)
    """The rule parameters changed from the rulebook's (`Game.tuned`), checked."""

    def config(self) -> dict[str, Any]:
        """What identifies the tournament (the number of games does not; the rule parameters
        only when some are changed, so that a rulebook tournament keeps its key)."""
        found: dict[str, Any] = {
            "game": self.game,
            "bots": list(self.bots),
            "players": list(self.players),
            "seed": self.seed,
            "variant": dict(self.variant),
        }
        if self.params:
            found["params"] = {
                k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()
            }
        return found

    @property
    def key(self) -> str:
        text = json.dumps(self.config(), sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def job(self, players: int) -> Job:
        """The games of ``players`` seats: every seating in turn, seeds of their own."""
        return Job(
            self.game,
            seatings(self.bots, players),
            game_seed(self.seed, players),
            self.variant,
            params=self.params,
        )


def seatings(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every seat order of every mix of ``players`` of ``bots`` with two different bots at least.

    >>> seatings(["a", "b"], 3)
    (('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a'), ('a', 'b', 'b'), ('b', 'a', 'b'), \
('b', 'b', 'a'))
    """
    mixes = itertools.combinations_with_replacement(bots, players)
    return tuple(order for mix in mixes if len(set(mix)) > 1 for order in seat_orders(mix))


def make_plan(
    game: str,
    bots: Sequence[str],
    players: Sequence[int],
    games_count: int,
    seed: int = 1,
    variant: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
) -> Plan:
    """A checked `Plan`: `ValueError` naming what is wrong (a level, a player count, a variant
    option, a rule parameter, fewer than two bots)."""
    found = games.get(game)
    levels = tuple(dict.fromkeys(bots))
    if len(levels) < 2:
        raise ValueError(f"a tournament needs two bot levels at least, not {list(bots)}")
    for level in levels:
        agents.make(level, found)
    tuned = found.tuned(params)
    for count in players:
        found.check_players(count)
        if tuned.tuning:
            tuned.check_params(count)
    counts = tuple(sorted(set(players)))
    options = found.resolve_variant(variant)
    return Plan(game, levels, counts, games_count, seed, options, dict(tuned.tuning))


def missing_spans(done: set[int], games_count: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` of at most `CHUNK` games covering the indices not in ``done``.

    >>> missing_spans({0, 1, 5}, 14)
    [(2, 5), (6, 14)]
    """
    todo = [i for i in range(games_count) if i not in done]
    spans = []
    for _, run in itertools.groupby(enumerate(todo), lambda pair: pair[1] - pair[0]):
        indices = [i for _, i in run]
        for start in range(0, len(indices), CHUNK):
            part = indices[start : start + CHUNK]
            spans.append((part[0], part[-1] + 1))
    return spans


def run(
    plan: Plan,
    store: Tournaments,
    backend: Backend,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play the games of ``plan`` not yet in ``store``; return how many were played.
    ``progress(done, total)`` counts the plan's games, those already stored included."""
    store.open(plan.key, plan.game, plan.config())
    stored = store.rows(plan.key)
    total = plan.games * len(plan.players)
    done = sum(1 for row in stored if row.players in plan.players and row.index < plan.games)
    played = 0
    if progress is not None:
        progress(done, total)

    def keep(rows: list[GameRow]) -> None:
        nonlocal done, played
        store.add(plan.key, rows)
        done += len(rows)
        played += len(rows)
        if progress is not None:
            progress(done, total)

    for players in plan.players:
        indices = {row.index for row in stored if row.players == players}
        spans = missing_spans(indices, plan.games)
        if spans:
            play_spans(plan.job(players), spans, backend, keep)
    return played


@dataclass(frozen=True)
class Board:
    """The standings over some games: ratings with intervals, ordered by ordinal, and the
    head-to-head matrix."""

    label: str
    games: int
    leaderboard: list[ratings.Rating]
    intervals: dict[str, tuple[float, float]]
    head_to_head: ratings.HeadToHead
    win_share: dict[str, float]
    """Each bot's wins (ties split) per seat it held."""
    win_interval: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The Wilson 95% interval of each bot's win share (never of no width, unlike a bootstrap
    interval when every game ends alike)."""
    trail: list[dict[str, ratings.Rating]] = field(default_factory=list)
    """Every bot's rating after each game (`ratings.history`)."""

    def alike(self, bot: str) -> bool:
        """Whether ``bot``'s bootstrap interval has no width: every resample rated it alike, as
        when every game ends the same way, so that interval says nothing of the uncertainty."""
        low, high = self.intervals[bot]
        return high - low < 1e-9

    def settling(self) -> dict[str, ratings.Settling]:
        return ratings.settling(self.trail)

    def to_dict(self) -> dict[str, Any]:
        settling = self.settling()
        return {
            "label": self.label,
            "games": self.games,
            "leaderboard": [
                {
                    "bot": r.bot,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "ordinal": r.ordinal,
                    "ordinal_ci95": list(self.intervals[r.bot]),
                    "ordinal_alike": self.alike(r.bot),
                    "games": r.games,
                    "win_share": self.win_share[r.bot],
                    "win_share_ci95": list(self.win_interval[r.bot]),
                    "settling": {
                        "games": settling[r.bot].games,
                        "change": settling[r.bot].change,
                        "settled": settling[r.bot].settled,
                    },
                }
                for r in self.leaderboard
            ],
            "head_to_head": self.head_to_head.share,
            "meetings": self.head_to_head.meetings,
        }


def board(
    label: str, rows: Sequence[GameRow], bots: Sequence[str], samples: int, seed: int
) -> Board:
    """The standings of ``rows`` (in the order given); ``samples`` bootstrap samples."""
    trail = ratings.history(rows, bots)
    rated = trail[-1] if trail else ratings.rate(rows, bots)
    order = sorted(rated.values(), key=lambda r: -r.ordinal)
    wins = dict.fromkeys(bots, 0.0)
    seats = dict.fromkeys(bots, 0)
    for row in rows:
        for seat, bot in enumerate(row.bots):
            seats[bot] += 1
            if seat in row.winners:
                wins[bot] += 1 / len(row.winners)
    return Board(
        label,
        len(rows),
        order,
        ratings.bootstrap(rows, bots, samples, seed) if rows else {b: (0.0, 0.0) for b in bots},
        ratings.head_to_head(rows, bots),
        {bot: wins[bot] / seats[bot] if seats[bot] else 0.0 for bot in bots},
        {bot: wilson(wins[bot], seats[bot]) for bot in bots},
        trail,
    )


def standings(plan: Plan, store: Tournaments, samples: int = ratings.BOOTSTRAP) -> list[Board]:
    """One `Board` per player count of ``plan``, then one over all of them (when several),
    from the plan's stored games (the first ``plan.games`` of each player count)."""
    rows = [
        GameRow(r.index, r.seed, r.bots, r.scores, r.winners, r.decisions)
        for r in store.rows(plan.key)
        if r.players in plan.players and r.index < plan.games
    ]
    boards = [
        board(f"{n} players", [r for r in rows if r.players == n], plan.bots, samples, plan.seed)
        for n in plan.players
    ]
    if len(plan.players) > 1:
        interleaved = sorted(rows, key=lambda r: (r.index, r.players))
        boards.append(board("all player counts", interleaved, plan.bots, samples, plan.seed))
    return boards

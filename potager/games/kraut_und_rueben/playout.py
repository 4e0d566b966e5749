"""The search's playout policy for Kraut & Rüben: the heuristic's rules of thumb, made cheap.

An ISMCTS iteration (`potager.agents.ismcts`) finishes each sampled state with `playout`: draw,
never the mole; place the drawn tile where it is worth most to the mover (one placement in ten
at random); take the unowned garden worth most once that reaches the heuristic's threshold, else
pass. It runs inside the search only, so it may read the whole sampled state, and nothing else.

`sampler` deals the others' secret contracts as their gardens and placements suggest
(`likelihoods`, `placements`). `representatives` merges actions that lead to the same game (any
empty space of a garden for a tile, any tile of one kind for a snail or the mole), and
`follow_up` names the take a planning search (``plan=1``) weighs with each placement. Why
random play was not enough, and what each rule was measured to give: docs/bots.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Final

from potager.engine import Game, Seat
from potager.engine.shuffle import below, shuffle

from . import heuristic, notation
from .data import CONTRACTS, KINDS, SNAILS_PER_GARDEN
from .rules import KrautUndRueben, KrautUndRuebenState
from .scoring import CODE, LAST_COLUMN, PRINCIPAL, WEIGHTS, points
from .views import TAKE, space_of

EPSILON: Final = 0.1
"""The share of placements drawn at random rather than by value."""
INFERENCE: Final = 0.3
"""How strongly a garden's points under a contract weigh for that contract in the search's samples
(`likelihoods`): a garden worth 5 points more under one contract makes it e^1.5, 4.5 times, as
likely (measured: docs/bots.md, "What the others hold")."""
PLACEMENT_SHARPNESS: Final = 0.7
"""How sharply a seat's placements speak for the contracts under which they were good ones
(`placements`): among the gardens where its tile could go, a seat is read as choosing one with
probability in proportion to exp(0.7 x what it is worth to the seat under a contract, valued as
the heuristic values it; measured: docs/bots.md, "What the others hold")."""
PLACEMENT_NOISE: Final = 0.25
"""The share of each placement read as made at random whatever the contract (the same
measurement): one odd placement (a search's, or a person's) never rules a contract out."""
SNAIL: Final = CODE["snail"]
MOLE: Final = CODE["mole"]
DANDELION: Final = CODE["dandelion"]
"""Codes up to ``DANDELION`` (vegetables, clover, dandelion) are the kinds a snail covers."""
TAKE_PILE: Final = 40
"""With fewer tiles than this left, the take threshold shrinks in proportion (as the heuristic)."""
PROMISE_PER_SPACE: Final[float] = heuristic.PROMISE_PER_SPACE
PROSPECT_WEIGHT: Final[float] = heuristic.PROSPECT_WEIGHT
RIVAL_WEIGHT: Final[float] = heuristic.RIVAL_WEIGHT
TAKE_THRESHOLD: Final[float] = heuristic.TAKE_THRESHOLD
"""The heuristic's weights and threshold (`heuristic`)."""
DRAW: Final = notation.DRAW
DRAWING: Final = notation.DRAWING
EMPTY: Final = notation.EMPTY
PLACING: Final = notation.PLACING
TAKING: Final = notation.TAKING
SIZE: Final = notation.SIZE
"""`notation`'s constants (`heuristic`'s and these named again ``Final``: compiled code
(`potager.compiled`) reads them as C values, not from another module's attributes)."""


def playout(state: KrautUndRuebenState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring."""
    random_ = rng.random  # looked up once: compiled code calls it without a method look-up
    game_no = -1
    counts: list[list[int]] = []
    while not state.is_over:
        if state.game_no != game_no:  # a match deals again: read the new table
            game_no = state.game_no
            counts = [state.top_counts(g) for g in range(state.gardens)]
        seat = state.turn
        phase = state.phase
        if phase == DRAWING:
            state.apply(seat, DRAW)
        elif phase == PLACING:
            targets = state.targets
            if random_() < EPSILON:
                action = targets[below(rng, len(targets))]
            elif state.drawn == SNAIL:
                action = _snail(state, seat, counts, targets)
            else:
                action = _place(state, seat, counts, targets, rng, random_)
            i = action - state.place_base
            garden = counts[i // SIZE]
            garden[state.drawn] += 1
            covered = state.base[i]
            if covered != EMPTY:  # a snail over a tile
                garden[covered] -= 1
            state.apply(seat, action)
        else:
            state.apply(seat, _take(state, seat, counts))


def _worth(state: KrautUndRuebenState, seat: int, g: int, counts: list[int], covered: int) -> float:
    """What a snail over a tile of kind ``covered`` (`EMPTY`: none) in garden ``g`` is worth to
    ``seat``."""
    owner = state.owner[g]
    if owner == seat:
        return float(_snail_change(state.contracts[seat], counts, covered))
    if owner < 0:
        if len(state.owned[seat]) >= state.quota:
            return 0.0
        return PROSPECT_WEIGHT * _snail_change(state.contracts[seat], counts, covered)
    return -RIVAL_WEIGHT * _snail_change(state.contracts[owner], counts, covered)


def _snail_change(contract: int, counts: list[int], covered: int) -> int:
    """The points a snail over a tile of kind ``covered`` (`EMPTY`: none) changes in a garden of
    ``counts`` for ``contract``: `scoring.points` after less before, read from the column's
    weights unless the covered tile is a principal vegetable whose loss moves the column."""
    principal = PRINCIPAL[contract]
    column = min(counts[principal], LAST_COLUMN)  # `scoring.column`, inline
    if covered == principal and min(counts[principal] - 1, LAST_COLUMN) != column:
        after = counts[:]
        after[SNAIL] += 1
        after[covered] -= 1
        return points(contract, after) - points(contract, counts)
    weights = WEIGHTS[contract][column]
    return weights[SNAIL] - weights[covered] if covered != EMPTY else weights[SNAIL]


def _gain(contract: int, counts: list[int], kind: int) -> int:
    """The points one more uncovered ``kind`` adds to a garden of ``counts`` for ``contract``:
    its weight, unless it is the principal vegetable, which moves the contract's column: then
    what the other tiles gain by the move (the principal vegetable itself scores 0 in every
    column), `scoring.points` after less before without building the counts after."""
    principal = PRINCIPAL[contract]
    column = min(counts[principal], LAST_COLUMN)  # `scoring.column`, inline
    weights = WEIGHTS[contract]
    if kind != principal:
        return weights[column][kind]
    if column == LAST_COLUMN:
        return 0
    before, after = weights[column], weights[column + 1]
    total = 0
    for k in range(len(counts)):
        total += (after[k] - before[k]) * counts[k]
    return total


def _place(
    state: KrautUndRuebenState,
    seat: int,
    counts: list[list[int]],
    targets: list[int],
    rng: random.Random,
    random_: Callable[[], float],
) -> int:
    """A free space of the garden where the drawn tile is worth most (ties at random)."""
    kind = state.drawn
    first = state.place_base
    contracts = state.contracts
    prospect = PROSPECT_WEIGHT if len(state.owned[seat]) < state.quota else 0.0
    best, choice = -1e9, targets[0]
    n = len(targets)
    high = 0
    for g, owner in enumerate(state.owner):
        # Garden g's spaces are the targets low … high - 1 (ascending: one pass over them all).
        low = high
        stop = first + (g + 1) * SIZE
        while high < n and targets[high] < stop:
            high += 1
        if low == high:
            continue
        if owner == seat:
            value = float(_gain(contracts[seat], counts[g], kind))
        elif owner < 0:
            value = prospect * _gain(contracts[seat], counts[g], kind) if prospect else 0.0
        else:
            value = -RIVAL_WEIGHT * _gain(contracts[owner], counts[g], kind)
        value += random_() * 1e-3
        if value > best:
            best, choice = value, targets[low + below(rng, high - low)]
    return choice


def _snail(
    state: KrautUndRuebenState, seat: int, counts: list[list[int]], targets: list[int]
) -> int:
    """The space where a snail does the mover most good (or its rivals most harm)."""
    first = state.place_base
    base = state.base
    best, choice = -1e9, targets[0]
    for action in targets:
        i = action - first
        g = i // SIZE
        value = _worth(state, seat, g, counts[g], base[i])
        if value > best:
            best, choice = value, action
    return choice


def _take(state: KrautUndRuebenState, seat: int, counts: list[list[int]]) -> int:
    """The best unowned garden once it is worth taking; otherwise pass."""
    contract = state.contracts[seat]
    best, garden = -1e9, -1
    for g, owner in enumerate(state.owner):
        if owner < 0:
            worth = points(contract, counts[g]) + PROMISE_PER_SPACE * (SIZE - state.filled[g])
            if worth > best:
                best, garden = worth, g
    threshold = TAKE_THRESHOLD * min(1.0, len(state.pile) / TAKE_PILE)
    return state.take_base + garden if garden >= 0 and best >= threshold else state.pass_action


def follow_up(state: KrautUndRuebenState, seat: Seat) -> bool:
    """Whether ``seat`` decides again at once, nothing drawn since (`potager.agents.ismcts`'s
    ``FollowUp``): the take after its placement or its mole, in the same turn."""
    return state.phase == TAKING and state.turn == seat


def representatives(state: KrautUndRuebenState, actions: list[int]) -> list[int]:
    """For each of ``actions`` (legal in ``state``), the first of them that has the same effect
    (the same garden, the same covered kind, see the module docstring); a draw, a take or a pass
    stands for itself. Reads only the public table."""
    place, mole, take = state.place_base, state.mole_base, state.take_base
    base = state.base
    first: dict[tuple[int, int, int], int] = {}
    chosen = []
    for action in actions:
        if place <= action < take:
            family = place if action < mole else mole
            i = action - family
            chosen.append(first.setdefault((family, i // SIZE, base[i]), action))
        else:
            chosen.append(action)
    return chosen


def sampler(game: Game, view: Any, seat: Seat) -> Callable[[random.Random], KrautUndRuebenState]:
    """The search's samples of ``view`` (`potager.agents.ismcts.Sampler`): the view read once
    for the whole search, the states quiet (`KrautUndRuebenState.quiet`: their playouts keep no
    moves and no events), and the others' secret contracts dealt as their gardens and their
    placements suggest (`likelihoods` times `placements`, drawn by `infer`) rather than
    uniformly. ``view`` is typed ``Any``: a bot is handed a `SeatView`,
    which compiled code would refuse as a dict."""
    assert isinstance(game, KrautUndRueben)
    reading = game.read_view(dict(view.items()), seat)  # a `SeatView` read as its dict
    table, _, others = reading
    weights = likelihoods(table, seat, others)  # the table read from the view: its public part
    for row, evidence in zip(weights, placements(table, seat, others), strict=True):
        for i, weight in enumerate(evidence):
            row[i] *= weight

    def draw(rng: random.Random) -> KrautUndRuebenState:
        state = game.draw(reading, seat, rng, quiet=True)
        if others:
            infer(state, seat, others, weights, rng)
        return state

    return draw


def likelihoods(
    state: KrautUndRuebenState, seat: Seat, others: tuple[int, ...]
) -> list[list[float]]:
    """For each seat but ``seat``, the weight of each contract of ``others`` (the contracts it may
    hold): exp(`INFERENCE` x the points the gardens it owns are worth under that contract). A
    player takes the gardens its contract values (the heuristic's rule, and a careful player's),
    so its own gardens say which contract it holds; before it owns one, every contract weighs the
    same. Public information only: the gardens and their owners."""
    rows: list[list[float]] = []
    for s in range(state.players):
        row: list[float] = []
        if s != seat:
            counts = [state.top_counts(g) for g in state.owned[s]]
            for contract in others:
                worth = 0
                for garden in counts:
                    worth += points(contract, garden)
                row.append(math.exp(INFERENCE * worth))
        rows.append(row)
    return rows


def infer(
    state: KrautUndRuebenState,
    seat: Seat,
    others: tuple[int, ...],
    weights: list[list[float]],
    rng: random.Random,
) -> None:
    """Deal the other seats' contracts again, each drawn from those still free in proportion to
    its ``weights`` (`likelihoods`), the seats in a random order (a search that knows nothing of
    the others' contracts plays worse: docs/bots.md)."""
    free = list(range(len(others)))
    seats = [s for s in range(state.players) if s != seat]
    shuffle(seats, rng)
    for s in seats:
        row = weights[s]
        total = 0.0
        for i in free:
            total += row[i]
        x = rng.random() * total
        pick = free[-1]
        for i in free:
            x -= row[i]
            if x < 0:
                pick = i
                break
        free.remove(pick)
        state.contracts[s] = others[pick]


def placements(
    table: KrautUndRuebenState, seat: Seat, others: tuple[int, ...]
) -> list[list[float]]:
    """For each seat but ``seat``, a weight for each contract of ``others`` (the largest 1): how
    likely the placements that seat made this game (the table's log, `KrautUndRuebenState.log`)
    were under that contract. The log is played again on an empty table; at each tile another
    seat placed, each garden it could have chosen (for a snail, each kind of tile it could have
    covered there) is valued as the heuristic values it under each contract, and the choice made
    weighs for a contract as likely as `PLACEMENT_SHARPNESS` makes it, mixed with
    `PLACEMENT_NOISE` of a random choice. The mole and takes are not read (the gardens taken are
    `likelihoods`'); a placement with no alternative says nothing. Public information only."""
    gardens, players = table.gardens, table.players
    counts = [[0] * len(KINDS) for _ in range(gardens)]
    tops = [EMPTY] * (gardens * SIZE)
    filled = [0] * gardens
    snails = [0] * gardens
    owner = [-1] * gardens
    owned = [0] * players
    replayed = (counts, filled, snails, owner)
    logs: list[list[float]] = [[0.0] * len(others) if s != seat else [] for s in range(players)]
    for entry in table.log:
        mover: int = entry[0]
        g: int = entry[2] - 1
        if entry[1] == TAKE:
            owner[g] = mover
            owned[mover] += 1
            continue
        kind = CODE[entry[1]]
        i = space_of(entry)
        covered = tops[i]
        if mover != seat and kind != MOLE:
            prospect = owned[mover] < table.quota
            _read(logs[mover], others, replayed, mover, prospect, kind, g, covered)
        if covered == EMPTY:
            filled[g] += 1
        else:
            counts[g][covered] -= 1
        counts[g][kind] += 1
        tops[i] = kind
        if kind == SNAIL:
            snails[g] += 1
    return [[math.exp(x - max(row)) for x in row] for row in logs]


Replayed = tuple[list[list[int]], list[int], list[int], list[int]]
"""A table played again from the log (`placements`): per garden its uncovered tiles by kind,
its filled spaces, its snails and its owner (-1: none)."""


def _read(
    row: list[float],
    others: tuple[int, ...],
    table: Replayed,
    mover: Seat,
    prospect: bool,
    kind: int,
    g: int,
    covered: int,
) -> None:
    """Add to ``row`` the log-likelihood under each contract of ``others`` of ``mover`` putting
    a tile of ``kind`` on garden ``g`` over ``covered`` (`EMPTY`: an empty space), its choices
    valued as `heuristic.Table.change` values them; ``prospect``: it may still take a garden."""
    counts, filled, snails, owner = table
    options: list[tuple[int, int]] = []
    for h in range(len(counts)):
        if kind == SNAIL:
            if snails[h] < SNAILS_PER_GARDEN and filled[h] < SIZE:
                options += [(h, c) for c in range(DANDELION + 1) if counts[h][c]]
        elif filled[h] < SIZE - 1 or (filled[h] == SIZE - 1 and owner[h] in (-1, mover)):
            options.append((h, EMPTY))
    chosen = (g, covered if kind == SNAIL else EMPTY)
    if len(options) < 2 or chosen not in options:
        return  # no choice (or the first snail, on an empty space)
    contracts = sorted(CONTRACTS)
    gains = [
        [
            float(_snail_change(n, counts[h], c) if kind == SNAIL else _gain(n, counts[h], kind))
            for n in contracts
        ]
        for h, c in options
    ]
    guesses = {
        r: heuristic.guess(counts, owner, r, contracts) for r in set(owner) if r >= 0 and r != mover
    }
    at = options.index(chosen)
    uniform = PLACEMENT_NOISE / len(options)
    for j, contract in enumerate(others):
        values = []
        for (h, _), gain in zip(options, gains, strict=True):
            holder = owner[h]
            if holder == mover:
                values.append(gain[contract - 1])
            elif holder < 0:
                values.append(PROSPECT_WEIGHT * gain[contract - 1] if prospect else 0.0)
            else:  # the mover's guess of the rival's contract: any but its own
                weights = guesses[holder]
                loss = sum(w * x for w, x in zip(weights, gain, strict=True))
                loss -= weights[contract - 1] * gain[contract - 1]
                values.append(-RIVAL_WEIGHT * loss / (sum(weights) - weights[contract - 1]))
        top = max(values)
        total = sum(math.exp(PLACEMENT_SHARPNESS * (v - top)) for v in values)
        p = math.exp(PLACEMENT_SHARPNESS * (values[at] - top)) / total
        row[j] += math.log((1 - PLACEMENT_NOISE) * p + uniform)

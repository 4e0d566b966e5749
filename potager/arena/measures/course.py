"""The course of a game, measured alike in every game: its length in turns and rounds, the lead
as the scores run (lead changes, comebacks), and what each seat took in which third of the game.

A game module counts its turns (a reveal, a trick, a seat's draw or planting), notes each score
change as it is made public and each thing taken, then calls `course`:

>>> course(6, 2, [(1, (1.0, 0.0)), (3, (1.0, 2.0)), (5, (3.0, 2.0))], [(0, "ace", 1)], (0,))
{'turns': 6.0, 'rounds': 2.0, 'lead_changes': 2.0, 'comeback': 0.0, 'take_ace_early_1': 1.0}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

PHASES: Final = ("early", "middle", "late")
"""The thirds of a game, by turn: what a thing taken is grouped by."""

TAKE: Final = "take_"
"""The prefix of the measures of things taken: not measures of their own, but grouped data."""

Scores = tuple[float, ...]


def phase(turn: int, turns: int) -> str:
    """The third of a game of ``turns`` turns that turn ``turn`` (0 first) is in.

    >>> [phase(t, 9) for t in (0, 2, 3, 5, 6, 8)]
    ['early', 'early', 'middle', 'middle', 'late', 'late']
    """
    return PHASES[min(2, 3 * turn // max(1, turns))]


def leader(scores: Scores) -> int | None:
    """The seat alone at the top, ``None`` when the top is shared."""
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return top[0] if len(top) == 1 else None


def leads(
    turns: int, trail: Sequence[tuple[int, Scores]], winners: Sequence[int]
) -> dict[str, float]:
    """``lead_changes``: how often the seat alone at the top changed (a shared top keeps the last
    leader); ``comeback``: 1 when no winner was at the top, alone or shared, at half-time (the
    scores after the last change before turn ``turns / 2``; all level before the first). A game
    whose scores change only once or never (``trail`` of one or none) measures neither."""
    if len(trail) < 2:
        return {}
    changes, last = 0, None
    for _, scores in trail:
        now = leader(scores)
        if now is not None:
            changes += last is not None and now != last
            last = now
    half = [scores for turn, scores in trail if turn < turns / 2]
    comeback = bool(half) and all(half[-1][w] < max(half[-1]) for w in winners)
    return {"lead_changes": float(changes), "comeback": float(comeback)}


def course(
    turns: int,
    rounds: int,
    trail: Sequence[tuple[int, Scores]],
    taken: Sequence[tuple[int, str, int]],
    winners: Sequence[int],
) -> dict[str, float]:
    """The measures of a game's course: ``turns`` and ``rounds``, `leads` from ``trail`` (the
    turn of each public score change and the scores after it), and of ``taken`` ((turn, item,
    seat) for each thing taken) the count of each item each seat took in each third."""
    found = {"turns": float(turns), "rounds": float(rounds), **leads(turns, trail, winners)}
    for turn, item, seat in taken:
        name = f"{TAKE}{item}_{phase(turn, turns)}_{seat}"
        found[name] = found.get(name, 0.0) + 1
    return found


def taken_item(name: str) -> tuple[str, str, int] | None:
    """The (item, phase, seat) of a `course` take measure's name, ``None`` for another measure.

    >>> taken_item("take_corn_late_2"), taken_item("take_T1_early_0"), taken_item("turns")
    (('corn', 'late', 2), ('T1', 'early', 0), None)
    """
    if not name.startswith(TAKE):
        return None
    item, when, seat = name[len(TAKE) :].rsplit("_", 2)
    return item, when, int(seat)

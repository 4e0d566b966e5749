"""Pas de Haricots: points by suit, the trumps, the bean card's taker.

Over every hand of the match (the ``hand_end`` events' series and collected cards):
- ``points_<suit>`` (``H``, ``D``, ``S``, ``C``): the suit's series values summed over seats and
  hands (negative series count negative; a series with its trump counts 0);
- ``trumps_winner``: trumps collected by the winners (shared when tied);
- ``beans_winner``, ``beans``: bean cards taken by the winners and in all (the last take of
  each turn); ``hands`` played. This deck has no Fool: its four trumps are the only special
  cards.
- its `course`: a turn is a trick, a round a hand; the totals as each hand ends them; the trumps
  and bean cards each seat took.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from potager import games
from potager.engine import Event, Result

from ..rows import GameRow
from .course import course
from .drawing import Figures, column, kept, mean_bars

FACTS = games.get("pas-de-haricots").facts()
SUITS: tuple[str, ...] = tuple(FACTS["suits"])
"""In the order of the ``series`` lists of the ``hand_end`` event."""
TRUMP_SUIT: dict[str, str] = FACTS["pas_de_haricots"]
"""Each trump and the suit it wipes out."""


def measure(events: Sequence[Event], result: Result, players: int) -> dict[str, float]:
    found = {f"points_{suit}": 0.0 for suit in SUITS}
    found.update({"trumps_winner": 0.0, "beans_winner": 0.0, "beans": 0.0, "hands": 0.0})
    winners = result.winners
    share = 1 / len(winners)
    turns = 0
    trail: list[tuple[int, tuple[float, ...]]] = []
    taken: list[tuple[int, str, int]] = []
    for event in events:
        kind = event["type"]
        if kind == "reveal":
            turns += 1
        elif kind == "take":
            if event["card"] in TRUMP_SUIT:
                taken.append((turns - 1, event["card"], event["seat"]))
            if event["bean"]:
                taken.append((turns - 1, "bean", event["seat"]))
                found["beans"] += 1
                if event["seat"] in winners:
                    found["beans_winner"] += share
        elif kind == "hand_end":
            trail.append((turns - 1, tuple(float(t) for t in event["totals"])))
            found["hands"] += 1
            for seat, (series, cards) in enumerate(
                zip(event["series"], event["collected"], strict=True)
            ):
                trumps = [card for card in cards if card in TRUMP_SUIT]
                if seat in winners:
                    found["trumps_winner"] += share * len(trumps)
                for suit, value in zip(SUITS, series, strict=True):
                    found[f"points_{suit}"] += value
    return {**found, **course(turns, int(found["hands"]), trail, taken, winners)}


def figures(rows: Sequence[GameRow], note: str, left_out: Collection[str] = ()) -> Figures:
    """Points by suit; trumps and bean cards of the winners against a seat's average."""
    players = rows[0].players
    by_suit = kept(
        left_out, [f"points_{suit}" for suit in SUITS], [FACTS["suit_names"][s] for s in SUITS]
    )
    suits = mean_bars(
        [column(rows, name) for name in by_suit],
        list(by_suit.values()),
        f"Pas de Haricots, {players} players: points by suit",
        note,
        "series value per game, all seats and hands",
    )
    trumps = [len(TRUMP_SUIT) * row.measures["hands"] / players for row in rows]
    beans = [row.measures["beans"] / players for row in rows]
    winners = mean_bars(
        [column(rows, "trumps_winner"), trumps, column(rows, "beans_winner"), beans],
        ["trumps: winner", "trumps: a seat", "bean cards: winner", "bean cards: a seat"],
        f"Pas de Haricots, {players} players: trumps and bean cards taken",
        note,
        "per game (mean, 95% interval)",
    )
    return [("suits", suits), ("trumps-beans", winners)]

"""The events that recur in every turn, each built once per distinct content and then shared.

Events are values nobody changes once recorded (clones of a state already share them), so the
hot path appends a shared event instead of building a new dict: bids, reveals (looked up with
their outcome), takes, harvests and refills.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from potager.engine import Event, Seat

from .bidding import resolve
from .data import BIDS, KINDS, MAX_PLAYERS

BID_EVENTS = tuple({"type": "bid", "seat": seat} for seat in range(MAX_PLAYERS))
"""The ``bid`` event of each seat."""


K = TypeVar("K")


class SharedEvents(dict[K, Event]):
    """Events by their content (the key), each made by ``make(key)`` when first needed."""

    def __init__(self, make: Callable[[K], Event]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> Event:
        event = self[key] = self.make(key)
        return event


def _take_event(key: tuple[Seat, int, int, bool]) -> Event:
    seat, kind, count, forced = key
    return {"type": "take", "seat": seat, "kind": KINDS[kind], "count": count, "forced": forced}


def _harvest_event(key: tuple[Seat, int, int]) -> Event:
    seat, kind, chips = key
    return {"type": "harvest", "seat": seat, "kind": KINDS[kind], "chips": chips}


def _refill_event(cards: tuple[int, ...]) -> Event:
    return {"type": "refill", "cards": [KINDS[kind] for kind in cards]}


TAKE_EVENTS = SharedEvents(_take_event)
"""By (seat, kind, count, forced)."""

HARVEST_EVENTS = SharedEvents(_harvest_event)
"""By (seat, kind, chips)."""

REFILL_EVENTS = SharedEvents(_refill_event)
"""By the kinds drawn, in order."""


class Reveals(dict[tuple[int, ...], tuple[int, str, tuple[int, ...], Event]]):
    """`resolve` of every set of bids met so far with its ``reveal`` event, filled on demand:
    a reveal costs one dict lookup."""

    def __init__(self, beginner: bool) -> None:
        super().__init__()
        self.beginner = beginner

    def __missing__(self, bids: tuple[int, ...]) -> tuple[int, str, tuple[int, ...], Event]:
        sweeper, reason, takers, cancelled = resolve(bids, self.beginner)
        event = {
            "type": "reveal",
            "bids": [BIDS[bid] for bid in bids],
            "cancelled": list(cancelled),
        }
        found = self[bids] = (sweeper, reason, takers, event)
        return found


REVEALS = {beginner: Reveals(beginner) for beginner in (False, True)}
"""By the beginners' variant (True or False)."""

"""What a game's observation encoder is made of: a flat float32 vector of named slices.

Each game's encoder (``potager/rl/encoders/<package>.py``) declares its features in a `Layout`
(name, size, meaning; OpenSpiel's observer tensors are the model) and fills them from
``state.view(seat)`` and nothing else, so two states a seat cannot tell apart give it the same
observation. Seats are relative: slot 0 of every per-seat feature is the observing seat, slot 1 the
next seat clockwise, and so on (`relative`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np

from potager.engine import Seat, View

T = TypeVar("T")


@dataclass(frozen=True)
class Feature:
    """One named slice of the observation: ``vector[offset:offset + size]``."""

    name: str
    offset: int
    size: int
    doc: str


class Layout:
    """The features of one observation, in order; `add` returns the new slice's offset."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        offset = self.size
        self.features.append(Feature(name, offset, size, doc))
        self.size += size
        return offset

    def markdown(self) -> str:
        """The features as a Markdown table (docs/rl.md)."""
        rows = ["| feature | slice | meaning |", "|---|---|---|"]
        for f in self.features:
            where = f"{f.offset}" if f.size == 1 else f"{f.offset}–{f.offset + f.size - 1}"
            rows.append(f"| `{f.name}` | {where} ({f.size}) | {f.doc} |")
        return "\n".join(rows)


class Encoder(Protocol):
    """A game's observation encoder for one configuration (players, variant)."""

    layout: Layout

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        """The float32 observation of ``seat`` from its own ``view`` alone."""
        ...


def relative(per_seat: Sequence[T], seat: Seat) -> list[T]:
    """``per_seat`` rotated so that the observing ``seat`` comes first."""
    return [*per_seat[seat:], *per_seat[:seat]]


def index_of(names: Sequence[str]) -> dict[str, int]:
    """``{name: position}`` for a one-hot or a multi-hot slice."""
    return {name: i for i, name in enumerate(names)}

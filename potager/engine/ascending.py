"""Ascending lists of actions, searched and kept in order: `bisect` as loops that compile.

The rules keep some legal lists ascending (Garden Rush's complete fields and bonus choices,
Kraut & Rüben's open cards and targets) and search them at every placement. `bisect`'s builtins
compare Python ints through rich comparison and are, from compiled code, calls to Python
functions; these loops compile to C int comparisons. Compiled with the rules (`potager.compiled`).
"""

from __future__ import annotations

from typing import Any

from .types import Action


def position(ascending: list[Action], action: Action) -> int:
    """Where ``action`` is or would go in the ascending list (`bisect.bisect_left`)."""
    low, high = 0, len(ascending)
    while low < high:
        middle = (low + high) >> 1
        if ascending[middle] < action:
            low = middle + 1
        else:
            high = middle
    return low


def holds(ascending: list[Action], action: Action) -> bool:
    """Whether the ascending list holds ``action``."""
    i = position(ascending, action)
    return i < len(ascending) and ascending[i] == action


def insert(ascending: list[Any], action: Any) -> None:
    """Put ``action`` into the ascending list in order (`bisect.insort`)."""
    ascending.insert(position(ascending, action), action)

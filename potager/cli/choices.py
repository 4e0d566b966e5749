"""The legal actions as a menu short enough to keep the table in sight.

A menu groups actions by the words of their notation (``plant 1 …`` holds the placements of
Hedge slot 1's token), splitting the largest group into its parts while the menu stays within
`LIMIT` entries; opening a group lists its actions by the words that follow (``b1``, ``c1`` …).
Garden Rush's 105 placements are so five groups of 21.

>>> many = [(i, f"plant {1 + i // 21} {i % 21}") for i in range(105)]
>>> [(e.label, len(e.actions)) for e in Menu.of(many).entries][:2]
[('plant 1', 21), ('plant 2', 21)]
>>> [e.label for e in Menu.of(many).open(Menu.of(many).entries[1]).entries][:3]
['0', '1', '2']
>>> cards = Menu.of([(0, "play H5"), (1, "play H7"), (2, "play T2")])
>>> cards.prefix, [e.label for e in cards.entries]
(('play',), ['H5', 'H7', 'T2'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from potager.engine import Action

LIMIT = 8
"""Entries a menu lists at most before grouping (two or three lines at 80 columns), unless its
actions cannot be grouped further."""


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: an action (``actions`` has one) or a group to open."""

    words: tuple[str, ...]
    """The words of the notation this entry stands for, after the menu's prefix."""
    actions: tuple[Action, ...]

    @property
    def label(self) -> str:
        return " ".join(self.words)

    @property
    def is_group(self) -> bool:
        return len(self.actions) > 1


@dataclass(frozen=True)
class Menu:
    """The entries offered after ``prefix`` (the words of an opened group; empty at the top)."""

    prefix: tuple[str, ...]
    entries: tuple[Entry, ...]
    names: dict[Action, tuple[str, ...]]
    """Every action of the decision, as the words of its notation."""

    opened: bool = False
    """A group opened from the top menu (not the top menu itself)."""

    @classmethod
    def of(cls, named: Sequence[tuple[Action, str]]) -> Menu:
        """The top menu of a decision: ``named`` is each legal action with its notation. When
        every entry is an action and all begin with one word, that word is the menu's prefix
        (Pas de Haricots: ``play …`` then ``H5``, ``H7`` …)."""
        names = {action: tuple(name.split()) for action, name in named}
        top = cls._grouped((), [a for a, _ in named], names)
        leaves = [e for e in top.entries if not e.is_group and len(e.words) > 1]
        if len(leaves) == len(top.entries) > 1 and len({e.words[0] for e in leaves}) == 1:
            entries = tuple(Entry(e.words[1:], e.actions) for e in leaves)
            return cls(leaves[0].words[:1], entries, names)
        return top

    def open(self, entry: Entry) -> Menu:
        """The menu of a group's actions, by the words after the group's own."""
        menu = self._grouped(self.prefix + entry.words, list(entry.actions), self.names)
        return Menu(menu.prefix, menu.entries, menu.names, opened=True)

    @property
    def actions(self) -> list[Action]:
        return [a for e in self.entries for a in e.actions]

    def find(self, text: str) -> Entry | None:
        """The group whose words are ``text`` (after the prefix, or in full)."""
        words = tuple(text.split())
        for entry in self.entries:
            if entry.is_group and words in (entry.words, self.prefix + entry.words):
                return entry
        return None

    @classmethod
    def _grouped(
        cls, prefix: tuple[str, ...], actions: list[Action], names: dict[Action, tuple[str, ...]]
    ) -> Menu:
        """Start from one group of everything and split the largest group into the groups of its
        next word while the menu stays within `LIMIT` entries (or it is still a single group)."""
        depth = len(prefix)
        groups = [_descend(actions, names, depth)]
        while True:
            splittable = [g for g in groups if len(g[1]) > 1]
            if not splittable:
                break
            largest = max(splittable, key=lambda g: len(g[1]))
            parts = _split(largest, names)
            if len(groups) > 1 and len(groups) - 1 + len(parts) > LIMIT:
                break
            at = groups.index(largest)
            groups[at : at + 1] = parts
        groups.sort(key=lambda g: actions.index(g[1][0]))
        entries = tuple(Entry(names[g[1][0]][depth : g[0]], tuple(g[1])) for g in groups)
        return cls(prefix, entries, names)


Group = tuple[int, list[Action]]
"""Actions sharing their first ``n`` words, with ``n``."""


def _descend(actions: list[Action], names: dict[Action, tuple[str, ...]], depth: int) -> Group:
    """The actions as one group, as deep as all of them share words (a one-action group is the
    whole notation)."""
    if len(actions) == 1:
        return len(names[actions[0]]), actions
    first = names[actions[0]]
    while depth < len(first) and all(
        len(names[a]) > depth and names[a][depth] == first[depth] for a in actions
    ):
        depth += 1
    return depth, actions


def _split(group: Group, names: dict[Action, tuple[str, ...]]) -> list[Group]:
    """A group's parts by their next word, in the order of their first action; an action whose
    notation ends here is a part of its own."""
    depth, actions = group
    parts: dict[str, list[Action]] = {}
    for action in actions:
        words = names[action]
        key = words[depth] if len(words) > depth else ""
        parts.setdefault(key, []).append(action)
    return [_descend(part, names, depth + 1) for part in parts.values()]

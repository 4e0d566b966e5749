"""Names that would read as another seat.

The pages label a seat nobody named "Seat n", a bot by its level's name for players ("Casual
bot", numbered "Casual bot 4" when two seats share a level) and the viewer's own seat "You", in
the page's language (``Potager.seatName`` and ``playerName``, potager/web/static/js/potager.js).
A person who took one of those labels as a display name would read like another seat: "Casual
bot 4" beside the real one, "Seat 1" beside an unnamed seat 1. So a display name is refused when
it reads, in any of the four languages and whatever its case, spacing or hyphens, as a bot's
label (numbered or not, by its level's name for players or the level itself), as "Seat n" for
any n, or as "You" or "Spectator".
"""

from __future__ import annotations

import re
from functools import cache

from potager import agents, games
from potager.i18n import LANGUAGES, say, say_in, translate

_NUMBER = "\x00"
"""Stands for the seat number while a language's "Seat {n}" is cut around it."""


def _key(text: str) -> str:
    """A label as compared: hyphens and underscores as spaces (the pages' ``humanize``), runs
    of spaces as one, trimmed, case folded."""
    return " ".join(re.sub(r"[_-]+", " ", text).split()).casefold()


def _levels() -> set[str]:
    """Every bot level's name (without parameters) that some installed game offers, and its
    name for players ("Casual")."""
    found = {"policy", agents.title("policy")}
    for name in games.names():
        try:
            game = games.get(name)
        except (ValueError, ModuleNotFoundError):
            continue
        found |= {level.split(":")[0] for level in agents.levels(game)}
        found |= {agents.title(level) for level in agents.levels(game)}
    return found


@cache
def _labels() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The labels the pages give seats, in every language: the fixed ones, and a pattern per
    language for "Seat n"."""
    fixed: set[str] = set()
    numbered = []
    for lang in LANGUAGES:
        for level in _levels():
            fixed.add(_key(say_in(lang, "{level} bot", level=translate(level, lang))))
        fixed |= {_key(say_in(lang, "You")), _key(say_in(lang, "Spectator"))}
        before, _, after = _key(say_in(lang, "Seat {n}", n=_NUMBER)).partition(_NUMBER)
        numbered.append(re.compile(re.escape(before) + r"\s*\d+\s*" + re.escape(after)))
    return frozenset(fixed), tuple(numbered)


def reads_as_a_seat(name: str) -> bool:
    """Would the pages show ``name`` for another seat, in some language?

    >>> [reads_as_a_seat(n) for n in ("Heuristic bot 4", "bot  heuristik", "Posto 2", "Ada")]
    [True, True, True, False]
    >>> [reads_as_a_seat(n) for n in ("Casual bot 4", "Bot Esperto", "Strong")]
    [True, True, False]
    """
    key = _key(name)
    fixed, numbered = _labels()
    base = re.sub(r"\s*\d+$", "", key)
    return key in fixed or base in fixed or any(p.fullmatch(key) for p in numbered)


def seat_label_refused(name: str) -> str | None:
    """Why ``name`` may not be a display name (`reads_as_a_seat`), or None if it may."""
    if not reads_as_a_seat(name):
        return None
    return say(
        'the name "{name}" reads as another seat\'s label: choose another', name=name.strip()
    )

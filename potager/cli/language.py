"""The language the terminal speaks to a player: English, French, German or Italian.

``potager play`` and ``potager replay`` take ``--lang``, else the environment's language
(`potager.cli.options.language`); the study commands (simulate, tournament, report, analyse)
stay English.

The words are `potager.i18n`'s catalogs, the browser's: a text is written in English where it is
shown, through `t` (or `tn` for a count, or `Who.says` in `potager.cli.render` for a sentence
whose subject is "you" or a seat); ``tests/web/test_i18n.py`` checks every such text has its
French, German and Italian (``potager/web/static/i18n/terminal.json`` and the browser's), and
``tests/cli/test_i18n_cli.py`` that no English reaches the player outside them. The chosen
language holds for one command (`speaking`), so the renderers keep their signatures.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from potager.i18n import TRANSLATED, say_in, translate

_speaking: ContextVar[str] = ContextVar("speaking", default="en")


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The terminal speaks ``lang`` within the block (one command)."""
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def current() -> str:
    """The language the terminal speaks now."""
    return _speaking.get()


def t(template: str, /, **params: Any) -> str:
    """``template``, an English text, in the terminal's language, its ``{placeholders}`` filled
    from ``params``."""
    return say_in(current(), template, **params)


def tn(count: int, one: str, other: str, /, **params: Any) -> str:
    """A text about ``count`` things, ``{n}`` in it: ``one`` or ``other`` in English, the
    language's plural form of ``other`` in the others."""
    if current() in TRANSLATED:
        return say_in(current(), other, n=count, **params)
    return say_in("en", one if count == 1 else other, n=count, **params)


def seat_name(seat: int) -> str:
    """A seat as the terminal names it, "seat 2": its own words, apart from the pages' "seat {n}"
    (which the server's messages share), since a French "place 2" read as the verb beside
    ``plant 1 …``; the terminal says "joueur 2"."""
    return t("seat {seat}", seat=seat)


def told(message: str) -> str:
    """A message written in English with `potager.i18n.say` elsewhere (an engine's refusal) in
    the terminal's language (English when no catalog knows it)."""
    return translate(message, current())

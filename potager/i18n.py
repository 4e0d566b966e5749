"""Four languages, the rulebooks' own: English, French, German and Italian.

The words live in ``potager/web/static/i18n/<area>.json``, each file holding the three
translations of its area's English texts (the guide: ``potager/web/I18N.md``). The browser
fetches them merged per language (`catalog`); the server says its messages to people in the
asker's language through `translate`, the terminal its own through `say_in`. A message is
written in English where it is raised, through `say`, which marks it for the test that every
message has its translations and returns the English text (logs, exceptions and records stay
English); `translate` finds the English template a text came from and fills its translation
with the same values. No web framework here: the terminal imports it without the server extra.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr", "de", "it")
"""English first: the language of the code, the logs and every text's key."""
TRANSLATED = LANGUAGES[1:]
CATALOGS = Path(__file__).resolve().parent / "web" / "static" / "i18n"
PLACEHOLDER = re.compile(r"\{(\w+)\}")

Entry = str | dict[str, str]
"""A translation: a text, or (a plural, keyed by the English ``other`` form) one text per plural
category of the language (``one``, ``many``, ``other``)."""


def say(template: str, /, **params: Any) -> str:
    """The English message ``template`` with its ``{placeholders}`` filled from ``params``."""
    return template.format(**params) if params else template


def say_in(lang: str, template: str, /, **params: Any) -> str:
    """`say` in ``lang``: the translation of ``template`` (English without one) with its
    ``{placeholders}`` filled, for a page the server draws in the asker's language."""
    entry = catalog(lang).get(template, template) if lang in TRANSLATED else template
    return _fill(entry, {name: str(value) for name, value in params.items()}, lang)


def supported(tag: str | None) -> str | None:
    """The supported language a tag such as ``de-CH`` or ``it`` names, or None."""
    primary = (tag or "").strip().lower().split("-")[0].split("_")[0]
    return primary if primary in LANGUAGES else None


def _stamp() -> tuple[tuple[str, int], ...]:
    return tuple(sorted((p.name, p.stat().st_mtime_ns) for p in CATALOGS.glob("*.json")))


@cache
def _areas(stamp: tuple[tuple[str, int], ...]) -> dict[str, dict[str, Entry]]:
    """Every area file's entries merged per language (read again when a file changes)."""
    merged: dict[str, dict[str, Entry]] = {lang: {} for lang in TRANSLATED}
    for name, _ in stamp:
        found = json.loads((CATALOGS / name).read_text(encoding="utf-8"))
        for lang in TRANSLATED:
            merged[lang].update(found.get(lang, {}))
    return merged


def catalog(lang: str) -> dict[str, Entry]:
    """Every English text's translation into ``lang`` ({} for English)."""
    return _areas(_stamp()).get(lang, {})


@dataclass(frozen=True)
class _Template:
    english: str
    pattern: re.Pattern[str]


@cache
def _templates(stamp: tuple[tuple[str, int], ...]) -> tuple[_Template, ...]:
    """The texts with placeholders, as patterns matching what they say in English; the most
    literal first, so "seat {seat} is taken" wins over "{message}"."""
    found = []
    for english in {key for entries in _areas(stamp).values() for key in entries}:
        if not PLACEHOLDER.search(english):
            continue
        parts, named = PLACEHOLDER.split(english), set()
        regex = ""
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex += re.escape(part)
            else:  # a placeholder said twice says the same both times
                regex += f"(?P={part})" if part in named else f"(?P<{part}>.+?)"
                named.add(part)
        found.append(_Template(english, re.compile(f"^{regex}$", re.DOTALL)))
    found.sort(key=lambda t: -len(PLACEHOLDER.sub("", t.english)))
    return tuple(found)


def _category(lang: str, count: str | None) -> str:
    """The plural category of a whole ``count`` (CLDR's rules for integers, millions aside):
    "one" for 1 (and 0 in French), else "other"."""
    if count is None or not count.isdigit():
        return "other"
    return "one" if int(count) == 1 or (lang == "fr" and int(count) == 0) else "other"


def _fill(entry: Entry, params: Mapping[str, str], lang: str) -> str:
    """A translation with its placeholders filled; a plural's form chosen by ``{n}``."""
    if isinstance(entry, dict):
        entry = entry.get(_category(lang, params.get("n")), entry.get("other", ""))
    return PLACEHOLDER.sub(lambda m: params.get(m.group(1), m.group(0)), entry)


def translate(text: str, lang: str) -> str:
    """``text``, an English message (`say`), in ``lang``: its template's translation with the
    same values. A text no catalog knows is returned as it is."""
    if lang not in TRANSLATED:
        return text
    words = catalog(lang)
    found = words.get(text)
    if found is not None:
        return _fill(found, {}, lang)
    for template in _templates(_stamp()):
        match = template.pattern.match(text)
        if match and template.english in words:
            return _fill(words[template.english], match.groupdict(), lang)
    return text

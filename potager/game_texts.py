"""The games' rules pages: one Markdown file per game and language, shipped inside the package.

They live in ``potager/texts/`` (``<package>.md`` in English, ``<package>.<lang>.md`` in French,
German and Italian) and are read through `importlib.resources`, so an installed wheel has them
wherever it runs; ``docs/games`` is a link to the same folder.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

TEXTS: Traversable = files("potager") / "texts"
"""The folder of the rules pages."""


def file_name(package: str, lang: str = "en") -> str:
    """The rules page's file name of the game package ``package`` (``garden_rush``) in ``lang``.

    >>> file_name("garden_rush"), file_name("garden_rush", "it")
    ('garden_rush.md', 'garden_rush.it.md')
    """
    return f"{package}.md" if lang == "en" else f"{package}.{lang}.md"

"""The games' rules pages: one Markdown file per game and language, shipped inside the package.

They live in ``potager/texts/`` (``<package>.md`` in English, ``<package>.<lang>.md`` in French,
German and Italian) and are read through `importlib.resources`, so an installed wheel has them
wherever it runs; ``docs/games`` is a link to the same folder. Their links to other docs pages
are relative Markdown links (``../bots.md``), checked by the docs site's strict build; read
elsewhere (the server, the terminal) they lead to the docs site (`docs_link`).
"""

from __future__ import annotations

import posixpath
import re
from importlib.resources import files
from importlib.resources.abc import Traversable

TEXTS: Traversable = files("potager") / "texts"
"""The folder of the rules pages."""
DOCS_SITE = "https://potager-games.github.io/potager/"
"""The docs site (``site_url`` in mkdocs.yml, the project's Documentation URL)."""
_DOCS_PAGE = re.compile(r"(?P<page>[^:?#]+)\.md(?P<anchor>#.*)?")


def file_name(package: str, lang: str = "en") -> str:
    """The rules page's file name of the game package ``package`` (``garden_rush``) in ``lang``.

    >>> file_name("garden_rush"), file_name("garden_rush", "it")
    ('garden_rush.md', 'garden_rush.it.md')
    """
    return f"{package}.md" if lang == "en" else f"{package}.{lang}.md"


def docs_link(href: str) -> str:
    """Where a rules page's link ``href`` leads from outside the docs site: a relative link to a
    docs page becomes that page on the docs site; any other link is kept.

    >>> docs_link("../rules-notes.md#garden-rush")
    'https://potager-games.github.io/potager/rules-notes/#garden-rush'
    >>> docs_link("garden_rush.fr.md"), docs_link("https://example.org/a.md")
    ('https://potager-games.github.io/potager/games/garden_rush.fr/', 'https://example.org/a.md')
    """
    found = _DOCS_PAGE.fullmatch(href)
    if found is None or href.startswith("/"):
        return href
    page = posixpath.normpath(posixpath.join("games", found["page"]))
    head, name = posixpath.split(page)
    folder = head if name == "index" else page
    return f"{DOCS_SITE}{folder + '/' if folder else ''}{found['anchor'] or ''}"

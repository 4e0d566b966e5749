"""Self-contained HTML pages for tournaments and reports: no script, no outside resource.

A page is a title, a line of context, and sections of tables and images. Images are either
embedded (``data:`` URIs: the tournament's one-file report) or linked by a relative file name
(the balance report's directory of PNG files beside its ``index.html``).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { color: #3a7d44; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ddd; padding: .3em .6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f6f0; } img { max-width: 100%; display: block; margin: 1em 0; }
.note { color: #555; font-size: .9em; }
"""


@dataclass
class Section:
    """A heading, paragraphs, tables (a header row then rows) and images."""

    title: str
    paragraphs: list[str] = field(default_factory=list)
    tables: list[tuple[Sequence[str], Sequence[Sequence[object]]]] = field(default_factory=list)
    images: list[tuple[str, str]] = field(default_factory=list)
    """``(source, alternative text)``: a relative file name or a ``data:`` URI (`embedded`)."""


def embedded(png: bytes) -> str:
    """A PNG as a ``data:`` URI, for a page that must stand alone."""
    return "data:image/png;base64," + base64.b64encode(png).decode()


def page(title: str, context: str, sections: Sequence[Section]) -> str:
    """The whole HTML document."""
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="note">{escape(context)}</p>',
    ]
    for section in sections:
        parts.append(f"<h2>{escape(section.title)}</h2>")
        parts += [f"<p>{escape(text)}</p>" for text in section.paragraphs]
        for header, rows in section.tables:
            parts.append("<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr>")
            for row in rows:
                parts.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
            parts.append("</table>")
        for source, alt in section.images:
            parts.append(f'<img src="{escape(source)}" alt="{escape(alt)}">')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

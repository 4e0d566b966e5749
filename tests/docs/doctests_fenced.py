"""A Griffe extension for the docs site (mkdocs.yml): in docstrings, doctest examples (``>>>``
lines and their output, up to a blank line) become ``pycon`` code blocks, and reStructuredText's
simple tables (between ``=====  ===`` borders) plain text blocks, so that Markdown shows them as
written rather than as quotes, links and run-on paragraphs."""

from __future__ import annotations

import re
from typing import Any

import griffe

PROMPTS = (">>> ", "... ")
BORDER = re.compile(r"^\s*=+( +=+)+\s*$")
"""A simple table's border: runs of ``=`` apart by spaces; a table has three."""


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines, and each simple table, between fences."""
    out: list[str] = []
    inside: str | None = None
    borders = 0
    for line in text.splitlines():
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if inside is None and (stripped.startswith(PROMPTS) or stripped == ">>>"):
            out += ["", f"{indent}```pycon"]
            inside = "doctest"
        elif inside is None and BORDER.match(line):
            out += ["", f"{indent}```text"]
            inside, borders = "table", 0
        elif inside == "doctest" and not stripped:
            out.append("```")
            inside = None
        out.append(line)
        if inside == "table" and BORDER.match(line):
            borders += 1
            if borders == 3:
                out += [f"{indent}```", ""]
                inside = None
    if inside is not None:
        out.append("```")
    return "\n".join(out)


class DoctestsFenced(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        docstring = obj.docstring
        if docstring is not None and (">>>" in docstring.value or "==" in docstring.value):
            docstring.value = fenced(docstring.value)

"""The code names no issue: its history is in docs/, the changelog and the commit bodies."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ISSUE = re.compile(r"\bissue \d+", re.IGNORECASE)
SOURCES = ("*.py", "*.js", "*.html", "*.css")
PATTERNS = ROOT / "tests" / "docs" / "test_player_texts.py"
"""Holds a developer note with an issue number, which its patterns must catch in the rules texts."""


def test_no_source_file_names_an_issue() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("potager", "bench", "tests")
        for pattern in SOURCES
        for path in sorted((ROOT / folder).rglob(pattern))
        if path != PATTERNS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ISSUE.search(line)
    ]
    assert named == []

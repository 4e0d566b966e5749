"""Module docstrings read as a library's: what the module is for and its contract, in a few
lines; the why and the history live in docs/, which they link to."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import ROOT

LIMIT = 15
"""Lines of a module docstring at most, its doctest examples included."""
MODULES = sorted((ROOT / "potager").rglob("*.py"))


def docstring_lines(source: str) -> int:
    """How many lines the module docstring of ``source`` takes (0 without one)."""
    doc = ast.get_docstring(ast.parse(source), clean=False)
    return len(doc.strip("\n").splitlines()) if doc else 0


def test_the_measure_counts_the_docstring_s_lines() -> None:
    assert docstring_lines('"""One line."""\nx = 1\n') == 1
    assert docstring_lines('"""Title.\n\nBody\nmore.\n"""\n') == 4
    assert docstring_lines("x = 1\n") == 0


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_docstring_takes_at_most_fifteen_lines(path: Path) -> None:
    lines = docstring_lines(path.read_text(encoding="utf-8"))
    assert lines <= LIMIT, f"{lines} lines: keep the contract, move the why to docs/"

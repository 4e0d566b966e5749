"""Reading a command's output in the tests."""

from __future__ import annotations

import re


def plain(output: str) -> str:
    """The words of a command's output, without the boxes of Click's Error panel."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", output).split())

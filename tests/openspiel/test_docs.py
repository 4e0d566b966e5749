"""The worked example of docs/openspiel.md runs as it is printed there."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).parents[2] / "docs" / "openspiel.md"


def test_the_worked_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})

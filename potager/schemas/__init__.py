"""The JSON Schemas (draft 2020-12) of the documents Potager writes for tools: records, saved
states, analyses and the study commands' output (docs/records.md).

>>> schema("record")["$schema"]
'https://json-schema.org/draft/2020-12/schema'
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

Name = Literal["record", "save", "analysis", "simulate", "tournament"]
NAMES: tuple[Name, ...] = ("record", "save", "analysis", "simulate", "tournament")


@cache
def _text(name: str) -> str:
    return resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")


def schema(name: Name) -> dict[str, Any]:
    """The schema of ``name``'s documents (a fresh copy); `ValueError` for another name."""
    if name not in NAMES:
        raise ValueError(f"no schema {name!r}; schemas: {', '.join(NAMES)}")
    found: dict[str, Any] = json.loads(_text(name))
    return found

"""The terminal's tests read English unless they choose a language: the language of
``potager play`` and ``potager replay`` comes from the environment, so it is cleared here."""

from __future__ import annotations

import pytest

from potager.cli.options import ENVIRONMENT


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``: English, whatever the machine's locale."""
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)

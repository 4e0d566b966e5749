"""While a server serves, the garbage collector is set for it (issue 13: `collector`); once it
stops, the process's collector is as it was."""

from __future__ import annotations

import gc
from pathlib import Path

from fastapi.testclient import TestClient

from potager.server import create_app
from potager.server.collector import OLDER, YOUNG
from tests.server.conftest import settings


def test_the_collector_is_set_while_serving_and_restored_after(tmp_path: Path) -> None:
    before = gc.get_threshold()
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'potager.db'}"))) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == (YOUNG, OLDER, OLDER)
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0

"""The shipped models: a ``policy:`` level names a file, or a model shipped inside the package by
its name, from any directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from potager import agents, games
from tests import ROOT

pytest.importorskip("numpy")

NAME = "heuschrecken-poker-2p"


def test_the_checkouts_models_folder_holds_the_shipped_model() -> None:
    assert (ROOT / "models" / f"{NAME}.npz").resolve() == Path(str(agents.MODELS / f"{NAME}.npz"))


@pytest.mark.parametrize("level", [NAME, f"{NAME}.npz"])
def test_a_shipped_model_plays_by_its_name_from_any_directory(
    level: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    bot = agents.make(agents.POLICY + level, games.get("heuschrecken-poker"))
    assert bot.act is not None
    assert agents.model_file(level) == str(agents.MODELS / f"{NAME}.npz")


def test_a_file_is_read_where_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert agents.model_file(f"models/{NAME}.npz") == f"models/{NAME}.npz"


@pytest.mark.parametrize("path", ["gone", f"elsewhere/{NAME}.npz"])
def test_neither_a_file_nor_a_shipped_name_is_refused_naming_the_shipped_models(
    path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=rf"cannot load a policy from '{path}'.*shipped: {NAME}"):
        agents.make(agents.POLICY + path, games.get("heuschrecken-poker"))

"""A command whose extra is missing says in one line which extra to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from potager.cli import main


@pytest.mark.parametrize(
    ("module", "extras"),
    [
        ("uvicorn", ["server"]),
        ("markdown_it", ["server"]),
        ("fastapi_offline", ["server"]),
        ("sqlalchemy", ["server", "study"]),
        ("distributed", ["study"]),
        ("pandas", ["study"]),
        ("gymnasium", ["rl"]),
        ("json", []),
    ],
)
def test_the_extras_that_bring_a_module_are_the_packages_own_word(
    module: str, extras: list[str]
) -> None:
    assert main.providing(module) == extras


def test_a_command_is_sent_to_its_own_extra_where_several_bring_the_module() -> None:
    assert "the study extra" in str(main.advice("sqlalchemy", "tournament"))
    assert "the server extra" in str(main.advice("sqlalchemy", "serve"))


def test_serve_without_the_server_extra_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # `import uvicorn` fails as if not installed
    monkeypatch.setattr(sys, "argv", ["potager", "serve", "--port", "0"])
    with pytest.raises(SystemExit) as stopped:
        main.main()
    assert stopped.value.code == 1
    said = capsys.readouterr().err
    assert said == (
        "potager serve needs the server extra (uvicorn is missing): pip install 'potager[server]'\n"
    )


def test_a_module_no_extra_brings_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise ModuleNotFoundError("No module named 'potager.gone'", name="potager.gone")

    monkeypatch.setattr(main, "app", broken)
    with pytest.raises(ModuleNotFoundError, match="potager.gone"):
        main.main()


def test_report_without_the_study_extra_stops_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from potager.arena import report

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played first")

    monkeypatch.setattr(report, "strongest_level", played)
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.setattr(sys, "argv", ["potager", "report", "garden-rush", "--out", str(tmp_path)])
    with pytest.raises(SystemExit):
        main.main()
    assert "needs the study extra (pandas is missing)" in capsys.readouterr().err

"""``potager bot``: a bot level plays a seat on a live server from the command line; a wrong
token is one clear error; without the client extra, one line naming it."""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from potager.cli import main
from potager.client import RemotePlayer, RemoteSeat, Seek
from tests import ROOT
from tests.server.conftest import settings
from tests.server.driver import create
from tests.web.conftest import serving

runner = CliRunner()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("bot") / "potager.db"
    with serving(settings(f"sqlite:///{db}")) as address:
        yield address


def test_the_bot_command_plays_a_seat_to_the_end(server: str) -> None:
    with httpx.Client(base_url=server) as http:
        created = create(http, "heuschrecken-poker", ["human", "random"])
        link = server + created["you"]["url"]
        ran = runner.invoke(main.app, ["bot", link, "--level", "heuristic", "--quiet"])
        assert ran.exit_code == 0, ran.output
        summary = http.get(f"/api/tables/{created['table']['id']}").json()
    assert summary["status"] == "finished"
    assert f"table {summary['id']}, seat 0: scores" in ran.output
    assert "0 by the stand-in, 0 too slow, 0 reconnections" in ran.output


def test_the_bot_command_plays_your_own_agent_class(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mybot.py").write_text(
        "class FirstLegal:\n"
        "    def act(self, game, view, seat, legal_actions, rng):\n"
        "        return legal_actions[0]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command puts the directory first
    with httpx.Client(base_url=server) as http:
        created = create(http, "heuschrecken-poker", ["human", "random"])
        link = server + created["you"]["url"]
        ran = runner.invoke(main.app, ["bot", link, "--agent", "mybot:FirstLegal", "-q"])
        record = http.get(f"/api/tables/{created['table']['id']}/record").json()
    assert ran.exit_code == 0, ran.output
    assert record["result"] is not None and "seat 0: scores" in ran.output


def test_the_bot_command_plays_every_seat_of_its_player(server: str) -> None:
    with httpx.Client(base_url=server) as http:
        robo = http.post("/api/players", json={"name": "Robo"}).json()
        body = {"game": "heuschrecken-poker", "players": 2, "seats": [{"kind": "human"}] * 2}
        headers = {"Authorization": f"Bearer {robo['token']}"}
        made = http.post("/api/tables", json=body, headers=headers).json()
        joined = http.post(f"/api/tables/{made['table']['id']}/join", json={}).json()
        env = {"POTAGER_PLAYER_TOKEN": robo["token"]}
        with ThreadPoolExecutor(1) as other:  # the other seat, by its invite link
            opponent = other.submit(RemoteSeat(server + joined["url"], "random").run)
            ran = runner.invoke(main.app, ["bot", server, "--until-idle", "-q"], env=env)
            opponent.result(timeout=60)
        assert http.get("/api/players/me", headers=headers).json()["bot"]
    assert ran.exit_code == 0, ran.output
    assert ran.output.startswith(f"table {made['table']['id']}, seat 0: scores")


def test_the_bot_command_seeks_a_quick_match_among_bots(server: str) -> None:
    with httpx.Client(base_url=server) as http:
        robo, tron = (http.post("/api/players", json={"name": n}).json() for n in ("Rob", "Tro"))
    seeking = Seek("heuschrecken-poker", 2)
    other = RemotePlayer(server, lambda: "random", player=tron["token"], seek=seeking, games=1)
    with ThreadPoolExecutor(1) as thread:  # the other bot, seeking too
        theirs = thread.submit(other.run)
        args = ["bot", server, "--seek", "heuschrecken-poker:2", "--games", "1", "-q"]
        ran = runner.invoke(main.app, args, env={"POTAGER_PLAYER_TOKEN": robo["token"]})
        (their,) = theirs.result(timeout=120)
    assert ran.exit_code == 0, ran.output
    assert ran.output.startswith(f"table {their.table_id}, seat {1 - their.seat}: scores")


def test_a_server_s_address_needs_a_player_token(server: str) -> None:
    ran = runner.invoke(main.app, ["bot", server], env={"POTAGER_PLAYER_TOKEN": ""})
    assert ran.exit_code == 2 and "needs --token" in ran.output


def test_a_wrong_token_is_one_error_and_exit_status_1(server: str) -> None:
    with httpx.Client(base_url=server) as http:
        created = create(http, "heuschrecken-poker", ["human", "human"])
    link = f"{server}/table/{created['table']['id']}#seat=1&token=wrong"
    ran = runner.invoke(main.app, ["bot", link])
    assert ran.exit_code == 1
    assert "wrong seat token" in ran.output and "Traceback" not in ran.output


def test_level_and_agent_together_are_a_usage_error() -> None:
    ran = runner.invoke(
        main.app, ["bot", "http://h/table/x#seat=0&token=t", "--level", "random", "--agent", "m:C"]
    )
    assert ran.exit_code == 2 and "not both" in ran.output


def declared() -> list[str]:
    """pyproject's extras as the installed package's ``Requires-Dist`` lines."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    return [f'{r}; extra == "{extra}"' for extra, rs in extras.items() for r in rs]


def test_bot_without_the_client_extra_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(main, "requires", lambda name: declared())
    monkeypatch.setitem(sys.modules, "websockets", None)
    for name in [m for m in sys.modules if m.startswith(("potager.client", "websockets."))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "argv", ["potager", "bot", "http://h/table/x#seat=0&token=t"])
    with pytest.raises(SystemExit) as stopped:
        main.main()
    assert stopped.value.code == 1
    assert capsys.readouterr().err == (
        "potager bot needs the client extra (websockets is missing): "
        "pip install 'potager[client]'\n"
    )


def test_the_bot_command_has_help() -> None:
    ran = runner.invoke(main.app, ["bot", "--help"])
    assert ran.exit_code == 0
    for option in ("--level", "--agent", "--token", "POTAGER_PLAYER_TOKEN", "--margin"):
        assert option in ran.output

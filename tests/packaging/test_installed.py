"""The product as a user installs it: the pure-Python wheel built from the checkout's files,
installed with the server extra into a new virtual environment, and run from another directory.

``potager games`` lists the games; ``potager play`` shows the rules in German from the packaged
page and plays a whole game against the shipped policy, named as a bot level; ``potager serve``
migrates a new SQLite file to the newest revision, shows every rules page in four languages and
every pitch, seats the shipped policy, serves every static file its pages load, and the API pages
from its own files. Nothing here is skipped: a missing tool fails the test, saying which.
"""

from __future__ import annotations

import html
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from potager import __version__, games
from tests import ROOT

# One worker builds and installs once for the whole module (make test: --dist loadgroup).
pytestmark = [pytest.mark.timeout(600), pytest.mark.xdist_group("installed")]

LANGUAGES = ("en", "fr", "de", "it")
MODEL = "heuschrecken-poker-2p"
TEXTS = ROOT / "docs" / "games"
"""The rules pages as the checkout holds them (docs/games: the packaged folder's link)."""


@dataclass(frozen=True)
class Installed:
    """A virtual environment holding only the built wheel and its dependencies."""

    wheel: Path
    bin: Path
    home: Path
    """An empty directory outside the checkout, where every command runs."""

    def run(self, *args: str, stdin: str = "", timeout: float = 120) -> str:
        done = subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.home,
            env=clean_env(),
            timeout=timeout,
        )
        assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout


def clean_env() -> dict[str, str]:
    """The environment without what would point back into the checkout or its settings."""
    kept = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("POTAGER_", "PYTHON", "VIRTUAL_ENV", "PYTEST", "COV_"))
    }
    return kept | {"COLUMNS": "100", "LANG": "C.UTF-8", "PYTHONUTF8": "1"}


def step(what: str, command: Sequence[str | Path], **options: object) -> None:
    """Runs a step of the install; a failure says which step, with its output's end."""
    done = subprocess.run(
        [str(c) for c in command],
        capture_output=True,
        text=True,
        env=options.pop("env", clean_env()),  # type: ignore[arg-type]
        **options,  # type: ignore[call-overload]
    )
    if done.returncode != 0:
        pytest.fail(
            f"{what} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("installed")
    source, dist, home = base / "source", base / "dist", base / "home"
    for folder in (source, dist, home):
        folder.mkdir()
    try:
        import build  # noqa: F401  (the dev extra's)
    except ModuleNotFoundError:
        pytest.fail("python -m build is missing: install the dev extra (pip install -e '.[dev]')")
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    tar = subprocess.run(
        ["tar", "--null", "-T", "-", "-cf", "-"],
        cwd=ROOT,
        input=files,
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-xf", "-", "-C", str(source)], input=tar, check=True)
    step(
        "building the pure wheel",
        [sys.executable, "-m", "build", "--wheel", "--outdir", dist, source],
        env=clean_env() | {"POTAGER_PURE": "1"},
    )
    (wheel,) = dist.glob("*.whl")
    venv = base / "venv"
    step("creating the virtual environment", [sys.executable, "-m", "venv", venv])
    step(
        "installing the wheel with the server extra",
        [venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-compile", f"{wheel}[server]"],
    )
    return Installed(wheel, venv / "bin", home)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served(installed: Installed) -> Iterator[tuple[str, Path]]:
    """``potager serve`` of the installed package on a new SQLite file, with the shipped policy:
    its address and the database file."""
    port = free_port()
    database = installed.home / "fresh.db"
    log = installed.home / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(installed.bin / "potager"),
                "serve",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--database",
                f"sqlite:///{database}",
                "--policy",
                MODEL,
            ],
            cwd=installed.home,
            env=clean_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    address = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{address}/api/games", timeout=5).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"potager serve did not answer:\n{log.read_text()}")
                time.sleep(0.3)
        yield address, database
    finally:
        server.terminate()
        server.wait(timeout=30)


def fetch(address: str, lang: str = "en") -> tuple[int, str]:
    request = urllib.request.Request(address, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def first_section(game_name: str, lang: str) -> str:
    """The first ``##`` heading of the game's rules page in ``lang``, as words."""
    stem = game_name.replace("-", "_")
    page = TEXTS / (f"{stem}.md" if lang == "en" else f"{stem}.{lang}.md")
    heading = next(
        line[3:] for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("## ")
    )
    return re.sub(r"[`*_]", "", heading).strip()


def words(page: str) -> str:
    """A page's text: its markup left out, its entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_wheel_is_pure_python(installed: Installed) -> None:
    assert installed.wheel.name == f"potager-{__version__}-py3-none-any.whl"
    where = installed.run("python", "-c", "import potager; print(potager.__file__)")
    assert where.startswith(str(installed.bin.parent)), "imported from the checkout"


def test_the_metadata_names_the_license_and_the_urls_and_is_short(installed: Installed) -> None:
    read = (
        "import json, importlib.metadata as m; d = m.distribution('potager'); "
        "print(json.dumps({'meta': dict(d.metadata.items()), 'body': d.metadata.get_payload(), "
        "'urls': d.metadata.get_all('Project-URL'), 'files': [str(f) for f in d.files or []]}))"
    )
    found = json.loads(installed.run("python", "-c", read))
    assert found["meta"]["License-Expression"] == "MIT"
    assert found["meta"]["Version"] == __version__
    assert any(f.endswith("dist-info/licenses/LICENSE") for f in found["files"])
    assert 0 < len(found["body"]) < 5_000, "a short description, not the README"
    urls = dict(u.split(", ", 1) for u in found["urls"])
    assert {"Homepage", "Documentation", "Source", "Changelog"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())


def test_games_lists_every_game(installed: Installed) -> None:
    listed = installed.run("potager", "games")
    for name in games.names():
        assert name in listed


def test_play_shows_the_packaged_rules_and_plays_the_shipped_policy(installed: Installed) -> None:
    moves = "#1\n" * 80
    said = installed.run(
        "potager",
        "play",
        "heuschrecken-poker",
        "--bots",
        f"policy:{MODEL}",
        "--seed",
        "1",
        "--lang",
        "de",
        stdin=f"rules\n{moves}",
    )
    assert first_section("heuschrecken-poker", "de") in said, "the German rules page"
    assert "Rules in brief" not in said, "not the English docstring"
    assert "Trainiert" in said, "the shipped policy at its seat, by its name for players"
    assert "Spiel vorbei" in said, "the game played to its end"


def test_serve_migrates_a_new_database(served: tuple[str, Path]) -> None:
    from alembic.script import ScriptDirectory

    _, database = served
    heads = ScriptDirectory(str(ROOT / "potager" / "store" / "migrations")).get_heads()
    with sqlite3.connect(database) as db:
        revisions = [row[0] for row in db.execute("SELECT version_num FROM alembic_version")]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert revisions == heads
    assert {"tables", "seats", "moves"} <= tables


@pytest.mark.parametrize("lang", LANGUAGES)
def test_serve_shows_every_rules_page_and_pitch(served: tuple[str, Path], lang: str) -> None:
    address, _ = served
    status, body = fetch(f"{address}/api/games", lang)
    assert status == 200
    pitches = {g["name"]: g["pitch"] for g in json.loads(body)}
    for name in games.names():
        assert pitches[name], f"{name} has a pitch in {lang}"
        status, page = fetch(f"{address}/rules/{name}", lang)
        assert status == 200
        assert f'<div lang="{lang}">' in page, f"{name}'s rules text in {lang}"
        assert first_section(name, lang) in words(page)


def test_serve_seats_the_shipped_policy(served: tuple[str, Path]) -> None:
    address, _ = served
    levels = {g["name"]: g["levels"] for g in json.loads(fetch(f"{address}/api/games")[1])}
    assert f"policy:{MODEL}" in levels["heuschrecken-poker"]
    body = {
        "game": "heuschrecken-poker",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": f"policy:{MODEL}"}],
    }
    request = urllib.request.Request(
        f"{address}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201


@pytest.mark.parametrize("page", ["/", "/rules/garden-rush", "/table/none", "/replay/none"])
def test_serve_has_every_file_its_pages_load(served: tuple[str, Path], page: str) -> None:
    address, _ = served
    status, text = fetch(address + page)
    assert status == 200
    loads = re.findall(r'(?:src|href)="(/static/[^"]+)"', text)
    assert loads
    for asset in loads:
        status, content = fetch(address + asset)
        assert status == 200 and content, asset


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_serve_has_api_pages_that_need_no_internet(served: tuple[str, Path], page: str) -> None:
    address, _ = served
    status, text = fetch(address + page)
    assert status == 200
    assert "http://" not in text and "https://" not in text, "nothing from a CDN"
    loads = re.findall(r'(?:src|href)="([^"]+)"', text)
    bundles = [a for a in loads if a.startswith("/static/api-docs/")]
    assert bundles
    for asset in loads:
        status, content = fetch(address + asset)
        assert status == 200, asset
        assert len(content) > (100_000 if asset in bundles else 0), asset
    status, schema = fetch(f"{address}/openapi.json")
    assert json.loads(schema)["info"]["version"] == __version__

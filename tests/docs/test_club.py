"""The "Run it for your club" page holds true: its systemd units name real ``potager serve``
options and settings and pass ``systemd-analyze verify``; its proxies forward to the address the
units serve and overwrite the client's address, which only they are trusted to set; its backup
scripts, run as printed against a live store, restore every table and move they copied."""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from potager.cli.main import app
from potager.server.config import Limits
from potager.server.listener import uvicorn_options
from potager.store import SeatInfo, Store, TableInfo, database_url, localpg
from tests.docs.club import PAGE, environment, files, unit
from tests.store.fixtures import postgres_server

__all__ = ["postgres_server"]

FILES = files()
UNITS = {
    "one process": FILES["/etc/systemd/system/potager.service"],
    "several processes": FILES["/etc/systemd/system/potager-cluster.service"],
}
PROXIES = {
    "caddy": FILES["/etc/caddy/Caddyfile"],
    "nginx": FILES["/etc/nginx/sites-available/potager"],
}
SETTINGS = {
    *(f"POTAGER_{f.name.upper()}" for f in dataclasses.fields(Limits)),
    "POTAGER_DATABASE_URL",
    "POTAGER_REDIS_URL",
    "POTAGER_LOG_LEVEL",
}
"""The variables a unit may set: every limit, and the store's, the cluster's and the log's."""


def serve_arguments(text: str) -> list[str]:
    """The arguments after ``potager serve`` in a unit's ``ExecStart``."""
    words = shlex.split(unit(text)["ExecStart"][0])
    assert words[:2] == ["/opt/potager/bin/potager", "serve"]
    return words[2:]


def served_address(text: str) -> str:
    arguments = serve_arguments(text)
    return f"{arguments[arguments.index('--host') + 1]}:{arguments[arguments.index('--port') + 1]}"


@pytest.mark.parametrize("name", UNITS)
def test_a_unit_runs_potager_serve_with_real_options(name: str) -> None:
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    context = serve.make_context("serve", serve_arguments(UNITS[name]))
    assert context.params["host"] == "127.0.0.1", "behind the proxy only"
    if name == "several processes":
        assert context.params["processes"] >= 2 and context.params["redis"]
        assert context.params["database"].startswith("postgresql+psycopg://")


@pytest.mark.parametrize("name", UNITS)
def test_a_unit_sets_only_real_settings_and_trusts_only_the_proxy(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = environment(UNITS[name])
    assert set(env) <= SETTINGS
    limits = Limits.from_env(env)
    assert limits.trusted_proxies == ("127.0.0.1",) and limits.client_connections == 0
    options = uvicorn_options(limits)
    assert options["proxy_headers"] and options["forwarded_allow_ips"] == ["127.0.0.1"]
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    if "POTAGER_DATABASE_URL" in env:
        assert database_url() == env["POTAGER_DATABASE_URL"]


@pytest.mark.parametrize("name", UNITS)
def test_a_unit_passes_systemd_analyze_verify(name: str, tmp_path: Path) -> None:
    potager = Path(sys.executable).parent / "potager"
    assert potager.exists(), "the console script, installed with the package"
    text = UNITS[name].replace("/opt/potager/bin/potager", str(potager))
    path = tmp_path / f"potager-{name.replace(' ', '-')}.service"
    path.write_text(text)
    checked = subprocess.run(
        ["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0 and not checked.stderr.strip(), checked.stderr


@pytest.mark.parametrize("name", PROXIES)
def test_a_proxy_forwards_to_the_units_address_from_the_trusted_address(name: str) -> None:
    text = PROXIES[name]
    for served in UNITS.values():
        assert served_address(served) in text
        trusted = Limits.from_env(environment(served)).trusted_proxies
        assert any(ipaddress.ip_address("127.0.0.1") in ipaddress.ip_network(t) for t in trusted)
    if name == "nginx":
        assert "proxy_set_header X-Forwarded-For $remote_addr;" in text
        assert "$proxy_add_x_forwarded_for" not in text, "appends to what the client sent"
        assert "proxy_set_header Upgrade $http_upgrade;" in text, "the table sockets"
        assert f"client_max_body_size {Limits().max_body // 1024}k;" in text
        timeout = int(text.split("proxy_read_timeout ")[1].split("s;")[0])
        assert timeout > Limits().idle_timeout, "the server closes idle sockets, not the proxy"
    else:
        assert "header_up X-Forwarded-For {remote_host}" in text


def new_table(table_id: str) -> TableInfo:
    seats = [SeatInfo(0, "human", None, "Ada", "hash0", True), SeatInfo(1, "bot", "heuristic")]
    return TableInfo(table_id, "heuschrecken-poker", 2, {}, 7, None, seats=seats)


def played(store: Store) -> dict[str, list[tuple[int, int]]]:
    return {t: store.moves(t) for t in ("t1", "t2")}


def backup_script(title: str, tmp_path: Path, **paths: str) -> Path:
    """The page's backup script with its paths moved under ``tmp_path`` (and ``paths``)."""
    text = FILES[title].replace("/var/backups/potager", str(tmp_path / "backups"))
    for old, new in paths.items():
        text = text.replace(old, new)
    script = tmp_path / "backup.sh"
    script.write_text(text)
    return script


def test_sqlite_online_backup_restores_what_it_copied(tmp_path: Path) -> None:
    live = tmp_path / "var" / "potager.db"
    live.parent.mkdir()
    store = Store(f"sqlite:///{live}")
    store.upgrade()
    store.create_table(new_table("t1"))
    store.append_move("t1", 0, 0, 6, "A", status="playing")
    script = backup_script(
        "/usr/local/bin/potager-backup", tmp_path, **{"/var/lib/potager/potager.db": str(live)}
    )
    subprocess.run(["sh", str(script)], check=True, timeout=60)  # the store open, as a server's
    store.append_move("t1", 1, 1, 5, "6", status="playing")  # after the backup: not in it
    [backup] = (tmp_path / "backups").glob("potager-*.db")
    with sqlite3.connect(backup) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    store.close()

    restored_path = tmp_path / "restored" / "potager.db"
    restored_path.parent.mkdir()
    shutil.copy(backup, restored_path)
    restored = Store(f"sqlite:///{restored_path}")
    restored.upgrade()
    table = restored.table("t1")
    assert table is not None and table.seats == new_table("t1").seats
    assert restored.moves("t1") == [(0, 6)]
    restored.close()


def test_pg_dump_restores_what_it_copied(postgres_server: str, tmp_path: Path) -> None:
    url = localpg.fresh_database(postgres_server)
    store = Store(url)
    store.upgrade()
    for table_id in ("t1", "t2"):
        store.create_table(new_table(table_id))
    store.append_move("t1", 0, 0, 6, "A", status="playing")
    store.append_move("t2", 0, 1, 5, "6", status="playing")
    libpq = url.replace("postgresql+psycopg://", "postgresql://")
    script = backup_script(
        "/usr/local/bin/potager-backup-pg", tmp_path, **{" potager\n": f" '{libpq}'\n"}
    )
    subprocess.run(["sh", str(script)], check=True, timeout=120, env=os.environ)
    store.append_move("t1", 1, 1, 5, "6", status="playing")
    before = played(store)
    store.close()
    [dump] = (tmp_path / "backups").glob("potager-*.dump")

    target = localpg.fresh_database(postgres_server)
    command = ["pg_restore", "--clean", "--if-exists", "--no-owner"]
    assert f"{' '.join(command)} --dbname=potager" in PAGE.read_text(), "as the page restores"
    target_libpq = target.replace("postgresql+psycopg://", "postgresql://")
    subprocess.run([*command, f"--dbname={target_libpq}", str(dump)], check=True, timeout=120)
    restored = Store(target)
    restored.upgrade()
    assert played(restored) == {"t1": before["t1"][:1], "t2": before["t2"]}
    restored.close()

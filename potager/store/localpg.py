"""A private PostgreSQL server for development and tests: ``python -m potager.store.localpg start``.

It uses Debian's binaries (``/usr/lib/postgresql/<version>/bin``), keeps its data in ``.pgdata/``
of the working directory, listens on 127.0.0.1:54329 only, and trusts local connections. Run as
root, it runs the server as the ``postgres`` user (PostgreSQL refuses root). ``start`` prints the
SQLAlchemy URL to export as ``POTAGER_DATABASE_URL``; every failure is loud (exit code 1).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from .localserver import command_line

PORT = 54329
DATA = Path(".pgdata")


def _bin(name: str) -> str:
    for version in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (version / name).exists():
            return str(version / name)
    found = shutil.which(name)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return found


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    if os.geteuid() == 0:
        args = ("runuser", "-u", "postgres", "--", *args)
    return subprocess.run(args, capture_output=True, text=True, check=False)


def _reachable(data: Path) -> Path:
    """``data``, or a folder under /tmp when the ``postgres`` user cannot reach ``data``'s parent
    (a checkout under a private home directory)."""
    if os.geteuid() != 0 or _run("test", "-x", str(data.parent)).returncode == 0:
        return data
    return Path(tempfile.gettempdir()) / "potager-pgdata"


def url(database: str = "postgres", data: Path = DATA, port: int = PORT) -> str:
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{database}"


def start(data: Path = DATA, port: int = PORT) -> str:
    """Start the server unless it runs already; return its URL. Safe to call from many processes."""
    data = _reachable(data.resolve())
    data.parent.mkdir(parents=True, exist_ok=True)
    with open(Path(tempfile.gettempdir()) / f"potager-pg-{port}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _run(_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(port)).returncode == 0:
            return url(port=port)
        if not (data / "PG_VERSION").exists():
            data.mkdir(exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(data, "postgres", "postgres")
            done = _run(
                _bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"
            )
            if done.returncode:
                raise RuntimeError(f"initdb failed:\n{done.stdout}{done.stderr}")
        options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
        done = _run(
            _bin("pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(data / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )
        if done.returncode:
            log = (
                (data / "log").read_text(errors="replace")[-2000:]
                if (data / "log").exists()
                else ""
            )
            raise RuntimeError(f"pg_ctl start failed:\n{done.stdout}{done.stderr}\n{log}")
        for _ in range(100):
            if _run(_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(port)).returncode == 0:
                return url(port=port)
            time.sleep(0.1)
        raise RuntimeError(f"PostgreSQL did not answer on port {port}")


def stop(data: Path = DATA) -> None:
    _run(_bin("pg_ctl"), "-D", str(_reachable(data.resolve())), "-m", "fast", "stop")


def fresh_database(server_url: str) -> str:
    """Create an empty database on the server of ``server_url``; return its URL."""
    import psycopg

    name = f"potager_{uuid.uuid4().hex[:12]}"
    plain = server_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name


def main(argv: list[str]) -> int:
    return command_line(argv, "localpg", start, stop)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

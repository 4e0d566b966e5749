"""A private Redis server for development and tests: ``python -m potager.store.localredis start``.

Redis carries what several server processes tell each other (`potager.server.fanout`) and who owns
which table (`potager.server.lease`); the record stays in the database. This uses Debian's
``redis-server``, keeps its files in ``.redisdata/`` of the working directory, listens on
127.0.0.1:63799 only and saves nothing to disk (nothing in it outlives a restart that matters:
leases expire, updates are re-read from the database). ``start`` prints the URL to export as
``POTAGER_REDIS_URL``; every failure is loud (exit code 1), like `potager.store.localpg`.
"""

from __future__ import annotations

import fcntl
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .localserver import command_line

PORT = 63799
DATA = Path(".redisdata")


def url(port: int = PORT) -> str:
    return f"redis://127.0.0.1:{port}/0"


def _answers(port: int) -> bool:
    """Does a Redis server answer PING on ``port``?"""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _binary() -> str:
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )
    if found is None:
        raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
    return found


def start(data: Path = DATA, port: int = PORT) -> str:
    """Start the server unless it runs already; return its URL. Safe to call from many processes."""
    data = data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    with open(Path(tempfile.gettempdir()) / f"potager-redis-{port}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _answers(port):
            return url(port)
        options = {
            "port": str(port),
            "bind": "127.0.0.1",
            "dir": str(data),
            "pidfile": str(data / "redis.pid"),
            "logfile": str(data / "log"),
            "daemonize": "yes",
            "save": "",
            "appendonly": "no",
        }
        command = [_binary()]
        for name, value in options.items():
            command += [f"--{name}", value]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"redis-server failed:\n{done.stdout}{done.stderr}")
        for _ in range(100):
            if _answers(port):
                return url(port)
            time.sleep(0.1)
        log = (data / "log").read_text(errors="replace")[-2000:] if (data / "log").exists() else ""
        raise RuntimeError(f"Redis did not answer on port {port}\n{log}")


def stop(port: int = PORT) -> None:
    """Stop the server started by `start` (nothing if it does not run)."""
    if _answers(port):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"SHUTDOWN NOSAVE\r\n")
            s.recv(16)


def main(argv: list[str]) -> int:
    return command_line(argv, "localredis", start, stop)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

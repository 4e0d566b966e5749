"""``potager serve`` in a subprocess of its own session (the restart test, the load bench)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx


def spawn(
    database_url: str,
    port: int,
    env: dict[str, str] | None = None,
    processes: int = 1,
    log: Path | None = None,
) -> subprocess.Popen[bytes]:
    """Start the server (``processes`` of them sharing the port: then ``env`` must name Redis,
    ``POTAGER_REDIS_URL``) with ``env`` added to the environment, its output appended to ``log``
    (default: discarded); return once it answers."""
    command = ["serve", "--port", str(port), "--processes", str(processes)]
    with contextlib.ExitStack() as files:
        sink = files.enter_context(open(log, "ab")) if log is not None else subprocess.DEVNULL
        process = subprocess.Popen(
            [sys.executable, "-m", "potager.cli.main", *command],
            env={**os.environ, "POTAGER_DATABASE_URL": database_url, **(env or {})},
            stdout=sink,
            stderr=sink,
            start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                raise RuntimeError(f"the server did not start on port {port}") from None
            time.sleep(0.1)


def stop(
    process: subprocess.Popen[bytes], how: signal.Signals = signal.SIGKILL, wait: float = 20
) -> None:
    """Signal the server and its workers (its whole session) and wait for it to end. A server
    still running ``wait`` seconds after ``how`` is killed, its whole session with it, and the
    failure raised: nothing is left behind serving."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, how)
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise RuntimeError(f"the server did not stop within {wait:g} s of {how.name}") from None

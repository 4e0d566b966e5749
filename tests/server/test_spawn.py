"""`potager.server.spawn.stop`, which the restart tests and the benches stop their servers with:
a server that does not stop when asked is killed with its whole session and the failure said,
never left serving behind the run (a load bench once left a worker of two running, holding 81
Redis connections, after the SIGTERM that should have ended it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from potager.server.spawn import stop

DEAF = """
import signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c", "import signal, time; "
    "signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(60)"])
print(child.pid, flush=True)
time.sleep(60)
"""
"""A stand-in for a server whose leader and worker both ignore SIGTERM; it prints its worker's
pid."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"  # a zombie has ended


def test_a_server_deaf_to_sigterm_is_killed_with_its_workers_and_the_failure_said() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", DEAF], stdout=subprocess.PIPE, start_new_session=True
    )
    assert process.stdout is not None
    worker = int(process.stdout.readline())
    assert process.stdout.readline().strip() == b"ready"
    with pytest.raises(RuntimeError, match="did not stop within 0.5 s of SIGTERM"):
        stop(process, signal.SIGTERM, wait=0.5)
    assert process.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 10  # the kill reaches the worker a moment later
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker)


def test_a_server_that_stops_when_asked_is_not_killed() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "import time; print('up', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE,
        start_new_session=True,
    )
    assert process.stdout is not None and process.stdout.readline() == b"up\n"
    stop(process, signal.SIGTERM)
    assert process.returncode == -signal.SIGTERM
    stop(process, signal.SIGTERM)  # already ended: nothing to do

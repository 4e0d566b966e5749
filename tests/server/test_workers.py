"""A worker process ends once its server has: `potager.server.workers.follow`."""

from __future__ import annotations

import subprocess
import sys


def test_a_worker_leaves_once_its_server_is_gone() -> None:
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time; from potager.server.workers import follow; "
            f"follow({server.pid}, interval=0.05); print('following', flush=True); "
            "time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        # Its imports take seconds on a busy machine: it follows the server once it says so.
        assert worker.stdout is not None and worker.stdout.readline() == "following\n"
        try:
            worker.wait(0.5)
        except subprocess.TimeoutExpired:
            pass  # it keeps working while its server lives
        else:
            raise AssertionError("the worker left while its server was alive")
        server.kill()
        server.wait()
        assert worker.wait(10) == 0
    finally:
        server.kill()
        worker.kill()
        worker.wait()

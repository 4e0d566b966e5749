"""The server's worker processes (the bots') end with their server.

A server stopped as it should stops them itself. One killed outright (``kill -9``, out of
memory) cannot, and its workers would wait for work for ever, each holding its memory: forked by
multiprocessing's fork server, a worker is not the server's child, and its end of the work queue
never reads as closed (the queue hands a worker both ends). So each worker watches its server
(`follow`) and leaves once it is gone.
"""

from __future__ import annotations

import os
import threading
import time

INTERVAL = 1.0
"""Seconds between two looks at the server."""


def follow(server: int, interval: float = INTERVAL) -> None:
    """In a worker process: exit once process ``server`` has ended (a daemon thread looks every
    ``interval`` seconds). The pool's ``initializer``."""

    def watch() -> None:
        while True:
            time.sleep(interval)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # alive, though not ours to signal
                pass

    threading.Thread(target=watch, name="potager-follow", daemon=True).start()

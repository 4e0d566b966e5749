"""The command line shared by the private test servers (`localpg`, `localredis`) that `make test`
starts: ``python -m potager.store.<module> start|stop``."""

from __future__ import annotations

import sys
from collections.abc import Callable


def command_line(
    argv: list[str], module: str, start: Callable[[], str], stop: Callable[[], None]
) -> int:
    """``start`` prints the server's URL, ``stop`` stops it; exit 2 on a bad argument, 1 (with
    the reason on stderr) when the server cannot start or stop."""
    try:
        if argv[1:] == ["start"]:
            print(start())
        elif argv[1:] == ["stop"]:
            stop()
        else:
            print(f"usage: python -m potager.store.{module} start|stop", file=sys.stderr)
            return 2
    except (RuntimeError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0

"""A table's sockets served by the process that owns the table: a socket that reaches another
process of the same machine is handed to the owner (its file descriptor passed over a Unix
socket, ``SCM_RIGHTS``) before it is answered; where it cannot be, the process that accepted it
serves it through a mirror. How and why: docs/server-notes.md.
"""

from __future__ import annotations

import array
import asyncio
import logging
import os
import re
import socket
from collections.abc import Awaitable, Callable

log = logging.getLogger("potager.server")

Protocol = Callable[[bytes], asyncio.Protocol]
"""Makes the protocol of a handed connection, given the request's head to read first."""

MAX_HEAD = 1 << 17
"""The largest request head a datagram carries (the listener's own bound, ``max_header``, is
16 KiB by default)."""

NETWORK = (socket.AF_INET, socket.AF_INET6)
_TABLE = re.compile(rb"/ws/tables/([^/?#]+)(?:[?#]|$)")
_current: Handoff | None = None


def current() -> Handoff | None:
    """This process's hand-off, while it is one of several sharing a database."""
    return _current


def table_of(target: bytes) -> str | None:
    """The table a request's target opens a socket to, if it is a table socket.

    >>> table_of(b"/ws/tables/3f2a?lang=fr"), table_of(b"/api/tables/3f2a"), table_of(b"/ws/x")
    ('3f2a', None, None)
    """
    found = _TABLE.match(target)
    return found[1].decode("ascii", "replace") if found else None


class Handoff:
    """This process's end: hands connections to a table's owner and serves those handed to it.

    ``owns(table_id)``: whether this process owns the table (from memory); ``owner(table_id)``:
    the living process that owns it, or ``None`` (one round trip to Redis)."""

    def __init__(
        self,
        space: str,
        me: str,
        owns: Callable[[str], bool],
        owner: Callable[[str], Awaitable[str | None]],
    ) -> None:
        self.space, self.me = space, me
        self.owns, self.owner = owns, owner
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._out.setblocking(False)
        self._in: socket.socket | None = None
        self._make: Protocol | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[object]] = set()

    def address(self, name: str) -> bytes:
        return f"\0potager-handoff/{self.space}/{name}".encode()

    def start(self) -> None:
        """Be this process's hand-off (it listens once `offer` has given it a protocol)."""
        global _current
        self._loop = asyncio.get_running_loop()
        _current = self
        if self._make is not None:
            self._listen()

    def stop(self) -> None:
        global _current
        if _current is self:
            _current = None
        if self._in is not None and self._loop is not None:
            self._loop.remove_reader(self._in.fileno())
            self._in.close()
            self._in = None
        self._out.close()

    @property
    def ready(self) -> bool:
        """Whether it knows how to make a connection's protocol (`offer`)."""
        return self._make is not None

    def offer(self, make: Protocol) -> None:
        """How this process makes a connection's protocol: with it, it may serve handed ones."""
        if self._make is None:
            self._make = make
            if self._loop is not None:
                self._listen()

    def _listen(self) -> None:
        listening = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listening.setblocking(False)
        try:
            listening.bind(self.address(self.me))
        except OSError:
            listening.close()
            log.exception("process %s: cannot take handed sockets", self.me)
            return
        assert self._loop is not None
        self._in = listening
        self._loop.add_reader(listening.fileno(), self._receive)

    # -- handing -------------------------------------------------------------------------------
    async def hand(self, table_id: str, connection: int, head: bytes) -> bool:
        """Hand ``connection`` (a file descriptor: its request's ``head`` read, nothing
        answered) to the process that owns ``table_id``, if that is another living one on this
        machine; whether it was handed (the caller then closes its own descriptor, the owner
        holding the connection)."""
        if self.owns(table_id) or len(head) > MAX_HEAD:
            return False
        owner = await self.owner(table_id)
        if owner is None or owner == self.me or self._out.fileno() < 0:
            return False
        try:
            # not `socket.send_fds`, which drops its address argument (CPython 3.11)
            rights = (socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [connection]))
            self._out.sendmsg([head], [rights], 0, self.address(owner))
        except OSError as exc:  # not on this machine or not listening (yet), or its queue full
            log.debug("table %s: a socket kept, not handed to %s: %r", table_id, owner, exc)
            return False
        log.debug("table %s: a socket handed to its owner, %s", table_id, owner)
        return True

    def _receive(self) -> None:
        while self._in is not None:
            try:
                head, fds, flags, _ = socket.recv_fds(self._in, MAX_HEAD, 1)
            except BlockingIOError:
                return
            except OSError:
                log.exception("process %s: a handed socket was lost", self.me)
                return
            if len(fds) == 1 and not flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                connection = _stream(fds[0])
                if connection is not None:
                    self._serve(connection, head)
                    continue
            for fd in fds:  # not one whole connection: nothing to serve, nothing kept open
                os.close(fd)

    def _serve(self, connection: socket.socket, head: bytes) -> None:
        assert self._loop is not None and self._make is not None
        connection.setblocking(False)
        make = self._make
        task = self._loop.create_task(
            self._loop.connect_accepted_socket(lambda: make(head), connection)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_closed_on_failure(connection))


def _stream(fd: int) -> socket.socket | None:
    """The connection ``fd`` is, if it is a network stream (anything else, which only another
    local program could send, is not served)."""
    try:
        connection = socket.socket(fileno=fd)
    except OSError:
        return None
    if connection.type != socket.SOCK_STREAM or connection.family not in NETWORK:
        connection.detach()
        return None
    return connection


def _closed_on_failure(connection: socket.socket) -> Callable[[asyncio.Task[object]], None]:
    def done(task: asyncio.Task[object]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.warning("a handed socket could not be served: %r", task.exception())
            connection.close()

    return done

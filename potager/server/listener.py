"""The server on its port: uvicorn, set to `config.Limits` (``potager serve`` runs `serve`).

`GuardedH11Protocol` is uvicorn's h11 protocol (its documented ``http=`` class) with what uvicorn
lacks: a deadline to receive a whole request, armed when a connection opens and after every
answer and disarmed once the request is in; a cap on the connections one client address holds at
once (refused before reading a byte); and a 431 (`HEAD_TOO_LARGE`) for a head past ``max_header``
that came whole in one read. With several processes, a table socket's connection is handed to
the process that owns its table before it is answered (`potager.server.handoff`): the protocol
pauses, asks, and either lets go of the connection or upgrades it as usual; the owner's protocol
is made with the request's head to read first (``handed``). Why: docs/server-notes.md.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from . import handoff
from .config import Limits

log = logging.getLogger("potager.server")

environment_limits = functools.cache(Limits.from_env)
"""This process's limits as its environment sets them (uvicorn's worker processes import the
protocol by name: the environment is what they share with ``potager serve``)."""


PROTOCOL = "potager.server.listener:GuardedH11Protocol"

HEAD_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\ncontent-length: 33\r\nconnection: close\r\n\r\n"
    b"the request's head is too large\r\n"
)
"""The answer to a head past ``max_header`` (RFC 6585), sent before the request is parsed."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline to receive each request and a cap on one
    client's connections, as `limits` (by default the environment's) say."""

    limits: ClassVar[Limits | None] = None
    holders: ClassVar[Counter[str]] = Counter()
    """Open connections per client address, for every connection of this class."""
    handed: bytes | None = None
    """The request's head, for a connection another process handed to this one (`handoff`)."""
    _handing: asyncio.Task[None] | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        shared = handoff.current()
        if shared is not None and not shared.ready:
            make = functools.partial(self.handed_to, self.config, self.server_state, self.app_state)
            shared.offer(make)
        limits = self.limits or environment_limits()
        self.request_timeout = limits.request_timeout
        self.max_header = limits.max_header
        self._deadline: asyncio.TimerHandle | None = None
        self._holder: str | None = None
        holder = self.client[0] if self.client else "unknown"
        cap = limits.client_connections
        if cap and self.holders[holder] >= cap:
            transport.close()
            return
        self.holders[holder] += 1
        self._holder = holder
        self._arm()
        if self.handed is not None:
            self.data_received(self.handed)

    @classmethod
    def handed_to(
        cls, config: Any, server_state: Any, app_state: dict[str, Any], head: bytes
    ) -> GuardedH11Protocol:
        """The protocol of a connection handed to this server, ``head`` to be read first."""
        protocol = cls(config, server_state, app_state)
        protocol.handed = head
        return protocol

    def _arm(self) -> None:
        self._disarm()
        if self.request_timeout:
            self._deadline = self.loop.call_later(self.request_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _request_in(self) -> bool:
        """A request is wholly received and its answer not yet sent: the app has it."""
        cycle = self.cycle
        return cycle is not None and not cycle.more_body and not cycle.response_complete

    def _release(self) -> None:
        self._disarm()
        if self._holder is not None:
            self.holders[self._holder] -= 1
            if self.holders[self._holder] <= 0:
                del self.holders[self._holder]
            self._holder = None

    def handle_events(self) -> None:
        """Parse what came, unless the next request's head, whole or not yet, is past
        ``max_header``: then a 431, and the connection is closed."""
        if self.max_header and self.conn.their_state is h11.IDLE:
            buffered = self.conn.trailing_data[0]
            end = buffered.find(b"\r\n\r\n")
            if (len(buffered) if end < 0 else end + 4) > self.max_header:
                self.transport.write(HEAD_TOO_LARGE)
                self.transport.close()
                return
        super().handle_events()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._request_in():
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self._request_in():
            self._arm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        """The socket is the table's from now on (`play` keeps its own limits), served here or
        by the table's owner (`handoff`)."""
        self._release()
        shared = handoff.current()
        table_id = handoff.table_of(event.target) if shared and self.handed is None else None
        if shared is None or table_id is None:
            super().handle_websocket_upgrade(event)
            return
        self.transport.pause_reading()
        self._handing = self.loop.create_task(self._hand(shared, table_id, event))

    async def _hand(self, shared: handoff.Handoff, table_id: str, event: Any) -> None:
        head = [event.method, b" ", event.target, b" HTTP/1.1\r\n"]
        for name, value in self.headers:
            head += [name, b": ", value, b"\r\n"]
        head.append(b"\r\n")
        connection = self.transport.get_extra_info("socket").fileno()
        try:
            handed = await shared.hand(table_id, connection, b"".join(head))
        except Exception:
            log.exception("table %s: a socket could not be handed to its owner", table_id)
            handed = False
        if self.transport.is_closing():
            return
        if handed:
            self.transport.abort()  # our descriptor only: the owner holds the connection
            return
        self.transport.resume_reading()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)


def guarded(limits: Limits) -> type[GuardedH11Protocol]:
    """The protocol for ``limits`` rather than the environment's, with its own count of
    connections (a server in this process, as the tests run)."""
    return type(
        "GuardedH11Protocol", (GuardedH11Protocol,), {"limits": limits, "holders": Counter()}
    )


def uvicorn_options(
    limits: Limits, protocol: type[GuardedH11Protocol] | str = PROTOCOL
) -> dict[str, Any]:
    """``uvicorn.run``'s options for ``limits`` (``protocol`` reads its own: by default the
    environment's, which ``potager serve``'s settings come from too)."""
    return {
        "http": protocol,
        "h11_max_incomplete_event_size": limits.max_header or None,
        "timeout_keep_alive": limits.keep_alive,
        "limit_concurrency": limits.max_connections or None,
        # Room for any message of max_message characters (up to 4 bytes each): `play` refuses
        # it with an error and keeps the socket; a bigger frame is closed unread (1009).
        "ws_max_size": 4 * limits.max_message or 2**31,
        # uvicorn trusts the forwarded headers of 127.0.0.1 by default: only of those named.
        "proxy_headers": bool(limits.trusted_proxies),
        "forwarded_allow_ips": list(limits.trusted_proxies),
    }

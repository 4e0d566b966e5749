"""Telling a table's connections what changed: the state at once after every change, presence
(who is here, how many watch) coalesced, so that people coming and going cost one message per
connection per `PRESENCE_DELAY` however many of them there are."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .live import LiveTable
from .messages import Shared, presence_message

PRESENCE_DELAY = 0.1
"""Seconds presence changes are gathered before one message tells them all."""


class Announcer:
    def __init__(self, presence_delay: float = PRESENCE_DELAY) -> None:
        self.presence_delay = presence_delay
        self.share: Callable[[LiveTable], None] | None = None
        """Tells the other server processes who is connected here (`cluster.Cluster.presence`)."""
        self._due: dict[str, asyncio.TimerHandle] = {}
        self._here: set[str] = set()

    def state(self, live: LiveTable) -> None:
        """Every connection's state message, each with the log it has not been offered."""
        shared = Shared(live)
        for connection in live.connections:
            connection.send(shared.state_message(connection, reset=False))

    def presence(self, live: LiveTable, share: bool = True) -> None:
        """A presence message to every connection soon, once for all changes until then;
        ``share``: the change is this process's, the other processes are told too."""
        if share:
            self._here.add(live.info.id)
        if live.info.id not in self._due:
            loop = asyncio.get_running_loop()
            self._due[live.info.id] = loop.call_later(self.presence_delay, self._tell, live)

    def _tell(self, live: LiveTable) -> None:
        del self._due[live.info.id]
        if live.info.id in self._here:
            self._here.discard(live.info.id)
            if self.share is not None:
                self.share(live)
        text = presence_message(live)
        for connection in live.connections:
            connection.send(text)

    def stop(self) -> None:
        for handle in self._due.values():
            handle.cancel()
        self._due.clear()
        self._here.clear()

"""`Tables`: the tables one server process holds in memory, each with its actor.

Unfinished tables stay in memory; finished ones are kept while anybody is connected to them and
otherwise only the `Settings.finished_cache` most recently used (rebuilt from the store on
demand, `load`). With several processes, a table read from the store is this process's if no
living process owns it; what the others say of it while it is read is played once it is in.
"""

from __future__ import annotations

import itertools
import logging
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from ..i18n import say
from .actor import Reach, TableActor
from .live import LiveTable
from .outcomes import Refused

log = logging.getLogger("potager.server")


class Tables:
    def __init__(self, reach: Reach) -> None:
        self.reach = reach
        self.live: dict[str, LiveTable] = {}
        """Unfinished tables."""
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        """Finished tables in memory, least recently used first."""
        self.actors: dict[str, TableActor] = {}
        """Each table's actor, while the table is held here."""
        self.loading: dict[str, list[dict[str, Any]]] = {}
        """What the other processes said about tables being read from the store."""

    def actor(self, live: LiveTable) -> TableActor:
        """``live``'s actor: every input that changes the table goes through it."""
        actor = self.actors.get(live.info.id)
        if actor is None or actor.live is not live:
            actor = self.actors[live.info.id] = TableActor(live, self.reach)
        return actor

    def held(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (a finished one counts as just used)."""
        live = self.live.get(table_id)
        if live is None and (live := self.finished.get(table_id)) is not None:
            self.finished.move_to_end(table_id)
        return live

    def all(self) -> Iterable[LiveTable]:
        return [*self.live.values(), *self.finished.values()]

    def add(self, live: LiveTable) -> None:
        if self.reach.cluster is not None:
            self.reach.cluster.follow(live.info.id)
        if live.info.status == "finished":
            self.finished[live.info.id] = live
            self.evict()
        else:
            self.live[live.info.id] = live

    def retire(self, live: LiveTable) -> None:
        """``live`` has just finished: it joins the finished tables."""
        self.live.pop(live.info.id, None)
        self.add(live)

    def forget(self, live: LiveTable) -> None:
        """``live`` is a mirror nobody here watches any more."""
        self._drop(live.info.id)

    def _drop(self, table_id: str) -> None:
        """``table_id`` is held here no more."""
        self.live.pop(table_id, None)
        self.finished.pop(table_id, None)
        self.actors.pop(table_id, None)
        if self.reach.cluster is not None and table_id not in self.loading:
            self.reach.cluster.unfollow(table_id)

    def evict(self) -> None:
        """Past `finished_cache`, drop the least recently used finished tables nobody watches:
        read from the oldest and only as far as the excess (a busy server retires tables
        several times a second: no scan of the whole cache each time)."""
        excess = len(self.finished) - self.reach.settings.finished_cache
        if excess > 0:
            idle = (k for k, t in self.finished.items() if not t.connections)
            for table_id in list(itertools.islice(idle, excess)):
                self._drop(table_id)

    async def load(self, table_id: str) -> LiveTable | None:
        """The table, read from the store unless it is held (a finished one is rebuilt on
        demand), or ``None``."""
        live = self.held(table_id)
        if live is not None:
            return live
        reach, cluster = self.reach, self.reach.cluster
        if cluster is not None:  # what the others say about it while it is read, heard first
            self.loading.setdefault(table_id, [])
            cluster.follow(table_id)
        try:
            if cluster is not None:
                await cluster.followed(table_id)
            info = await reach.db(reach.store.table, table_id)
            played = await reach.db(reach.store.played, table_id) if info is not None else ([], [])
        finally:
            heard = self.loading.pop(table_id, []) if cluster is not None else []
        if info is None:
            if cluster is not None and self.held(table_id) is None:
                cluster.unfollow(table_id)
            return None
        live = self.held(table_id)
        if live is not None:  # another request rebuilt it meanwhile
            return live
        try:
            live = LiveTable.from_record(info, *played)
        except (ValueError, ModuleNotFoundError):
            log.exception("table %s cannot be rebuilt", table_id)
            if cluster is not None:
                cluster.unfollow(table_id)
            return None
        self.add(live)
        if cluster is not None:
            live.owned = False
            actor = self.actor(live)
            for message in heard:
                actor.hear(message)
            await actor.adopt()
        return live

    async def unfinished(self, table_id: str) -> LiveTable:
        """The table (`load`), refused if there is none or its game is over."""
        live = await self.load(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        if live.info.status == "finished":
            raise Refused(409, say("the game is over"))
        return live

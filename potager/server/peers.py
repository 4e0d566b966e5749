"""What the other server processes say and ask, delivered to the tables' actors; and the sweep
that takes over the tables whose owner died.

`Peers` is the cluster's `Listener`: a message about a table goes to that table's actor
(`TableActor.hear`), or waits while the table is read from the store (`Tables.load`); a move,
undo or end forwarded to this process as the table's owner is served by the actor and answered.
Every `SWEEP` seconds it takes over the tables whose owner has no heartbeat and, every
`FULL_SWEEP` sweeps, the store's unfinished tables nobody owns, and reads again the mirrors still
behind the store. See docs/server.md.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..i18n import say
from .cluster import FULL_SWEEP, SWEEP, Cluster
from .forever import cancelling, go_on
from .outcomes import Refused
from .tables import Tables

log = logging.getLogger("potager.server")


class Peers:
    def __init__(self, cluster: Cluster, tables: Tables) -> None:
        self.cluster, self.tables = cluster, tables
        self._behind: dict[str, int] = {}
        """Mirrors behind the store at the last full sweep, and the store's version then."""
        cluster.listen(self)

    def start(self) -> None:
        self.cluster.spawn(self._sweep_forever())

    # -- the cluster's listener ------------------------------------------------------------------
    def heard(self, table_id: str, message: dict[str, Any]) -> None:
        buffered = self.tables.loading.get(table_id)
        if buffered is not None:
            buffered.append(message)
            return
        live = self.tables.held(table_id)
        if live is not None:
            self.tables.actor(live).hear(message)

    def asked(self, message: dict[str, Any]) -> None:
        if message.get("kind") in ("act", "undo"):
            self.cluster.spawn(self._serve(message))
        elif message.get("kind") == "end":
            self.cluster.spawn(self._serve_end(message))

    def lapsed(self) -> None:
        for live in list(self.tables.live.values()):
            if live.owned:
                self.cluster.spawn(self.tables.actor(live).recheck())

    def owns(self, table_id: str) -> bool:
        live = self.tables.live.get(table_id)
        return live is not None and live.owned

    # -- requests to the owner ---------------------------------------------------------------------
    async def _serve(self, message: dict[str, Any]) -> None:
        """A forwarded move (or undo): checked again and stored if we own the table, else we
        say so."""
        live = self.tables.live.get(message["table"])
        if live is None or not live.owned:
            error: dict[str, str] | None = {"code": "moved", "message": "not the owner"}
        else:
            seat, digest, version = message["seat"], message["digest"], message["version"]
            actor = self.tables.actor(live)
            refused = await (
                actor.serve(seat, digest, version, message["action"])
                if message["kind"] == "act"
                else actor.take_back(seat, digest, version)
            )
            error = None if refused is None else {"code": refused.code, "message": refused.message}
        self.cluster.answer(message, {"error": error})

    async def _serve_end(self, message: dict[str, Any]) -> None:
        """A forwarded end (`Cluster.end_elsewhere`): done if we own the table, and answered."""
        answer: dict[str, Any] = {"error": None}
        try:
            live = await self.tables.load(message["table"])
            if live is None or not live.owned:
                raise Refused(503, say("the server holding this table did not answer; try again"))
            await self.tables.actor(live).end(message["seat"], message["digest"])
        except Refused as exc:
            answer = {"error": str(exc), "status": exc.status}
        self.cluster.answer(message, answer)

    # -- tables whose owner died -------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        rounds = 0
        while go_on():
            try:
                await self.sweep(full=rounds % FULL_SWEEP == 0)
            except Exception:
                if cancelling():
                    raise
                log.exception("the sweep for tables without an owner failed")
            rounds += 1
            await asyncio.sleep(SWEEP)

    async def sweep(self, full: bool) -> None:
        """Take over the tables whose owner has no heartbeat (and, on a full sweep, the store's
        unfinished tables nobody owns); forget who was connected through dead processes."""
        tables, leases = self.tables, self.cluster.leases
        owners = await leases.owners()
        processes = set(owners.values())
        for live in tables.live.values():
            processes.update(live.elsewhere)
        living = await leases.living(processes) | {self.cluster.me}
        orphans = [t for t, p in owners.items() if p not in living]
        if full:
            reach = tables.reach
            orphans += [t for t in await reach.db(reach.store.unfinished_ids) if t not in owners]
        taken = await asyncio.gather(*map(self._adopt_orphan, orphans), return_exceptions=True)
        for table_id, failure in zip(orphans, taken, strict=True):
            if failure is not None:
                log.warning("table %s was not taken over: %r", table_id, failure)
        if full:
            await self.catch_up()
        for live in tables.live.values():
            gone = [p for p in live.elsewhere if p not in living]
            for process in gone:
                del live.elsewhere[process]
            if gone:
                tables.reach.announce.presence(live, share=False)

    async def _adopt_orphan(self, table_id: str) -> None:
        """Take ``table_id`` over, held here or not, unless another process is first."""
        held = self.tables.live.get(table_id)
        if held is not None:
            await self.tables.actor(held).take_over()
        elif await self.cluster.leases.claim(table_id):
            await self.tables.load(table_id)

    async def catch_up(self) -> list[str]:
        """Read again the mirrors still behind what the store held at the last look (one query
        for all of them): the owner's message about a move was lost (Redis reconnected, a
        publish failed) and, until the table's next move, nothing else would tell them. A mirror
        only a message behind catches up by itself before the next look. The ids of the tables
        read again."""
        reach = self.tables.reach
        mirrors = {
            t.info.id: t for t in self.tables.live.values() if not t.owned and t.pending is None
        }
        stored = await reach.db(reach.store.versions, list(mirrors)) if mirrors else {}
        late = [
            table_id
            for table_id, version in self._behind.items()
            if table_id in mirrors and mirrors[table_id].version < version
        ]
        self._behind = {t: v for t, v in stored.items() if v > mirrors[t].version}
        for table_id in late:
            log.warning("table %s: a stored move was not heard of; reading it again", table_id)
            self.cluster.spawn(self.tables.actor(mirrors[table_id]).resync())
        return late

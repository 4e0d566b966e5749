"""Bots take their turns: when a bot seat is to move, it thinks in the pool (its own view only,
its table's owner queueing fairly with every other owner) and plays through the move pipeline
if its options are still those it saw."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from potager.engine import IllegalAction, Seat
from potager.store import StaleVersion

from .clocks import bot_for
from .forever import stopped
from .live import LiveTable
from .moves import ahead
from .writer import NotStored

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("potager.server")

RETRY_DELAY = 1.0
"""Seconds a bot waits before trying again after its move could not be stored."""


class BotTurns:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self._tasks: set[asyncio.Task[None]] = set()

    def schedule(self, live: LiveTable) -> None:
        """Start the turn of every bot to move, a bot seat's or one standing in for a timed-out
        seat (`clocks.bot_for`), only where this process owns the table."""
        if live.info.status != "playing" or not live.owned:
            return
        for seat in live.state.to_move:
            if bot_for(live, seat) is not None and seat not in live.thinking:
                live.thinking.add(seat)
                task = asyncio.create_task(self._turn(live, seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _turn(self, live: LiveTable, seat: Seat) -> None:
        """Think in the pool, then play if the bot's options are still the ones it saw."""
        settings, again, delay = self.tables.settings, True, 0.0
        try:
            if settings.bot_delay:
                await asyncio.sleep(settings.bot_delay)
            state, info = live.state, live.info
            level = bot_for(live, seat)
            if seat not in state.to_move or info.status != "playing" or level is None:
                return
            seen, undos = live.version, live.undos
            seed = (info.seed * 1_000_003 + seen * 101 + seat) % 2**63
            action = await self.tables.bots.decide(
                live.owner,
                info.game,
                level,
                state.view(seat),
                seat,
                state.legal_actions(seat),
                seed,
            )
            moves, queued = self.tables.moves, None
            async with live.lock:
                table = ahead(live)
                if (
                    live.owned
                    and bot_for(live, seat) is not None  # not taken back meanwhile
                    and table.since[seat] <= seen
                    and live.undos == undos  # nothing taken back meanwhile
                    and table.state.is_legal(seat, action)
                ):
                    stand_in = live.info.seats[seat].kind == "human"  # a timed-out person's
                    queued = moves.queue(live, seat, action, stand_in)
            if queued is not None:
                await moves.settle(live, queued)
        except (StaleVersion, IllegalAction):
            log.warning("bot of seat %s at table %s was overtaken", seat, live.info.id)
        except NotStored:
            delay = RETRY_DELAY
        except Exception:
            log.exception("bot of seat %s at table %s failed", seat, live.info.id)
            again = False
        finally:
            live.thinking.discard(seat)
        if delay:
            await asyncio.sleep(delay)
        if again:
            self.schedule(live)

    async def stop(self) -> None:
        """Cancel every bot's turn and wait until they have all stopped."""
        await stopped(self._tasks)

"""Analysis of finished games and hints at the table, run in the server's bot pool.

``POST /api/tables/{id}/analysis`` starts the analysis of a finished game in the background
(`potager.analysis`: every decision of every seat evaluated by the search from that seat's
view, one decision at a time so that the bots of live tables keep their turn in the pool);
``GET`` reports its progress, then its result, which the store keeps; ``.../analysis/chart.png``
draws its win-chance chart. A finished game's record is public, so its analysis is too.

``POST /api/tables/{id}/hint`` answers a seat that holds its token, during its turn, at a table
whose creator allowed hints: the search's best move from that seat's view and its win chance.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel

from potager import games
from potager.agents import ActionValue
from potager.analysis import (
    HINT_LEVEL,
    Analysis,
    Decision,
    MoveReview,
    best_move,
    chart,
    decisions,
    evaluator,
    review,
)
from potager.engine import Action, GameRecord, Seat, View
from potager.store import AnalysisInfo

from ..i18n import say
from .forever import stopped
from .live import LiveTable
from .manager import TableManager
from .outcomes import Refused
from .schemas import SeatAuth

log = logging.getLogger("potager.server")

router = APIRouter(prefix="/api")

ANALYSIS_SEED = 0
"""Every server analysis uses this seed: the same game and budget give the same analysis."""


class AnalysisState(BaseModel):
    """A table's analysis: ``none`` yet, ``running`` (``done`` of ``total`` decisions),
    ``done`` (``result`` is `potager.analysis.Analysis.to_dict`'s form, as ``potager analyse
    --json`` writes it) or ``failed`` (``error`` says why)."""

    table_id: str
    status: Literal["none", "running", "done", "failed"]
    evaluator: str | None = None
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None


class Hint(BaseModel):
    """The search's best move for the seat, from its view, with its win chance and expected
    score (95% intervals)."""

    action: int
    notation: str
    label: str
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float


def review_job(
    game_name: str,
    level: str,
    decision: Decision,
    seed: int,
    params: Mapping[str, Any] | None = None,
) -> MoveReview:
    """One decision of an analysis (runs in a bot worker), of a game played by ``params``."""
    game = games.get(game_name).tuned(params)
    return review(game, decision, evaluator(level, game), seed)


def hint_job(
    game_name: str,
    view: View,
    seat: Seat,
    legal: list[Action],
    ply: int,
    params: Mapping[str, Any] | None = None,
) -> ActionValue:
    """The best action's estimate for a hint (runs in a bot worker), by ``params``."""
    game = games.get(game_name).tuned(params)
    return best_move(evaluator(HINT_LEVEL, game, every_action=False), game, view, seat, legal, ply)


class Analyst:
    """Runs, follows and stops the analyses of finished tables."""

    def __init__(self, manager: TableManager, iterations: int) -> None:
        self.manager = manager
        self.level = f"ismcts:iterations={iterations}"
        self.running: dict[str, asyncio.Task[None]] = {}
        self.progress: dict[str, int] = {}
        self.asking: set[tuple[str, Seat]] = set()
        """The seats whose hint is being thought about: one at a time each, so that nobody
        fills the bot pool with hints."""

    async def finished(self, table_id: str) -> LiveTable:
        live = await self.manager.table(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        if live.info.status != "finished":
            raise Refused(409, say("only a finished game can be analysed"))
        return live

    async def state(self, table_id: str) -> AnalysisState:
        await self.finished(table_id)
        info = await self.manager.db(self.manager.store.analysis, table_id)
        if info is None:
            return AnalysisState(table_id=table_id, status="none")
        if info.status == "running" and table_id not in self.running:
            info.status, info.error = "failed", "interrupted by a restart of the server"
        return AnalysisState(
            table_id=table_id,
            status=info.status,
            evaluator=info.evaluator,
            done=self.progress.get(table_id, info.done),
            total=info.total,
            result=info.result,
            error=info.error,
        )

    async def start(self, table_id: str) -> AnalysisState:
        """Start the analysis unless it runs or is done already; its state."""
        live = await self.finished(table_id)
        current = await self.state(table_id)
        if current.status in ("running", "done"):
            return current
        record = await self.manager.record(live)
        found = decisions(record)
        info = AnalysisInfo(table_id, self.level, ANALYSIS_SEED, "running", 0, len(found))
        await self.manager.db(self.manager.store.start_analysis, info)
        self.progress[table_id] = 0
        task = asyncio.create_task(self._run(table_id, live, record, found))
        self.running[table_id] = task
        task.add_done_callback(lambda _: self._forget(table_id))
        return await self.state(table_id)

    def _forget(self, table_id: str) -> None:
        self.running.pop(table_id, None)
        self.progress.pop(table_id, None)

    async def _run(
        self, table_id: str, live: LiveTable, record: GameRecord, found: list[Decision]
    ) -> None:
        db, store = self.manager.db, self.manager.store
        reviews = []
        try:
            for decision in found:
                reviews.append(
                    await self.manager.bots.run(
                        f"analysis:{table_id}",
                        review_job,
                        live.info.game,
                        self.level,
                        decision,
                        ANALYSIS_SEED,
                        live.info.params,
                    )
                )
                self.progress[table_id] = len(reviews)
                await db(store.update_analysis, table_id, done=len(reviews))
            result = Analysis(record, self.level, ANALYSIS_SEED, reviews).to_dict()
            await db(
                store.update_analysis, table_id, done=len(reviews), status="done", result=result
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the analysis of table %s failed", table_id)
            error = f"{type(exc).__name__}: {exc}"[:200]
            await db(
                store.update_analysis, table_id, done=len(reviews), status="failed", error=error
            )

    async def chart(self, table_id: str) -> bytes:
        state = await self.state(table_id)
        if state.result is None:
            raise Refused(404, say("the game has not been analysed yet"))
        live = await self.finished(table_id)
        title = f"{live.state.game.title} · {state.evaluator}"
        png = io.BytesIO()
        await asyncio.to_thread(chart.draw, state.result, png, title)
        return png.getvalue()

    async def hint(self, table_id: str, auth: SeatAuth) -> Hint:
        """The best move for ``auth``'s seat now; refused unless the table allows hints and it is
        that seat's turn."""
        live = await self.manager.table(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        await self.manager.seating.check(live, auth)
        if not live.info.hints:
            raise Refused(403, say("hints are not allowed at this table"))
        state = live.state
        legal = state.legal_actions(auth.seat) if live.info.status == "playing" else []
        if not legal:
            raise Refused(409, say("a hint is for the seat to move, during its turn"))
        asking = (table_id, auth.seat)
        if asking in self.asking:
            raise Refused(429, say("your last hint is still being thought about"))
        self.asking.add(asking)
        try:
            best = await self.manager.bots.run(
                live.owner,
                hint_job,
                live.info.game,
                state.view(auth.seat),
                auth.seat,
                legal,
                len(state.moves),
                live.info.params,
            )
        finally:
            self.asking.discard(asking)
        return Hint(
            action=best.action,
            notation=state.action_to_str(best.action),
            label=state.action_label(best.action),
            win=best.win,
            win_low=best.win_low,
            win_high=best.win_high,
            score=best.score,
            score_low=best.score_low,
            score_high=best.score_high,
        )

    async def stop(self) -> None:
        """Cancel the analyses running and wait until each has ended (`forever.stopped`, as
        every other server task stops): a search in the bot pool is not waited for, only its
        task, which ends at its next await."""
        await stopped(self.running.values())


async def analyst(request: Request) -> Analyst:
    found: Analyst = request.app.state.analyst
    return found


Analysts = Annotated[Analyst, Depends(analyst)]


@router.get("/tables/{table_id}/analysis", response_model=AnalysisState, tags=["analysis"])
async def get_analysis(table_id: str, analysts: Analysts) -> AnalysisState:
    """A finished game's analysis: its progress, then its result."""
    return await analysts.state(table_id)


@router.post("/tables/{table_id}/analysis", response_model=AnalysisState, tags=["analysis"])
async def start_analysis(table_id: str, analysts: Analysts) -> AnalysisState:
    """Analyse a finished game in the background (again only if an earlier run failed)."""
    return await analysts.start(table_id)


@router.get("/tables/{table_id}/analysis/chart.png", tags=["analysis"])
async def analysis_chart(table_id: str, analysts: Analysts) -> Response:
    """The analysed game's win-chance chart, one panel per seat (PNG)."""
    return Response(await analysts.chart(table_id), media_type="image/png")


@router.post("/tables/{table_id}/hint", response_model=Hint, tags=["play"])
async def hint(table_id: str, auth: SeatAuth, analysts: Analysts) -> Hint:
    """The search's best move for your seat during your turn, where the table allows hints."""
    return await analysts.hint(table_id, auth)

"""The lobby's REST API: games, tables, seats, rematches, records and replays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response

from potager import agents
from potager.engine import Game, Seat, State
from potager.store.players import PlayerInfo

from ..i18n import say, translate
from . import rules
from .chat import line_model
from .i18n import language
from .identity import Player
from .limits import client_of
from .live import LiveTable
from .manager import TableManager, available_games
from .messages import summary
from .replays import replay_json
from .schemas import (
    ChatLineModel,
    CreatedTable,
    CreateTable,
    GameInfo,
    GameLength,
    JoinRequest,
    RecordModel,
    Replay,
    RuleParameter,
    SeatAuth,
    SeatGrant,
    SeatName,
    TableSummary,
    Turns,
    TurnsRequest,
    VariantOption,
)
from .seating import bot_levels

router = APIRouter(prefix="/api")

STATUSES = {"open": ("waiting", "playing"), "live": ("playing",), "finished": ("finished",)}


async def manager(request: Request) -> TableManager:
    found: TableManager = request.app.state.manager
    return found


Manager = Annotated[TableManager, Depends(manager)]


def game_info(game: Game, lang: str = "en", policies: Sequence[str] = ()) -> GameInfo:
    """What the lobby shows of ``game``; its pitch in ``lang`` (`rules.pitch`), its bot levels
    with the server's ``policies`` (`seating.bot_levels`)."""
    levels = bot_levels(game, policies)
    return GameInfo(
        name=game.name,
        title=game.title,
        pitch=rules.pitch(game, lang),
        lengths=[
            GameLength(**row, minutes={level: rules.minutes(row, level) for level in levels})
            for row in rules.lengths(game)
        ],
        lengths_source=translate(rules.length_source(), lang),
        min_players=game.min_players,
        max_players=game.max_players,
        levels=levels,
        level_notes={level: agents.describe(level) for level in levels},
        level_names={level: agents.title(level) for level in levels},
        level_sentences={level: agents.sentence(level) for level in levels},
        variants=[
            VariantOption(name=k, values=list(v[0]), default=v[1], doc=v[2])
            for k, v in game.variants.items()
        ],
        parameters=[
            RuleParameter(
                name=name,
                kind=p.kind,
                default=list(p.default) if isinstance(p.default, tuple) else p.default,
                low=p.low,
                high=p.high,
                choices=list(p.choices),
                doc=p.doc,
            )
            for name, p in game.parameters.items()
        ],
        facts=game.facts(),
    )


@router.get("/games", response_model=list[GameInfo], tags=["lobby"])
def list_games(request: Request, tables: Manager) -> list[GameInfo]:
    """The games this server can seat: player counts, variants, bot levels and printed facts;
    each game's pitch in the asker's language (`i18n.language`)."""
    lang, policies = language(request), tables.settings.policies
    return [game_info(g, lang, policies) for g in available_games()]


@router.get("/tables", response_model=list[TableSummary], tags=["lobby"])
async def list_tables(
    tables: Manager,
    status: Literal["open", "live", "finished"] = "open",
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> list[TableSummary]:
    """``open``: tables with a free human seat, but for a table waiting for players none of whose
    people has been there for the away time (`potager.server.clocks`: still opened by its invite
    links); ``live``: games in play (to watch); ``finished``: games to replay."""
    found = await tables.summaries(STATUSES[status], limit if status != "open" else 500)
    if status == "open":
        found = [t for t in found if t.open_seats and not tables.deserted(t.id)][:limit]
    return found


@router.post("/tables", response_model=CreatedTable, status_code=201, tags=["lobby"])
async def create_table(
    request: CreateTable, tables: Manager, http: Request, player: Player
) -> CreatedTable:
    """Open a table; the answer holds the creator's seat token and the other seats' invites.
    With a player's token (``Authorization: Bearer``), the creator's seat is that player's."""
    return await tables.create(request, client_of(http.scope), _id(player))


def _id(player: PlayerInfo | None) -> str | None:
    return None if player is None else player.id


async def _live(tables: TableManager, table_id: str) -> LiveTable:
    live = await tables.table(table_id)
    if live is None:
        raise HTTPException(404, say("no such table"))
    return live


@router.get("/tables/{table_id}", response_model=TableSummary, tags=["lobby"])
async def get_table(table_id: str, tables: Manager) -> TableSummary:
    return summary(await _live(tables, table_id))


@router.get("/tables/{table_id}/chat", response_model=list[ChatLineModel], tags=["lobby"])
async def get_chat(table_id: str, tables: Manager) -> list[ChatLineModel]:
    """The table's chat in the order it was said: anyone may read it, as spectators
    do at the table; the replay page shows it beside the moves."""
    live = await _live(tables, table_id)
    return [line_model(line) for line in await tables.chat.lines(live)]


@router.post("/tables/{table_id}/join", response_model=SeatGrant, tags=["seats"])
async def join_table(
    table_id: str, request: JoinRequest, tables: Manager, player: Player
) -> SeatGrant:
    """Take an open human seat (any older invite link to it stops working); with a player's
    token, for that player."""
    return await tables.join(table_id, request, _id(player))


@router.post("/tables/{table_id}/leave", response_model=TableSummary, tags=["seats"])
async def leave_table(table_id: str, auth: SeatAuth, tables: Manager) -> TableSummary:
    """Give your seat up: it is open to anybody again."""
    return await tables.leave(table_id, auth)


@router.post("/tables/{table_id}/name", response_model=TableSummary, tags=["seats"])
async def name_seat(
    table_id: str, request: SeatName, tables: Manager, player: Player
) -> TableSummary:
    """Choose or change your display name (and take your seat, from an invite link, for the
    player of the token given, if any); a name another seat at the table has is refused (409),
    whatever its case."""
    return await tables.rename(table_id, request, _id(player))


@router.post("/turns", response_model=Turns, tags=["seats"])
async def your_turns(
    request: TurnsRequest, tables: Manager, player: Player, http: Request
) -> Turns:
    """The tables that wait on the seats given (each with its token, at most 50), the longest
    waiting first, each with its seats and what the seat is to do (in the asker's language),
    and those whose game is over; a seat whose token is wrong is left out of both, as one
    whose table does not wait on it (the "your turn" list). With a player token, that player's
    seats too, and in ``yours`` its seats at the tables not finished (to open on another
    device with the player token). Rate: ``POTAGER_TURNS_RATE``."""
    return await tables.turns(request, _id(player), language(http))


@router.post("/tables/{table_id}/end", response_model=TableSummary, tags=["seats"])
async def end_table(table_id: str, auth: SeatAuth, tables: Manager) -> TableSummary:
    """End a game another player stayed away from: their seat is marked absent
    (`potager.server.clocks`). The table finishes with no result and leaves the games in play;
    refused with 409 while nobody else is absent or the game is not being played, 403 for a
    wrong seat token, and nothing changes."""
    return summary(await tables.end(table_id, auth))


@router.post("/tables/{table_id}/rematch", response_model=SeatGrant, tags=["seats"])
async def rematch(table_id: str, auth: SeatAuth, tables: Manager, player: Player) -> SeatGrant:
    """After the end: your same seat at the rematch table (created by the first to ask)."""
    return await tables.rematch(table_id, auth, _id(player))


async def _finished(tables: TableManager, table_id: str) -> State:
    live = await _live(tables, table_id)
    if live.info.status != "finished":
        # Until the end the record holds the pending hidden choices: it stays secret.
        raise HTTPException(409, say("the game is not over: its record is not public yet"))
    return live.state


@router.get(
    "/tables/{table_id}/record",
    response_model=RecordModel,
    response_model_exclude_none=True,
    tags=["replays"],
)
async def get_record(table_id: str, tables: Manager) -> RecordModel:
    """A finished game's record, with who sat where, the result and the chat (`potager replay`
    and `potager analyse` read it)."""
    await _finished(tables, table_id)
    live = await _live(tables, table_id)
    chat = [line_model(line) for line in await tables.chat.lines(live)]
    record = await tables.record(live)
    return RecordModel(**record.to_dict(), chat=chat or None)


@router.get("/tables/{table_id}/replay", response_model=Replay, tags=["replays"])
async def get_replay(table_id: str, tables: Manager, seat: Seat | None = None) -> Response:
    """Every step of a finished game as ``seat`` (or a spectator) saw it."""
    final = await _finished(tables, table_id)
    if seat is not None and not 0 <= seat < final.players:
        raise HTTPException(422, say("no seat {seat}", seat=seat))
    live = await _live(tables, table_id)
    stand_ins = await tables.db(tables.store.stand_in_moves, table_id)
    return Response(await replay_json(live, seat, stand_ins), media_type="application/json")

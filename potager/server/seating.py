"""Seats: opening a table, joining, leaving, claiming by invite link, naming, rematches.

One seat, one grant: every change of a seat's holder happens under the table's lock and is
written with a condition (the seat still open, or its token still the one shown), so thirty
people asking for a seat at once get one token and twenty-nine "seat taken", however many
server processes they reach. The connections of a seat that changes hands are revoked at once.

Names (issue 16): every seat chooses its display name, unique at its table (trimmed, and compared
without case, so "Ada" and " ada" are one name); a bot's name ("heuristic bot") counts too. The
store holds people's names unique per table itself, so two server processes naming two seats at
the same instant cannot both succeed (`potager.store.NameTaken`). No name may read as the label
the pages give another seat ("Heuristic bot 4", "Seat 1", in any language:
`potager.server.seat_labels`).

Players (issue 16, `potager.server.identity`): a seat taken by a browser that says which player
it is keeps that player's id, and shows its rating in the table's game; a table is rated (its
end moves the ratings) when its creator says so, by default when every seat is a person.

A seat held by a player opens to that player's token too, wherever a seat token is asked for
(the table's socket, naming, leaving, rematch, hints: `Seating.opening`), so that a player signed
in on another device reaches its seats there without the seat's token, which is stored only
hashed and never handed out again. It opens only while that player holds the seat: once the seat
is given up or taken by another its connections opened so are revoked at once, as a revoked seat
token's are, and a token that opens nothing is refused as a wrong seat token is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from potager import agents, games
from potager.engine import Game, Seat
from potager.store import NameTaken, SeatInfo, TableInfo, name_key
from potager.store.models import utcnow
from potager.store.players import Players

from ..i18n import say
from .live import LiveTable, Opened, new_table_id, new_token, token_hash
from .messages import open_seats, summary
from .outcomes import Refused
from .schemas import (
    STAND_IN,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    JoinRequest,
    SeatAuth,
    SeatGrant,
    SeatName,
    SeatSpec,
    SpeedName,
    TableSummary,
)
from .seat_labels import reads_as_a_seat, seat_label_refused
from .turns import waiting_after

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger(__name__)


def invite_url(table_id: str, seat: Seat, token: str) -> str:
    # The token rides in the fragment: browsers never send it to a server or into its logs.
    return f"/table/{table_id}#seat={seat}&token={token}"


def bot_levels(game: Game, policies: Sequence[str]) -> list[str]:
    """The bot levels this server seats for ``game``: the built-in ones (`potager.agents.levels`)
    and ``policy:PATH`` for each policy it was started with (`Settings.policies`) that was trained
    for ``game``. No other ``policy:`` level is accepted: the path would be the client's."""
    return agents.levels(game) + [agents.POLICY + p for p in policies if _plays(p, game.name)]


@cache
def _plays(path: str, game_name: str) -> bool:
    """Whether the policy saved at ``path`` plays ``game_name`` (loaded once per process; a file
    that is missing or for another game is logged and left out of the levels)."""
    try:
        agents.make(agents.POLICY + path, games.get(game_name))
    except ValueError as exc:
        log.warning("policy %s is not offered for %s: %s", path, game_name, exc)
        return False
    return True


def default_stand_in(game: Game) -> str:
    """The bot level that plays for a timed-out seat when the creator chose none: `STAND_IN`
    where ``game`` has it, else its first level (`potager.server.clocks`)."""
    levels = agents.levels(game)
    return STAND_IN if STAND_IN in levels else levels[0]


def name_holder(seats: list[SeatInfo], seat: Seat, name: str) -> Seat | None:
    """The other seat already called ``name`` (``None``: the name is free for ``seat``; an empty
    name, a seat shown by its number, is always free)."""
    key = name_key(name)
    if key:
        for other in seats:
            if other.seat != seat and name_key(other.name) == key:
                return other.seat
    return None


def check_name_free(seats: list[SeatInfo], seat: Seat, name: str) -> None:
    """Refuse ``name`` for ``seat``: 409 if another seat has it, 422 if the pages would show it
    for another seat (`seat_labels`)."""
    if name_holder(seats, seat, name) is not None:
        raise Refused(
            409, say('the name "{name}" is already taken at this table', name=name.strip())
        )
    why = seat_label_refused(name)
    if why is not None:
        raise Refused(422, why)


class Seating:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self.players = Players(tables.store)
        self._rerating: set[asyncio.Task[None]] = set()

    async def opening(self, live: LiveTable, seat: Seat, token: str) -> Opened | None:
        """How ``token`` opens ``seat`` of ``live`` now: as its seat token, or as the token of
        the player who holds it (see the module's docstring); None: it does not."""
        if live.verify(seat, token):
            return Opened(token_hash(token), None)
        if not 0 <= seat < len(live.info.seats) or live.info.seats[seat].player_id is None:
            return None
        player = await self.tables.db(self.players.by_token, token_hash(token))
        held = live.info.seats[seat]  # read again: the seat may have changed meanwhile
        if player is None or held.token_hash is None or not held.taken:
            return None
        return Opened(held.token_hash, player.id) if held.player_id == player.id else None

    async def check(self, live: LiveTable, auth: SeatAuth) -> Opened:
        """How ``auth`` opens its seat (`opening`); 403 if it does not."""
        opened = await self.opening(live, auth.seat, auth.token)
        if opened is None:
            raise Refused(403, say("wrong seat token"))
        return opened

    async def create(
        self, request: CreateTable, owner: str, player: str | None = None
    ) -> CreatedTable:
        """Open a table for ``owner`` (the client asking: its bots queue as one owner), the
        creator's seat for ``player`` if given."""
        try:
            game = games.get(request.game)
            players = request.players
            game.check_players(players)
            variant = game.resolve_variant(request.variant)
        except ModuleNotFoundError:
            why = say("{game} is not installed on this server", game=request.game)
            raise Refused(404, why) from None
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        if len(request.seats) != players:
            raise Refused(
                422,
                say(
                    "{players} players need {players} seats, not {count}",
                    players=players,
                    count=len(request.seats),
                ),
            )
        levels = bot_levels(game, self.tables.settings.policies)
        for spec in request.seats:
            if spec.kind != "bot" or spec.level is None:
                continue
            if spec.level not in levels:
                why = say(
                    "unknown bot level {level}; levels: {levels}",
                    level=repr(spec.level),
                    levels=", ".join(levels),
                )
                raise Refused(422, why)
        if request.stand_in is not None and request.stand_in not in levels:
            why = say(
                "unknown stand-in bot level {level}; levels: {levels}",
                level=repr(request.stand_in),
                levels=", ".join(levels),
            )
            raise Refused(422, why)
        humans = [i for i, spec in enumerate(request.seats) if spec.kind == "human"]
        mine = request.seat if request.seat is not None else (humans[0] if humans else None)
        if mine is not None and mine not in humans:
            raise Refused(422, say("seat {seat} is not a human seat", seat=mine))
        if request.rated and len(humans) < players:
            raise Refused(422, say("a rated table seats people only"))
        return await self._open(game, players, variant, request, mine, None, owner, player)

    async def _open(
        self,
        game: Game,
        players: int,
        variant: dict[str, Any],
        request: CreateTable,
        mine: Seat | None,
        rematch_of: str | None,
        owner: str,
        player: str | None,
    ) -> CreatedTable:
        tokens: dict[Seat, str] = {}
        seats = []
        for i, spec in enumerate(request.seats):
            if spec.kind == "human":
                tokens[i] = new_token()
                name = request.name.strip() if i == mine else ""
                held = i == mine
                seats.append(
                    SeatInfo(
                        i,
                        "human",
                        None,
                        name,
                        token_hash(tokens[i]),
                        taken=held,
                        player_id=player if held else None,
                        rating=await self._rating(player, game.name) if held else None,
                    )
                )
            else:
                seats.append(SeatInfo(i, "bot", spec.level, f"{spec.level} bot"))
        if mine is not None:
            check_name_free(seats, mine, seats[mine].name)
        state = game.new_game(players, None, variant)
        info = TableInfo(
            new_table_id(),
            game.name,
            players,
            variant,
            state.seed,
            None,
            "waiting",
            seats=seats,
            rematch_of=rematch_of,
            hints=request.hints,
            chat=request.chat,
            undo=request.undo,
            rated=all(s.kind == "human" for s in seats) if request.rated is None else request.rated,
            speed=request.speed,
            stand_in=request.stand_in or default_stand_in(game),
        )
        if all(s.kind == "bot" or s.taken for s in seats):
            info.status = "playing"
            info.waiting = waiting_after({}, state.to_move, None, utcnow())
        tables = self.tables
        if tables.cluster is not None:
            # Claimed before it is stored: another process's sweep claims every unfinished table
            # of the store that nobody owns, and one that ran between the two took the new table
            # while this process believed it its own (two writers, issue 13).
            await tables.cluster.leases.claim(info.id)
        try:
            await tables.db(tables.store.create_table, info)
        except Exception:
            if tables.cluster is not None:
                await tables.cluster.leases.release(info.id)
            raise
        live = LiveTable(info, state)
        live.owner = owner
        tables.add(live)
        tables.chat.opened(live)
        tables.clocks.open(live)
        tables.actor(live).wake_bots()
        grants = {
            s: SeatGrant(table_id=info.id, seat=s, token=t, url=invite_url(info.id, s, t))
            for s, t in tokens.items()
        }
        return CreatedTable(
            table=summary(live),
            you=grants.get(mine) if mine is not None else None,
            invites=[g for s, g in grants.items() if s != mine],
        )

    async def join(
        self, table_id: str, request: JoinRequest, player: str | None = None
    ) -> SeatGrant:
        """Take an open human seat (for ``player`` if given): a new token, so any older invite
        link to it stops working."""
        live = await self.tables.unfinished(table_id)
        async with self.tables.actor(live).settled():
            free = open_seats(live)
            if request.seat is not None and request.seat not in free:
                seats = live.info.seats
                if 0 <= request.seat < len(seats) and seats[request.seat].kind == "human":
                    raise Refused(409, say("seat {seat} is taken", seat=request.seat))
                raise Refused(409, say("seat {seat} is not a human seat", seat=request.seat))
            if not free:
                raise Refused(409, say("no open seat: every seat is taken"))
            seat = request.seat if request.seat is not None else free[0]
            name = request.name.strip()
            await self._check_name(live, seat, name)
            token = new_token()
            if not await self._change(live, seat, token_hash(token), name, player, if_open=True):
                raise Refused(409, say("seat {seat} is taken", seat=seat))
            await self._start_when_seated(live)
        return SeatGrant(
            table_id=table_id, seat=seat, token=token, url=invite_url(table_id, seat, token)
        )

    async def leave(self, table_id: str, auth: SeatAuth) -> TableSummary:
        """Give a seat up: it opens for anybody to join; its token stops working at once."""
        live = await self.tables.unfinished(table_id)
        async with self.tables.actor(live).settled():
            await self.check(live, auth)
            digest = live.info.seats[auth.seat].token_hash
            if not await self._change(live, auth.seat, None, "", None, if_token=digest):
                raise Refused(403, say("wrong seat token"))
        return summary(live)

    async def claim(
        self, live: LiveTable, seat: Seat, token: str, name: str | None
    ) -> Opened | None:
        """A seat holder arrives with its token (an invite link, back after a refresh, or its
        player's token on another device): the seat is taken from now on, under ``name`` if given
        and free at the table (else under the name it has: `rename` is where a name is refused
        with a reason). None: the token does not open the seat."""
        async with self.tables.actor(live).settled():
            opened = await self.opening(live, seat, token)
            if opened is None:
                return None
            info = live.info.seats[seat]
            name = (name or "").strip()
            if name_holder(live.info.seats, seat, name) is not None or reads_as_a_seat(name):
                name = ""
            if info.taken and (not name or name == info.name):
                return opened
            if not await self._change(
                live,
                seat,
                info.token_hash,
                name or info.name,
                info.player_id,
                if_token=info.token_hash,
            ):
                return None
            await self._start_when_seated(live)
            return opened

    async def rename(
        self, table_id: str, request: SeatName, player: str | None = None
    ) -> TableSummary:
        """The seat's holder chooses its display name, before sitting down (a friend's invite
        link: the seat is taken from now on, for ``player`` if given) or during the game; a name
        another seat has is refused and nothing changes."""
        live = await self.tables.unfinished(table_id)
        async with self.tables.actor(live).settled():
            await self.check(live, request)
            name = request.name.strip()
            await self._check_name(live, request.seat, name)
            held = live.info.seats[request.seat]
            digest, player = held.token_hash, player or held.player_id
            if not await self._change(live, request.seat, digest, name, player, if_token=digest):
                raise Refused(403, say("wrong seat token"))
            await self._start_when_seated(live)
        return summary(live)

    async def _check_name(self, live: LiveTable, seat: Seat, name: str) -> None:
        """Refuse ``name`` for ``seat`` if another seat has it. With several server processes,
        in the store: another may have named a seat a moment ago, before this one heard of it
        (the caller holds the table's lock; two processes naming at the very same moment are
        not kept apart). Alone, this process wrote every seat: the store is not read again."""
        if not name_key(name):
            return
        tables = self.tables
        seats = live.info.seats
        if tables.cluster is not None:
            stored = await tables.db(tables.store.table, live.info.id)
            seats = seats if stored is None else stored.seats
        check_name_free(seats, seat, name)

    async def _change(
        self,
        live: LiveTable,
        seat: Seat,
        digest: str | None,
        name: str,
        player: str | None,
        *,
        if_open: bool = False,
        if_token: str | None = None,
    ) -> bool:
        """Write the seat's new holder (``digest`` None: nobody) and player if the condition
        holds, then take it in memory and revoke its connections that no longer speak for it.
        A name another seat took meanwhile, in any server process, is refused (409)."""
        tables = self.tables
        taken = digest is not None
        try:
            written = await tables.db(
                tables.store.update_seat,
                live.info.id,
                seat,
                token_hash=digest,
                taken=taken,
                name=name,
                player_id=player,
                if_open=if_open,
                if_token=if_token,
            )
        except NameTaken:
            raise Refused(
                409, say('the name "{name}" is already taken at this table', name=name.strip())
            ) from None
        if not written:
            return False
        info = live.info.seats[seat]
        info.token_hash, info.taken, info.name = digest, taken, name
        if info.player_id != player:
            info.player_id, info.rating = player, await self._rating(player, live.info.game)
        self._revoke(live, seat)
        tables.announce.presence(live)
        tables.seats_changed(live)
        return True

    def ended(self, live: LiveTable) -> None:
        """``live`` has just finished: if rated, its seats show their players' new ratings,
        read (in the background) from the store, where the finishing move's transaction has
        moved them, then told to everybody at the table."""
        if live.info.rated and any(s.player_id for s in live.info.seats):
            task = asyncio.create_task(self._new_ratings(live))
            self._rerating.add(task)
            task.add_done_callback(self._rerating.discard)

    async def _new_ratings(self, live: LiveTable) -> None:
        with contextlib.suppress(Refused):  # the database is unavailable: the old ones stay
            for seat in live.info.seats:
                seat.rating = await self._rating(seat.player_id, live.info.game)
            self.tables.announce.presence(live)

    async def _rating(self, player: str | None, game: str) -> float | None:
        """``player``'s rating in ``game`` (None: no player, or not rated yet)."""
        if player is None:
            return None
        tables = self.tables
        return await tables.db(self.players.rating, player, game)

    @staticmethod
    def _revoke(live: LiveTable, seat: Seat) -> None:
        """Close ``seat``'s connections that no longer hold it (`LiveTable.holder`): opened with
        another token than its current one, or by a player who no longer holds it."""
        given_up = ErrorMessage(code="forbidden", message=say("this seat was given up"))
        for connection in [c for c in live.connections if c.seat == seat]:
            if not live.holder(connection):
                live.connections.remove(connection)
                connection.revoke(connection.said(given_up), 4403)

    async def refresh(self, live: LiveTable) -> None:
        """Another server process changed ``live``'s seats: read them again (`reread`)."""
        async with self.tables.actor(live).settled():
            await self.reread(live)

    async def reread(self, live: LiveTable) -> None:
        """Take the store's seats, start (a table only goes forward: waiting, then playing) and
        rematch for ``live``, revoke the connections that no longer speak for their seat and tell
        everybody (the caller holds the table's lock)."""
        tables = self.tables
        stored = await tables.db(tables.store.table, live.info.id)
        if stored is None:
            return
        for held, now in zip(live.info.seats, stored.seats, strict=True):
            held.token_hash, held.taken, held.name = now.token_hash, now.taken, now.name
            held.player_id, held.rating = now.player_id, now.rating
            self._revoke(live, held.seat)
        changed = stored.rematch_id != live.info.rematch_id
        live.info.rematch_id = stored.rematch_id
        if live.info.status == "waiting" and stored.status == "playing":
            live.info.status, changed = "playing", True
            live.info.waiting = stored.waiting
            tables.actor(live).wake_bots()
        if changed:
            tables.announce.state(live)
        tables.announce.presence(live)

    async def _start_when_seated(self, live: LiveTable) -> None:
        tables = self.tables
        if live.info.status == "waiting" and not open_seats(live):
            live.info.status = "playing"
            live.info.waiting = waiting_after({}, live.state.to_move, None, utcnow())
            await tables.db(tables.store.set_status, live.info.id, "playing", live.info.waiting)
            tables.clocks.moved(live, None)  # every seat is taken: the clocks start
            tables.announce.state(live)
            tables.actor(live).wake_bots()
            tables.seats_changed(live)

    async def rematch(self, table_id: str, auth: SeatAuth, player: str | None = None) -> SeatGrant:
        """The same game, players, variant and seats at a new table, reshuffled; each player of
        the finished table who asks gets their same seat there (as ``player``, or as the player
        who held it)."""
        tables = self.tables
        live = await tables.table(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        await self.check(live, auth)
        if live.info.status != "finished":
            raise Refused(409, say("the game is not over yet"))
        async with self.tables.actor(live).settled():
            if live.info.rematch_id is None:
                info = live.info
                request = CreateTable(
                    game=info.game,
                    players=info.players,
                    variant=info.variant,
                    seats=[SeatSpec(kind=s.kind, level=s.level) for s in info.seats],
                    hints=info.hints,
                    chat=info.chat,
                    undo=info.undo,
                    rated=info.rated,
                    speed=cast(SpeedName, info.speed),
                    stand_in=info.stand_in,
                )
                created = await self._open(
                    games.get(info.game),
                    info.players,
                    info.variant,
                    request,
                    None,
                    info.id,
                    live.owner,
                    None,
                )
                info.rematch_id = await tables.db(
                    tables.store.set_rematch, info.id, created.table.id
                )
                tables.announce.state(live)
                tables.seats_changed(live)
        held = live.info.seats[auth.seat]
        return await self.join(
            live.info.rematch_id or "",
            JoinRequest(seat=auth.seat, name=held.name),
            player or held.player_id,
        )

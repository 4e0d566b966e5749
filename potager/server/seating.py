"""Seats: opening a table, joining, leaving, claiming by invite link, naming, rematches.

`Seating` decides and writes; the table's actor calls it under the table's lock and publishes
what it did (`Seated`). One seat, one grant: every change of a seat's holder is written with a
condition (the seat still open, or its token still the one shown), however many server
processes are asked. Names are unique at a table, compared without case, and never read as
another seat's label; a seat held by a player opens to that player's token too, only while the
player holds it. A name given at a seat names its player too while the player has no name yet
(never renaming one who has), and never as another player's sign-in name. The rules in full:
docs/server-notes.md.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from potager import agents, games
from potager.engine import Game, Seat
from potager.store import NameTaken, SeatInfo, Store, TableInfo, name_key
from potager.store.models import utcnow
from potager.store.players import Players

from ..i18n import say
from .config import Settings
from .live import LiveTable, Opened, new_table_id, new_token, token_hash
from .messages import open_seats, summary
from .outcomes import Refused
from .schemas import (
    STAND_IN,
    Close,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    JoinRequest,
    SeatAuth,
    SeatGrant,
    SeatName,
    SeatSpec,
    SpeedName,
)
from .seat_labels import reads_as_a_seat, seat_label_refused
from .turns import waiting_after

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


@dataclass(frozen=True)
class Seated:
    """What a change of seats did, for the table's actor to tell: ``changed``, the seats (every
    connection and the other processes hear it); ``started``, the game (every seat is taken)."""

    changed: bool = True
    started: bool = False


@dataclass
class Opening:
    """A table planned and not yet stored (`Seating.plan`): its seats' tokens, and the seat of
    the player who opens it (``mine``, if any)."""

    live: LiveTable
    tokens: dict[Seat, str]
    mine: Seat | None

    def created(self) -> CreatedTable:
        """What the opener is told once the table is stored: the table, their seat's grant and
        the invite links of the other human seats."""
        table_id = self.live.info.id
        grants = {
            s: SeatGrant(table_id=table_id, seat=s, token=t, url=invite_url(table_id, s, t))
            for s, t in self.tokens.items()
        }
        mine = self.mine
        return CreatedTable(
            table=summary(self.live),
            you=grants.get(mine) if mine is not None else None,
            invites=[g for s, g in grants.items() if s != mine],
        )


class Seating:
    """Seats of the tables of one process: ``several``, with other processes sharing the store
    (a name is then checked against the store's seats)."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        db: Callable[..., Awaitable[Any]],
        several: bool = False,
    ) -> None:
        self.policies = settings.policies
        self.store, self.db, self.several = store, db, several
        self.players = Players(store)

    async def opening(self, live: LiveTable, seat: Seat, token: str) -> Opened | None:
        """How ``token`` opens ``seat`` of ``live`` now: as its seat token, or as the token of
        the player who holds it (see the module's docstring); None: it does not."""
        if live.verify(seat, token):
            return Opened(token_hash(token), None)
        if not 0 <= seat < len(live.info.seats) or live.info.seats[seat].player_id is None:
            return None
        player = await self.db(self.players.by_token, token_hash(token))
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

    # -- a new table -------------------------------------------------------------------------------
    async def plan(self, request: CreateTable, owner: str, player: str | None = None) -> Opening:
        """The table ``request`` asks for, opened by ``owner`` (the client asking: its bots
        queue as one owner), the creator's seat for ``player`` if given; refused (422, 404)
        with nothing stored."""
        try:
            game = games.get(request.game)
            players = request.players
            game.check_players(players)
            variant = game.resolve_variant(request.variant)
            game = game.tuned(request.params)
            if game.tuning:
                game.check_params(players)
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
        levels = bot_levels(game, self.policies)
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
        if request.rated and game.tuning:
            raise Refused(422, say("a custom table (rule parameters changed) is never rated"))
        return await self._plan(game, players, variant, request, mine, None, owner, player)

    async def plan_rematch(self, live: LiveTable) -> Opening:
        """The same game, players, variant and seats as ``live``, reshuffled, every human seat
        open."""
        info = live.info
        request = CreateTable(
            game=info.game,
            players=info.players,
            variant=info.variant,
            params={k: list(v) if isinstance(v, tuple) else v for k, v in info.params.items()},
            seats=[SeatSpec(kind=s.kind, level=s.level) for s in info.seats],
            hints=info.hints,
            chat=info.chat,
            undo=info.undo,
            rated=info.rated,
            speed=cast(SpeedName, info.speed),
            stand_in=info.stand_in,
        )
        game = games.get(info.game).tuned(info.params)
        return await self._plan(
            game, info.players, info.variant, request, None, info.id, live.owner, None
        )

    async def _plan(
        self,
        game: Game,
        players: int,
        variant: dict[str, Any],
        request: CreateTable,
        mine: Seat | None,
        rematch_of: str | None,
        owner: str,
        player: str | None,
    ) -> Opening:
        tokens: dict[Seat, str] = {}
        seats = []
        for i, spec in enumerate(request.seats):
            if spec.kind == "human":
                tokens[i] = new_token()
                name = request.name.strip() if i == mine else ""
                held = i == mine
                rating, bot = await self.standing(player if held else None, game.name)
                seats.append(
                    SeatInfo(
                        i,
                        "human",
                        None,
                        name,
                        token_hash(tokens[i]),
                        taken=held,
                        player_id=player if held else None,
                        rating=rating,
                        bot_player=bot,
                    )
                )
            else:
                seats.append(SeatInfo(i, "bot", spec.level, f"{spec.level} bot"))
        if mine is not None:
            check_name_free(seats, mine, seats[mine].name)
            await self._names_player(player, seats[mine].name)
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
            rated=(
                all(s.kind == "human" for s in seats) and not game.tuning
                if request.rated is None
                else request.rated
            ),
            speed=request.speed,
            stand_in=request.stand_in or default_stand_in(game),
            params=dict(game.tuning),
        )
        if all(s.kind == "bot" or s.taken for s in seats):
            info.status = "playing"
            info.waiting = waiting_after({}, state.to_move, None, utcnow())
        live = LiveTable(info, state)
        live.owner = owner
        return Opening(live, tokens, mine)

    # -- changing a seat (the caller holds the table's lock) ---------------------------------------
    async def join(
        self, live: LiveTable, request: JoinRequest, player: str | None = None
    ) -> tuple[SeatGrant, Seated]:
        """Take an open human seat (for ``player`` if given): a new token, so any older invite
        link to it stops working."""
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
        naming = await self._names_player(player, name)
        token = new_token()
        if not await self._change(live, seat, token_hash(token), name, player, if_open=True):
            raise Refused(409, say("seat {seat} is taken", seat=seat))
        if naming:
            await self.name_player(player, name)
        table_id = live.info.id
        grant = SeatGrant(
            table_id=table_id, seat=seat, token=token, url=invite_url(table_id, seat, token)
        )
        return grant, await self._start_when_seated(live)

    async def leave(self, live: LiveTable, auth: SeatAuth) -> Seated:
        """Give a seat up: it opens for anybody to join; its token stops working at once."""
        await self.check(live, auth)
        digest = live.info.seats[auth.seat].token_hash
        if not await self._change(live, auth.seat, None, "", None, if_token=digest):
            raise Refused(403, say("wrong seat token"))
        return Seated()

    async def claim(
        self, live: LiveTable, seat: Seat, token: str, name: str | None
    ) -> tuple[Opened | None, Seated]:
        """A seat holder arrives with its token (an invite link, back after a refresh, or its
        player's token on another device): the seat is taken from now on, under ``name`` if given
        and free at the table (else under the name it has: `rename` is where a name is refused
        with a reason). None: the token does not open the seat."""
        opened = await self.opening(live, seat, token)
        if opened is None:
            return None, Seated(changed=False)
        info = live.info.seats[seat]
        unchanged = Seated(changed=await self._marked(live, info))
        name = (name or "").strip()
        if name_holder(live.info.seats, seat, name) is not None or reads_as_a_seat(name):
            name = ""
        try:
            naming = await self._names_player(info.player_id, name)
        except Refused:  # another player signs in under it
            name, naming = "", False
        if info.taken and (not name or name == info.name):
            if naming:
                await self.name_player(info.player_id, name)
            return opened, unchanged
        if not await self._change(
            live,
            seat,
            info.token_hash,
            name or info.name,
            info.player_id,
            if_token=info.token_hash,
        ):
            return None, unchanged
        if naming:
            await self.name_player(info.player_id, name)
        return opened, await self._start_when_seated(live)

    async def _marked(self, live: LiveTable, info: SeatInfo) -> bool:
        """Read again whether ``info``'s player is a bot (it may have been marked since it took
        the seat, as `potager.client` does before it sits down); whether that changed."""
        if info.player_id is None:
            return False
        bot = info.bot_player
        info.rating, info.bot_player = await self.standing(info.player_id, live.info.game)
        return info.bot_player != bot

    async def rename(self, live: LiveTable, request: SeatName, player: str | None = None) -> Seated:
        """The seat's holder chooses its display name, before sitting down (a friend's invite
        link: the seat is taken from now on, for ``player`` if given) or during the game; a name
        another seat has is refused and nothing changes."""
        await self.check(live, request)
        name = request.name.strip()
        await self._check_name(live, request.seat, name)
        held = live.info.seats[request.seat]
        digest, player = held.token_hash, player or held.player_id
        naming = await self._names_player(player, name)
        if not await self._change(live, request.seat, digest, name, player, if_token=digest):
            raise Refused(403, say("wrong seat token"))
        if naming:
            await self.name_player(player, name)
        return await self._start_when_seated(live)

    async def reread(self, live: LiveTable) -> Seated:
        """Take the store's seats, start (a table only goes forward: waiting, then playing) and
        rematch for ``live``, and revoke the connections that no longer speak for their seat;
        ``changed`` here says whether the state changed (its start or its rematch)."""
        stored = await self.db(self.store.table, live.info.id)
        if stored is None:
            return Seated(changed=False)
        for held, now in zip(live.info.seats, stored.seats, strict=True):
            held.token_hash, held.taken, held.name = now.token_hash, now.taken, now.name
            held.player_id, held.rating, held.bot_player = now.player_id, now.rating, now.bot_player
            held.rating_change = now.rating_change
            self._revoke(live, held.seat)
        changed = stored.rematch_id != live.info.rematch_id
        live.info.rematch_id = stored.rematch_id
        started = live.info.status == "waiting" and stored.status == "playing"
        if started:
            live.info.status = "playing"
            live.info.waiting = stored.waiting
        return Seated(changed or started, started)

    async def _check_name(self, live: LiveTable, seat: Seat, name: str) -> None:
        """Refuse ``name`` for ``seat`` if another seat has it. With several server processes,
        in the store: another may have named a seat a moment ago, before this one heard of it
        (two processes naming at the very same moment are kept apart by the store itself).
        Alone, this process wrote every seat: the store is not read again."""
        if not name_key(name):
            return
        seats = live.info.seats
        if self.several:
            stored = await self.db(self.store.table, live.info.id)
            seats = seats if stored is None else stored.seats
        check_name_free(seats, seat, name)

    async def _names_player(self, player: str | None, name: str) -> bool:
        """Whether ``name``, given at a seat for ``player``, is to name the player too: it has
        no name yet. Refused (409) if another player signs in under ``name``: a name given at a
        seat never takes another player's."""
        if player is None or not name_key(name):
            return False
        found = await self.db(self.players.info, player)
        if found is None or found.name is not None:
            return False
        holder = await self.db(self.players.credentials, name)
        if holder is not None and holder[0] != player:
            raise Refused(409, say('another player signs in as "{name}"', name=name.strip()))
        return True

    async def name_if_unnamed(self, player: str | None, name: str) -> None:
        """Name ``player`` ``name`` if it has no name yet; refused (409) if another player
        signs in under ``name``."""
        if await self._names_player(player, name):
            await self.name_player(player, name)

    async def name_player(self, player: str | None, name: str) -> None:
        """Name ``player`` ``name`` if it has no name yet (`_names_player` said it may)."""
        if player is not None and name_key(name):
            await self.db(self.players.name_unnamed, player, name.strip())

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
        taken = digest is not None
        try:
            written = await self.db(
                self.store.update_seat,
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
            info.rating, info.bot_player = await self.standing(player, live.info.game)
            info.player_id = player
        self._revoke(live, seat)
        return True

    async def _start_when_seated(self, live: LiveTable) -> Seated:
        """Every seat is taken: the game starts (stored)."""
        if live.info.status != "waiting" or open_seats(live):
            return Seated()
        waiting = waiting_after({}, live.state.to_move, None, utcnow())
        await self.db(self.store.set_status, live.info.id, "playing", waiting)
        live.info.status, live.info.waiting = "playing", waiting
        return Seated(started=True)

    @staticmethod
    def _revoke(live: LiveTable, seat: Seat) -> None:
        """Close ``seat``'s connections that no longer hold it (`LiveTable.holder`): opened with
        another token than its current one, or by a player who no longer holds it."""
        given_up = ErrorMessage(code="forbidden", message=say("this seat was given up"))
        for connection in [c for c in live.connections if c.seat == seat]:
            if not live.holder(connection):
                live.connections.remove(connection)
                connection.revoke(connection.said(given_up), Close.FORBIDDEN)

    # -- ratings -----------------------------------------------------------------------------------
    async def standing(self, player: str | None, game: str) -> tuple[float | None, bool]:
        """``player``'s rating in ``game`` (None: no player, or not rated yet) and whether it
        is a bot."""
        if player is None:
            return None, False
        return await self.db(self.players.standing, player, game)

    async def rating(self, player: str | None, game: str) -> float | None:
        """``player``'s rating in ``game`` (None: no player, or not rated yet)."""
        if player is None:
            return None
        return await self.db(self.players.rating, player, game)

    async def new_ratings(self, live: LiveTable) -> bool:
        """``live`` has just finished: if rated, its seats take their players' new ratings
        and what the game did to them from the store, where the finishing move's transaction
        has moved them. Whether they were read (the caller tells everybody)."""
        if not live.info.rated or not any(s.player_id for s in live.info.seats):
            return False
        with contextlib.suppress(Refused):  # the database is unavailable: the old ones stay
            changes = await self.db(self.players.table_changes, live.info.id)
            ratings = [await self.rating(s.player_id, live.info.game) for s in live.info.seats]
            for seat, rating in zip(live.info.seats, ratings, strict=True):
                seat.rating, seat.rating_change = rating, changes.get(seat.player_id or "")
        return True

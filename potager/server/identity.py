"""Players: an identity per browser (or per program: a player marked a bot), a password to
sign in on another device, and a rating per game for the games people play against people, and
bots against bots.

``POST /api/players`` makes an identity, named or not yet, and answers its secret token (the
store keeps its hash); a request that takes a seat may carry it as ``Authorization: Bearer
<token>``, and the name given there names a player who has none yet (`potager.server.seating`).
A password (kept as its argon2 hash) signs the player in on another device,
``POST /api/players/sign-in``, rate-limited and never echoed. ``GET /api/players/me`` and
``GET /api/ratings/{game}`` read the player and the leaderboard (``?bots=true``: the bots').
``POST /api/players/me/bot`` marks the player a bot, or a person again, while it has played no
rated game. The endpoints in full: docs/server-notes.md.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import AfterValidator, BaseModel, Field

from potager.store import name_key
from potager.store.players import LoginTaken, PlayerInfo, PlayerRating, Players, RatedAlready

from ..i18n import say
from .limits import Guard, client_of
from .live import new_token, token_hash
from .manager import TableManager, available_games
from .outcomes import Refused
from .schemas import PlayerName, Strict, Token
from .seat_labels import seat_label_refused

PASSWORD_LENGTH = 8
"""The fewest characters of a password."""
PASSWORD_LONGEST = 200
"""The most characters of a password (argon2 takes any length; a bound keeps requests small)."""
LEADERBOARD = 20
"""Players a leaderboard shows by default."""


def _named(name: str) -> str:
    if not name_key(name):
        raise ValueError(say("a player needs a name"))
    why = seat_label_refused(name)
    if why is not None:
        raise ValueError(why)
    return name.strip()


GivenName = Annotated[PlayerName, AfterValidator(_named)]
"""A player's display name: a seat's name (`PlayerName`), not empty, stored trimmed."""
Password = Annotated[str, Field(min_length=PASSWORD_LENGTH, max_length=PASSWORD_LONGEST)]


class NewPlayer(Strict):
    """An identity for this browser, under ``name`` (none: the first name its player gives,
    here or at a seat, becomes its name); ``bot``: a program's, rated among bots only."""

    name: GivenName | None = None
    bot: bool = False


class PlayerGrant(BaseModel):
    """A player's identity for this device: keep ``token`` secret (it opens the identity)."""

    id: str
    name: str | None = Field(description="None: no name yet.")
    token: str


class GameRating(BaseModel):
    game: str
    rating: float = Field(description="μ − 3σ, the conservative estimate ranked by.")
    mu: float
    sigma: float
    games: int = Field(description="Rated games played.")


class PlayerProfile(BaseModel):
    id: str
    name: str | None = Field(description="None: no name yet.")
    has_password: bool
    bot: bool = Field(default=False, description="A program plays as this player.")
    ratings: list[GameRating]


class BotMark(Strict):
    """Whether the player is a bot (a program plays as it)."""

    bot: bool


class NewName(Strict):
    name: GivenName


class NewPassword(Strict):
    """A password to sign in with on another device; ``current`` is needed to change one."""

    password: Password
    current: Annotated[str, Field(max_length=PASSWORD_LONGEST)] | None = None


class SignIn(Strict):
    name: PlayerName
    password: Annotated[str, Field(max_length=PASSWORD_LONGEST)]


class LeaderboardRow(BaseModel):
    rank: int
    id: str = Field(description="The player's id: its page is /players/{id}.")
    name: str | None = Field(description="None: the player has no name yet.")
    rating: float
    mu: float
    sigma: float
    games: int


def rating_of(found: PlayerRating) -> GameRating:
    """``found`` as the API shows a rating."""
    return GameRating(
        game=found.game,
        rating=round(found.ordinal, 2),
        mu=found.mu,
        sigma=found.sigma,
        games=found.games,
    )


class Identity:
    """The players of one server process's store, and their passwords' hasher."""

    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self.players = Players(tables.store)
        self.hasher = PasswordHasher()
        self._decoy: str | None = None
        """A hash to check an unknown name's password against, so that a wrong name takes
        as long as a wrong password (the answer's time does not tell which names exist)."""

    async def create(self, name: str | None, bot: bool = False) -> PlayerGrant:
        token = new_token()
        found = await self.tables.db(
            self.players.create, secrets.token_urlsafe(12), name, token_hash(token), bot
        )
        return PlayerGrant(id=found.id, name=found.name, token=token)

    async def holder(self, token: str) -> PlayerInfo | None:
        """The player ``token`` opens, or None."""
        return await self.tables.db(self.players.by_token, token_hash(token))

    async def profile(self, player: PlayerInfo) -> PlayerProfile:
        ratings = await self.tables.db(self.players.ratings, player.id)
        return PlayerProfile(
            id=player.id,
            name=player.name,
            has_password=player.has_password,
            bot=player.bot,
            ratings=[rating_of(r) for r in ratings],
        )

    async def mark_bot(self, player: PlayerInfo, bot: bool) -> PlayerProfile:
        """Mark ``player`` a bot (or a person again): 409 once it has played a rated game."""
        try:
            found = await self.tables.db(self.players.set_bot, player.id, bot)
        except RatedAlready:
            raise Refused(
                409, say("a player who has played rated games stays a person or a bot")
            ) from None
        return await self.profile(found)

    async def rename(self, player: PlayerInfo, name: str) -> PlayerProfile:
        try:
            found = await self.tables.db(self.players.rename, player.id, name)
        except LoginTaken:
            raise Refused(409, say('another player signs in as "{name}"', name=name)) from None
        return await self.profile(found)

    async def set_password(
        self, player: PlayerInfo, request: NewPassword, guard: Guard
    ) -> PlayerProfile:
        """Add a password, or change it given the current one (checked as a sign-in is); a
        player needs a name to sign in by."""
        if player.name is None:
            raise Refused(422, say("a player needs a name"))
        if player.has_password:
            _take(guard, f"player:{player.id}")
            stored = await self.tables.db(self.players.password_hash, player.id)
            if request.current is None or not await self._matches(stored, request.current):
                raise Refused(401, say("the current password is wrong"))
        digest = await asyncio.to_thread(self.hasher.hash, request.password)
        try:
            found = await self.tables.db(self.players.set_password, player.id, digest)
        except LoginTaken:
            raise Refused(
                409, say('another player signs in as "{name}"', name=player.name)
            ) from None
        return await self.profile(found)

    async def sign_in(self, request: SignIn, client: str, guard: Guard) -> PlayerGrant:
        """A new token for the player who signs in as ``request.name`` with its password."""
        _take(guard, f"client:{client}")
        _take(guard, f"name:{name_key(request.name)}")
        found = await self.tables.db(self.players.credentials, request.name)
        if found is None:
            await self._matches(None, request.password)
            raise Refused(401, say("wrong name or password"))
        player_id, stored = found
        if not await self._matches(stored, request.password):
            raise Refused(401, say("wrong name or password"))
        token = new_token()
        info = await self.tables.db(self.players.add_token, player_id, token_hash(token))
        return PlayerGrant(id=info.id, name=info.name, token=token)

    async def _matches(self, stored: str | None, password: str) -> bool:
        """Does ``password`` match the argon2 hash ``stored`` (None: check a decoy, false)?"""
        if stored is None:
            if self._decoy is None:
                self._decoy = await asyncio.to_thread(self.hasher.hash, secrets.token_hex(16))
            stored, decoy = self._decoy, True
        else:
            decoy = False
        try:
            await asyncio.to_thread(self.hasher.verify, stored, password)
        except (VerificationError, InvalidHashError):
            return False
        return not decoy

    async def leaderboard(self, game: str, limit: int, bots: bool = False) -> list[LeaderboardRow]:
        found = await self.tables.db(self.players.leaderboard, game, limit, bots)
        return [
            LeaderboardRow(
                rank=rank,
                id=r.player_id,
                name=r.name,
                rating=round(r.ordinal, 2),
                mu=r.mu,
                sigma=r.sigma,
                games=r.games,
            )
            for rank, r in enumerate(found, start=1)
        ]


def _take(guard: Guard, key: str) -> None:
    """One sign-in attempt for ``key``: 429 once its bucket is empty."""
    wait = guard.signins.take(key)
    if wait:
        raise HTTPException(
            429,
            say("too many sign-in attempts: try again in {seconds} s", seconds=round(wait)),
            headers={"Retry-After": str(max(1, round(wait)))},
        )


# -- the routes -----------------------------------------------------------------------------------
router = APIRouter(prefix="/api", tags=["players"])
bearer = HTTPBearer(
    auto_error=False,
    description="A player's token (`POST /api/players` or `/api/players/sign-in`).",
)


async def identity(request: Request) -> Identity:
    found: Identity = request.app.state.identity
    return found


Roster = Annotated[Identity, Depends(identity)]
"""The server's players (a route's parameter)."""


async def signed_in(
    players: Roster,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> PlayerInfo | None:
    """The player of the request's bearer token, online from now (`online`); None without
    one; 401 for a token that opens no player (a refusal, not an anonymous seat: the browser
    should know its token is gone)."""
    if credentials is None:
        return None
    token: Token = credentials.credentials
    found = await players.holder(token[:100])
    if found is None:
        raise Refused(401, say("this player token is not known here"))
    players.tables.online.seen(found.id)
    return found


Player = Annotated[PlayerInfo | None, Depends(signed_in)]
"""The player a request comes from, if it says (a route's parameter)."""


async def me(player: Player) -> PlayerInfo:
    if player is None:
        raise Refused(401, say("a player token is needed (Authorization: Bearer)"))
    return player


Me = Annotated[PlayerInfo, Depends(me)]


@router.post("/players", response_model=PlayerGrant, status_code=201)
async def create_player(request: NewPlayer, players: Roster) -> PlayerGrant:
    """An identity for this browser (or, with ``bot``, for a program): keep its token (it is
    shown once)."""
    return await players.create(request.name, request.bot)


@router.get("/players/me", response_model=PlayerProfile)
async def get_me(player: Me, players: Roster) -> PlayerProfile:
    """The player of the bearer token: name, whether it has a password, ratings."""
    return await players.profile(player)


@router.post("/players/me/name", response_model=PlayerProfile)
async def rename_me(request: NewName, player: Me, players: Roster) -> PlayerProfile:
    """Change the display name (and the sign-in name, with a password: 409 if taken)."""
    return await players.rename(player, request.name)


@router.post("/players/me/bot", response_model=PlayerProfile)
async def mark_me_bot(request: BotMark, player: Me, players: Roster) -> PlayerProfile:
    """Mark the player a bot, a program's (or a person again): only while it has played no
    rated game (409), since people are rated among people and bots among bots."""
    return await players.mark_bot(player, request.bot)


@router.post("/players/me/password", response_model=PlayerProfile)
async def set_password(
    request: NewPassword, player: Me, players: Roster, http: Request
) -> PlayerProfile:
    """Add a password (or change it, with ``current``); the name becomes the sign-in name."""
    return await players.set_password(player, request, http.app.state.guard)


@router.post("/players/sign-in", response_model=PlayerGrant)
async def sign_in(request: SignIn, players: Roster, http: Request) -> PlayerGrant:
    """Sign in on this device: a new token for the player (401: wrong name or password)."""
    return await players.sign_in(request, client_of(http.scope), http.app.state.guard)


@router.get("/ratings/{game}", response_model=list[LeaderboardRow])
async def leaderboard(
    game: str,
    players: Roster,
    limit: Annotated[int, Query(ge=1, le=100)] = LEADERBOARD,
    bots: bool = False,
) -> list[LeaderboardRow]:
    """The game's best rated people, by μ − 3σ, from the games between people; with ``bots``,
    the best rated bots, from the games between bots."""
    if game not in {g.name for g in available_games()}:
        raise Refused(404, say("no such game"))
    return await players.leaderboard(game, limit, bots)

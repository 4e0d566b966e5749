"""Every message in and out of the server, as Pydantic models (the OpenAPI page shows them).

REST: the lobby (`GameInfo`, `CreateTable` → `CreatedTable`, `TableSummary`, `JoinRequest` /
`SeatAuth` → `SeatGrant`, `SeatName` → `TableSummary`, `Replay`, `TurnsRequest` → `Turns`).
WebSocket ``/ws/tables/{table_id}``: the client sends `ClientMessage` (first a `Hello`, then
`Act`, `Say`, `TakeBack`, `Sync` or `Ping`), the server answers with `ServerMessage`
(`StateMessage`, `PresenceMessage`, `ChatMessage`, `ErrorMessage`, `Pong`).
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from enum import IntEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, RootModel, model_validator

from potager.store import SeatKind, TableStatus

from ..i18n import say


class Strict(BaseModel):
    """What a client sends: no unknown fields, and no coercion (``"action": true``
    and ``"3"`` are not the number 3)."""

    model_config = ConfigDict(extra="forbid", strict=True)


NAME_LENGTH = 40
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The characters that reorder the text around them: a name must not turn the rest of a line
(another seat's name, a log entry) around."""


def _unprintable(text: str) -> str | None:
    """The first control character, line or paragraph separator, bidi control or lone
    surrogate of ``text``, if any."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS:
            return char
    return None


def _printable_name(name: str) -> str:
    """A display name: any script and emoji (joiners included), but no control character,
    line or paragraph separator, bidi control or lone surrogate."""
    char = _unprintable(name)
    if char is not None:
        raise ValueError(say("a name may not hold the character U+{code}", code=f"{ord(char):04X}"))
    return name


def _printable_line(text: str) -> str:
    """A chat line: the characters a name may hold, and something to say."""
    char = _unprintable(text)
    if char is not None:
        raise ValueError(
            say("a chat line may not hold the character U+{code}", code=f"{ord(char):04X}")
        )
    if not text.strip():
        raise ValueError(say("a chat line says something"))
    return text


PlayerName = Annotated[str, Field(max_length=NAME_LENGTH), AfterValidator(_printable_name)]
"""A name shown at a table: at most `NAME_LENGTH` characters, all printable."""
Token = Annotated[str, Field(max_length=100)]
"""A seat's secret token (`live.new_token` makes 32 characters)."""
Level = Annotated[str, Field(max_length=200)]
VariantValue = bool | int | str
"""A variant option's value, as `Game.variants` lists them (never a float: no NaN)."""
ParamName = Annotated[str, Field(max_length=100)]
ParamValue = int | str | Annotated[list[int], Field(max_length=32)]
"""A rule parameter's value: a number, a choice's name or a table of numbers
(`potager.engine.parameters`)."""
SpeedName = Literal["none", "real_time", "slow"]
"""A table's clock (`potager.server.speeds.SPEEDS`): none, real time (2 minutes a decision and
a bank), slow (24 hours a decision)."""
STAND_IN = "heuristic"
"""The bot level that plays for a timed-out seat unless the table chose another (the game's
first level where it has no heuristic bot)."""


# -- games ----------------------------------------------------------------------------------------
class VariantOption(BaseModel):
    name: str
    values: list[Any]
    default: Any
    doc: str


class RuleParameter(BaseModel):
    """A rule parameter a custom table may change (`potager games --params`): its kind
    (``int``, ``table`` or ``choice``), default (the rulebook's value), range or choices, and
    one-line meaning in English (the pages translate it)."""

    name: str
    kind: Literal["int", "table", "choice"]
    default: ParamValue
    low: int | None = None
    high: int | None = None
    choices: list[str] = []
    doc: str


class GameLength(BaseModel):
    """How long a game lasts with this many players, measured (``python -m bench.game_lengths``:
    heuristic bots at every seat)."""

    players: int
    games: int = Field(description="Games measured.")
    decisions: float = Field(description="Mean decisions in a game, every seat's.")
    ci95: tuple[float, float] = Field(description="95% interval of that mean.")
    per_player: float = Field(description="Mean decisions of one player in a game.")
    shortest: int
    longest: int
    waits: float = Field(
        default=0.0,
        description="Mean moves of the other seats one seat waits for in a game (made while it "
        "has nothing to decide).",
    )
    minutes: dict[str, int] = Field(
        default_factory=dict,
        description="How long one person's game among bots of each level lasts, in minutes "
        "(`potager.server.rules.minutes`).",
    )


class GameInfo(BaseModel):
    """A game the server can seat: its player counts, variant options, bot levels and facts."""

    name: str
    title: str
    pitch: str = Field(
        default="",
        description="The game in one line, in the asker's language (its docs page's first "
        "block quote).",
    )
    lengths: list[GameLength] = Field(
        default_factory=list, description="The measured length, one entry per player count."
    )
    lengths_source: str = Field(default="", description="How the lengths were measured.")
    min_players: int
    max_players: int
    variants: list[VariantOption]
    parameters: list[RuleParameter] = Field(
        default_factory=list,
        description="The rule parameters a custom table may change (`CreateTable.params`).",
    )
    levels: list[str]
    level_notes: dict[str, str] = Field(
        default_factory=dict,
        description="One line per bot level: how strong it is, how long it thinks "
        "(`agents.describe`).",
    )
    level_names: dict[str, str] = Field(
        default_factory=dict,
        description="Each bot level's name for players, in English (Beginner, Casual, Strong, "
        "Expert; `agents.title`): the pages translate it and show it for the level.",
    )
    level_sentences: dict[str, str] = Field(
        default_factory=dict,
        description="Each bot level in one plain sentence for players, in English: how strong "
        "it is, how long it thinks (`agents.sentence`).",
    )
    facts: dict[str, Any] = Field(
        default_factory=dict,
        description="The game's printed facts from its rulebook (cards, boards, score tables; "
        "`Game.facts()`, built from the game's data.py): public, the same for every table. "
        "Drawing plug-ins read them as `table.facts`.",
    )


# -- tables ---------------------------------------------------------------------------------------
class SeatSpec(Strict):
    """A seat asked for at creation: a person, or a bot of a level from `GameInfo.levels`."""

    kind: SeatKind
    level: Level | None = None

    @model_validator(mode="after")
    def _bots_have_levels(self) -> SeatSpec:
        if self.kind == "bot" and not self.level:
            raise ValueError(say("a bot seat needs a level"))
        if self.kind == "human" and self.level is not None:
            raise ValueError(say("a human seat has no level"))
        return self


class CreateTable(Strict):
    """``seats`` has one entry per player; the creator sits at ``seat`` (by default the first
    human seat) under ``name``."""

    game: Annotated[str, Field(max_length=100)]
    players: int
    variant: dict[Annotated[str, Field(max_length=100)], VariantValue] = {}
    params: Annotated[
        dict[Annotated[str, Field(max_length=100)], ParamValue], Field(max_length=64)
    ] = {}
    """Rule parameters changed from the rulebook's values (`GameInfo.parameters`): a custom
    table, never rated."""
    seats: Annotated[list[SeatSpec], Field(max_length=16)]
    name: PlayerName = ""
    seat: int | None = None
    hints: bool = False
    """Let each seat ask the search for its best move during its turn (``POST .../hint``)."""
    chat: bool = True
    """Let the seated players chat (spectators read it)."""
    undo: bool = True
    """Let a seat take its last move back while nobody has acted since."""
    rated: bool | None = None
    """Whether the game's end moves its players' ratings: by default (None) when every seat is
    a person's; a table with a server bot cannot be rated, nor one where people and players
    marked bots sit together (they are rated among their own), nor a custom one (``params``)."""
    speed: SpeedName = "none"
    """The clock (`potager.server.clocks`)."""
    stand_in: Level | None = None
    """The bot level that plays for a seat whose time ran out (`STAND_IN` by default)."""


class SeatRatingChange(BaseModel):
    """What a rated game's end did to a player's rating in its game (μ − 3σ)."""

    before: float
    after: float


class SeatPublic(BaseModel):
    """What everybody may know of a seat: never its token."""

    seat: int
    kind: SeatKind
    level: str | None
    name: str
    taken: bool
    connected: bool
    rating: float | None = None
    """The seat's player's rating in the table's game (μ − 3σ), once it has played it rated."""
    bot_player: bool = False
    """The seat's player is marked a bot: a program plays it (`potager.client`)."""
    player: str | None = None
    """The id of the seat's player, if it has an identity: its page is /players/{id}."""
    rating_change: SeatRatingChange | None = None
    """Once a rated table has ended: what its end did to the seat's player's rating."""
    deadline: float | None = None
    """While the seat's clock runs: when its time is up (Unix seconds, the server's time)."""
    stand_in: bool = False
    """Its time ran out and its bot plays for it until its player is back."""
    absent: bool = False
    """Its player stayed away: the other seated players may end the table."""


class ResultModel(BaseModel):
    scores: list[float]
    winners: list[int]
    details: dict[str, Any]


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    variant: dict[str, Any]
    status: TableStatus
    version: int
    to_move: list[int]
    seats: list[SeatPublic]
    open_seats: list[int]
    spectators: int
    result: ResultModel | None
    rematch_of: str | None
    rematch_id: str | None
    created_at: datetime | None
    updated_at: datetime | None
    hints: bool = False
    """The seats may ask for hints (the creator allowed them)."""
    chat: bool = True
    """The seated players may chat (the creator allowed it)."""
    undo: bool = True
    """A seat may take its last move back while nobody has acted since (the creator allowed
    it)."""
    params: dict[str, Any] = {}
    """The rule parameters changed from the rulebook's: a custom table (never rated)."""
    rated: bool = False
    """The game's end will move its players' ratings (`potager.server.identity`), as far as its
    seats tell now: created rated, and every seat taken so far held by a different player with
    an identity, all people or all bots (`messages.rated`)."""
    speed: str = "none"
    """The clock: a `SpeedName`."""
    stand_in: str | None = None
    """The bot level that plays for a timed-out seat."""
    ending: dict[str, Any] | None = None
    """How a finished game ended without being played out: ``{"reason": "abandoned", "by":
    seat or null (the server: every player was absent), "absent": [seats], "at": Unix time}``,
    or with reason ``"unstarted"`` a table that waited too long for its players
    (`potager.server.speeds.WAITING_LIMIT`); ``None`` for a game played to its end."""


class SeatGrant(BaseModel):
    """A seat handed to the caller: keep ``token`` secret; ``url`` is its invite link."""

    table_id: str
    seat: int
    token: str
    url: str


class CreatedTable(BaseModel):
    table: TableSummary
    you: SeatGrant | None
    """The creator's seat (``None`` when every seat is a bot)."""
    invites: list[SeatGrant]
    """The other human seats' invite links, to send to the other players."""


class JoinRequest(Strict):
    """Take an open human seat (``seat``, or the first open one)."""

    seat: int | None = None
    name: PlayerName = ""


class SeatAuth(Strict):
    """Proof of holding a seat: its secret token."""

    seat: int
    token: Token


class SeatName(SeatAuth):
    """A seat's holder names it: a name no other seat at the table has, compared
    trimmed and without case; empty: the seat is shown by its number."""

    name: PlayerName


TURN_SEATS = 50
"""Seats one ``POST /api/turns`` may ask about."""


class TurnSeat(Strict):
    """A seat this browser holds: the table, the seat and its secret token."""

    table: Annotated[str, Field(max_length=32)]
    seat: int
    token: Token


class TurnsRequest(Strict):
    """The seats to look up (the "your turn" list): at most `TURN_SEATS`; with a player
    token (``Authorization: Bearer``), that player's seats are looked up too."""

    seats: Annotated[list[TurnSeat], Field(default_factory=list, max_length=TURN_SEATS)]


class SeatLabel(BaseModel):
    """What a seat is called by: a person's display name (empty: the seat is shown by its
    number), a bot's level."""

    kind: SeatKind
    level: str | None
    name: str


class Turn(BaseModel):
    """A table that waits on one of the seats asked about: who plays there, and what the seat
    is to do."""

    table_id: str
    game: str
    title: str
    seat: int
    since: datetime = Field(description="Since when the table waits on this seat (UTC).")
    waited: float = Field(description="Seconds it has waited, by the server's clock.")
    seats: list[SeatLabel] = Field(
        description="Every seat of the table, this one included, to name the opponents by."
    )
    phase: str | None = Field(
        description="The game's phase as its views name it (``bid``, ``take``…); None when "
        "this server process does not hold the table."
    )
    doing: str = Field(
        description='What the seat is to do, in the asker\'s language ("Bid a poker card"; '
        '"Your move" where the phase says no more).'
    )


class HeldSeat(BaseModel):
    """A seat the asking player holds at a table not finished (signed in on another
    device, the player opens it with its player token)."""

    table_id: str
    game: str
    title: str
    seat: int
    status: TableStatus


class Turns(BaseModel):
    """The answer to `TurnsRequest`."""

    waiting: list[Turn] = Field(description="The seats waited on, the longest waiting first.")
    over: list[str] = Field(
        description="The tables among those asked about whose game is over, where the seat's "
        "token is right: a browser may stop asking about them."
    )
    yours: list[HeldSeat] = Field(
        default_factory=list,
        description="With a player token: that player's seats at the tables not finished "
        f"(at most {TURN_SEATS}), the most recently changed first.",
    )


ONLINE_LISTED = 100
"""The most players the list of who is online names (`Online.count` counts them all)."""


class OnlinePlayer(BaseModel):
    """A player online: seen in the last half minute (`potager.server.online`)."""

    id: str
    name: str
    bot: bool = Field(default=False, description="A program plays as this player.")
    at_table: bool = Field(description="A socket of a seat this player holds is open.")
    you: bool = Field(description="The player of the request's token.")


class Online(BaseModel):
    """Who is online: named players only (the server's bots play at tables, and are not
    listed; players marked bots are, as bots)."""

    players: list[OnlinePlayer] = Field(
        description=f"By name, the asker first; at most {ONLINE_LISTED}."
    )
    count: int = Field(description="Every named player online, listed or not.")


FillAfter = Literal[30, 60, 120]
"""Seconds a quick match waits for people before bots take the empty seats."""


class QuickMatchRequest(Strict):
    """Play now: a table of ``game`` for ``players`` (you among them) on the clock ``speed``,
    with people waiting for the same, the closest ratings first; after ``fill_after`` seconds
    (None: never) bots of ``level`` (by default the game's stand-in level) take the seats
    nobody came for. Your seat shows ``name`` (by default your player's name)."""

    game: Annotated[str, Field(max_length=100)]
    players: int
    speed: SpeedName = "none"
    fill_after: FillAfter | None = 60
    level: Level | None = None
    name: PlayerName = ""


class QuickMatch(BaseModel):
    """A player's quick match: waiting, or seated at ``table_id`` (its seat's token is the
    ``token`` its browser was given when it asked)."""

    status: Literal["waiting", "seated"]
    game: str
    players: int
    speed: SpeedName
    fill_after: float | None
    level: str | None
    waited: float = Field(description="Seconds since it asked.")
    others: int = Field(description="Other people waiting for the same now.")
    table_id: str | None = None
    seat: int | None = None
    url: str | None = Field(
        default=None, description="The table's page (the seat's token goes in its fragment)."
    )


class QuickMatchTicket(QuickMatch):
    """The answer to `QuickMatchRequest`: keep ``token`` secret, it opens the seat found."""

    token: str


class SeatHolderModel(BaseModel):
    """Who held a seat (`potager.engine.SeatHolder`): a person by name, or a bot by level."""

    kind: Literal["person", "bot"]
    name: str | None = None
    """A person's display name (absent for a bot)."""
    level: str | None = None
    """A bot's level (absent for a person)."""


class RecordModel(BaseModel):
    """A finished table's game record (`potager.engine.GameRecord`'s JSON form)."""

    format: int
    potager: str | None = None
    """The Potager version that played the moves (format 2)."""
    numbering: str | None = None
    """The fingerprint of the action numbering of ``moves`` (format 2, docs/records.md)."""
    game: str
    players: int
    variant: dict[str, Any]
    params: dict[str, Any] | None = None
    """The rule parameters a custom table changed (format 3)."""
    seed: int
    deck: list[str] | None
    moves: list[tuple[int, int]]
    notation: list[str] | None = None
    """Each move in the game's notation (format 2)."""
    seats: list[SeatHolderModel] | None = None
    result: ResultModel | None = None
    stand_in_moves: list[int] | None = None
    """The indices of the moves the table's stand-in bot made for a timed-out person."""
    chat: list[ChatLineModel] | None = None
    """What the players said at the table, when they said anything."""


class LegalAction(BaseModel):
    action: int
    notation: str
    label: str


class MoveModel(BaseModel):
    seat: int
    action: int
    notation: str
    label: str


class ReplayFrame(BaseModel):
    """The table after ``ply`` moves, as the replay's seat (or a spectator) saw it."""

    ply: int
    move: MoveModel | None
    """The move that led here (``None`` for the set-up)."""
    to_move: list[int]
    view: dict[str, Any]
    events: list[dict[str, Any]]
    """The events of that move that the seat may know."""


class Replay(BaseModel):
    table: TableSummary
    seat: int | None
    frames: list[ReplayFrame]
    stand_in_moves: list[int] = []
    """The indices (0-based, ``frames[i + 1]``'s move) of the moves the table's stand-in bot
    made for a timed-out person: the replay says the bot played them."""


# -- the WebSocket protocol -----------------------------------------------------------------------
class Hello(Strict):
    """First message: sit at ``seat`` with its ``token`` (and show ``name`` there), or watch
    (``seat`` null)."""

    type: Literal["hello"]
    seat: int | None = None
    token: Token | None = None
    name: PlayerName | None = None


class Act(Strict):
    """Play ``action`` (its number) or ``notation`` (its text), having seen ``version``."""

    type: Literal["act"]
    version: int
    action: int | None = None
    notation: Annotated[str, Field(max_length=200)] | None = None

    @model_validator(mode="after")
    def _one_action(self) -> Act:
        if (self.action is None) == (self.notation is None):
            raise ValueError(say("give exactly one of 'action' and 'notation'"))
        return self


class Say(Strict):
    """Say ``text`` in the table's chat: seated players only, one line of at most
    ``POTAGER_CHAT_LENGTH`` characters, none of them a control, line-separator or bidi-override
    character."""

    type: Literal["chat"]
    text: Annotated[str, AfterValidator(_printable_line)]


class TakeBack(Strict):
    """Take back your last move, the one that made ``version``: only while no other
    seat has acted since and the move revealed nothing and drew nothing."""

    type: Literal["undo"]
    version: int


class Sync(Strict):
    """Ask for the whole state again (with the full log)."""

    type: Literal["sync"]


class Ping(Strict):
    type: Literal["ping"]


class ClientMessage(
    RootModel[Annotated[Hello | Act | Say | TakeBack | Sync | Ping, Field(discriminator="type")]]
):
    """Any message a client sends on the table's WebSocket."""


class StateMessage(BaseModel):
    """The table as the connection's seat sees it; sent after every move (it is the move's
    acknowledgement for the seat that made it) and on `Hello` / `Sync`."""

    type: Literal["state"] = "state"
    table_id: str
    game: str
    seat: int | None
    version: int
    last_mover: int | None
    """The seat whose move made this version (``None`` before the first move): a seat that
    acted knows its move is stored when it sees a newer version with itself as ``last_mover``,
    its action as ``last_action`` and ``last_stand_in`` false."""
    last_action: int | None = None
    """The action of the move that made this version, in the state message of the seat that
    made it only (``None`` in every other): a seat that sent two moves for one version (its
    socket dropped with one on its way) knows which was stored."""
    last_stand_in: bool = False
    """The move that made this version was the seat's stand-in bot's, played for its person
    whose time ran out: not the person's own (whose move, if one was on its way, is refused)."""
    status: TableStatus
    to_move: list[int]
    view: dict[str, Any]
    legal: list[LegalAction]
    undo: bool = False
    """This seat may take its last move back now (`TakeBack`): the Undo button shows."""
    events: list[dict[str, Any]]
    """Events this seat may know: the whole log when ``log_reset``, else the new ones."""
    log_reset: bool
    seats: list[SeatPublic]
    spectators: int
    result: ResultModel | None
    rematch_id: str | None
    speed: str = "none"
    """The clock: a `SpeedName`."""
    now: float = 0.0
    """The server's time as it sent this (Unix seconds): the page counts the seats' clocks
    down from their ``deadline`` by it, whatever its own clock says."""
    ending: dict[str, Any] | None = None
    """As `TableSummary.ending`."""


class PresenceMessage(BaseModel):
    """Who is connected, sent when somebody comes or goes."""

    type: Literal["presence"] = "presence"
    seats: list[SeatPublic]
    spectators: int
    rated: bool = False
    """As `TableSummary.rated`: a seat taken without an identity unrates the table's badge."""


class ErrorMessage(BaseModel):
    """A refused message: nothing changed. ``version`` is the table's current version.
    ``unavailable``: the move could not be stored (the database failed); it may be sent again.
    ``rate_limited``: the socket sent faster than its rate: the message was dropped unread.
    ``too_many``: the client holds too many sockets, or the table has all the watchers it
    takes: the socket is closed."""

    type: Literal["error"] = "error"
    code: Literal[
        "malformed",
        "forbidden",
        "stale",
        "illegal",
        "finished",
        "waiting",
        "not_found",
        "unavailable",
        "rate_limited",
        "too_many",
    ]
    message: str
    version: int | None = None


class ChatLineModel(BaseModel):
    """A line of a table's chat: who said it, at which version of the table (its number of
    moves then), and when."""

    id: int
    seat: int
    ply: int
    text: str
    at: datetime


class ChatMessage(BaseModel):
    """The table's chat: every line so far when ``reset`` (after `Hello` and `Sync`),
    else the lines just said. Sent to every connection of the table, spectators too."""

    type: Literal["chat"] = "chat"
    lines: list[ChatLineModel]
    reset: bool


class Pong(BaseModel):
    type: Literal["pong"] = "pong"


class Close(IntEnum):
    """The codes the server closes a table's socket with (docs/protocol.md says what each asks of
    the client)."""

    TRY_AGAIN = 1013
    """The database or Redis is unavailable: open the socket again later."""
    MALFORMED = 4400
    """The first message was not a `Hello`."""
    FORBIDDEN = 4403
    """The token does not open the seat, or the seat was given up or taken by another."""
    NOT_FOUND = 4404
    """No such table."""
    IDLE = 4408
    """No hello in time, or silent too long while the table did not change."""
    TOO_MANY = 4429
    """The client holds too many sockets, or the table has all the watchers it takes."""


class ServerMessage(
    RootModel[
        Annotated[
            StateMessage | PresenceMessage | ChatMessage | ErrorMessage | Pong,
            Field(discriminator="type"),
        ]
    ]
):
    """Any message the server sends on the table's WebSocket."""

"""Quick match: the people waiting for the same game, player count and clock are seated
together, the closest ratings first; after the wait each chose, bots take the seats nobody came
for.

`Matchmaker` keeps the queue (`potager.store.quickmatch.Queue`) and says whom to seat (`choose`:
a `Group`); the manager plans the table with `Seating` and stores it through `Matchmaker.write`,
which seats the group only if every one of them still waits, in the table's own transaction: of
two processes that chose the same people at once, one stores the table and the other is told
`Taken`. Nothing runs in the background: a waiting browser asks every few seconds, and each ask
looks for a match in its queue; an entry its browser has not asked about for `PATIENCE` seconds
is gone. Each seat's token is the secret its player's browser was given when it asked. See
docs/server.md.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from potager import games
from potager.engine import Game
from potager.store import Store, TableInfo, name_key
from potager.store.models import utcnow
from potager.store.players import PlayerInfo
from potager.store.quickmatch import Queue, Waiting

from ..i18n import say
from .config import Settings
from .live import new_token, token_hash
from .outcomes import Refused
from .schemas import NAME_LENGTH, CreateTable, QuickMatch, QuickMatchRequest, SeatSpec, SpeedName
from .seat_labels import reads_as_a_seat, seat_label_refused
from .seating import Opening, bot_levels, default_stand_in
from .turns import waiting_after

PATIENCE = 10.0
"""Seconds an entry waits without its browser asking before it is gone (the page was left)."""
NEWCOMER = 0.0
"""The rating (μ − 3σ) a player not rated yet is matched by: a newcomer's."""


@dataclass(frozen=True)
class Group:
    """Whom to seat together: ``people`` (the first is the one the match was made for), and
    ``bots`` seats of ``level`` for the others."""

    people: list[Waiting]
    bots: int = 0
    level: str | None = None


def _rating(entry: Waiting) -> float:
    return NEWCOMER if entry.rating is None else entry.rating


def choose(waiting: Sequence[Waiting], seats: int, now: float) -> Group | None:
    """The group to seat from ``waiting`` (one queue, the longest waiting first) at a table of
    ``seats``, or None: with enough people, the ``seats`` whose ratings lie closest together
    (the longest waiting first among equals); else, once the longest waiting entry whose wait
    for bots is over has waited it, that entry with the others that accept bots, the closest
    rating first, and bots of its level for the rest."""
    if len(waiting) >= seats:
        ranked = sorted(waiting, key=lambda e: (_rating(e), e.since))
        windows = [ranked[i : i + seats] for i in range(len(ranked) - seats + 1)]
        best = min(
            windows,
            key=lambda w: (_rating(w[-1]) - _rating(w[0]), sorted(e.since for e in w)),
        )
        return Group(sorted(best, key=lambda e: e.since))
    due = [e for e in waiting if e.fill_after is not None and now >= e.since + e.fill_after]
    if not due:
        return None
    first = min(due, key=lambda e: e.since)
    others = sorted(
        (e for e in waiting if e is not first and e.fill_after is not None),
        key=lambda e: (abs(_rating(e) - _rating(first)), e.since),
    )
    people = [first, *others][:seats]
    return Group(people, seats - len(people), first.level)


def distinct_names(names: Sequence[str]) -> list[str]:
    """``names`` made unique at one table (compared as the store does): a name already given
    gets its number, "Ada 2", never one that reads as a seat's label."""
    given: set[str] = set()
    found = []
    for name in names:
        candidate, number = name, 1
        while name_key(candidate) in given or (number > 1 and reads_as_a_seat(candidate)):
            number += 1
            suffix = f" {number}"
            candidate = name[: NAME_LENGTH - len(suffix)] + suffix
        given.add(name_key(candidate))
        found.append(candidate)
    return found


def table_request(
    group: Group, game: str, players: int, speed: str
) -> tuple[CreateTable, list[int]]:
    """The table ``group`` is to sit at, its seats in a random order, and the seat of each of
    its people in turn (the first's is the creator's)."""
    kinds = ["human"] * len(group.people) + ["bot"] * group.bots
    secrets.SystemRandom().shuffle(kinds)
    people = [i for i, kind in enumerate(kinds) if kind == "human"]
    mine = people[0]
    request = CreateTable(
        game=game,
        players=players,
        seats=[
            SeatSpec(kind="human") if kind == "human" else SeatSpec(kind="bot", level=group.level)
            for kind in kinds
        ],
        name=group.people[0].name,
        seat=mine,
        speed=cast(SpeedName, speed),
    )
    return request, people


def seated(opening: Opening, group: Group, seats: list[int]) -> Opening:
    """``opening`` with each of ``group``'s people at its seat of ``seats``, opened by its
    entry's token, and the game started (every seat is taken)."""
    info = opening.live.info
    names = distinct_names([person.name for person in group.people])
    for seat, person, name in zip(seats, group.people, names, strict=True):
        held = info.seats[seat]
        held.token_hash, held.taken, held.name = person.token_hash, True, name
        held.player_id, held.rating, held.bot_player = person.player_id, person.rating, person.bot
    info.status = "playing"
    info.waiting = waiting_after({}, opening.live.state.to_move, None, utcnow())
    return Opening(opening.live, {}, None)


@dataclass(frozen=True)
class Found:
    """What a look at a queue found: the ``group`` to seat (None: nobody yet) and how many
    wait in it."""

    group: Group | None
    waiting: int


class Matchmaker:
    """The quick match's queue of one store; ``db`` runs a store call in the database thread."""

    def __init__(self, settings: Settings, store: Store, db: Callable[..., Awaitable[Any]]) -> None:
        self.now, self.policies = settings.clock_now, settings.policies
        self.queue, self.db = Queue(store), db

    def check(self, request: QuickMatchRequest, name: str | None) -> tuple[Game, str, str | None]:
        """The game ``request`` asks for, the seat's name (``request.name``, else the player's
        ``name``) and the bots' level (None: people only); refused (404, 422) otherwise."""
        try:
            game = games.get(request.game)
            game.check_players(request.players)
        except ModuleNotFoundError:
            raise Refused(
                404, say("{game} is not installed on this server", game=request.game)
            ) from None
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        level: str | None = None
        if request.fill_after is not None:
            level = request.level or default_stand_in(game)
            levels = bot_levels(game, self.policies)
            if level not in levels:
                why = say(
                    "unknown bot level {level}; levels: {levels}",
                    level=repr(level),
                    levels=", ".join(levels),
                )
                raise Refused(422, why)
        seat_name = request.name.strip() or (name or "")
        if not name_key(seat_name):
            raise Refused(422, say("a player needs a name"))
        label = seat_label_refused(seat_name)
        if label is not None:
            raise Refused(422, label)
        return game, seat_name, level

    async def enter(
        self,
        request: QuickMatchRequest,
        player: PlayerInfo,
        name: str,
        rating: float | None,
        level: str | None,
    ) -> tuple[Waiting, str]:
        """``player`` waits from now (checked by `check`), with bot players if it is one, else
        with people; its entry and the secret that will open its seat. Refused (409) while it
        waits already: one entry per player."""
        token, now = new_token(), self.now()
        entry = Waiting(
            player.id,
            request.game,
            request.players,
            request.speed,
            player.bot,
            name,
            rating,
            None if request.fill_after is None else float(request.fill_after),
            level,
            token_hash(token),
            now,
            now,
        )
        if not await self.db(self.queue.enter, entry, now - PATIENCE):
            raise Refused(409, say("you are waiting for a quick match already"))
        return entry, token

    async def look(self, player: str) -> Waiting:
        """``player``'s entry, seen now; 404 if it has none."""
        found = await self.db(self.queue.touch, player, self.now())
        if found is None:
            raise Refused(404, say("you are not waiting for a quick match"))
        return found

    async def entry(self, player: str) -> Waiting | None:
        return await self.db(self.queue.entry, player)

    async def leave(self, player: str) -> None:
        """``player`` stops waiting, if it was; refused, 409, if a table was found for it
        meanwhile (its look says where)."""
        kept = await self.db(self.queue.leave, player)
        if kept is not None:
            raise Refused(409, say("too late: a table was found for you"))

    async def find(self, entry: Waiting) -> Found:
        """The group to seat now in ``entry``'s queue, if any (`choose`)."""
        waiting = await self.db(self.queue.waiting, entry, self.now() - PATIENCE)
        return Found(choose(waiting, entry.players, self.now()), len(waiting))

    def write(self, group: Group) -> Callable[[TableInfo], None]:
        """How to store the table planned for ``group``: with its people's entries marked
        seated, or not at all (`Taken`)."""
        return functools.partial(self.queue.seat, group.people)

    def status(self, entry: Waiting, waiting: int = 0) -> QuickMatch:
        """What ``entry``'s player is told of it; ``waiting``: how many wait in its queue."""
        seated_at = entry.table_id
        return QuickMatch(
            status="waiting" if seated_at is None else "seated",
            game=entry.game,
            players=entry.players,
            speed=cast(SpeedName, entry.speed),
            fill_after=entry.fill_after,
            level=entry.level,
            waited=max(0.0, self.now() - entry.since),
            others=max(0, waiting - 1) if seated_at is None else 0,
            table_id=seated_at,
            seat=entry.seat,
            url=None if seated_at is None else f"/table/{seated_at}",
        )

"""Game records: everything needed to rebuild a game, and their JSON form (docs/records.md).

A record is the game's name, the number of players, the variant options, the seed, the scripted
deck (or ``None``) and the moves ``[(seat, action), ...]``: ``potager.games.replay(record)``
rebuilds the same state on every machine. Who sat where (`SeatHolder`), the result and a stand-in
bot's moves ride along, all optional; replaying never reads them. Format 2 adds each move's
notation, the numbering's fingerprint (`Game.numbering`) and the Potager version; format 3, the
rule parameters (``params``), only for a game played with some. A record read from JSON is
checked field by field (`RecordError`).

>>> r = GameRecord("heuschrecken-poker", 3, {}, 7, None, [(0, 5), (1, 2)])
>>> GameRecord.from_json(r.to_json()) == r, r.to_dict()["format"]
(True, 1)
>>> replace(r, seats=[SeatHolder.bot("heuristic")] * 3).seats[1].label
'heuristic bot'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

from potager import __version__

from .errors import RecordError
from .types import Action, Result, Seat

if TYPE_CHECKING:
    from .game import State

FORMAT = 2
"""The record format written for a record that knows its action numbering."""
TUNED = 3
"""The format of a record that also names the rule parameters its game changed."""
UNNUMBERED = 1
"""The format of the records that do not: moves as action indices only."""


def move_entries(players: int, actions: int) -> tuple[tuple[tuple[Seat, Action], ...], ...]:
    """``move_entries(players, actions)[seat][action]`` is ``(seat, action)``: a game's record
    entries built once, for a playout's `apply` to share rather than build one per move.

    >>> move_entries(2, 3)[1][2]
    (1, 2)
    """
    return tuple(tuple((seat, a) for a in range(actions)) for seat in range(players))


SeatKind = Literal["person", "bot"]


@dataclass(frozen=True)
class SeatHolder:
    """Who held a seat: a ``person`` (``name`` is the display name they gave, maybe empty) or a
    ``bot`` (``level`` is its level, as `potager.agents.make` takes it)."""

    kind: SeatKind
    name: str = ""
    level: str | None = None

    @classmethod
    def person(cls, name: str = "") -> SeatHolder:
        return cls("person", name)

    @classmethod
    def bot(cls, level: str) -> SeatHolder:
        return cls("bot", "", level)

    @property
    def label(self) -> str:
        """``"Ada"``, ``"a person"`` (no name given) or ``"heuristic bot"``."""
        if self.kind == "bot":
            return f"{self.level} bot"
        return self.name or "a person"

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "bot":
            return {"kind": "bot", "level": self.level}
        return {"kind": "person", "name": self.name}

    @classmethod
    def from_dict(cls, data: Any, seat: int) -> SeatHolder:
        """Check the entry of ``seat``; raise `RecordError` naming what is wrong."""
        where = f"record field 'seats' entry {seat}"
        if not isinstance(data, dict):
            raise RecordError(f"{where} must be an object")
        if data.get("kind") == "person" and isinstance(data.get("name", ""), str):
            return cls.person(data.get("name", ""))
        if data.get("kind") == "bot" and isinstance(data.get("level"), str):
            return cls.bot(data["level"])
        raise RecordError(
            f'{where} must be {{"kind": "person", "name": ...}} or '
            f'{{"kind": "bot", "level": ...}}, not {data!r}'
        )


@dataclass
class GameRecord:
    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    deck: list[str] | None = None
    moves: list[tuple[Seat, Action]] = field(default_factory=list)
    seats: list[SeatHolder] | None = None
    """Who sat where, seat by seat; ``None`` when the record does not say."""
    result: Result | None = None
    """The result of a finished game; ``None`` for an unfinished one or when not told."""
    stand_in_moves: list[int] = field(default_factory=list)
    """The indices in ``moves``, ascending, of the moves a stand-in bot made for a timed-out
    person; empty when none did or the record does not say."""
    notation: list[str] | None = None
    """Each move in the game's notation, beside ``moves``; ``None`` when the record does not
    know its numbering (then so are the two below)."""
    numbering: str | None = None
    """The fingerprint of the action numbering the moves' indices are in (`Game.numbering`)."""
    potager: str | None = None
    """The Potager version that played the moves (``potager.__version__``)."""
    params: dict[str, Any] = field(default_factory=dict)
    """The rule parameters the game changed from the rulebook's values (`Game.tuned`), a
    table as a tuple; ``{}`` for the rulebook's game."""

    def to_dict(self) -> dict[str, Any]:
        numbered = self.numbering is not None
        data: dict[str, Any] = {
            "format": TUNED if self.params else FORMAT if numbered else UNNUMBERED
        }
        if numbered:
            data["potager"] = self.potager
            data["numbering"] = self.numbering
        data.update(
            game=self.game,
            players=self.players,
            variant=dict(self.variant),
        )
        if self.params:
            data["params"] = {
                name: list(value) if isinstance(value, tuple) else value
                for name, value in self.params.items()
            }
        data.update(
            seed=self.seed,
            deck=None if self.deck is None else list(self.deck),
            moves=[[s, a] for s, a in self.moves],
        )
        if numbered:
            data["notation"] = list(self.notation or ())
        if self.seats is not None:
            data["seats"] = [holder.to_dict() for holder in self.seats]
        if self.result is not None:
            data["result"] = self.result.to_dict()
        if self.stand_in_moves:
            data["stand_in_moves"] = list(self.stand_in_moves)
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def first(self, count: int) -> GameRecord:
        """The record of the game's first ``count`` moves only: their notation and stand-in
        moves with them, and no result (the game is not over there)."""
        notation = None if self.notation is None else self.notation[:count]
        stand_ins = [ply for ply in self.stand_in_moves if ply < count]
        return replace(
            self,
            moves=self.moves[:count],
            notation=notation,
            stand_in_moves=stand_ins,
            result=None,
        )

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Check every field's type; raise `RecordError` naming what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        version = data.get("format", UNNUMBERED)
        if version not in (UNNUMBERED, FORMAT, TUNED) or isinstance(version, bool):
            raise RecordError(
                f"unsupported record format {version!r}: this is Potager {__version__}, which "
                f"reads formats {UNNUMBERED} to {TUNED}"
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a game name (string)")
        players = data.get("players")
        if not _is_int(players):
            raise RecordError("record field 'players' must be an integer")
        variant = data.get("variant", {})
        if not isinstance(variant, dict):
            raise RecordError("record field 'variant' must be an object")
        seed = data.get("seed")
        if not _is_int(seed):
            raise RecordError(f"record field 'seed' must be an integer, not {seed!r}")
        deck = data.get("deck")
        if deck is not None and not (
            isinstance(deck, list) and all(isinstance(c, str) for c in deck)
        ):
            raise RecordError("record field 'deck' must be null or a list of strings")
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise RecordError("record field 'moves' must be a list of [seat, action] pairs")
        moves: list[tuple[Seat, Action]] = []
        for i, m in enumerate(raw_moves):
            if not (isinstance(m, list | tuple) and len(m) == 2 and all(_is_int(x) for x in m)):
                raise RecordError(f"move {i} must be a [seat, action] pair of integers, not {m!r}")
            moves.append((m[0], m[1]))
        seats = _seats(data.get("seats"), players)  # type: ignore[arg-type]
        notation, numbering, potager = (
            _numbering(data, len(moves))
            if version == FORMAT or (version == TUNED and "numbering" in data)
            else (None, None, None)
        )
        return cls(
            game,
            players,  # type: ignore[arg-type]
            variant,
            seed,  # type: ignore[arg-type]
            deck,
            moves,
            seats,
            _result(data.get("result"), players),  # type: ignore[arg-type]
            _stand_in_moves(data.get("stand_in_moves"), moves, seats),
            notation,
            numbering,
            potager,
            _params(data, version),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"a record must be JSON: {exc}") from None
        return cls.from_dict(data)


def signed(state: State, seats: Sequence[SeatHolder]) -> GameRecord:
    """``state``'s record with who sat where and, once the game is over, its result."""
    if len(seats) != state.players:
        raise ValueError(f"{state.players} seats need {state.players} holders, not {len(seats)}")
    result = state.result() if state.is_over else None
    return replace(state.record, seats=list(seats), result=result)


def _numbering(data: dict[str, Any], moves: int) -> tuple[list[str], str, str]:
    """A format 2 record's ``notation``, ``numbering`` and ``potager``, checked."""
    notation, numbering, potager = data.get("notation"), data.get("numbering"), data.get("potager")
    if not (
        isinstance(notation, list)
        and len(notation) == moves
        and all(isinstance(n, str) for n in notation)
    ):
        raise RecordError(
            f"record field 'notation' must be a list of {moves} strings, one per move"
        )
    if not isinstance(numbering, str) or not numbering:
        raise RecordError("record field 'numbering' must be the action numbering's fingerprint")
    if not isinstance(potager, str) or not potager:
        raise RecordError("record field 'potager' must be the Potager version that wrote it")
    return notation, numbering, potager


def _params(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A format 3 record's ``params``: an object of numbers, names and lists of numbers (the
    game checks them when it replays); no other format has any."""
    raw = data.get("params")
    if version != TUNED:
        if raw is not None:
            raise RecordError(f"record field 'params' needs format {TUNED}, not {version}")
        return {}
    if not (isinstance(raw, dict) and raw):
        raise RecordError("record field 'params' must be an object naming the changed parameters")
    params: dict[str, Any] = {}
    for name, value in raw.items():
        if isinstance(value, list) and all(_is_int(x) for x in value):
            params[name] = tuple(value)
        elif _is_int(value) or isinstance(value, str):
            params[name] = value
        else:
            raise RecordError(
                f"record field 'params' entry {name!r} must be a number, a name or a list of "
                f"numbers, not {value!r}"
            )
    return params


def _seats(raw: Any, players: int) -> list[SeatHolder] | None:
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == players):
        raise RecordError(f"record field 'seats' must be a list of {players} seat holders")
    return [SeatHolder.from_dict(entry, seat) for seat, entry in enumerate(raw)]


def _result(raw: Any, players: int) -> Result | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RecordError("record field 'result' must be an object")
    scores, winners, details = raw.get("scores"), raw.get("winners"), raw.get("details", {})
    if not (
        isinstance(scores, list)
        and len(scores) == players
        and all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
    ):
        raise RecordError(f"record field 'result' needs 'scores', a list of {players} numbers")
    if not (isinstance(winners, list) and all(_is_int(w) and 0 <= w < players for w in winners)):
        raise RecordError("record field 'result' needs 'winners', a list of seats")
    if not isinstance(details, dict):
        raise RecordError("record field 'result' has 'details' that is not an object")
    return Result(tuple(scores), tuple(winners), details)


def _stand_in_moves(
    raw: Any, moves: list[tuple[Seat, Action]], seats: list[SeatHolder] | None
) -> list[int]:
    """Check ``stand_in_moves``: ascending indices of ``moves``, each of a person's seat (a
    stand-in plays only for a person) when the record says who sat where."""
    if raw is None:
        return []
    if not (
        isinstance(raw, list)
        and all(_is_int(i) and 0 <= i < len(moves) for i in raw)
        and all(a < b for a, b in pairwise(raw))
    ):
        raise RecordError(
            "record field 'stand_in_moves' must be a list of ascending move indices "
            f"(0 to {len(moves) - 1}), not {raw!r}"
        )
    for i in raw:
        seat = moves[i][0]
        if seats is not None and 0 <= seat < len(seats) and seats[seat].kind != "person":
            raise RecordError(
                f"record field 'stand_in_moves' lists move {i}, played at seat {seat} by a "
                "bot of its own: a stand-in plays only for a person"
            )
    return list(raw)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)

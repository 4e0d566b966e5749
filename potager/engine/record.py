"""Game records: everything needed to rebuild a game, and their JSON form.

A record is the game's name, the number of players, the variant options, the seed, the scripted
deck (or ``None``) and the moves ``[(seat, action), ...]``. ``potager.games.replay(record)``
rebuilds the same state on every machine. A record read from JSON is checked field by field;
anything malformed raises `RecordError` naming the field.

>>> r = GameRecord("heuschrecken-poker", 3, {}, 7, None, [(0, 5), (1, 2)])
>>> GameRecord.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .types import Action, Seat

FORMAT = 1


def move_entries(players: int, actions: int) -> tuple[tuple[tuple[Seat, Action], ...], ...]:
    """``move_entries(players, actions)[seat][action]`` is ``(seat, action)``: a game's record
    entries built once, for a playout's `apply` to share rather than build one per move.

    >>> move_entries(2, 3)[1][2]
    (1, 2)
    """
    return tuple(tuple((seat, a) for a in range(actions)) for seat in range(players))


@dataclass
class GameRecord:
    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    deck: list[str] | None = None
    moves: list[tuple[Seat, Action]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "variant": dict(self.variant),
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "moves": [[s, a] for s, a in self.moves],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Check every field's type; raise `RecordError` naming what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unsupported record format {data.get('format')!r}")
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
        return cls(game, players, variant, seed, deck, moves)  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"a record must be JSON: {exc}") from None
        return cls.from_dict(data)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)

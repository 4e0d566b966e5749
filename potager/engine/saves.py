"""Saved states: a `State` in the middle of a game as JSON, and back (`Game.save`, `Game.load`).

A save holds the state's table exactly (every attribute, the generator's state included, shared
lists kept shared) with its checksum, its record (format 2) and a digest of what the state
shows: every seat's and the spectator's view, whose turn it is, the legal actions, the pools
and the generator. The table loads only into the Potager version that wrote it (it is the
code's own layout); another version replays the record (by notation where the numbering
changed), which must give the same digest. Anything else raises `SaveError`: a loaded state is
the saved one or nothing (docs/records.md).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from potager import __version__

from .errors import RecordError
from .record import GameRecord

if TYPE_CHECKING:
    from .game import Game, State

FORMAT = 1

_ENGINE = ("game", "_names", "_lookup")
"""A state's attributes that come from its game, not from the save."""


class SaveError(RecordError):
    """A saved state that cannot be loaded: malformed, corrupt, or from code that cannot read it."""


def save(state: State) -> dict[str, Any]:
    """``state`` as a JSON-serialisable dict."""
    fields = {k: v for k, v in _attributes(state).items() if k not in _ENGINE}
    kind = type(state)
    encoded = _Encoder(state.game, fields).object(kind, fields)
    return {
        "format": FORMAT,
        "potager": __version__,
        "game": state.game.name,
        "digest": digest(state),
        "checksum": _checksum(encoded),
        "record": state.record.to_dict(),
        "table": encoded,
    }


def load(game: Game, data: Any) -> State:
    """The state ``data`` (a `save` of one of ``game``'s states) holds; `SaveError` otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"a saved state is a JSON object with format {FORMAT}")
    if data.get("game") != game.name:
        raise SaveError(f"a saved state of {data.get('game')!r} is not a {game.name} game")
    try:
        record = GameRecord.from_dict(data.get("record"))
        game = game.tuned(record.params)
    except ValueError as exc:  # a RecordError too
        raise SaveError(f"the saved {game.name} state cannot be loaded: {exc}") from None
    if data.get("potager") == __version__:
        if _checksum(data.get("table")) != data.get("checksum"):
            raise SaveError(f"the saved {game.name} state is corrupt: its table was changed")
        state = _restored(game, data.get("table"))
        how = "its table does not give the position it was saved at: the save is corrupt"
    else:
        state = game.replay(record)
        how = (
            f"it was written by Potager {data.get('potager')}, whose layout this version "
            f"({__version__}) does not read, and its record replays to another position"
        )
    if digest(state) != data.get("digest"):
        raise SaveError(f"the saved {game.name} state cannot be loaded: {how}")
    return state


def digest(state: State) -> str:
    """A fingerprint of everything ``state`` shows and will draw (docs/records.md)."""
    shown = {
        "to_move": state.to_move,
        "views": [state.view(seat) for seat in [*range(state.players), None]],
        "legal": [state.legal_actions(seat) for seat in state.to_move],
        "pools": {name: [p.taken, p.undrawn] for name, p in state.pools().items()},
        "rng": state.rng.getstate(),
        "moves": state.moves,
        "over": state.is_over,
    }
    text = json.dumps(shown, sort_keys=True, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()


def _checksum(table: Any) -> str:
    text = json.dumps(table, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _attributes(obj: Any) -> dict[str, Any]:
    """``obj``'s attributes, from its instance dict, its slots or a compiled class's own
    pickling state (`object.__getstate__`)."""
    got = obj.__getstate__()
    if isinstance(got, tuple):
        inner, slots = got
        return {**(inner or {}), **(slots or {})}
    return dict(got or {})


class _Encoder:
    """JSON of a table: scalars and lists as they are, anything else tagged (``{"tuple": ...}``),
    and a list, dict or object reached twice kept once (``{"id": n, ...}``, then ``{"ref": n}``)."""

    def __init__(self, game: Game, root: Any) -> None:
        self.game = game
        self.seen: dict[int, int] = {}
        self.shared: set[int] = set()
        self.ids: dict[int, int] = {}
        self._count(root)

    def object(self, kind: type, fields: dict[str, Any]) -> dict[str, Any]:
        return {
            "object": f"{kind.__module__}:{kind.__qualname__}",
            "fields": {name: self.encode(value) for name, value in fields.items()},
        }

    def _count(self, value: Any) -> None:
        if isinstance(value, str | int | float | bool) or value is None or value is self.game:
            return
        key = id(value)
        if key in self.seen:
            self.shared.add(key)
            return
        self.seen[key] = 1
        for child in _children(value):
            self._count(child)

    def encode(self, value: Any) -> Any:
        if isinstance(value, str | bool | int | float) or value is None:
            return value
        if value is self.game:
            return {"game": self.game.name}
        key = id(value)
        if key in self.ids:
            return {"ref": self.ids[key]}
        if key in self.shared:
            self.ids[key] = len(self.ids)
            return {"id": self.ids[key], **self._tagged(value)}
        tagged = self._tagged(value)
        return tagged["list"] if list(tagged) == ["list"] else tagged

    def _tagged(self, value: Any) -> dict[str, Any]:
        kind = type(value)
        if kind is list:
            return {"list": [self.encode(v) for v in value]}
        if kind is tuple:
            return {"tuple": [self.encode(v) for v in value]}
        if kind is dict and all(type(k) is str for k in value):
            return {"dict": {k: self.encode(v) for k, v in value.items()}}
        if kind is dict:
            return {"items": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if kind is set or kind is frozenset:
            return {kind.__name__: [self.encode(v) for v in value]}
        if kind is random.Random:
            return {"random": self.encode(value.getstate())}
        module = kind.__module__
        if not module.startswith("potager."):
            raise TypeError(f"a state cannot save a {module}.{kind.__qualname__}")
        if kind.__reduce__ is not object.__reduce__:
            rebuild, args = value.__reduce__()[:2]
            call = f"{rebuild.__module__}:{rebuild.__qualname__}"
            return {"call": call, "args": self.encode(tuple(args))}
        return self.object(kind, _attributes(value))


def _children(value: Any) -> list[Any]:
    if isinstance(value, list | tuple | set | frozenset):
        return list(value)
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, random.Random):
        return []
    if type(value).__reduce__ is not object.__reduce__:
        return list(value.__reduce__()[1])
    return list(_attributes(value).values())


_BROKEN = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    ImportError,
    StopIteration,
    RecursionError,
)


def _restored(game: Game, table: Any) -> State:
    from .game import State

    try:
        if not isinstance(table, dict) or "object" not in table:
            raise TypeError("the table is not a state")
        state = _Decoder(game).decode(table)
        if not isinstance(state, State):
            raise TypeError(f"{table['object']} is not a state")
        state.game = game
        state._names, state._lookup = game._notation(state.players, state.variant)
        return state
    except _BROKEN as exc:
        raise SaveError(
            f"the saved {game.name} state is corrupt: {type(exc).__name__}: {exc}"
        ) from None


_TAGS = {
    tag: {tag, *more}
    for tag, *more in [
        ["list"],
        ["tuple"],
        ["dict"],
        ["items"],
        ["set"],
        ["frozenset"],
        ["random"],
        ["call", "args"],
        ["object", "fields"],
    ]
}
"""Each tag of a saved table's values, with the keys its object has besides ``id``."""


def _blank(cls: type, game: Game) -> Any:
    """An object of ``cls`` with no attributes yet, for the save's to fill. A game's state is
    made as its `clone` makes one, ``blank`` (a compiled class has no ``__new__`` that skips its
    ``__init__``)."""
    from .game import State  # the state's module imports this one

    if issubclass(cls, State):
        return cls(game, 0, 0, {}, None, blank=True)  # type: ignore[call-arg]
    make: Any = cls.__new__
    return make(cls)


class _Decoder:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.made: dict[int, Any] = {}

    def decode(self, data: Any) -> Any:
        if isinstance(data, str | bool | int | float) or data is None:
            return data
        if isinstance(data, list):
            return [self.decode(v) for v in data]
        if not isinstance(data, dict):
            raise TypeError(f"{data!r} is not part of a saved table")
        if "ref" in data:
            return self.made[data["ref"]]
        if "game" in data:
            if data["game"] != self.game.name:
                raise ValueError(f"the table names the game {data['game']!r}")
            return self.game
        tag = next(k for k in data if k != "id")
        if set(data) - {"id"} != _TAGS.get(tag):
            raise TypeError(f"{sorted(data)} is not a tagged value of a saved table")
        body = data[tag]
        if tag == "list":
            return self._keep(data, [], lambda made: made.extend(self.decode(v) for v in body))
        if tag == "dict":
            return self._keep(
                data, {}, lambda made: made.update((k, self.decode(v)) for k, v in body.items())
            )
        if tag == "items":
            return self._keep(
                data,
                {},
                lambda made: made.update((self.decode(k), self.decode(v)) for k, v in body),
            )
        if tag == "call":
            made = _potager_name(body)(*self.decode(data["args"]))
            return self._keep(data, made, None)
        if tag == "object":
            cls = _potager_name(body)
            if not isinstance(cls, type):
                raise TypeError(f"{body!r} is not a class")
            obj = _blank(cls, self.game)

            def fill(made: Any) -> None:
                for name, value in data["fields"].items():
                    object.__setattr__(made, name, self.decode(value))

            return self._keep(data, obj, fill)
        if tag == "random":
            rng = random.Random()
            rng.setstate(_tuples(self.decode(body)))
            return self._keep(data, rng, None)
        values = [self.decode(v) for v in body]
        if tag == "tuple":
            return self._keep(data, tuple(values), None)
        if tag == "set":
            return self._keep(data, set(values), None)
        if tag == "frozenset":
            return self._keep(data, frozenset(values), None)
        raise TypeError(f"unknown tag {tag!r} in a saved table")

    def _keep(self, data: dict[str, Any], made: Any, fill: Any) -> Any:
        if "id" in data:
            self.made[data["id"]] = made
        if fill is not None:
            fill(made)
        return made


def _tuples(value: Any) -> Any:
    """The generator's state as `random.Random.setstate` takes it (tuples, not lists)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list | tuple) else value


def _potager_name(path: Any) -> Any:
    """The class or function ``"module:Qualified.name"`` names, only from Potager's modules."""
    if not isinstance(path, str) or not path.startswith("potager."):
        raise TypeError(f"{path!r} is not a class of Potager's")
    module, _, name = path.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found

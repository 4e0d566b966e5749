"""`Game` and `State`: the one API every interface uses (see DESIGN.md, "The engine API").

A game module defines a `Game` subclass (its facts: name, player counts, variants, components,
action names) and a `State` subclass (its rules). The base classes hold what is common to all four:
checking arguments, the record, refusing illegal actions without touching the state, the
notation lookup and the seat filter on events.
"""

from __future__ import annotations

import copy
import hashlib
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, partial
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from potager import __version__

from . import saves
from .chance import Pool
from .errors import IllegalAction, NotationError, Reason, RecordError
from .parameters import ParameterSpec, changes
from .record import GameRecord
from .types import PRIVATE_TO, Action, Event, Result, Seat, View

VariantSpec = dict[str, tuple[tuple[Any, ...], Any, str]]
"""``{option name: (allowed values, default, one-line doc)}``."""


S = TypeVar("S", bound="State", covariant=True, default="State")
"""A game's own state class: what its `Game.new_game` and `Game.sample` return. Covariant, so
that a game is a ``Game[State]``, which a bare ``Game`` means (PEP 696's default: until Python
3.13, `typing_extensions`)."""


def _normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


class Game(ABC, Generic[S]):
    """A game's facts and the factory of its states (``S``, its `State` subclass: a game module
    declares ``class ItsGame(Game[ItsState])``). One instance per game (see the registry)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variants: ClassVar[VariantSpec] = {}
    parameters: ClassVar[ParameterSpec] = {}
    """The rule parameters a designer may change (`potager.engine.parameters`), their
    defaults the rulebook's values."""
    tuning: Mapping[str, Any] = {}
    """The parameters this instance plays with that differ from their defaults: ``{}`` for the
    rulebook's game (the registry's); set by `tuned` only."""

    # -- set-up --------------------------------------------------------------------------------
    def new_game(
        self,
        players: int,
        seed: int | None = None,
        variant: Mapping[str, Any] | None = None,
        deck: Iterable[str] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> S:
        """A new game. ``seed=None`` draws a fresh seed (kept in the record). ``params``
        changes rule parameters from the rulebook's values (`tuned`); ``None`` plays this
        instance's own.

        Raises `ValueError` for a player count out of range, an unknown variant option or value,
        an unknown parameter or a value it does not take (or a setting that cannot be played
        by so many players), a seed that is not an int, or a deck that is not a permutation of
        the components.
        """
        self.check_players(players)
        options = self.resolve_variant(variant)
        game = self if params is None else self.tuned(params)
        if game.tuning:
            game.check_params(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, not {type(seed).__name__}")
        cards = None
        if deck is not None:
            cards = list(deck)
            game.check_deck(cards, players, options)
        return game._new_state(players, seed, options, cards)

    def tuned(self, params: Mapping[str, Any] | None) -> Self:
        """This game with ``params`` changed from the rulebook's values, the others at their
        default: one instance per setting, whose states, samples and records play by them
        (the rulebook's own instance for none). Values may be text (``"3"``, ``"1,2,3"``) or
        JSON; `ValueError` names an unknown parameter, a value out of its range, a table of
        the wrong size or a setting the game cannot play (`check_params`)."""
        changed = changes(self.parameters, self.name, params or {})
        kind = type(self)
        if not self.tuning:
            _TUNED.setdefault((kind, ()), self)
        key = (kind, tuple(changed.items()))
        found = _TUNED.get(key)
        if found is None:
            found = kind()
            found.tuning = changed
            found.check_params(None)
            found._tune()
            _TUNED[key] = found
        return found  # type: ignore[return-value]

    def value(self, name: str) -> Any:
        """The value this instance plays parameter ``name`` with."""
        return self.tuning[name] if name in self.tuning else self.parameters[name].default

    def check_params(self, players: int | None) -> None:
        """Refuse (`ValueError`) a setting of this instance's parameters that the rules cannot
        play: for any player count (``None``) or for ``players``. Each value is already in its
        range; a game with parameters that depend on each other checks them here."""

    def _tune(self) -> None:
        """Build what the rules read from this instance's parameters (`value`), once, after
        `tuned` has set them; a game whose rules read the values directly needs nothing."""

    @abstractmethod
    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> S:
        """Set up the table (rulebook, "set-up"); ``deck`` is already checked."""

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an int, not {players!r}")
        if self.min_players == self.max_players != players:
            raise ValueError(
                Reason(
                    "{game} is played by {count} players only, not {players}",
                    game=self.name,
                    count=self.min_players,
                    players=players,
                )
            )
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                Reason(
                    "{game} is played by {least} to {most} players, not {players}",
                    game=self.name,
                    least=self.min_players,
                    most=self.max_players,
                    players=players,
                )
            )

    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option with its value: the given ones checked, the others at their default."""
        given = dict(variant or {})
        for key, value in given.items():
            if key not in self.variants and not self.variants:
                raise ValueError(
                    Reason(
                        "{game} has no variant options, not {option}",
                        game=self.name,
                        option=repr(key),
                    )
                )
            if key not in self.variants:
                raise ValueError(
                    Reason(
                        "unknown variant option {option} for {game}; options: {options}",
                        option=repr(key),
                        game=self.name,
                        options=", ".join(sorted(self.variants)),
                    )
                )
            values = self.variants[key][0]
            if not any(value == v and type(value) is type(v) for v in values):
                raise ValueError(
                    Reason(
                        "variant option {option} of {game} takes one of {values}, not {value}",
                        option=repr(key),
                        game=self.name,
                        values=", ".join(map(repr, values)),
                        value=repr(value),
                    )
                )
        return {key: given.get(key, spec[1]) for key, spec in self.variants.items()}

    @abstractmethod
    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The shuffled components in notation, in a fixed order; a scripted deck permutes them."""

    def check_deck(self, deck: list[str], players: int, variant: dict[str, Any]) -> None:
        want, got = Counter(self.components(players, variant)), Counter(deck)
        if want != got:
            missing = ", ".join(f"{n}×{k}" for k, n in sorted((want - got).items()))
            extra = ", ".join(f"{n}×{k}" for k, n in sorted((got - want).items()))
            raise ValueError(
                f"deck is not a permutation of the {sum(want.values())} components of {self.name}"
                + (f"; missing {missing}" if missing else "")
                + (f"; unexpected {extra}" if extra else "")
            )

    # -- actions and notation ------------------------------------------------------------------
    @abstractmethod
    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        """The notation of every action, indexed by action (a fixed space per configuration)."""

    def num_actions(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return len(self._notation(players, self.resolve_variant(variant))[0])

    def _notation(
        self, players: int, variant: dict[str, Any]
    ) -> tuple[tuple[str, ...], dict[str, Action]]:
        return _notation_tables(self, players, tuple(sorted(variant.items())))

    def numbering(self, players: int, variant: Mapping[str, Any] | None = None) -> str:
        """The fingerprint of the configuration's action numbering, which a record keeps: the
        first 16 hex digits of the SHA-256 of every action's notation in action order, each
        followed by a newline (UTF-8). Any renamed, added, removed or reordered action changes
        it (docs/records.md).

        >>> from potager import games
        >>> len(games.get("heuschrecken-poker").numbering(3))
        16
        """
        options = self.resolve_variant(variant)
        return _fingerprint(self, players, tuple(sorted(options.items())))

    # -- records and saves -----------------------------------------------------------------------
    def save(self, state: State) -> dict[str, Any]:
        """``state``, at any point of the game, as a JSON-serialisable dict (docs/records.md)."""
        return saves.save(state)

    def load(self, data: Any) -> S:
        """The state a `save` holds: its views, legal actions, pools and generator the saved
        state's, so that the same play goes on the same way; `SaveError` (a `RecordError`)
        for a save that is corrupt, of another game, or that this code cannot read."""
        state: S = saves.load(self, data)  # type: ignore[assignment]
        return state

    def replay(self, record: GameRecord) -> S:
        """The state ``record`` describes, its moves played again; `RecordError` says what is
        wrong with a bad one. A record whose numbering is this code's replays by index (its
        notation checked against it), as does one without notation (format 1); one from
        another numbering, or notation without a numbering (the store's), replays by notation,
        and a move its notation cannot name or play here fails."""
        if record.game != self.name:
            raise RecordError(f"a record of {record.game!r} is not a {self.name} game")
        try:
            state = self.new_game(
                record.players, record.seed, record.variant, record.deck, record.params
            )
        except ValueError as exc:
            raise RecordError(f"record cannot start a game: {exc}") from None
        here = self.numbering(record.players, record.variant)
        if record.notation is None or record.numbering == here:
            _replay_by_index(state, record)
        else:
            _replay_by_notation(state, record, here)
        _check_result(state, record)
        return state

    # -- hidden information --------------------------------------------------------------------
    @abstractmethod
    def sample(self, view: View, seat: Seat, rng: random.Random) -> S:
        """A full state built from ``view`` alone: what it shows kept, the hidden drawn at random
        from what ``seat`` could consider possible."""

    def sampler(self, view: View, seat: Seat) -> Callable[[random.Random], S]:
        """Samples of one ``view``, as many as the caller draws (a search, one an iteration):
        ``sampler(view, seat)(rng)`` is ``sample(view, seat, rng)``. A game that reads a view
        before it draws may read it here once for them all; the caller keeps the view as it
        was while it draws."""
        return partial(self.sample, view, seat)

    # -- reference data for interfaces -----------------------------------------------------------
    def facts(self) -> dict[str, Any]:
        """The printed facts an interface may show or compute with (cards, boards, score
        tables), as JSON-serialisable data built from the game's ``data.py``, so that no
        interface keeps its own copy. Public knowledge from the rulebook, the same for every
        table: never state. ``{}`` by default."""
        return {}

    def __repr__(self) -> str:
        return f"<game {self.name}>"


_TUNED: dict[tuple[type, tuple[tuple[str, Any], ...]], Game] = {}
"""`Game.tuned`'s instances, by game class and changed parameters."""


@cache
def _fingerprint(game: Game, players: int, variant_items: tuple[tuple[str, Any], ...]) -> str:
    names = _notation_tables(game, players, variant_items)[0]
    text = "".join(name + "\n" for name in names)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _replay_by_index(state: State, record: GameRecord) -> None:
    names, notation = state._names, record.notation or []
    for i, (seat, action) in enumerate(record.moves):
        if i < len(notation) and (not 0 <= action < len(names) or names[action] != notation[i]):
            raise RecordError(
                f"move {i} ({seat}, {action}) is named {notation[i]!r} in the record, which "
                "is not its action's notation: the record is corrupt"
            )
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise RecordError(f"move {i} ({seat}, {action}) is illegal: {exc}") from None


def _replay_by_notation(state: State, record: GameRecord, here: str) -> None:
    notation = record.notation or []
    other = (
        f"the record was written by Potager {record.potager} with another action numbering "
        f"({record.numbering}; this is Potager {__version__}, numbering {here}), so it replays "
        "by notation, and"
        if record.numbering is not None
        else "the record's moves replay by their notation, and"
    )
    for i, (seat, _) in enumerate(record.moves):
        if i >= len(notation):
            raise RecordError(f"{other} move {i} has no notation")
        try:
            state.apply(seat, state.str_to_action(seat, notation[i]))
        except IllegalAction as exc:
            raise RecordError(
                f"{other} move {i} ({seat}, {notation[i]!r}) cannot be played: {exc}"
            ) from None


def _check_result(state: State, record: GameRecord) -> None:
    """A record that says how the game ended must end so replayed: the same seed may deal
    otherwise in other code, and the moves may still be legal."""
    if record.result is None:
        return
    replayed = state.result() if state.is_over else None
    if replayed is None or (
        tuple(replayed.scores) != tuple(record.result.scores)
        or tuple(replayed.winners) != tuple(record.result.winners)
    ):
        ended = "does not end" if replayed is None else f"ends with scores {replayed.scores}"
        raise RecordError(
            f"the record's game ended with scores {record.result.scores}, but replayed here it "
            f"{ended}: it was played by other rules (Potager {record.potager or 'unknown'})"
        )


@cache
def _notation_tables(
    game: Game, players: int, variant_items: tuple[tuple[str, Any], ...]
) -> tuple[tuple[str, ...], dict[str, Action]]:
    names = game.action_names(players, dict(variant_items))
    lookup = {_normalise(n): a for a, n in enumerate(names)}
    if len(lookup) != len(names):
        raise AssertionError(f"{game.name}: two actions share a name")
    return names, lookup


class State(ABC):
    """A game in progress: mutable for fast playouts; `clone` copies it.

    Subclasses implement `to_move`, `legal_actions`, `_apply`, `view`, `is_over`, `result`, and may
    override `is_legal` (a cheaper test than building the legal list), `clone` (faster than the
    generic deep copy) and `apply` itself (test, record and play in one call, for playouts; it
    must still raise `IllegalAction` before changing anything).
    """

    game: Game

    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.deck = deck
        self.rng = random.Random(seed)
        self.moves: list[tuple[Seat, Action]] = []
        self.events: list[Event] = []
        self._names, self._lookup = game._notation(players, variant)

    # -- whose turn, what is legal -------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> tuple[Seat, ...]:
        """Seats that must act now (several at a simultaneous decision); ``()`` when over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Legal actions of ``seat``, ascending; ``[]`` for a seat not to move."""

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return seat in self.to_move and action in self.legal_actions(seat)

    def apply(self, seat: Seat, action: Action) -> None:
        """Play ``action`` for ``seat``; an illegal one raises `IllegalAction`, changing nothing."""
        if not self.is_legal(seat, action):
            raise IllegalAction(self._why_illegal(seat, action))
        self.moves.append((seat, action))
        self._apply(seat, action)

    def _apply(self, seat: Seat, action: Action) -> None:
        """Play a legal action. A game whose `apply` tests, records and plays in one method (a
        playout's hot path) has no separate step and need not define this."""
        raise NotImplementedError(f"{type(self).__name__} defines neither apply's step nor apply")

    def _why_illegal(self, seat: Seat, action: Action) -> Reason:
        """Why ``seat`` may not play ``action`` now (`IllegalAction`'s reason), in English with
        its template, built only once an action is refused."""
        if not isinstance(seat, int) or seat not in self.to_move:
            if not self.to_move:
                return Reason(
                    "seat {seat} is not to move; waiting for: nobody (the game is over)",
                    seat=repr(seat),
                )
            waiting = ", ".join(map(str, self.to_move))
            return Reason(
                "seat {seat} is not to move; waiting for: {waiting}",
                seat=repr(seat),
                waiting=waiting,
            )
        if not isinstance(action, int) or not 0 <= action < len(self._names):
            return Reason(
                "{action} is not an action of {game} (0…{last})",
                action=repr(action),
                game=self.game.name,
                last=len(self._names) - 1,
            )
        return Reason(
            "{action} is not legal for seat {seat} now; legal: {legal}",
            action=repr(self.action_to_str(action)),
            seat=seat,
            legal=", ".join(self.action_to_str(a) for a in self.legal_actions(seat)),
        )

    # -- notation ------------------------------------------------------------------------------
    def action_to_str(self, action: Action) -> str:
        return self._names[action]

    def str_to_action(self, seat: Seat, text: str) -> Action:
        """The action named by ``text`` (case and spacing do not matter).

        Raises `NotationError` for text that names no action; an action that is named but not
        legal now is returned (`apply` refuses it).
        """
        action = self._lookup.get(_normalise(text)) if isinstance(text, str) else None
        if action is None:
            legal = ", ".join(self.action_to_str(a) for a in self.legal_actions(seat)[:12])
            if not legal:
                raise NotationError(
                    "{text} is not a {game} action", text=repr(text), game=self.game.name
                )
            raise NotationError(
                "{text} is not a {game} action; legal now: {legal}",
                text=repr(text),
                game=self.game.name,
                legal=legal,
            )
        return action

    def action_label(self, action: Action) -> str:
        """A longer human description of ``action`` for interfaces; the notation by default."""
        return self.action_to_str(action)

    # -- information ---------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Seat | None) -> View:
        """Everything ``seat`` may know and nothing else; ``None`` is the spectator."""

    def events_for(self, seat: Seat | None, start: int = 0) -> list[Event]:
        """Events from ``start`` that ``seat`` may know: public ones and ones addressed to it (by
        the reserved key `PRIVATE_TO`); the spectator (``None``) gets the public ones."""
        return [e for e in self.events[start:] if e.get(PRIVATE_TO, seat) == seat]

    def determinize(self, seat: Seat, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from this one (`Game.sample` of its view)."""
        return self.game.sample(self.view(seat), seat, rng)

    # -- chance --------------------------------------------------------------------------------
    def pools(self) -> dict[str, Pool]:
        """Where the rules draw from, by name (`chance.Pool`): hidden information, for an
        adapter that shows each draw as a chance node, never for a player. ``{}``: no draws."""
        return {}

    def stack(self, pool: str, components: Sequence[str]) -> None:
        """Make ``components`` (in notation, part of the pool's ``undrawn``) the next ones the
        rules take from ``pool``, in this order; the others keep theirs after them. Raises
        `ValueError` for an unknown pool or components it will not draw."""
        raise ValueError(f"{self.game.name} has no pool {pool!r} to draw from now")

    # -- outcome -------------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The result of a finished game; raises `ValueError` before the end."""

    # -- records -------------------------------------------------------------------------------
    @property
    def record(self) -> GameRecord:
        names = self._names
        return GameRecord(
            self.game.name,
            self.players,
            dict(self.variant),
            self.seed,
            None if self.deck is None else list(self.deck),
            list(self.moves),
            notation=[names[action] for _, action in self.moves],
            numbering=self.game.numbering(self.players, self.variant),
            potager=__version__,
            params=dict(self.game.tuning),
        )

    def clone(self) -> State:
        return copy.deepcopy(self, {id(self.game): self.game})

    def deals_ahead(self) -> bool:
        """Whether the rules may still draw from `rng` after this point. A game whose rules draw
        only at the set-up (or no more from some point on) says False there, and its `clone` and
        its samples (`sampling.start_sample`) may then share the generator instead of copying or
        seeding one; the default, True, is always safe."""
        return True

    def _copy_engine_attributes(self, new: State) -> None:
        """Give ``new``, a state made blank by a game's `clone` or `sample`, the attributes this
        class sets up (game, seed, variant, notation, and the same generator, moves and events
        objects: the caller replaces those it must not share)."""
        for name, value in self.__dict__.items():  # a compiled `new` has no __dict__ before
            setattr(new, name, value)

    def __repr__(self) -> str:
        return f"<{self.game.name} state, {self.players} players, {len(self.moves)} moves>"

"""Kraut & Rüben: the state and its transitions (rulebook "Déroulement" to "Jeu à deux").

The gardens are flat lists of ``12 · N`` spaces: ``base`` (the tile put on the space) and
``cover`` (a snail or mole on top of it), kind codes from `data.KINDS`, ``EMPTY`` for none. Each
garden also keeps a 12-bit mask of its coverable spaces (an uncovered vegetable, clover or
dandelion), and the empty spaces are indexed as place actions, so that the legal actions are
table look-ups and copies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, cast

from potager.engine import (
    PRIVATE_TO,
    Action,
    Event,
    Game,
    IllegalAction,
    ParameterSpec,
    Pool,
    Reason,
    Result,
    Seat,
    State,
    VariantSpec,
    View,
)
from potager.engine.ascending import holds, position
from potager.engine.chance import restack
from potager.engine.record import move_entries
from potager.engine.sampling import LastView, start_sample
from potager.engine.shuffle import copied, shuffle

from . import data, notation, views
from .data import (
    CONTRACTS,
    CUP_POINTS,
    FIRST_PLAYER,
    FIXED_POINTS,
    MATCH_GAMES,
    MIN_PLAYERS,
    MOLES_PER_GARDEN,
    PILE_KINDS,
    SNAILS_PER_GARDEN,
    SPACES,
    TILE_COUNTS,
    Kind,
    gardens_for,
    gardens_to_take,
    reference,
)
from .notation import ActionSpace
from .scoring import CODE, WEIGHTS, Weights, points, weights_of

DRAW: Final = notation.DRAW
EMPTY: Final = notation.EMPTY
SIZE: Final = notation.SIZE
DRAWING: Final = notation.DRAWING
PLACING: Final = notation.PLACING
TAKING: Final = notation.TAKING
OVER: Final = notation.OVER
"""`notation`'s constants, ``Final`` here so that compiled code reads them as C ints."""

KINDS: Final[tuple[Any, ...]] = data.KINDS
"""The kinds' names (`data.KINDS`), typed ``Any``: compiled, they go into events as they are."""

DANDELION: Final = CODE["dandelion"]
SNAIL: Final = CODE["snail"]
MOLE: Final = CODE["mole"]
"""Codes up to ``DANDELION`` (vegetables, clover, dandelion) are the coverable kinds."""

MAX_PLAYERS: Final = data.MAX_PLAYERS
MOVES: Final[tuple[tuple[Any, ...], ...]] = move_entries(
    MAX_PLAYERS, len(ActionSpace.of(gardens_for(MAX_PLAYERS)).names)
)
"""``MOVES[seat][action]`` is ``(seat, action)``, the record's entry: shared, not built per step."""

PILE: Final[tuple[int, ...]] = tuple(CODE[k] for k in PILE_KINDS for _ in range(TILE_COUNTS[k]))
"""The pile's codes in the order of `KrautUndRueben.components` (shuffled at every deal)."""


@dataclass(frozen=True)
class Tables:
    """What the rules read from a game's parameters (`data.PARAMETERS`): the pile's counts
    per kind (`data.PILE_KINDS`) and its codes (as `PILE`), the scoring `Weights`, the
    match's games, cup and who begins its next game (`data.STARTS`)."""

    counts: Mapping[Kind, int]
    pile: tuple[int, ...]
    weights: Weights
    match_games: int
    cup_points: int
    starts: str


RULEBOOK: Final = Tables(
    {k: TILE_COUNTS[k] for k in PILE_KINDS}, PILE, WEIGHTS, MATCH_GAMES, CUP_POINTS, data.STARTS[0]
)
"""The rulebook's `Tables`: the module's own objects."""


def tables_of(game: Game) -> Tables:
    """The `Tables` of ``game``'s parameters (`Game.value`)."""
    counts = {kind: game.value(f"{kind}_tiles") for kind in PILE_KINDS}
    fixed = {kind: game.value(f"{kind}_points") if kind != "mole" else 0 for kind in FIXED_POINTS}
    return Tables(
        counts,
        tuple(CODE[k] for k in PILE_KINDS for _ in range(counts[k])),
        weights_of(
            fixed,
            game.value("negative_points"),
            game.value("lower_points"),
            game.value("higher_points"),
        ),
        game.value("match_games"),
        game.value("cup_points"),
        game.value("match_starts"),
    )


Reading = tuple["KrautUndRuebenState", tuple[int, ...], tuple[int, ...]]
"""A view read for sampling (`KrautUndRueben.read_view`): its table as a state, the unseen tiles
in code order and the contracts the others may hold."""


class KrautUndRueben(Game["KrautUndRuebenState"]):
    """Kraut & Rüben (Gerd Fenchel, Kosmos 1998), 2–5 players."""

    name = "kraut-und-rueben"
    title = "Kraut & Rüben"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants: ClassVar[VariantSpec] = {
        "match": (
            (False, True),
            False,
            "three games in a row, points added; the first garden taken in a game earns the cup"
            " (+3)",
        )
    }
    parameters: ClassVar[ParameterSpec] = data.PARAMETERS
    tables: Tables
    """What the rules read from the parameters (`Tables`; `RULEBOOK` for the rulebook's)."""

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> KrautUndRuebenState:
        return KrautUndRuebenState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The 85 tiles of the pile: every tile but the moles (as many as the parameters say)."""
        counts = self.tables.counts
        return [kind for kind in PILE_KINDS for _ in range(counts[kind])]

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return ActionSpace.of(gardens_for(players)).names

    def __init__(self) -> None:
        self._last_view = LastView(self.read_view)
        self.tables = RULEBOOK

    def _tune(self) -> None:
        self.tables = tables_of(self)

    def check_params(self, players: int | None) -> None:
        """The pile must hold a tile for every space of the gardens."""
        pile = sum(self.value(f"{kind}_tiles") for kind in PILE_KINDS)
        if players is not None and pile < SIZE * gardens_for(players):
            raise ValueError(
                Reason(
                    "a pile of {tiles} tiles cannot fill the {gardens} gardens of {players}"
                    " players ({spaces} spaces)",
                    tiles=pile,
                    gardens=gardens_for(players),
                    players=players,
                    spaces=SIZE * gardens_for(players),
                )
            )

    def sample(
        self, view: Mapping[str, Any], seat: Seat, rng: random.Random
    ) -> KrautUndRuebenState:
        """The view's table with the unseen pile reshuffled and the others' contracts dealt
        from the contracts ``seat`` has not seen. The view is read once (`read_view`, kept for
        the next sample of an equal view); each sample copies that table and draws. (``view``
        typed as any mapping: compiled, a `SeatView` would otherwise be refused.)"""
        return self.draw(self._last_view(view, seat), seat, rng)  # type: ignore[arg-type]

    def draw(
        self, reading: Reading, seat: Seat, rng: random.Random, quiet: bool = False
    ) -> KrautUndRuebenState:
        """A sample of the view read as ``reading`` (`read_view`): its table copied, the unseen
        pile reshuffled, the others' contracts dealt. ``quiet``: the state keeps no record of
        what is played on it (`KrautUndRuebenState.quiet`), and a match's games to come are
        dealt from ``rng``, the search's own generator, instead of one seeded for it."""
        table, unseen, others = reading
        blank = KrautUndRuebenState(self, table.players, 0, table.variant, None, blank=True)
        state = start_sample(table, blank, rng, quiet)
        table._copy_table(state)
        state.pile = [*unseen]
        shuffle(state.pile, rng)
        if others:
            drawn = [*others]
            shuffle(drawn, rng)
            contracts = state.contracts
            for s in range(table.players):
                if s != seat:
                    contracts[s] = drawn.pop()
        state.quiet = quiet
        return state

    def read_view(self, view: View, seat: Seat) -> Reading:
        """``view`` read for `sample`: its table as a state (`views.restore`), the unseen tiles
        in code order, and the contracts the others may hold (none once they are shown)."""
        table = self._new_state(view["players"], 0, dict(view["variant"]), None)
        views.restore(table, view, seat, random.Random(0))
        others: tuple[int, ...] = ()
        if None in view["contracts"]:
            others = tuple(c for c in sorted(CONTRACTS) if c != view["contract"])
        return table, tuple(sorted(table.pile)), others

    def facts(self) -> dict[str, Any]:
        """The tiles, the garden, the fixed values and the 12 contract cards (`data.reference`),
        as this instance's parameters change them."""
        if not self.tuning:
            return reference()
        return reference({name: self.value(name) for name in self.parameters})


MOST_SPACES: Final = notation.MOST_SPACES
MOST_GARDENS: Final = notation.MOST_GARDENS
LOG_PLACES: Final[tuple[Any, ...]] = views.LOG_PLACES
LOG_TAKES: Final[tuple[Any, ...]] = views.LOG_TAKES
"""The log's shared entries (`views.LOG_PLACES`, `views.LOG_TAKES`)."""

SPACE_OF: Final[tuple[tuple[int, int, str], ...]] = tuple(
    (i // SIZE, 1 << i % SIZE, SPACES[i % SIZE]) for i in range(MOST_SPACES)
)
"""Per space of the flat gardens: its garden, its bit in the garden's masks, its name."""

DRAW_EVENTS: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple({"type": "draw", "seat": seat, "tile": name} for name in data.KINDS)
    for seat in range(MAX_PLAYERS)
)
"""``DRAW_EVENTS[seat][kind]``: the ``draw`` event (events are read-only values: shared)."""

_PLACE_EVENTS: Final[list[Any]] = [None] * (MAX_PLAYERS * len(data.KINDS) * MOST_SPACES * 9)
"""The ``place`` events met so far, by seat, tile, space and cover (`_place_event`)."""


def _place_event(seat: Seat, kind: int, i: int, covered: int) -> Any:
    """The ``place`` event of ``seat`` putting a tile of ``kind`` on space ``i`` over
    ``covered`` (`EMPTY` for none): made once, then shared."""
    key = ((seat * len(KINDS) + kind) * MOST_SPACES + i) * (len(KINDS) + 1) + covered + 1
    event = _PLACE_EVENTS[key]
    if event is None:
        g, _, space = SPACE_OF[i]
        event = _PLACE_EVENTS[key] = {
            "type": "place",
            "seat": seat,
            "tile": KINDS[kind],
            "garden": g + 1,
            "space": space,
            "covers": None if covered == EMPTY else KINDS[covered],
        }
    return event


class KrautUndRuebenState(State):
    """A game (or, with ``match``, a series of three games) in progress."""

    # Slots: the hot path reads and writes these at every step. With the base class's ten
    # attributes, more than 30 in the instance dict would lose CPython's shared keys, making
    # every access a dict lookup; slots are the fastest attribute there is.
    # Compiled (`potager.compiled`), this is a native class: every attribute declared here is a C
    # field, the engine's fields of the hot path too.
    __slots__ = (
        "base", "contracts", "cover", "coverable", "done", "drawn", "events", "filled",
        "finished", "game_no", "games", "gardens", "has_mole", "history", "is_over", "log", "moles",
        "moves", "nearly_full", "next_contracts", "open", "out", "owned", "owner", "phase", "pile",
        "placed", "players", "quiet", "quota", "rng", "seats", "set_aside", "snails", "space",
        "tables", "taken", "targets", "to_move", "totals", "turn",
    )  # fmt: skip
    moves: list[Any]  # of (seat, action): `MOVES`
    events: list[Event]
    rng: random.Random
    players: int
    gardens: int
    quota: int
    tables: Tables
    """What the rules read from the game's parameters (the game's `KrautUndRueben.tables`)."""
    space: ActionSpace
    place_base: int
    mole_base: int
    take_base: int
    pass_action: int
    """The first place, mole and take actions and the pass (`space`'s, as C ints)."""
    seats: tuple[tuple[Seat, ...], ...]
    games: int
    game_no: int
    totals: list[int]
    base: list[int]
    cover: list[int]
    coverable: list[int]
    filled: list[int]
    snails: list[int]
    moles: list[int]
    owner: list[int]
    placed: int
    out: list[int]
    drawn: int
    has_mole: list[bool]
    finished: list[bool]
    done: int
    open: list[Action]
    contracts: list[int]
    next_contracts: list[int]
    """The contracts stacked for the next deal (`stack`), dealt to seat 0 first: usually none."""
    set_aside: int
    """The tiles a match's finished games left in their pile (`pools` counts only the drawn)."""
    pile: list[int]
    log: list[Any]
    """The public log of the game in progress (`views.LOG_PLACES`): every placement, mole and
    take in order, for everyone to read (an opponent's placements tell its contract). Kept by
    quiet states too, so that their views stay true; a list copy per `clone`."""
    phase: int
    turn: Seat
    # A quiet state plays the same rules but keeps no record, neither moves nor events: a
    # search's samples (`KrautUndRueben.draw`'s ``quiet``), whose playouts nobody reads back.
    # (It keeps the log, which its views show.)
    quiet: bool

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        variant: dict[str, Any],
        deck: list[str] | None,
        *,
        blank: bool = False,
    ) -> None:
        """Set up a game (a match's first); ``blank`` only makes the room for a state that
        `clone` then lays out, the engine's attributes included (a compiled class has no
        ``__new__`` without ``__init__``)."""
        if blank:
            return
        super().__init__(game, players, seed, variant, deck)
        self.tables = tables = cast(KrautUndRueben, game).tables
        self.gardens = gardens_for(players)
        self.quota = gardens_to_take(players)
        self.space = space = ActionSpace.of(self.gardens)
        self.place_base, self.mole_base = space.place, space.mole
        self.take_base, self.pass_action = space.take, space.pass_
        self.seats = tuple((s,) for s in range(players))
        self.games = tables.match_games if variant["match"] else 1
        self.game_no = 0
        self.history: list[dict[str, Any]] = []
        self.totals = [0] * players
        self.is_over = False
        self.quiet = False
        self.next_contracts = []
        self.set_aside = 0
        self._deal(None if deck is None else [CODE[k] for k in reversed(deck)])
        self._start_turn(FIRST_PLAYER)

    # -- set-up ("Préparation") ----------------------------------------------------------------
    def _deal(self, pile: list[int] | None) -> None:
        """Empty gardens, a mole per player, a secret contract each, the shuffled pile (top
        last). Contracts are dealt first, then the pile is shuffled (unless scripted)."""
        n = self.gardens * SIZE
        self.base = [EMPTY] * n
        self.cover = [EMPTY] * n
        self.coverable = [0] * self.gardens
        self.filled = [0] * self.gardens
        self.snails = [0] * self.gardens
        self.moles = [0] * self.gardens
        self.owner = [-1] * self.gardens
        self.owned: list[list[int]] = [[] for _ in range(self.players)]
        self.taken: list[tuple[Seat, int]] = []
        self.log = []
        self.placed = 0
        self.out = [0] * len(KINDS)
        self.drawn = EMPTY
        self.has_mole = [True] * self.players
        self.finished = [False] * self.players
        self.done = 0
        self.targets: list[Action] = []
        self.open = list(range(self.place_base, self.mole_base))
        self.nearly_full: list[int] = []
        self.contracts = self._deal_contracts()
        if pile is None:
            pile = list(self.tables.pile)
            shuffle(pile, self.rng)
        self.pile = pile
        for seat, number in enumerate(self.contracts):
            if not self.quiet:
                self.events.append(
                    {
                        "type": "contract",
                        PRIVATE_TO: seat,
                        "game": self.game_no + 1,
                        "contract": number,
                    }
                )

    def _deal_contracts(self) -> list[int]:
        """A secret contract each, seat 0 first: those stacked for this deal (`stack`), then
        drawn from the others (just as many draws from the generator as without a stack)."""
        first, self.next_contracts = self.next_contracts, []
        rest = [c for c in sorted(CONTRACTS) if c not in first]
        return first + self.rng.sample(rest, self.players - len(first))

    def index_empty_spaces(self) -> None:
        """Index the empty spaces of the gardens: `open`, the place actions onto every empty
        space, ascending, and `nearly_full`, the gardens with a single empty space. Dealing
        (every space empty) and the transitions keep both up to date, so that the places of a
        vegetable, clover or dandelion are a copy of `open` rather than a walk over the
        gardens at every draw."""
        place = self.place_base
        self.open = [place + i for i, kind in enumerate(self.base) if kind == EMPTY]
        self.nearly_full = [g for g, n in enumerate(self.filled) if n == SIZE - 1]

    # -- whose turn, what is legal ---------------------------------------------------------------
    # `to_move` and `is_over` are plain attributes (slots) kept up to date by the transitions:
    # they are read at every step of a playout.
    to_move: tuple[Seat, ...]
    is_over: bool

    def legal_actions(self, seat: Any) -> list[Action]:
        if seat != self.turn:
            return []
        phase = self.phase
        if phase == PLACING:
            return self.targets[:]
        if phase == DRAWING:
            return [DRAW, *self._mole_targets()] if self.has_mole[seat] else [DRAW]
        if phase == TAKING:
            take = self.take_base
            return [take + g for g, o in enumerate(self.owner) if o < 0] + [self.pass_action]
        return []

    def _place_targets(self, seat: Seat, kind: int) -> list[Action]:
        """Where the drawn tile may go ("Déroulement", "L'escargot", "Prendre un jardin"): a
        vegetable, clover or dandelion on any empty space but the last one of a garden owned by
        another player. Usually that is `open` itself, not a copy: the targets are only read
        until the tile is placed (`clone` keeps the two together)."""
        if kind == SNAIL:
            return self._snail_targets()
        targets = self.open
        for g in self.nearly_full:
            owner = self.owner[g]
            if owner != seat and owner >= 0:
                first = self.place_base + g * SIZE  # the garden's only open space follows
                if targets is self.open:
                    targets = targets[:]
                targets.remove(self.open[position(self.open, first)])
        return targets

    def _snail_targets(self) -> list[Action]:
        """Where a snail may go ("L'escargot"): an uncovered tile, at most 2 snails a garden;
        while no garden holds any tile, an empty space."""
        if self.placed == 0:
            return list(range(self.place_base, self.mole_base))
        targets: list[Action] = []
        place_at, filled, snails = self.space.place_at, self.filled, self.snails
        for g, mask in enumerate(self.coverable):
            if mask and snails[g] < SNAILS_PER_GARDEN and filled[g] < SIZE:
                targets += place_at[g][mask]
        return targets

    def _mole_targets(self) -> list[Action]:
        """Where the mole may go ("La taupe"): an uncovered tile, at most 2 moles a garden."""
        targets: list[Action] = []
        mole_at = self.space.mole_at
        for g, mask in enumerate(self.coverable):
            if mask and self.moles[g] < MOLES_PER_GARDEN and self.filled[g] < SIZE:
                targets.extend(mole_at[g][mask])
        return targets

    def is_legal(self, seat: Any, action: Any) -> bool:
        if seat != self.turn or type(action) is not int or type(seat) is not int:
            return False
        return self._is_legal(seat, action)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        if self.phase == DRAWING:
            i = action - self.mole_base
            if action == DRAW:
                return True
            if not (self.has_mole[seat] and 0 <= i < self.take_base - self.mole_base):
                return False
            g = i // SIZE
            return bool(
                self.moles[g] < MOLES_PER_GARDEN
                and self.filled[g] < SIZE
                and self.coverable[g] >> (i - g * SIZE) & 1
            )
        if self.phase == PLACING:
            return holds(self.targets, action)
        if self.phase == TAKING:
            g = action - self.take_base
            return action == self.pass_action or (0 <= g < self.gardens and self.owner[g] < 0)
        return False

    # -- a turn ----------------------------------------------------------------------------------
    def apply(self, seat: Any, action: Any) -> None:
        """`State.apply` with the two steps of nearly every turn, placing and drawing, tested
        and played in one layer (playouts call it at every step); the others go through
        `is_legal` and `_apply`. An illegal action changes nothing."""
        if not (
            seat.__class__ is int
            and action.__class__ is int
            and seat == self.turn
            and self._play(seat, action)
        ):
            raise IllegalAction(self._why_illegal(seat, action))

    def _play(self, seat: Seat, action: Action) -> bool:
        """Play ``action`` of ``seat``, the seat to move, if it is legal; whether it was."""
        phase = self.phase
        if phase == PLACING:
            if not holds(self.targets, action):
                return False
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
            self._place(seat, action)
        elif action == DRAW and phase == DRAWING:
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
            self._draw(seat)
        elif self._is_legal(seat, action):
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
            self._apply(seat, action)
        else:
            return False
        return True

    def _apply(self, seat: Seat, action: Action) -> None:
        if self.phase == DRAWING:
            if action == DRAW:
                self._draw(seat)
            else:
                self._play_mole(seat, action - self.mole_base)
        elif self.phase == PLACING:
            self._place(seat, action)
        elif action == self.pass_action:
            if not self.quiet:
                self.events.append({"type": "pass", "seat": seat})
            self._start_turn((seat + 1) % self.players)
        else:
            self._take(seat, action - self.take_base)

    def _start_turn(self, seat: Seat) -> None:
        """The game ends at the start of a turn when the pile is empty or every player has
        finished; a finished player's turns are skipped (FACTS.md, reading 4)."""
        if not self.pile or self.done == self.players:
            self._end_game()
            return
        while self.finished[seat]:
            seat = (seat + 1) % self.players
        self.turn = seat
        self.to_move = self.seats[seat]
        self.phase = DRAWING

    def _draw(self, seat: Seat) -> None:
        """Draw the top tile; it is public. With no legal place it leaves the game."""
        kind = self.pile.pop()
        if not self.quiet:
            self.events.append(DRAW_EVENTS[seat][kind])
        self.drawn = kind
        self.targets = self._place_targets(seat, kind)
        if self.targets:
            self.phase = PLACING
            return
        self.drawn = EMPTY
        self.out[kind] += 1
        if not self.quiet:
            self.events.append({"type": "discard", "seat": seat, "tile": KINDS[kind]})
        self._after_placing(seat)

    def _place(self, seat: Seat, action: Action) -> None:
        """Put the drawn tile on the space of ``action``: a vegetable, clover or dandelion (or the
        very first snail) on an empty space; a snail over an uncovered tile."""
        kind, self.drawn = self.drawn, EMPTY
        i = action - self.place_base
        g, bit, _ = SPACE_OF[i]
        covered = self.base[i]
        if not self.quiet:
            self.events.append(_place_event(seat, kind, i, covered))
        self.log.append(LOG_PLACES[(seat * len(KINDS) + kind) * MOST_SPACES + i])
        if kind == SNAIL:
            self.snails[g] += 1
        if covered == EMPTY:
            self.base[i] = kind
            del self.open[position(self.open, action)]  # ascending: no scan
            self.placed += 1
            if kind <= DANDELION:
                self.coverable[g] |= bit
            filled = self.filled[g] + 1
            self.filled[g] = filled
            if filled == SIZE - 1:
                self.nearly_full.append(g)
            elif filled == SIZE:
                self._garden_full(g)
        else:
            self.cover[i] = kind
            self.coverable[g] ^= bit
        self._after_placing(seat)

    def _play_mole(self, seat: Seat, i: int) -> None:
        """Once a game, instead of drawing, cover an uncovered tile with your mole."""
        g, bit, space = SPACE_OF[i]
        self.cover[i] = MOLE
        self.coverable[g] ^= bit
        self.moles[g] += 1
        self.has_mole[seat] = False
        self.log.append(LOG_PLACES[(seat * len(KINDS) + MOLE) * MOST_SPACES + i])
        if not self.quiet:
            self.events.append(
                {
                    "type": "mole",
                    "seat": seat,
                    "garden": g + 1,
                    "space": space,
                    "covers": KINDS[self.base[i]],
                }
            )
        self._after_placing(seat)

    def _after_placing(self, seat: Seat) -> None:
        """A player who may still take a garden decides now; otherwise the turn ends."""
        if len(self.owned[seat]) < self.quota:
            self.phase = TAKING
        else:
            self._start_turn((seat + 1) % self.players)

    def _take(self, seat: Seat, g: int) -> None:
        """Take an unowned garden with everything on it ("Prendre un jardin")."""
        self.owner[g] = seat
        self.owned[seat].append(g)
        self.taken.append((seat, g))
        self.log.append(LOG_TAKES[seat * MOST_GARDENS + g])
        event: dict[str, Any] = {"type": "take", "seat": seat, "garden": g + 1}
        if self.games > 1 and len(self.taken) == 1:
            event["cup"] = True
        if not self.quiet:
            self.events.append(event)
        self._check_finished(seat)
        self._start_turn((seat + 1) % self.players)

    def _garden_full(self, g: int) -> None:
        """A full garden ends its owner's play and is closed to snails and moles."""
        self.nearly_full.remove(g)
        if not self.quiet:
            self.events.append(
                {
                    "type": "full",
                    "garden": g + 1,
                    "owner": None if self.owner[g] < 0 else self.owner[g],
                }
            )
        if self.owner[g] >= 0:
            self._check_finished(self.owner[g])

    def _check_finished(self, seat: Seat) -> None:
        if len(self.owned[seat]) == self.quota and all(
            self.filled[g] == SIZE for g in self.owned[seat]
        ):
            self.finished[seat] = True
            self.done += 1
            if not self.quiet:
                self.events.append({"type": "finished", "seat": seat})

    # -- the end ("Fin du jeu", "Variante") ---------------------------------------------------
    def top_counts(self, g: int) -> list[int]:
        """How many uncovered tiles of each kind (by code) garden ``g`` holds. The top of a
        space is the greater of its two codes: a cover (snail, mole) has a greater code than
        any tile it may cover, and no cover is `EMPTY` (−1)."""
        counts = [0] * len(KINDS)
        base, cover = self.base, self.cover
        for i in range(g * SIZE, (g + 1) * SIZE):  # compiled: a C loop
            top = cover[i] if cover[i] > base[i] else base[i]
            if top != EMPTY:
                counts[top] += 1
        return counts

    def garden_points(self, seat: Seat) -> list[int]:
        """The points of each garden ``seat`` owns, with its contract (2 players: two gardens,
        one contract)."""
        weights = self.tables.weights
        return [points(self.contracts[seat], self.top_counts(g), weights) for g in self.owned[seat]]

    def _end_game(self) -> None:
        """Score every player's gardens; in a match, add the cup and deal the next game."""
        per_garden = [self.garden_points(s) for s in range(self.players)]
        scores = [sum(p) for p in per_garden]
        cup = self.taken[0][0] if self.games > 1 and self.taken else None
        if cup is not None:
            scores[cup] += self.tables.cup_points
        summary = {
            "game": self.game_no + 1,
            "contracts": list(self.contracts),
            "gardens": [[g + 1 for g in owned] for owned in self.owned],
            "garden_points": per_garden,
            "cup": cup,
            "scores": scores,
            "winners": list(self._winners(scores)),
        }
        self.history.append(summary)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if not self.quiet:
            self.events.append({"type": "game_over", **summary})
        if len(self.history) < self.games:
            self.game_no += 1
            self.set_aside += len(self.pile)
            self._deal(None)
            if not self.quiet:
                self.events.append({"type": "new_game", "game": self.game_no + 1})
            self._start_turn(self._first_player())
            return
        self.phase = OVER
        self.turn = -1
        self.to_move = ()
        self.is_over = True

    def _first_player(self) -> Seat:
        """Game k of a match (k = 0, 1, 2) begins with seat k mod n, so that no seat begins them
        all (FACTS.md, reading 6); a single game begins with seat 0, the youngest player. The
        parameter ``match_starts`` may have the player trailing on points begin instead (the
        first of them in that order), or seat 0 every game."""
        rotation = (FIRST_PLAYER + self.game_no) % self.players
        starts = self.tables.starts
        if starts == "first":
            return FIRST_PLAYER
        if starts == "trailing":
            order = [(rotation + i) % self.players for i in range(self.players)]
            fewest = min(self.totals)
            return next(s for s in order if self.totals[s] == fewest)
        return rotation

    def _winners(self, scores: list[int]) -> tuple[Seat, ...]:
        """Most points; a tie goes to whoever of the tied took a garden first ("Fin du jeu");
        tied players who took no garden share."""
        best = max(scores)
        tied = tuple(s for s, v in enumerate(scores) if v == best)
        first = next((s for s, _ in self.taken if s in tied), None)
        return tied if len(tied) == 1 or first is None else (first,)

    def result(self) -> Result:
        """Scores are contract points (plus cups, summed over a match). A match's tie on
        points is shared."""
        if not self.is_over:
            raise ValueError("the game is not over")
        if self.games == 1:
            winners = tuple(self.history[0]["winners"])
        else:
            best = max(self.totals)
            winners = tuple(s for s, v in enumerate(self.totals) if v == best)
        return Result(tuple(self.totals), winners, {"games": self.history})

    # -- information -----------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> View:
        return views.build(self, seat)

    def action_label(self, action: Action) -> str:
        return views.label(self, action)

    def clone(self) -> KrautUndRuebenState:
        new = KrautUndRuebenState(
            self.game, self.players, self.seed, self.variant, None, blank=True
        )
        self._copy_engine_attributes(new)
        new.rng = copied(self.rng) if self.deals_ahead() else self.rng
        new.moves = self.moves[:]
        new.events = self.events[:]
        self._copy_table(new)
        return new

    def deals_ahead(self) -> bool:
        """Whether the rules will draw from the generator again: only a match's next game deals
        (`_deal`), so in a single game or a match's last one no move draws, and a clone or a
        sample may share the generator instead of copying or seeding one (the paired root
        clones a determinization for each choice: the copy of 625 words was a twelfth of a
        search)."""
        return self.game_no < self.games - 1

    # -- chance ----------------------------------------------------------------------------------
    def pools(self) -> dict[str, Pool]:
        """The pile (top first; ``taken`` counts the tiles drawn in every game of a match) and
        the contracts (``undrawn``: the 12, the dealt ones first
        while nothing is played in the game, those stacked for the next game's deal first while
        one follows, ``()`` otherwise)."""
        full = len(self.tables.pile)
        taken = full * (self.game_no + 1) - len(self.pile) - self.set_aside
        pile = Pool(taken, tuple(KINDS[k] for k in reversed(self.pile)))
        if self._undealt():
            order = restack(sorted(CONTRACTS), self.contracts)
        elif self.game_no + 1 < self.games:
            order = restack(sorted(CONTRACTS), self.next_contracts)
        else:
            order = []
        contracts = Pool(self.players * (self.game_no + 1), tuple(map(str, order)))
        return {"pile": pile, "contracts": contracts}

    def stack(self, pool: str, components: Sequence[str]) -> None:
        """Tiles go on top of the pile. Contracts are dealt to seat 0 first: while nothing is
        played in the current game its deal is dealt again with them, otherwise they start the
        next game's deal."""
        if pool == "pile":
            first = [CODE.get(name, -1) for name in components]
            self.pile = restack(self.pile[::-1], first)[::-1]
            return
        if pool != "contracts":
            State.stack(self, pool, components)
        undealt = self._undealt()
        if components and not undealt and self.game_no + 1 == self.games:
            raise ValueError("no contracts are dealt after this game")
        numbers = restack(sorted(CONTRACTS), [int(c) if c.isdigit() else 0 for c in components])
        if len(components) > self.players:
            raise ValueError(f"{len(components)} contracts for {self.players} players")
        self.next_contracts = numbers[: len(components)]
        if undealt:
            self.contracts = self._deal_contracts()
            self._reannounce_contracts()

    def _undealt(self) -> bool:
        """Whether nothing has been played in the current game: no tile drawn, nothing logged."""
        return len(self.pile) == len(self.tables.pile) and not self.log

    def _reannounce_contracts(self) -> None:
        """The current game's ``contract`` events, after `stack` dealt its contracts again."""
        game = self.game_no + 1
        self.events = [
            {**e, "contract": self.contracts[e[PRIVATE_TO]]}
            if e["type"] == "contract" and e["game"] == game
            else e
            for e in self.events
        ]

    def _copy_table(self, new: KrautUndRuebenState) -> None:
        """Lay this state's table out in ``new`` (the lists copied, the values shared)."""
        new.players = self.players
        new.tables = self.tables
        new.next_contracts = self.next_contracts[:]
        new.set_aside = self.set_aside
        new.quiet = self.quiet
        new.gardens = self.gardens
        new.quota = self.quota
        new.space = self.space
        new.place_base, new.mole_base = self.place_base, self.mole_base
        new.take_base, new.pass_action = self.take_base, self.pass_action
        new.seats = self.seats
        new.games = self.games
        new.game_no = self.game_no
        new.history = self.history[:]
        new.totals = self.totals[:]
        new.base = self.base[:]
        new.cover = self.cover[:]
        new.coverable = self.coverable[:]
        new.filled = self.filled[:]
        new.snails = self.snails[:]
        new.moles = self.moles[:]
        new.owner = self.owner[:]
        new.owned = [o[:] for o in self.owned]
        new.taken = self.taken[:]
        new.log = self.log[:]
        new.placed = self.placed
        new.out = self.out[:]
        new.drawn = self.drawn
        new.has_mole = self.has_mole[:]
        new.finished = self.finished[:]
        new.done = self.done
        new.open = self.open[:]
        new.targets = new.open if self.targets is self.open else self.targets[:]
        new.nearly_full = self.nearly_full[:]
        new.contracts = self.contracts[:]
        new.pile = self.pile[:]
        new.phase = self.phase
        new.turn = self.turn
        new.to_move = self.to_move
        new.is_over = self.is_over

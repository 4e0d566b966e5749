"""The state and its transitions: bidding, taking, cultivation, stalemates, rounds, game end.

Kinds and bids are ints (see `data`); the display, the gardens and the discard pile are lists of
five counts; a hand is a bitmask of the 8 poker cards. The hot path (`legal_actions`, `apply`)
only looks up precomputed tables and updates these ints.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from potager.engine import Action, Event, Game, IllegalAction, Pool, Result, Seat, State, View
from potager.engine.chance import restack
from potager.engine.record import move_entries
from potager.engine.sampling import start_sample
from potager.engine.shuffle import below, shuffle

from . import events
from .data import (
    BIDS,
    CARD_COUNTS,
    DISPLAY_SIZE,
    GRASSHOPPER,
    HAND_SIZE,
    HARVEST_CHIPS,
    HARVEST_SET,
    KINDS,
    MAX_PLAYERS,
    PLAGUE_AT,
    ROUND_CHIPS,
    STALEMATE_EXTRA_CARDS,
    STALEMATES_TO_DISCARD,
)
from .views import PHASES, build_view, counts_from, hand_from

BID_EVENTS: Final[tuple[Any, ...]] = events.BID_EVENTS
TAKE_EVENTS: Final[Any] = events.TAKE_EVENTS
HARVEST_EVENTS: Final[Any] = events.HARVEST_EVENTS
REFILL_EVENTS: Final[Any] = events.REFILL_EVENTS
REVEALS: Final[Any] = events.REVEALS
"""The shared events (`events`), typed ``Any`` so that compiled code appends the shared objects
and their tables' ``__missing__`` runs."""

BID: Final = 0
TAKE: Final = 1
OVER: Final = 2
"""The phases: everyone bids (a hidden commitment), takers pick in bid order, the game is over."""

TAKE_BASE: Final = len(BIDS)
"""Action ``TAKE_BASE + kind`` takes that kind from the display; actions below it are bids."""

KIND_NAME: Final = KINDS.__getitem__
"""Notation of a kind (as a function: `map` over it is the cheapest loop)."""

FULL_HAND: Final = (1 << HAND_SIZE) - 1
KIND_COUNT: Final = len(KINDS)

LEGAL_BIDS: Final[tuple[Any, ...]] = tuple(
    tuple(b for b in range(HAND_SIZE) if hand >> b & 1) for hand in range(256)
)
"""The bids in a hand, by hand bitmask."""

PRESENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(k for k in range(len(KINDS)) if mask >> k & 1) for mask in range(1 << len(KINDS))
)
"""The kinds present, by bitmask."""

LEGAL_TAKES: Final[tuple[Any, ...]] = tuple(
    tuple(TAKE_BASE + k for k in kinds) for kinds in PRESENT
)
"""The take actions for a display, by the bitmask of the kinds present."""

ONLY_KIND: Final[tuple[int, ...]] = tuple(kinds[0] if len(kinds) == 1 else -1 for kinds in PRESENT)
"""The one kind present, by bitmask; -1 when there are none or several (a taker's choice)."""

ALONE: Final[tuple[tuple[Seat, ...], ...]] = tuple((seat,) for seat in range(MAX_PLAYERS))
"""``ALONE[seat]`` is ``(seat,)``, `to_move` when one taker picks: shared, not built per pick."""

MOVES: Final[tuple[tuple[Any, ...], ...]] = move_entries(MAX_PLAYERS, TAKE_BASE + len(KINDS))
"""``MOVES[seat][action]`` is ``(seat, action)``, the record's entry: shared, not built per step."""

PILE: Final[tuple[int, ...]] = tuple(kind for kind, n in enumerate(CARD_COUNTS) for _ in range(n))
"""The 66 garden cards in the components' order, before the shuffle."""


@dataclass(frozen=True)
class Tables:
    """What the rules read from a game's parameters (`data.PARAMETERS`): the cards of each
    kind and the pile they make (as `PILE`), the harvest's set and chips, the round's chips and
    the plague's grasshoppers."""

    counts: tuple[int, ...]
    pile: tuple[int, ...]
    harvest_set: int
    harvest_chips: int
    round_chips: int
    plague_at: int


RULEBOOK: Final = Tables(CARD_COUNTS, PILE, HARVEST_SET, HARVEST_CHIPS, ROUND_CHIPS, PLAGUE_AT)
"""The rulebook's `Tables`: the module's own objects."""


def tables_of(game: Game) -> Tables:
    """The `Tables` of ``game``'s parameters (`Game.value`)."""
    counts = tuple(game.value(f"{kind}_cards") for kind in KINDS)
    return Tables(
        counts,
        tuple(kind for kind, n in enumerate(counts) for _ in range(n)),
        game.value("harvest_set"),
        game.value("harvest_chips"),
        game.value("round_chips"),
        game.value("plague_at"),
    )


def tables(game: Game) -> Tables:
    """The `Tables` ``game`` plays by (its `HeuschreckenPoker.tables`)."""
    found: Tables = cast(Any, game).tables
    return found


WAITING: Final[tuple[tuple[tuple[Seat, ...], ...], ...]] = tuple(
    tuple(tuple(s for s in range(n) if not committed >> s & 1) for committed in range(1 << n))
    for n in range(MAX_PLAYERS + 1)
)
"""``WAITING[players][committed bitmask]``: the seats still to bid."""


def cards_of(counts: list[int]) -> dict[str, int]:
    """Five counts as ``{kind: count}`` of the kinds present, the events' form."""
    cards = {}
    for kind, n in zip(KINDS, counts, strict=True):  # a loop: cheaper than a comprehension
        if n:
            cards[kind] = n
    return cards


class HeuschreckenState(State):
    """A game of Heuschrecken Poker in progress (its rules: ``potager/texts``)."""

    # Slots, as the hot path reads and writes these on every step: CPython's attribute caches
    # are at their fastest for slots, and an instance dict of more than 30 keys (the base
    # class's ten and these) would lose its shared keys, making every access a dict lookup.
    __slots__ = (
        "_reveals",
        "_waiting",
        "beginner",
        "bids",
        "chips",
        "committed",
        "discard",
        "display",
        "events",
        "gardens",
        "hands",
        "is_over",
        "kinds_shown",
        "moves",
        "phase",
        "pile",
        "played",
        "quiet",
        "revealed",
        "rng",
        "round",
        "shown",
        "stalemates",
        "tables",
        "taker",
        "takers",
        "to_move",
        "top",
    )

    # Compiled (`potager.compiled`), this is a native class: every attribute declared here is a C
    # field; run from the source, the slots give the same.
    _reveals: Any  # a `Reveals`: typed Any so that its `__missing__` runs
    # The engine's fields of the hot path, declared again to be fields too.
    moves: list[Any]  # of (seat, action): `MOVES`
    events: list[Event]
    rng: random.Random
    _waiting: tuple[tuple[Seat, ...], ...]
    beginner: bool
    bids: list[int]
    chips: list[int]
    committed: int
    discard: list[int]
    display: list[int]
    gardens: list[list[int]]
    hands: list[int]
    kinds_shown: int
    phase: int
    pile: tuple[int, ...]
    played: int
    # A quiet state plays the same rules but keeps no record, neither moves nor events: a
    # search's samples (`sample`'s ``quiet``), whose playouts nobody reads back.
    quiet: bool
    revealed: tuple[int, ...] | None
    round: int
    shown: int
    stalemates: int
    tables: Tables
    """What the rules read from the game's parameters (`Tables`)."""
    taker: int
    takers: tuple[int, ...]
    top: int

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
        """Set-up (Spielvorbereitung): full hands, shuffled pile, 3 cards in the display.
        ``blank`` only makes the room for a state that `clone` or `sample` then lays out, the
        engine's attributes included (a compiled class has no ``__new__`` without ``__init__``)."""
        if blank:
            return
        super().__init__(game, players, seed, variant, deck)
        self.tables = tables(game)
        if deck is None:
            pile = list(self.tables.pile)
            shuffle(pile, self.rng)
        else:
            pile = [KINDS.index(name) for name in deck]
        self.beginner: bool = variant["beginner"]
        self._reveals = REVEALS[self.beginner]
        self._set_pile(pile)
        self.display = [0] * 5
        self.kinds_shown = 0
        self.shown = 0
        self.gardens = [[0] * 5 for _ in range(players)]
        self.chips = [0] * players
        self.discard = [0] * 5
        self.hands = [FULL_HAND] * players
        self.bids = [-1] * players
        self.committed = 0
        self.revealed = None
        self.takers = ()
        self.taker = 0
        self.stalemates = 0
        self.round = 1
        self.played = 0
        self.phase = BID
        self.is_over = False
        self.quiet = False
        self._waiting = WAITING[players]
        self.to_move = self._waiting[0]
        self._draw(DISPLAY_SIZE)

    # -- whose turn, what is legal -------------------------------------------------------------
    # `to_move` and `is_over` are plain attributes (slots), kept up to date by the transitions:
    # reading them is the first thing every step of a playout does.
    to_move: tuple[Seat, ...]
    is_over: bool

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_move:
            return []
        # `[*t]` copies a tuple into a new list faster than `list(t)` (no call).
        if self.phase == BID:
            return [*LEGAL_BIDS[self.hands[seat]]]
        return [*LEGAL_TAKES[self.kinds_shown]]

    def apply(self, seat: Any, action: Any) -> None:
        """`State.apply` with the legality test and the step in one method: this is the hot path
        of playouts, where a Python call costs as much as a bid."""
        if not (
            type(seat) is int
            and type(action) is int
            and seat in self.to_move
            and self._play(seat, action)
        ):
            raise IllegalAction(self._why_illegal(seat, action))

    def play_legal(self, seat: Seat, action: Action) -> None:
        """Play ``action``, which the caller knows to be legal for ``seat``, a seat to move (a
        playout drawing from the rules' own tables): `apply` without its checks."""
        self._play(seat, action)

    def _play(self, seat: Seat, action: Action) -> bool:
        """Play ``action`` of ``seat``, a seat to move, if it is legal; whether it was."""
        if self.phase == BID:
            hands = self.hands
            if not (0 <= action < TAKE_BASE and hands[seat] >> action & 1):
                return False
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
                self.events.append(BID_EVENTS[seat])
            # Step 1: a face-down bid. It leaves the hand now; views add it back until the
            # reveal.
            self.bids[seat] = action
            hands[seat] ^= 1 << action
            committed = self.committed | 1 << seat
            waiting = self._waiting[committed]
            if waiting:
                self.committed = committed
                self.to_move = waiting
            else:
                self.committed = 0
                self._reveal()
            return True
        kind = action - TAKE_BASE
        if not (0 <= kind < KIND_COUNT and self.kinds_shown >> kind & 1):
            return False
        if not self.quiet:
            self.moves.append(MOVES[seat][action])
        # Step 2: the taker to move takes every card of one kind.
        self._take(seat, kind, False)
        self.taker += 1
        self._next_taker()
        return True

    # -- the turn (Durchgang) ------------------------------------------------------------------
    def _reveal(self) -> None:
        """Steps 1-2: once every player has bid, all bids are revealed at once and spent (set
        aside); the outcome is played."""
        bids = tuple(self.bids)
        self.revealed = bids
        self.played += 1
        sweeper, reason, takers, event = self._reveals[bids]
        if not self.quiet:
            self.events.append(event)
        if sweeper >= 0:
            self._take_all(sweeper, reason)
            self._end_turn()
        elif takers:
            self.takers = takers
            self.taker = 0
            self._next_taker()
        else:
            self._stalemate()

    def _next_taker(self) -> None:
        """Step 2: takers pick one kind each in bid order; a forced pick (one kind left) is made
        for the player; when the display is empty the remaining takers get nothing."""
        takers, taker = self.takers, self.taker
        while taker < len(takers):
            shown = self.kinds_shown
            if not shown:
                if not self.quiet:
                    self.events.append({"type": "empty_handed", "seats": list(takers[taker:])})
                break
            kind = ONLY_KIND[shown]
            if kind < 0:
                self.taker = taker
                self.phase = TAKE
                self.to_move = ALONE[takers[taker]]
                return
            self._take(takers[taker], kind, True)
            taker += 1
        self.taker = taker
        self.takers = ()
        self._end_turn()

    def _take(self, seat: Seat, kind: int, forced: bool) -> None:
        """A taker takes every card of one kind from the display and cultivates it."""
        display = self.display
        count = display[kind]
        display[kind] = 0
        self.kinds_shown ^= 1 << kind
        self.shown -= count
        if not self.quiet:
            self.events.append(TAKE_EVENTS[seat, kind, count, forced])
        garden = self.gardens[seat]
        garden[kind] += count
        rules = self.tables
        if garden[GRASSHOPPER] >= rules.plague_at:
            self._plague(seat)
        elif kind != GRASSHOPPER and garden[kind] >= rules.harvest_set:
            self._harvest(seat, kind)

    def _take_all(self, seat: Seat, reason: str) -> None:
        """The Ace, the X with one Ace, or the lone taker of two players takes the whole display
        and cultivates it (rules "Ass", "X-Karte", "Spiel zu zweit")."""
        display, garden = self.display, self.gardens[seat]
        present = PRESENT[self.kinds_shown]
        if self.quiet:
            for kind in present:
                garden[kind] += display[kind]
        else:
            cards = {}
            for kind in present:  # the event's cards (`cards_of`) and the garden in one loop
                n = cards[KINDS[kind]] = display[kind]
                garden[kind] += n
            self.events.append({"type": "take_all", "seat": seat, "reason": reason, "cards": cards})
        self.display, self.kinds_shown, self.shown = [0] * 5, 0, 0
        rules = self.tables
        if garden[GRASSHOPPER] >= rules.plague_at:
            self._plague(seat)
            return
        for kind in present:
            if garden[kind] >= rules.harvest_set and kind != GRASSHOPPER:
                self._harvest(seat, kind)

    def _plague(self, seat: Seat) -> None:
        """Heuschreckenplage: 3+ grasshoppers eat the whole garden, the new cards included, before
        any harvest (FACTS.md reading 5)."""
        garden = self.gardens[seat]
        if not self.quiet:
            self.events.append({"type": "plague", "seat": seat, "cards": cards_of(garden)})
        discard = self.discard
        for kind in range(5):
            discard[kind] += garden[kind]
        self.gardens[seat] = [0] * 5

    def _harvest(self, seat: Seat, kind: int) -> None:
        """Ernten: every complete set of 3 plants of one kind gives 1 chip; the rest stays."""
        garden, rules = self.gardens[seat], self.tables
        sets = garden[kind] // rules.harvest_set
        garden[kind] -= sets * rules.harvest_set
        self.discard[kind] += sets * rules.harvest_set
        self.chips[seat] += sets * rules.harvest_chips
        if not self.quiet:
            self.events.append(HARVEST_EVENTS[seat, kind, sets * rules.harvest_chips])

    def _stalemate(self) -> None:
        """Patt: one more card and everyone bids again; the second in a row discards the display
        and deals 3 fresh cards (FACTS.md reading 3)."""
        self.stalemates += 1
        if self.stalemates < STALEMATES_TO_DISCARD:
            added = self._draw(STALEMATE_EXTRA_CARDS)
            if not self.quiet:
                self.events.append({"type": "stalemate", "added": list(map(KIND_NAME, added))})
            if self.played == HAND_SIZE:  # on the 8th bid it still ends the round (reading 8)
                self._end_round()
            self.phase = BID
            self.to_move = self._waiting[0]
            return
        if not self.quiet:
            self.events.append({"type": "double_stalemate", "discarded": cards_of(self.display)})
        discard, display = self.discard, self.display
        for kind in PRESENT[self.kinds_shown]:
            discard[kind] += display[kind]
        self.display, self.kinds_shown, self.shown = [0] * 5, 0, 0
        self._end_turn()

    def _end_turn(self) -> None:
        """Step 5: the display is made up to 3 cards with what the pile has (equal kinds stack);
        then the game or the round may end, else a new turn starts (reading 8)."""
        self.stalemates = 0
        drawn = self._draw(DISPLAY_SIZE - self.shown)
        if drawn and not self.quiet:
            self.events.append(REFILL_EVENTS[drawn])
        if not self.shown:  # the game ends when the display stays empty (reading 7)
            self._score_round()
            self._finish()
            return
        if self.played == HAND_SIZE:
            self._end_round()
        self.phase = BID
        self.to_move = self._waiting[0]

    def _end_round(self) -> None:
        """A round ends after 8 bids: it is scored and everyone takes their poker cards back."""
        self._score_round()
        self.round += 1
        self.played = 0
        self.stalemates = 0
        self.hands = [FULL_HAND] * self.players

    # -- the draw pile -------------------------------------------------------------------------
    def _set_pile(self, pile: list[int]) -> None:
        """The draw pile, top first."""
        self.pile = tuple(pile)
        self.top = 0

    def _draw(self, wanted: int) -> tuple[int, ...]:
        """Up to ``wanted`` cards from the top of the pile onto the display; their kinds."""
        top = self.top
        cards = self.pile[top : top + wanted]
        display = self.display
        shown = self.kinds_shown
        for kind in cards:
            display[kind] += 1
            shown |= 1 << kind
        self.kinds_shown = shown
        self.shown += len(cards)
        self.top = top + len(cards)
        return cards

    def pools(self) -> dict[str, Pool]:
        """The draw pile (Nachziehstapel), top first: every draw of the rules takes from it."""
        return {"pile": Pool(self.top, tuple(map(KIND_NAME, self.pile[self.top :])))}

    def stack(self, pool: str, components: Sequence[str]) -> None:
        if pool != "pile":
            State.stack(self, pool, components)
        first = [KINDS.index(name) for name in components]
        self.pile = self.pile[: self.top] + tuple(restack(self.pile[self.top :], first))

    # -- scoring -------------------------------------------------------------------------------
    def _score_round(self) -> None:
        """Zwischenwertung: the most plants (grasshoppers excluded) earn 1 chip, ties all earn
        it, nobody when the most is 0 (reading 6)."""
        plants = [sum(garden) - garden[GRASSHOPPER] for garden in self.gardens]
        most = max(plants)
        winners = [seat for seat, n in enumerate(plants) if n == most and most > 0]
        for seat in winners:
            self.chips[seat] += self.tables.round_chips
        if not self.quiet:
            self.events.append(
                {
                    "type": "round_scoring",
                    "round": self.round,
                    "plants": plants,
                    "chips_to": winners,
                }
            )

    def _finish(self) -> None:
        self.phase = OVER
        self.is_over = True
        self.to_move = ()
        if not self.quiet:
            result = self.result()
            self.events.append(
                {"type": "game_end", "chips": list(self.chips), "winners": list(result.winners)}
            )

    @property
    def grasshoppers(self) -> list[int]:
        return [garden[GRASSHOPPER] for garden in self.gardens]

    def result(self) -> Result:
        """Most chips wins; tie: fewest grasshoppers; still tied: several winners."""
        if self.phase != OVER:
            raise ValueError("the game is not over")
        grasshoppers = self.grasshoppers
        rank = [(chips, -g) for chips, g in zip(self.chips, grasshoppers, strict=True)]
        best = max(rank)
        return Result(
            tuple(float(c) for c in self.chips),
            tuple(seat for seat, r in enumerate(rank) if r == best),
            {"chips": list(self.chips), "grasshoppers": grasshoppers},
        )

    # -- information ---------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> View:
        return build_view(self, seat)

    def action_label(self, action: Action) -> str:
        if action < TAKE_BASE:
            return f"bid {BIDS[action]}"
        return f"take {KINDS[action - TAKE_BASE]}"

    def clone(self) -> HeuschreckenState:
        """A copy that shares the game's generator (`deals_ahead`): sharing it is as good as
        copying it, without the copy."""
        new = HeuschreckenState(self.game, self.players, self.seed, self.variant, None, blank=True)
        self._copy_engine_attributes(new)
        new.rng = self.rng
        new.moves = list(self.moves)
        new.events = list(self.events)
        self._copy_table(new)
        return new

    def deals_ahead(self) -> bool:
        """False: Heuschrecken Poker draws from the generator only at the set-up (the pile is
        shuffled once; the tests prove no move draws), so a clone or a sample shares it."""
        return False

    def _copy_table(self, new: HeuschreckenState) -> None:
        """Lay this state's table out in ``new`` (the lists copied, the values shared)."""
        new._reveals = self._reveals
        new._waiting = self._waiting
        new.tables = self.tables
        new.beginner = self.beginner
        new.bids = list(self.bids)
        new.chips = list(self.chips)
        new.committed = self.committed
        new.discard = list(self.discard)
        new.display = list(self.display)
        new.gardens = [list(g) for g in self.gardens]
        new.hands = list(self.hands)
        new.is_over = self.is_over
        new.kinds_shown = self.kinds_shown
        new.phase = self.phase
        new.pile = self.pile
        new.played = self.played
        new.quiet = self.quiet
        new.revealed = self.revealed
        new.round = self.round
        new.shown = self.shown
        new.stalemates = self.stalemates
        new.taker = self.taker
        new.takers = self.takers
        new.to_move = self.to_move
        new.top = self.top


Reading = tuple[HeuschreckenState, tuple[int, ...], tuple[tuple[Seat, tuple[int, ...]], ...]]
"""A view read for sampling (`read_view`): the table as a state without its pile, the unseen
cards, and the other seats' pending bids, each with the bids its hand allows."""


def read_view(game: Game, view: View, seat: Seat) -> Reading:
    """Read ``view`` for `sample`: everything it shows, and what is left to draw."""
    players = view["players"]
    variant = dict(view["variant"])
    state = HeuschreckenState(game, players, 0, variant, None, blank=True)
    State.__init__(state, game, players, 0, variant, None)
    state.beginner = variant["beginner"]
    state._reveals = REVEALS[state.beginner]
    state.tables = tables(game)
    state.display = counts_from(view["display"])
    state.gardens = [counts_from(g) for g in view["gardens"]]
    state.discard = counts_from(view["discard"])
    placed = [state.display, state.discard, *state.gardens]
    unseen = tuple(
        kind
        for kind, total in enumerate(state.tables.counts)
        for _ in range(total - sum(where[kind] for where in placed))
    )
    if len(unseen) != view["pile"]:
        cards = sum(state.tables.counts)
        raise ValueError(
            f"the view places {cards - len(unseen)} garden cards and has a pile of "
            f"{view['pile']}: they must add up to {cards}"
        )
    state._set_pile([])
    state.kinds_shown = sum(1 << k for k, n in enumerate(state.display) if n)
    state.shown = sum(state.display)
    state.chips = list(view["chips"])
    state.hands = [hand_from(names) for names in view["hands"]]
    state.bids = [-1] * players
    state.committed = 0
    pending = []
    for s in view["committed"]:
        state.committed |= 1 << s
        if s == seat and view["bid"]:
            bid = BIDS.index(view["bid"])
            state.bids[s] = bid
            state.hands[s] ^= 1 << bid
        else:
            pending.append((s, LEGAL_BIDS[state.hands[s]]))
    revealed = view["revealed"]
    state.revealed = None if revealed is None else tuple(BIDS.index(b) for b in revealed)
    state.takers, state.taker = tuple(view["takers"]), 0
    state.stalemates = view["stalemates"]
    state.round, state.played = view["round"], view["bids_played"]
    state.phase = PHASES.index(view["phase"])
    state.is_over = state.phase == OVER
    state.quiet = False
    state._waiting = WAITING[players]
    state.to_move = tuple(view["to_move"])
    return state, unseen, tuple(pending)


def sample(reading: Reading, rng: random.Random, quiet: bool = False) -> HeuschreckenState:
    """A state the seat of ``reading`` cannot tell from the one its view came from: the unseen
    garden cards shuffled into a new draw pile, every other pending bid drawn from its hand.
    ``quiet``: the state keeps no record of what is played on it (`HeuschreckenState.quiet`)."""
    table, unseen, pending = reading
    blank = HeuschreckenState(table.game, table.players, 0, table.variant, None, blank=True)
    state = start_sample(table, blank, rng, quiet)
    table._copy_table(state)
    pile = [*unseen]
    shuffle(pile, rng)
    state.pile = tuple(pile)
    state.quiet = quiet
    bids, hands = state.bids, state.hands
    for s, allowed in pending:
        bid = allowed[below(rng, len(allowed))]  # `rng.choice(allowed)`
        bids[s] = bid
        hands[s] ^= 1 << bid
    return state

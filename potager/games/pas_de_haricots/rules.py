"""The state of a Pas de Haricots match and its transitions (rulebook "Déroulement",
"Fin du jeu"; FACTS.md readings 0–3).

A turn has three steps, each a named phase: the bean holder leads a card face up (`LEAD`), every
other player commits a card face down at the same time (`COMMIT`, hidden commitments), then the
revealed cards are taken one by one along the taking chain (`TAKE`). A step that leaves nobody a
choice is made by the game itself: the last card of a hand is played without asking, and a take
with a single card left to take (the last one always takes the bean card) happens at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any, Final, cast

from potager.engine import (
    PRIVATE_TO,
    Action,
    Commitments,
    Event,
    Game,
    IllegalAction,
    Pool,
    Result,
    Seat,
    State,
    View,
)
from potager.engine.chance import restack
from potager.engine.record import move_entries
from potager.engine.shuffle import copied, shuffle

from . import cards
from .cards import CARD_INDEX, NUM_CARDS, Card, label, names
from .data import DEAL, SUITS
from .scoring import match_winners, score_line, series_values

CARDS: Final[tuple[Any, ...]] = cards.CARDS
"""Every card's notation (`cards.CARDS`), typed ``Any``: compiled, the names go into events as
they are."""

LEAD: Final = 0
COMMIT: Final = 1
TAKE: Final = 2
OVER: Final = 3
PHASES: Final[tuple[str, ...]] = ("lead", "commit", "take", "over")
"""Phase names as views show them, indexed by phase."""

TAKE_OFFSET: Final = NUM_CARDS
"""Actions ``0…59`` play a card (``play H7``), ``60…119`` take one (``take H7``)."""

TAKES: Final[tuple[Any, ...]] = tuple(range(TAKE_OFFSET, TAKE_OFFSET + NUM_CARDS))
"""The take action of each card."""

NO_CARD: Final = -1
NOBODY: Final = -1

MOVES: Final[tuple[tuple[Any, ...], ...]] = move_entries(max(DEAL), 2 * NUM_CARDS)
"""``MOVES[seat][action]`` is ``(seat, action)``, the record's entry: shared, not built per step."""

COMMIT_EVENTS: Final[tuple[Any, ...]] = tuple(
    {"type": "commit", "seat": seat} for seat in range(max(DEAL))
)
"""The ``commit`` event of each seat (events are read-only values: shared, not built per step)."""

LEAD_EVENTS: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple({"type": "lead", "seat": seat, "card": name} for name in cards.CARDS)
    for seat in range(max(DEAL))
)
"""``LEAD_EVENTS[seat][card]``: the ``lead`` event."""


def _take_events(bean: bool) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Per taker, per owner, per card: the ``take`` event, of the bean card or of another."""
    return tuple(
        tuple(
            tuple(
                {"type": "take", "seat": seat, "card": name, "from": owner, "bean": bean}
                for name in cards.CARDS
            )
            for owner in range(max(DEAL))
        )
        for seat in range(max(DEAL))
    )


TAKE_EVENTS: Final = _take_events(False)
"""``TAKE_EVENTS[seat][owner][card]``: the ``take`` event of a card that is not the bean card."""
BEAN_TAKE_EVENTS: Final = _take_events(True)
"""``BEAN_TAKE_EVENTS[seat][holder][card]``: the ``take`` event of the bean card."""

ALONE: Final[tuple[tuple[Seat, ...], ...]] = tuple((seat,) for seat in range(max(DEAL)))
"""``ALONE[seat]``: the `to_move` of a seat that leads or takes alone."""


def _find(items: list[int], item: int) -> int:
    """Where ``item`` first is in ``items``, −1 if nowhere: `list.index` as a loop that compiles
    to C int comparisons (the method compares through rich comparison), for the hands, the
    table and the offer at every step."""
    for i in range(len(items)):
        if items[i] == item:
            return i
    return -1


def _waiting_after(players: int) -> dict[tuple[Seat, ...], tuple[tuple[Seat, ...], ...]]:
    """Per set of seats still to put a card face down (ascending), per seat, the seats still
    waiting once that seat's card is in: a look-up at every face-down card."""
    return {
        waiting: tuple(tuple(s for s in waiting if s != seat) for seat in range(players))
        for size in range(1, players)
        for waiting in combinations(range(players), size)
    }


WAITING_AFTER: Final = {players: _waiting_after(players) for players in DEAL}


@cache
def deck_of(names: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards of a deck given in notation (`Game.components`), ascending."""
    return tuple(sorted(CARD_INDEX[name] for name in names))


def series_of(game: Game) -> tuple[int, ...]:
    """The series values ``game`` scores by (`scoring.series_table` of its ``king_factor``)."""
    found: tuple[int, ...] = cast(Any, game).series
    return found


class PasDeHaricotsState(State):
    """A match in progress: hands of cards, the cards on the table, the collected series and
    the score sheet of every finished hand."""

    # Slots: the hot path reads and writes these at every step, and a slot is the fastest
    # attribute CPython has (the base class's attributes stay in the instance dict).
    # Compiled (`potager.compiled`), this is a native class: every attribute declared here is a C
    # field, the engine's fields of the hot path too.
    __slots__ = (
        "_others", "_waiting_after", "bean", "bean_card", "cards", "collected", "commitments",
        "events", "hand_number", "hands", "is_over", "moves", "next_deal", "offer", "phase",
        "quiet", "rng", "sheets", "table", "taker", "to_move", "turn",
    )  # fmt: skip
    moves: list[Any]  # of (seat, action): `MOVES`
    events: list[Event]
    rng: random.Random
    _others: tuple[tuple[Seat, ...], ...]
    _waiting_after: dict[tuple[Seat, ...], tuple[tuple[Seat, ...], ...]]
    # A quiet state plays the same rules but keeps no record, neither moves nor events: a
    # search's samples (`sampling.sample`'s ``quiet``), whose playouts nobody reads back.
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
        """A match before its first deal; ``blank`` only makes the room for a state that `clone`
        then lays out, the engine's attributes included (a compiled class has no ``__new__``
        without ``__init__``)."""
        if blank:
            return
        super().__init__(game, players, seed, variant, deck)
        self.cards: tuple[Card, ...] = deck_of(tuple(game.components(players, variant)))
        """The deck's cards, ascending: the 60 (a study game may deal fewer)."""
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        """Each seat's hand, in card order."""
        self.collected: list[list[Card]] = [[] for _ in range(players)]
        """The cards each seat has taken this hand, laid out face up."""
        self.table: list[Card] = [NO_CARD] * players
        """The card each seat has face up in front of it this turn (`NO_CARD` once taken)."""
        self.commitments = Commitments()
        self.phase = LEAD
        self.bean: Seat = 0
        """The seat holding the bean pion: it leads this turn (FACTS.md 0: seat 0 first)."""
        self.bean_card: Card = NO_CARD
        self.taker: Seat = NOBODY
        self.offer: list[Action] = []
        """The takes open now: the revealed cards not taken yet but the bean card, ascending."""
        self.hand_number = 0
        """Hands dealt so far (the current hand's number, 1-based)."""
        self.turn = 0
        """Turns begun in the current hand."""
        self.sheets: list[list[tuple[int, int, int]]] = []
        """The score pad: per finished hand, per seat ("+", "−", total)."""
        self.to_move = (0,)
        self.is_over = False
        self._others = tuple(tuple(s for s in range(players) if s != b) for b in range(players))
        """Per bean holder, the seats that put a card face down."""
        self._waiting_after = WAITING_AFTER[players]
        self.quiet = False
        self.next_deal: list[Card] = []
        """The cards stacked for the next hand's deal (`stack`): usually none."""

    # -- the hand ------------------------------------------------------------------------------
    def deal(self, order: list[Card] | None) -> None:
        """Deal the whole deck round-robin from seat 0 ("Préparation"); ``order`` scripts it,
        otherwise the game's generator shuffles (every hand after the first, FACTS.md 0)."""
        if order is None:
            order = list(self.cards)
            shuffle(order, self.rng)
        n = self.players
        holder = [0] * NUM_CARDS
        for i, card in enumerate(order):
            holder[card] = i % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for card in self.cards:  # each hand in card order, without a sort
            hands[holder[card]].append(card)
        self.hands = hands
        self.collected = [[] for _ in range(n)]
        self.hand_number += 1
        self.turn = 0
        if not self.quiet:
            self.events.append(
                {
                    "type": "deal",
                    "hand": self.hand_number,
                    "bean": self.bean,
                    "cards": len(order) // n,
                }
            )
            for s in range(n):
                self.events.append({"type": "cards", PRIVATE_TO: s, "cards": names(hands[s])})
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A new turn, led by the bean holder: "On commence toujours par le joueur qui possède le
        pion haricot" (rulebook §1, §4). The table is empty: every card of the last turn was
        taken. With the last card of the hand in every hand, nobody has a choice: the game plays
        them."""
        self.turn += 1
        self.phase = LEAD
        self.bean_card = NO_CARD
        self.to_move = ALONE[self.bean]
        if len(self.hands[self.bean]) == 1:
            self._lead(self.hands[self.bean].pop())
            for s in self._others[self.bean]:
                self._commit(s, self.hands[s].pop())

    def _from_hand(self, seat: Seat, card: Card) -> bool:
        """Take ``card`` out of ``seat``'s hand if it holds it; whether it did (one scan of the
        hand, compiled to C int comparisons, not one to test and another to remove)."""
        hand = self.hands[seat]
        i = _find(hand, card)
        if i < 0:
            return False
        hand.pop(i)
        return True

    def _lead(self, card: Card) -> None:
        """The bean holder plays ``card``, out of its hand now, face up and puts the bean on it;
        then every other player chooses a card face down (rulebook §1; FACTS.md 1)."""
        bean = self.bean
        self.table[bean] = self.bean_card = card
        if not self.quiet:
            self.events.append(LEAD_EVENTS[bean][card])
        self.phase = COMMIT
        others = self._others[bean]
        self.commitments.open(others)
        self.to_move = others

    def _commit(self, seat: Seat, card: Card) -> None:
        """A face-down card (out of ``seat``'s hand now): hidden until everyone has chosen, then
        all turn together."""
        self.commitments.commit(seat, card)
        if not self.quiet:
            self.events.append(COMMIT_EVENTS[seat])
        waiting = self._waiting_after[self.to_move][seat]
        if waiting:
            self.to_move = waiting
        else:
            self._reveal()

    def _reveal(self) -> None:
        """All face-down cards turn over at once ("en même temps"); the bean holder takes first
        (with 3 players or more it has a choice: two cards at least besides the bean card)."""
        table = self.table
        for s, card in self.commitments.reveal().items():
            table[s] = card
        if not self.quiet:
            self.events.append({"type": "reveal", "cards": [CARDS[c] for c in table]})
        self.phase = TAKE
        bean_card = self.bean_card
        offer = [TAKES[c] for c in table if c != bean_card]
        offer.sort()
        self.offer = offer
        self.taker = self.bean
        self.to_move = ALONE[self.bean]

    def _take(self, seat: Seat, card: Card) -> None:
        """The taking chain (rulebook §2; FACTS.md 2): the player whose card was just taken takes
        next, never the bean card while another is left; the last one takes the bean card, from
        the bean holder, and gets the bean. A taker left a single card it may take takes it at
        once: the chain runs on here until a taker has a choice or the bean card is taken."""
        table, offer = self.table, self.offer
        while True:
            owner = _find(table, card)
            table[owner] = NO_CARD
            self.collected[seat].append(card)
            if not self.quiet:
                self.events.append(TAKE_EVENTS[seat][owner][card])
            offer.pop(_find(offer, card + TAKE_OFFSET))
            seat = owner
            if len(offer) != 1:
                break
            card = offer[0] - TAKE_OFFSET
        if offer:
            self.taker = seat
            self.to_move = ALONE[seat]
            return
        card, holder = self.bean_card, self.bean
        table[holder] = NO_CARD
        self.collected[seat].append(card)
        if not self.quiet:
            self.events.append(BEAN_TAKE_EVENTS[seat][holder][card])
        self.bean = seat
        self.taker = NOBODY
        if self.hands[seat]:
            self._begin_turn()
        else:
            self._end_hand()

    def _end_hand(self) -> None:
        """End of a hand ("Fin du jeu"): every series is scored, the "+", "−" and total lines go
        on the pad; a new hand is dealt, led by the last bean taker, until the last hand
        (FACTS.md 3)."""
        table = series_of(self.game)
        series = [series_values(cards, table) for cards in self.collected]
        sheet = [score_line(values) for values in series]
        self.sheets.append(sheet)
        if not self.quiet:
            self.events.append(
                {
                    "type": "hand_end",
                    "hand": self.hand_number,
                    "collected": [names(c) for c in self.collected],
                    "series": series,
                    "sheet": [list(line) for line in sheet],
                    "totals": self.totals(),
                }
            )
        if self.hand_number < self.variant["hands"]:
            self.deal(self._next_order())
            return
        self.phase = OVER
        self.is_over = True
        self.table = [NO_CARD] * self.players
        self.bean_card = NO_CARD
        self.to_move = ()
        if not self.quiet:
            self.events.append(
                {"type": "game_end", "totals": self.totals(), "winners": list(self.winners())}
            )

    def _next_order(self) -> list[Card] | None:
        """The order of the next deal: ``None`` (`deal` shuffles) unless cards were stacked
        for it (`stack`); then they come first and the others are shuffled after them."""
        first, self.next_deal = self.next_deal, []
        if not first:
            return None
        rest = [c for c in self.cards if c not in first]
        shuffle(rest, self.rng)
        return first + rest

    # -- chance --------------------------------------------------------------------------------
    def pools(self) -> dict[str, Pool]:
        """The deck, dealt out whole at every hand: ``undrawn`` is the next hand's deal (the
        stacked cards first), ``()`` in the last hand."""
        order = restack(self.cards, self.next_deal) if self.deals_ahead() else []
        return {"deck": Pool(len(self.cards) * self.hand_number, tuple(CARDS[c] for c in order))}

    def stack(self, pool: str, components: Sequence[str]) -> None:
        """The next hand's deal starts with ``components``, dealt round-robin from seat 0."""
        if pool != "deck":
            State.stack(self, pool, components)
        if components and not self.deals_ahead():
            raise ValueError("no hand is dealt after this one")
        cards = [CARD_INDEX.get(name, NO_CARD) for name in components]
        self.next_deal = restack(self.cards, cards)[: len(cards)]

    def totals(self) -> list[int]:
        """Each seat's total over the finished hands."""
        totals = [0] * self.players
        for sheet in self.sheets:
            for s, (_, _, total) in enumerate(sheet):
                totals[s] += total
        return totals

    def winners(self) -> tuple[Seat, ...]:
        return match_winners(self.totals())

    # -- the engine API ------------------------------------------------------------------------
    # `to_move` and `is_over` are plain attributes (slots) kept up to date by the transitions: a
    # playout reads them at every step, and a property is a function call.
    to_move: tuple[Seat, ...]
    is_over: bool

    def legal_actions(self, seat: Any) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == TAKE:
            return self.offer[:]
        return self.hands[seat][:]

    def is_legal(self, seat: Any, action: Any) -> bool:
        if seat not in self.to_move or action.__class__ is not int:
            return False
        if self.phase == TAKE:
            return action in self.offer
        return action in self.hands[seat]

    def apply(self, seat: Any, action: Any) -> None:
        """`State.apply` in one layer instead of three (apply, is_legal, _apply): playouts call
        it at every step. The test is `is_legal`'s; an illegal action changes nothing."""
        if not (
            seat.__class__ is int
            and action.__class__ is int
            and seat in self.to_move
            and self._play(seat, action)
        ):
            raise IllegalAction(self._why_illegal(seat, action))

    def _play(self, seat: Seat, action: Action) -> bool:
        """Play ``action`` of ``seat``, a seat to move, if it is legal; whether it was."""
        phase = self.phase
        if phase == TAKE:
            if _find(self.offer, action) < 0:
                return False
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
            self._take(seat, action - TAKE_OFFSET)
        else:
            if not self._from_hand(seat, action):
                return False
            if not self.quiet:
                self.moves.append(MOVES[seat][action])
            if phase == COMMIT:
                self._commit(seat, action)
            else:
                self._lead(action)
        return True

    def _apply(self, seat: Seat, action: Action) -> None:
        if self.phase == TAKE:
            self._take(seat, action - TAKE_OFFSET)
            return
        self._from_hand(seat, action)
        if self.phase == LEAD:
            self._lead(action)
        else:
            self._commit(seat, action)

    def action_label(self, action: Action) -> str:
        if action < TAKE_OFFSET:
            return f"play the {label(action)}"
        return f"take the {label(action - TAKE_OFFSET)}"

    def view(self, seat: Seat | None) -> View:
        """What ``seat`` may know: its own hand and pending face-down card, the cards face up,
        every series collected this hand, who has committed (not what), the score pad."""
        pending = self.commitments.choice(seat) if seat is not None else None
        return {
            "players": self.players,
            "variant": dict(self.variant),
            "hand_number": self.hand_number,
            "turn": self.turn,
            "phase": PHASES[self.phase],
            "to_move": list(self.to_move),
            "bean": self.bean,
            "bean_card": CARDS[self.bean_card] if self.bean_card >= 0 else None,
            "table": [CARDS[c] if c >= 0 else None for c in self.table],
            "committed": list(self.commitments.committed) if self.phase == COMMIT else [],
            "taker": self.taker if self.phase == TAKE else None,
            "hand": names(self.hands[seat]) if seat is not None else None,
            "commitment": CARDS[pending] if pending is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "collected": [names(c) for c in self.collected],
            "series": [
                dict(zip(SUITS, series_values(c, series_of(self.game)), strict=True))
                for c in self.collected
            ],
            "scores": [[list(line) for line in sheet] for sheet in self.sheets],
            "totals": self.totals(),
        }

    def result(self) -> Result:
        """Total points after the last hand; the highest total wins, ties share the win."""
        if not self.is_over:
            raise ValueError("the match is not over")
        return Result(
            tuple(float(t) for t in self.totals()),
            self.winners(),
            {"sheets": [[list(line) for line in sheet] for sheet in self.sheets]},
        )

    def clone(self) -> PasDeHaricotsState:
        new = PasDeHaricotsState(self.game, self.players, self.seed, self.variant, None, blank=True)
        self._copy_engine_attributes(new)
        new.moves = self.moves[:]
        new.events = self.events[:]
        new.rng = copied(self.rng) if self.deals_ahead() else self.rng
        self._copy_table(new)
        return new

    def deals_ahead(self) -> bool:
        """Whether the rules will draw from the generator again: only the next hand's deal does
        (`deal`), so in the last hand no move draws, and a clone or a sample may share the
        generator instead of copying or seeding one (seeding one was a thirtieth of a search)."""
        return self.hand_number < self.variant["hands"]

    def _copy_table(self, new: PasDeHaricotsState) -> None:
        """Lay this state's table out in ``new`` (the lists copied, the values shared)."""
        new._others = self._others
        new._waiting_after = self._waiting_after
        new.quiet = self.quiet
        new.next_deal = self.next_deal[:]
        new.cards = self.cards
        new.bean = self.bean
        new.bean_card = self.bean_card
        new.hand_number = self.hand_number
        new.is_over = self.is_over
        new.phase = self.phase
        new.taker = self.taker
        new.to_move = self.to_move
        new.turn = self.turn
        new.hands = [h[:] for h in self.hands]
        new.collected = [c[:] for c in self.collected]
        new.table = self.table[:]
        new.offer = self.offer[:]
        new.commitments = self.commitments.copy()
        new.sheets = self.sheets[:]

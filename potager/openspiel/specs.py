"""What the adapter must know of each game beyond the engine API: its set-up's deal, the names of
its chance outcomes, and bounds on a game's length.

The set-up deals before any state exists, so each game says from which pool it deals how many
components, out of which, and how to build the state once they are chosen (mostly with the
engine's scripted ``deck``). After the set-up every draw goes through `State.pools` and
`State.stack`, the same for all games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any

from potager import games
from potager.engine import Game, State
from potager.engine.chance import restack
from potager.games.garden_rush.data import HEDGE_SLOTS, VEGETABLES
from potager.games.garden_rush.data import KINDS as GR_KINDS
from potager.games.heuschrecken_poker.data import DISPLAY_SIZE
from potager.games.heuschrecken_poker.data import KINDS as HP_KINDS
from potager.games.kraut_und_rueben.data import CONTRACTS, MATCH_GAMES, PILE_KINDS
from potager.games.pas_de_haricots.cards import CARD_INDEX, CARDS

from .study import StudyPasDeHaricots

Variant = dict[str, Any]


@dataclass(frozen=True)
class Spec:
    """One game as OpenSpiel sees it.

    ``setup_pool``: the pool the set-up deals from; ``setup_deal(players, variant)``: the
    components it deals, out of which (each deal draws without replacement from these);
    ``build(players, variant, dealt)``: the state after that deal, ``dealt`` in deal order.
    ``outcomes``: the names of the chance outcomes (an outcome's action is its index), every
    pool's components. ``max_length(players, variant)``: a bound on the OpenSpiel history
    (decisions and draws); ``max_decisions(players, variant)``: on one seat's decisions.
    ``setup_odds(players, variant, dealt)``: the next set-up component's probabilities, each
    one left equally likely unless a game deals otherwise. ``encoding``: the game whose RL
    encoder observes this one (itself unless it is a study game).
    """

    short_name: str
    game: Game
    setup_pool: str
    setup_deal: Callable[[int, Variant], tuple[int, list[str]]]
    build: Callable[[int, Variant, list[str]], State]
    outcomes: tuple[str, ...]
    max_length: Callable[[int, Variant], int]
    max_decisions: Callable[[int, Variant], int]
    setup_odds: Callable[[int, Variant, list[str]], dict[str, float]] | None = None
    encoding: Game | None = None


def _scripted(game: Game) -> Callable[[int, Variant, list[str]], State]:
    """A state whose scripted deck starts with the dealt components, the others after them."""

    def build(players: int, variant: Variant, dealt: list[str]) -> State:
        deck = restack(game.components(players, variant), dealt)
        return game.new_game(players, 0, variant, deck)

    return build


def _heuschrecken_poker() -> Spec:
    game = games.get("heuschrecken-poker")
    cards = len(game.components(2, game.resolve_variant({})))
    turns = 2 * cards + 1
    # Every turn takes or discards display cards, but for a first stalemate, which the next
    # turn follows with a take or the discard: two turns at most for each card shown.
    return Spec(
        "potager_heuschrecken_poker",
        game,
        "pile",
        lambda players, variant: (DISPLAY_SIZE, game.components(players, variant)),
        _scripted(game),
        HP_KINDS,
        lambda players, variant: turns * (2 * players - 1) + cards,
        lambda players, variant: 2 * turns,
    )


def _kraut_und_rueben() -> Spec:
    game = games.get("kraut-und-rueben")
    tiles = len(game.components(2, game.resolve_variant({})))
    numbers = [str(n) for n in sorted(CONTRACTS)]

    def build(players: int, variant: Variant, dealt: list[str]) -> State:
        state = game.new_game(players, 0, variant)
        state.stack("contracts", dealt)
        return state

    def played(variant: Variant) -> int:
        return MATCH_GAMES if variant["match"] else 1

    # A turn is a draw or the mole, a place, a take or a pass; a game has a turn per tile and
    # per mole at most.
    return Spec(
        "potager_kraut_und_rueben",
        game,
        "contracts",
        lambda players, variant: (players, numbers),
        build,
        (*PILE_KINDS, *numbers),
        lambda players, variant: played(variant) * (4 * (tiles + players) + players),
        lambda players, variant: played(variant) * 3 * (tiles + 1),
    )


def hands_in_card_order(game: Game) -> Callable[[int, Variant, list[str]], dict[str, float]]:
    """The odds of a deal made hand by hand, seat 0 first, each hand in card order: a hand is
    a set (the rules sort it), so this deals the same hands with the same probabilities as a
    round-robin deal, in one history per deal instead of one per order of its cards."""

    def odds(players: int, variant: Variant, dealt: list[str]) -> dict[str, float]:
        deck = game.components(players, variant)
        size = len(deck) // players
        hand = dealt[len(dealt) - len(dealt) % size :]
        after = CARD_INDEX[hand[-1]] if hand else -1
        left = sorted(
            (CARD_INDEX[c] for c in deck if c not in dealt and CARD_INDEX[c] > after), reverse=True
        )
        wanted = size - len(hand)
        ways = comb(len(left), wanted)
        return {CARDS[c]: comb(higher, wanted - 1) / ways for higher, c in enumerate(left)}

    return odds


def _dealt_round_robin(game: Game) -> Callable[[int, Variant, list[str]], State]:
    """The state whose scripted deck deals the hands dealt hand by hand (`hands_in_card_order`)
    round-robin from seat 0, as the rules deal."""

    def build(players: int, variant: Variant, dealt: list[str]) -> State:
        size = len(dealt) // players
        deck = [dealt[(i % players) * size + i // players] for i in range(len(dealt))]
        return game.new_game(players, 0, variant, deck)

    return build


def pas_de_haricots_spec(short_name: str, game: Game, encoding: Game | None = None) -> Spec:
    """Pas de Haricots, or a study game made of it (`study`)."""

    def deck(players: int, variant: Variant) -> tuple[int, list[str]]:
        cards = game.components(players, variant)
        return len(cards), cards

    def length(players: int, variant: Variant) -> int:
        cards = len(game.components(players, variant))
        return variant["hands"] * (cards // players * (2 * players - 1) + cards)

    # A turn is a lead, the others' face-down cards and a take by each seat at most.
    return Spec(
        short_name,
        game,
        "deck",
        deck,
        _dealt_round_robin(game),
        tuple(game.components(game.min_players, game.resolve_variant({}))),
        length,
        lambda players, variant: variant["hands"] * deck(players, variant)[0] // players * 2,
        hands_in_card_order(game),
        encoding,
    )


def _garden_rush() -> Spec:
    game = games.get("garden-rush")

    def setup(players: int, variant: Variant) -> tuple[int, list[str]]:
        tokens = game.components(players, variant)
        return HEDGE_SLOTS + 1, [t for t in tokens if t in VEGETABLES]

    def tokens(variant: Variant) -> int:
        return len(game.components(2, variant))

    # No bound follows from the rules' structure alone (bonuses chain); these are generous:
    # random games stay under a fifth of them.
    return Spec(
        "potager_garden_rush",
        game,
        "bag",
        setup,
        _scripted(game),
        GR_KINDS,
        lambda players, variant: 12 * tokens(variant),
        lambda players, variant: 6 * tokens(variant),
    )


def _study_pas_de_haricots() -> Spec:
    real = games.get("pas-de-haricots")
    return pas_de_haricots_spec("potager_pas_de_haricots_study", StudyPasDeHaricots(), real)


SPECS: tuple[Spec, ...] = (
    _heuschrecken_poker(),
    _kraut_und_rueben(),
    pas_de_haricots_spec("potager_pas_de_haricots", games.get("pas-de-haricots")),
    _garden_rush(),
    _study_pas_de_haricots(),
)
"""Every game, in the order of `potager.games.names`, then the study games (`study`)."""

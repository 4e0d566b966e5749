"""What each seat may know: `build_view`, and the helpers that read a view back.

Every bid is revealed when played, so every player's spent and remaining poker cards are public
(a player with a good memory knows them). Hidden are only the order of the draw pile and the
bids not yet revealed: a view says only who has bid, and a seat's own pending bid is in its own
view alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from potager.engine import Seat, View

from .data import BIDS, HAND_SIZE, KINDS

if TYPE_CHECKING:
    from .rules import HeuschreckenState

PHASES = ("bid", "take", "over")


_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(BIDS[b] for b in range(HAND_SIZE) if hand >> b & 1) for hand in range(1 << HAND_SIZE)
)
"""The poker cards of each hand bitmask, in order: a view lists them for every seat (twice)
at every move, for each seat the server tells."""


def _bid_names(hand: int) -> list[str]:
    return list(_NAMES[hand])


def build_view(state: HeuschreckenState, seat: Seat | None) -> View:
    """The view of ``seat`` (``None``: a spectator); its keys: docs/reference/games.md."""
    committed = state.committed
    hands = [
        hand | (1 << state.bids[s] if committed >> s & 1 else 0)
        for s, hand in enumerate(state.hands)
    ]
    own = state.bids[seat] if seat is not None and committed >> seat & 1 else -1
    full = (1 << HAND_SIZE) - 1
    return {
        "players": state.players,
        "variant": dict(state.variant),
        "seat": seat,
        "phase": PHASES[state.phase],
        "to_move": list(state.to_move),
        "round": state.round,
        "bids_played": state.played,
        "stalemates": state.stalemates,
        "display": dict(zip(KINDS, state.display, strict=True)),
        "pile": len(state.pile) - state.top,
        "discard": dict(zip(KINDS, state.discard, strict=True)),
        "gardens": [dict(zip(KINDS, g, strict=True)) for g in state.gardens],
        "chips": list(state.chips),
        "hands": [_bid_names(hand) for hand in hands],
        "spent": [_bid_names(full ^ hand) for hand in hands],
        "committed": [s for s in range(state.players) if committed >> s & 1],
        "bid": BIDS[own] if own >= 0 else None,
        "revealed": None if state.revealed is None else [BIDS[b] for b in state.revealed],
        "takers": list(state.takers[state.taker :]),
    }


def counts_from(kinds: dict[str, int]) -> list[int]:
    """The five counts of a view's ``{kind: count}``."""
    return [kinds[k] for k in KINDS]


def hand_from(names: list[str]) -> int:
    """The bitmask of a view's list of poker cards."""
    return sum(1 << BIDS.index(name) for name in names)

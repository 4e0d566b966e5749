"""The poker (Das Pokern): what a set of revealed bids gives to whom.

A pure function of the bids; the rules keep its outcome for each set of bids met (`events.Reveals`).

>>> resolve((3, 3, 5), beginner=False)        # two 4s cancel; the 6 picks alone
Outcome(sweeper=-1, reason='', takers=(2,), cancelled=(0, 1))
>>> resolve((6, 7, 2), beginner=False).sweeper  # one Ace and one X: the X takes all
1
>>> resolve((6, 7, 2), beginner=True).sweeper   # beginners: the X is a pass
0
"""

from __future__ import annotations

from typing import NamedTuple

from .data import ACE, TAKE_ALL_ALONE_PLAYERS, X_CARD


class Outcome(NamedTuple):
    """What a reveal gives.

    ``sweeper``: the seat that takes the whole display, or -1; ``reason``: why (``"ace"``,
    ``"x"``, ``"alone"``); ``takers``: otherwise, the seats that pick one kind each, highest bid
    first (empty with no sweeper: a stalemate); ``cancelled``: seats whose equal bids cancelled.
    """

    sweeper: int
    reason: str
    takers: tuple[int, ...]
    cancelled: tuple[int, ...]


def resolve(bids: tuple[int, ...], beginner: bool) -> Outcome:
    """Resolve one reveal — rules "Das Pokern", FACTS.md Heuschrecken Poker readings 1, 2 and 4.

    Equal bids cancel, Aces and Xs included. An uncancelled Ace takes the whole display, unless
    exactly one uncancelled X was played too (and not in the beginners' variant): then the X
    takes it. Otherwise the uncancelled numbers pick, highest first; an X alone takes nothing.
    With two players a lone taker takes the whole display ("Spiel zu zweit").
    """
    alone = [seat for seat, bid in enumerate(bids) if bids.count(bid) == 1]
    cancelled = tuple(seat for seat in range(len(bids)) if seat not in alone)
    ace = [seat for seat in alone if bids[seat] == ACE]
    x_card = [seat for seat in alone if bids[seat] == X_CARD]
    if ace and x_card and not beginner:
        return Outcome(x_card[0], "x", (), cancelled)
    if ace:
        return Outcome(ace[0], "ace", (), cancelled)
    takers = tuple(sorted((s for s in alone if bids[s] < ACE), key=lambda s: -bids[s]))
    if len(bids) == TAKE_ALL_ALONE_PLAYERS and len(takers) == 1:
        return Outcome(takers[0], "alone", (), cancelled)
    return Outcome(-1, "", takers, cancelled)

"""Heuschrecken Poker (Grasshopper Poker) — Jacques Zeimet, Drei Magier — 2 to 4 players.

Registered as ``heuschrecken-poker``. Rulebook: ``rules/heuschrecken-poker.de-en-fr-it.txt``;
readings: ``rules/FACTS.md``, Heuschrecken Poker 1–8.

Rules in brief
--------------
Each player holds 8 poker cards: ``1``…``6``, an Ace ``A`` and an ``X``. The 66 garden cards
(13 each of corn, strawberry, broccoli, blackberry; 14 grasshoppers) form the draw pile; 3 are
laid out in the display, equal kinds stacked.

A turn: everyone bids one poker card face down, all are revealed at once. Equal bids cancel
(Aces and Xs too). An uncancelled Ace takes the whole display — unless exactly one uncancelled X
was played as well, then the X takes it. Otherwise the uncancelled numbers pick one kind each,
highest first, taking every card of that kind; leftovers stay; late takers may get nothing. An X
without an Ace takes nothing. With two players a lone taker takes the whole display. If nobody
may take (only cancelled cards and Xs), that is a stalemate: one card is added and everyone bids
again with a new card; a second stalemate in a row discards the display and deals 3 new cards.
Bids are spent for the round; the display is made up to 3 after every turn.

Cultivation: 3 or more grasshoppers in a garden eat it whole (the cards just received included,
before any harvest); otherwise every 3 plants of a kind are harvested for 1 chip (extra plants
stay). After 8 turns a round ends: the most plants (grasshoppers excluded) earn 1 chip, ties
included; players take their poker cards back. When the garden cards are used up the game ends
with a last scoring; most chips wins, then fewest grasshoppers; a remaining tie shares the win.

Notation (the action space is fixed: 13 actions)
------------------------------------------------
=======  ==========================================================================
action   meaning
=======  ==========================================================================
0…5      bid ``1`` … ``6``
6, 7     bid ``A`` (the Ace), ``X``
8…12     take ``corn``, ``strawberry``, ``broccoli``, ``blackberry``, ``grasshopper``
=======  ==========================================================================

>>> from potager import games
>>> state = games.get("heuschrecken-poker").new_game(2, seed=7, deck=None)
>>> state.to_move
(0, 1)
>>> for seat, text in ((0, "A"), (1, "x")):
...     state.apply(seat, state.str_to_action(seat, text))
>>> state.events[2]["type"], state.events[3]["seat"], state.events[3]["reason"]
('reveal', 1, 'x')

Decisions: a bid is a simultaneous, hidden decision of every seat (``to_move`` lists those still
to bid; they may bid in any order). After the reveal the takers choose one at a time, highest bid
first (``to_move`` is that one seat). A pick with one kind left is made for the taker (event
``take`` with ``forced: true``); the Ace, the X and the lone taker of two players take the whole
display with no decision. ``deck`` scripts the draw pile, top first (66 kind names).

View keys
---------
``players``, ``variant``, ``seat`` (the viewer; ``None`` for a spectator), ``phase``
(``bid``/``take``/``over``), ``to_move``, ``round`` (from 1), ``bids_played`` (this round, 0–8),
``stalemates`` (0 or 1 in a row so far), ``display`` / ``discard`` / each of ``gardens``
(``{kind: count}``, every kind), ``chips`` (per seat), ``pile`` (cards left to draw), ``hands`` and
``spent`` (per seat, the poker cards still to play and those played this round — every bid was
revealed, so these are public; a pending bid still counts as in hand), ``committed`` (seats that
have bid this turn), ``bid`` (the viewer's own pending bid, else ``None``), ``revealed`` (the bids
of the last reveal, per seat), ``takers`` (seats still to pick, in order).

Events
------
``bid`` (seat; only *who* has bid), ``reveal`` (bids per seat, cancelled seats), ``take`` (seat,
kind, count, forced), ``take_all`` (seat, reason ``ace``/``x``/``alone``, cards),
``empty_handed`` (seats), ``harvest`` (seat, kind, chips), ``plague`` (seat, cards lost),
``stalemate`` (cards added), ``double_stalemate`` (cards discarded), ``refill`` (cards drawn),
``round_scoring`` (round, plants per seat, chips_to), ``game_end`` (chips, winners). None is
private: the only hidden things are the pile's order and the bids not yet revealed.

Variant
-------
``beginner`` (default ``False``): the beginners' variant, the X is only a pass and never takes
the Ace's power.

Result
------
``scores`` are chips; ``details`` holds ``chips`` and ``grasshoppers`` (the tie-break).

Readings where the rulebook is silent (beyond FACTS.md)
-------------------------------------------------------
- A stalemate on the 8th bid of a round: its card is still added, then the round is scored and
  the hands are taken back; the next turn bids on that display as a new round's first turn, so
  its stalemate count starts at 0 (FACTS.md reading 8). The display can then hold 5 cards.
- Takers cultivate as they take; the result is the same as cultivating after all picks, since
  gardens do not interact.
- Chips are unlimited; the 24 chips of the box are never a limit.
"""

from .game import HeuschreckenPoker

GAME = HeuschreckenPoker()

__all__ = ["GAME", "HeuschreckenPoker"]

"""Pas de Haricots (Amigo), 3 to 6 players: ``games.get("pas-de-haricots")``.

Rules in brief (rulebook ``pas-de-haricots.fr.txt``; FACTS.md "Pas de Haricots")
-----------------------------------------------------------------------------------
- 60 cards: four suits (``H`` cœur, ``D`` carreau, ``S`` pique, ``C`` trèfle) of 1–10, Valet,
  Cavalier, Dame, Roi, and the trumps 1–4, each one suit's "Pas de Haricots" (``T1`` diamonds,
  ``T2`` hearts, ``T3`` spades, ``T4`` clubs). All are dealt: 20 / 15 / 12 / 10 cards each for
  3 / 4 / 5 / 6 players. Seat 0 (left of the dealer) has the bean and leads.
- A turn: the bean holder plays a card face up and the bean goes on it; every other player then
  puts a card face down, all at once (a hidden commitment); the cards turn over. Then the taking
  chain: the bean holder takes any revealed card but the bean card; the player whose card was just
  taken takes next, never the bean card while another is left; the last one takes the bean card,
  gets the bean and leads the next turn. Nobody ever takes their own card.
- Taken cards are laid out face up by suit. When the hands are empty each suit series scores: 0 with
  its Pas de Haricots; otherwise the sum of its 1–10 cards, negative with an odd number of "moins"
  cards (Valet, Cavalier, Dame), doubled by the Roi. The pad gets a "+" line (the positive series),
  a "−" line (the negative ones) and their sum. Another player's series: spades 3, 5 (+8); diamonds
  Cavalier, 1, 5 (−6); hearts Roi (0); clubs 10, 2, Valet, trump 4 (0): "+8 / −6 / +2".
- Three hands (variant ``hands``); each new hand is shuffled and dealt again and led by the last
  bean taker. The highest total wins; tied players share the win.

Notation
--------
A card is suit + rank: ``H1`` … ``H10``, ``HJ`` (Valet), ``HN`` (Cavalier), ``HQ`` (Dame),
``HK`` (Roi), likewise ``D``, ``S``, ``C``; trumps ``T1`` … ``T4``. Actions: ``play H7`` (the lead
and the face-down card alike; actions 0–59) and ``take H7`` (actions 60–119). Case and spaces do
not matter: ``PLAY  h7`` is ``play H7``.

>>> from potager import games
>>> game = games.get("pas-de-haricots")
>>> state = game.new_game(4, seed=1)
>>> state.to_move, len(state.view(0)["hand"])
((0,), 15)
>>> state.apply(0, state.str_to_action(0, "play " + state.view(0)["hand"][0]))
>>> state.to_move
(1, 2, 3)

Steps that leave no choice are made by the game: the last card of a hand is played without
asking (lead and face-down), and a take with a single card left to take happens at once (so the
last player's take of the bean card is never asked, nor the one before it).

Views (``state.view(seat)``; ``None`` is the spectator)
-------------------------------------------------------
``players``, ``variant``, ``hand_number`` (1-based), ``turn`` (1-based, in the hand), ``phase``
(``lead``, ``commit``, ``take``, ``over``), ``to_move``, ``bean`` (the bean holder, who leads),
``bean_card``, ``table`` (per seat the card face up in front of it this turn, ``None`` if none,
face down or taken), ``committed`` (seats whose face-down card is in, not what it is), ``taker``
(whose take it is), ``hand`` (the seat's own cards laid out by suit; ``None`` for the spectator),
``commitment`` (the seat's own face-down card while hidden), ``hand_sizes``, ``collected`` (per
seat the cards taken this hand, by suit, a trump with its suit), ``series`` (per seat
``{suit: current value}``), ``scores`` (per finished hand, per seat ``[plus, minus, total]``, the
minus line as a negative number), ``totals`` (per seat, over the finished hands).

Events
------
``deal`` {hand, bean, cards (how many each)}; ``cards`` {cards} to each seat (its new hand,
addressed by the engine's reserved key ``private_to``; every other event is public);
``lead`` {seat, card}; ``commit`` {seat}; ``reveal`` {cards (per seat)}; ``take`` {seat, card,
from, bean (whether it was the bean card)}; ``hand_end`` {hand, collected, series, sheet,
totals}; ``game_end`` {totals, winners}.

Variants
--------
``hands``: 1–6 hands in a match (default 3, the rulebook's).

Readings (FACTS.md readings 0–3, and where it is silent)
---------------------------------------------------------
- ``deck`` scripts the first deal only, dealt round-robin from seat 0; later hands are shuffled by
  the game's seeded generator.
- The "−" line is kept as a negative number, so ``total = plus + minus`` ("+37 / −13 / +24").
- Forced steps are automatic (above): they are not choices in the rulebook either ("le dernier
  joueur récupère forcément la carte avec le pion haricot").
- The face-down cards are one simultaneous decision: the seats commit in any order; the views show
  only who has committed until the last card is in.
- Termination: a hand has 60 / n turns of at most 2n − 2 decisions each: fewer than 120 decisions
  per hand.
"""

from .game import PasDeHaricots

GAME = PasDeHaricots()

__all__ = ["GAME", "PasDeHaricots"]

"""Kraut & Rüben — Gerd Fenchel, Kosmos 1998 — 2 to 5 players.

Registered as ``kraut-und-rueben``. Rulebook: ``rules/kraut-und-rueben.fr.txt``; facts and
readings: ``rules/FACTS.md``, Kraut & Rüben (components, the 12 contracts, readings 1–6).

Rules in brief
--------------
The box holds 90 tiles: 16 each of tomato, asparagus, carrot and salad; 7 each of clover,
dandelion and snail; 5 moles. The gardens (3 × 4 spaces) lie in the middle, one more than the
players (5 with two players). Each player keeps a mole face up and a secret contract card; the
other 85 tiles are the shuffled pile.

A turn: draw the top tile and place it at once (or, once a game, play your mole instead). A
vegetable, clover or dandelion goes on an empty space of any garden. A snail must cover an
uncovered tile (vegetable, clover, dandelion) in a garden with fewer than 2 snails; while no
garden holds any tile it goes on an empty space; otherwise it leaves the game. The mole covers
an uncovered tile in a garden with fewer than 2 moles. Snails and moles never cover a snail or
a mole, and never enter a full garden. After placing, a player who owns no garden yet (two in
the 2-player game, never two in one turn) may take an unowned garden with everything on it;
others may still place there, but the last empty space of an owned garden is its owner's. When
a player's garden(s) are full, that player has finished: their turns are skipped.

The game ends at the start of a turn when every player has finished or the pile is empty. Each
garden is scored with its owner's contract, counting uncovered tiles only: the number of
principal vegetables picks a column (0, 1, 2, 3, 4+; best with 2); the two scoring vegetables
earn that column's points per tile, the negative vegetable −2 each; clover +1, dandelion and
mole 0, snail −1 for everyone. With two players each garden is scored on its own and the two
are added. A player without a garden scores 0. Most points wins; a tie goes to whoever of the
tied took a garden first (tied players who took none share).

Notation (N gardens; 25·N + 2 actions)
--------------------------------------
A space is a column ``a``…``d`` and a row ``1``…``3``; gardens are ``1``…``N``.

==========================  =====================  =========================================
action                      index                  meaning
==========================  =====================  =========================================
``draw``                    0                      draw the top tile (it becomes public)
``place 2 b3``              1 + 12·g + s           put the drawn tile on garden 2, space b3
``mole 2 b3``               1 + 12·N + 12·g + s    play your mole there instead of drawing
``take 4``                  1 + 24·N + g           take garden 4 at the end of your turn
``pass``                    1 + 25·N               take no garden this turn
==========================  =====================  =========================================

A drawn tile with no legal place leaves the game with no decision (event ``discard``); the turn
goes on to taking a garden. ``deck`` scripts the 85-tile pile, top first (``tomato``,
``asparagus``, ``carrot``, ``salad``, ``clover``, ``dandelion``, ``snail``); the contracts are
dealt by the game's seeded generator (first the contracts, then the pile is shuffled).

>>> from potager import games
>>> state = games.get("kraut-und-rueben").new_game(3, seed=1, deck=["salad"] * 16 + [
...     k for k in ("tomato", "asparagus", "carrot") for _ in range(16)] + [
...     k for k in ("clover", "dandelion", "snail") for _ in range(7)])
>>> state.apply(0, state.str_to_action(0, "draw"))
>>> state.view(1)["drawn"], len(state.legal_actions(0))
('salad', 48)
>>> state.apply(0, state.str_to_action(0, "place 2 b3"))
>>> state.apply(0, state.str_to_action(0, "take 2"))
>>> state.view(0)["gardens"][1]
{'garden': 2, 'owner': 0, 'full': False, 'spaces': {'b3': ['salad']}}

View keys
---------
``players``, ``variant``, ``game`` (1…3 in a match) and ``games`` (1 or 3), ``phase``
(``draw``/``place``/``take``/``over``), ``turn`` (the seat to move; ``None`` at the end),
``gardens`` (per garden: ``garden`` number, ``owner`` or ``None``, ``full``, ``spaces``: each
occupied space's tiles bottom first, e.g. ``{"b3": ["tomato", "snail"]}``), ``pile`` (tiles left),
``drawn`` (the tile just drawn, to place), ``out`` (tiles out of the game, by kind), ``moles``
(per seat: still has its mole), ``taken`` (``[seat, garden]`` in the order gardens were taken:
the tie-break and the cup), ``log`` (the table's changes in the game in progress, in order,
what every player saw: ``[seat, kind, garden, space]`` per placement, kind ``mole`` for the mole,
and ``[seat, "take", garden, None]`` per take; its entries are shared between views, read them
only), ``finished`` (seats whose gardens are full), ``contract`` (the
viewer's contract number 1…12, ``None`` for a spectator), ``contracts`` (per seat; the others'
are ``None`` until the game is over), ``running_score`` (the viewer's gardens scored with its
contract now), ``history`` (each finished game: ``contracts``, ``gardens``, ``garden_points``,
``cup``, ``scores``, ``winners``) and ``totals``.

Events
------
``contract`` (game, contract; addressed to its seat alone by the engine's reserved key
``private_to``: every other event is public), ``draw`` (seat, tile), ``place`` (seat, tile,
garden, space, covers), ``mole`` (seat, garden, space, covers), ``discard`` (seat, tile),
``take`` (seat, garden; ``cup: true`` for the first taker of a match game), ``pass`` (seat),
``full`` (garden, owner), ``finished`` (seat), ``game_over`` (the game's summary, contracts
revealed), ``new_game`` (game).

Variant
-------
``match`` (default ``False``): three games in a row, points added; the first player to take a
garden in each game gets the cup, +3 in that game. Game k (k = 1, 2, 3) begins with seat
(k - 1) mod n, so that no seat begins them all (FACTS.md, reading 6). Each game deals new
contracts and a new pile; ``deck`` scripts game 1 only, the piles of games 2 and 3 are shuffled
by the game's generator.

Result
------
``scores`` are contract points (summed over a match, cups included); ``details["games"]`` is
the ``history`` above.

Readings where FACTS.md is silent
---------------------------------
- In the game for two a player has finished only when both gardens are taken and full (reading
  4); with one full garden and one still to take, play (and the mole) goes on.
- A garden may be taken even when full (its taker may then have finished at once).
- Tied players of whom none took a garden share the win; a match's tie on total points is shared.
- The snail's empty-space rule applies only while no garden holds any tile: a second snail with
  only a snail on the table leaves the game.
"""

from .rules import KrautUndRueben, KrautUndRuebenState

GAME = KrautUndRueben()

__all__ = ["GAME", "KrautUndRueben", "KrautUndRuebenState"]

"""Garden Rush (Ki Mansell, Space Cowboys 2025): two gardeners race to 40 points by planting
vegetable tokens in their Potager and harvesting them in set patterns.

Rules in brief (rulebook ``rules/garden-rush.fr.txt``; pictures read in ``rules/FACTS.md``)
-----------------------------------------------------------------------------------------
Each player has a Potager of 21 squares (5 × 5 without its corners) with four tool squares;
the Hedge between the Potagers holds five tokens (slot k above column k of both Potagers), and
the Trampoline beside slot 5 holds a sixth. On your turn, do ONE of:

- **place 1 token**: take a token of the Hedge (never the Trampoline's) and put it on a free square
  of your Potager: double face up in the column of its slot, single face up anywhere else. The
  Hedge closes up towards slot 1, the Trampoline token enters it and a token is drawn onto the
  Trampoline. A token placed on a tool square then gives that square's bonus.
- **harvest 1 field**: a group of tokens of one vegetable matching one of its three patterns (any
  rotation or reflection): single tokens are discarded, double ones turn single, and your gnome
  moves 1 square per token. Gnomes never share a square (but 0): the mover goes on to the next.
  Ending on a bonus square (5, 10, …, 35) gives the bonus of any visible tool square of yours.

Tool squares: Gloves (place 1 token), Basket (harvest 1 field), Wheelbarrow (move 1 token of your
Potager, not the one just placed on it), Watering Can (flip 1 vegetable token in either Potager).
Bonuses are optional, all or nothing, and resolve one at a time. The game ends after the turn in
which a gnome reaches 40 or a token must be drawn from an empty bag; if that was seat 0's turn
(seat 0 holds the first-seed marker), seat 1 plays one last turn. With the bag and the Trampoline
empty, nothing is completed any more ("vous ne complétez ni la Haie ni le plateau Trampoline"): a
token taken leaves a gap in its slot and the others stay where they are. The higher gnome wins.

**Tools & Moles** (variant ``tools_and_moles``): 8 tool tokens go into the bag after set-up and are
drawn onto the Trampoline tool side up. One may be placed as a tool on a free non-tool square of
your Potager (its bonus follows the refill) or as a mole on a free non-tool square of the
opponent's (it only blocks). Swap: swap two adjacent Hedge tokens, then place one of them.
Compost: discard every token of one vegetable from the Hedge, 1 point each. Column Flip: flip every
vegetable token of one column in both Potagers. Copy: use a visible tool square or tool token of
the opponent's (not its Copy). A score-track bonus square may instead move a mole of your Potager
into the opponent's. Tool and mole tokens never go on tool squares and are never flipped.

Notation (DESIGN.md)
--------------------
A square is a column ``a``…``e`` (as seat 0 sees it; Hedge slot 1 feeds column ``a``) and a row
``1``…``5`` counted from the Hedge, in each Potager; ``opp`` marks the opponent's Potager.

===============================  ====================================================
``plant 3 c2``                   the token of Hedge slot 3 onto your c2 (double: column c)
``mole 3 opp c2``                the tool token of slot 3, mole side up, onto the opponent's c2
``harvest broccoli b2 b3 c3``    the field on those squares (sorted by name)
``move b2 c4``                   Wheelbarrow: your b2 token onto your c4
``flip c3`` / ``flip opp c3``    Watering Can: flip a vegetable token of yours / the opponent's
``swap 2``                       Swap: Hedge slots 2 and 3 (then ``plant 2 …`` or ``plant 3 …``)
``compost tomato``               Compost: the Hedge's tomatoes
``flipcol c``                    Column Flip: column c of both Potagers
``molemove c2 opp d3``           score track: your mole on c2 to the opponent's d3
``skip``                         decline the bonus on offer
===============================  ====================================================

A bonus that lets you use another tool (Copy, a score-track bonus square) offers that tool's
actions directly. ``deck`` scripts the bag: the first five tokens fill Hedge slots 1…5, the sixth
the Trampoline (vegetables only), then the draw order; tokens ``tomato``, ``carrot``,
``broccoli``, ``potato``, ``aubergine`` and with the module ``swap``, ``compost``, ``flipcol``,
``copy``. The action space is fixed: 906 actions in the basic game (338 harvest fields), 1294 with
the module (the basic ones first, with the same numbers).

>>> from potager import games
>>> game = games.get("garden-rush")
>>> state = game.new_game(2, seed=1)
>>> token = state.view(0)["hedge"][2]
>>> state.apply(0, state.str_to_action(0, "plant 3 c3"))
>>> state.view(1)["potagers"][0]["c3"] == {"token": token, "face": "double"}
True
>>> state.to_move, state.action_to_str(state.str_to_action(1, "HARVEST broccoli  b2 b3 c3"))
((1,), 'harvest broccoli b2 b3 c3')

View keys
---------
``seat``, ``variant``, ``turn`` (seat whose turn it is), ``to_move``, ``phase`` (``place or
harvest``, ``bonus``, ``swap``, ``over``), ``bonus`` (``{"tools": [...], "fixed": square or
None}`` while a bonus is on offer), ``swap`` (the first of the two swapped slots, while one must be
placed), ``potagers`` (per seat ``{square: {"token", "face"}}``, faces ``double``/``single`` or
``tool``/``mole``), ``tool_squares`` (per seat ``{square: tool}``), ``hedge`` (the five slots,
slot 1 first, ``None`` for an empty one),
``trampoline``, ``bag`` (counts per kind: its order is the only secret), ``bag_size``, ``discard``
(counts), ``scores`` (gnome positions), ``first_seed``, ``goal``, ``bonus_squares``,
``end_triggered``, ``last_turn``, ``passes``, ``stuck``. Every seat sees the same table.

Events
------
``setup``, ``draw`` (the token drawn onto the Trampoline), ``bag empty``, ``plant``, ``mole``,
``harvest``, ``score`` (``from``, ``to``), ``bonus`` (the tools on offer), ``skip``, ``move``,
``flip``, ``swap``, ``compost``, ``flipcol``, ``molemove``, ``last turn``, ``stuck``, ``pass``,
``game over``. All are public.

Variants
--------
``tools_and_moles`` (default ``False``, as the rulebook advises for a first game);
``stuck``: ``lose`` (default; a player who can neither place nor harvest loses at once, an older
Board Game Arena rule) or ``pass`` (that player passes; the game ends when neither can act).

Readings chosen where the rulebook and FACTS.md are silent
----------------------------------------------------------
- Every bonus is optional (``skip``), the tool token's own bonus included; a bonus that allows
  no action at all is passed over without a decision.
- Swap's placement may be a tool token (as a tool or as a mole) and may not be declined once the
  swap is made; Swap is offered only where a swapped token can then be placed.
- Column Flip is offered for columns holding at least one vegetable token; Compost for the
  vegetables in the Hedge.
- The Wheelbarrow may not move the token that gave its bonus (placed or moved onto it); a
  Wheelbarrow reached through Copy or the score track has no such token.
- The Wheelbarrow moves any token of your Potager, moles included ("Déplacez 1 jeton de votre
  Potager", and "Un jeton Outil/Taupe ne peut jamais être déplacé vers une case Outil" says such
  tokens do move), never a tool or mole token onto a tool square; it keeps its face (FACTS).
- Gloves is the whole placing action ("identique à l'action décrite pages 4 et 5"): with the
  module it may also drop a Hedge tool token as a mole into the opponent's Potager (FACTS).
- Copy and a visible Copy token at a score-track bonus both offer the opponent's visible tool
  squares and tool tokens (its Copy excepted); a mole's tool identity stays with the token.
- A stuck check is made at the start of each turn; a pass counts as that player's turn.
"""

from .game import GardenRush

GAME = GardenRush()

__all__ = ["GAME", "GardenRush"]

"""Scripted Garden Rush games for the rulebook's examples: a bag whose first tokens are given,
positions laid out square by square, moves in notation."""

from __future__ import annotations

from collections import Counter

from potager.games.garden_rush import GAME
from potager.games.garden_rush.data import FACES, FIRST_TOOL, KINDS, TOOL_FACES
from potager.games.garden_rush.rules import GardenRushState, cell
from potager.games.garden_rush.views import _SQUARE

TOOL_SQUARES_OF_SEAT_0 = {"b2": "gloves", "d2": "watering can", "b4": "wheelbarrow", "d4": "basket"}
"""Seat 0's tool squares as the rulebook's picture of the Potager shows them."""


def deck_with(head: list[str], module: bool = False) -> list[str]:
    """A whole bag: ``head`` first (Hedge slots 1…5, the Trampoline, then the draws), the other
    components after it in a fixed order (vegetables first)."""
    variant = GAME.resolve_variant({"tools_and_moles": module})
    rest = Counter(GAME.components(2, variant)) - Counter(head)
    order = sorted(rest, key=KINDS.index)
    return head + [k for k in order for _ in range(rest[k])]


def new(head: list[str], module: bool = False, stuck: str = "lose") -> GardenRushState:
    variant = {"tools_and_moles": module, "stuck": stuck}
    state = GAME.new_game(2, seed=1, variant=variant, deck=deck_with(head, module))
    return state


def put(state: GardenRushState, seat: int, square: str, token: str, face: str) -> None:
    """Lay a token on a square (to set up a rulebook picture), in place of any there, through the
    rules' own `_clear` and `_put` so that the kept masks, plants and fields follow."""
    kind = KINDS.index(token)
    faces = FACES if kind < FIRST_TOOL else TOOL_FACES
    q = _SQUARE[square]
    if state.potagers[seat][q]:
        state._clear(seat, q)
    state._put(seat, q, cell(kind, faces.index(face)))


def lay(state: GardenRushState, seat: int, squares: str) -> None:
    """``lay(state, 0, "broccoli:double@c3 broccoli:single@b3")``."""
    for item in squares.split():
        token, where = item.split("@")
        kind, face = token.split(":")
        put(state, seat, where, kind, face)


def play(state: GardenRushState, *moves: str) -> None:
    """Play each move (notation) for the seat to move."""
    for text in moves:
        seat = state.to_move[0]
        state.apply(seat, state.str_to_action(seat, text))


def legal(state: GardenRushState) -> set[str]:
    """The legal actions of the seat to move, in notation. As the rules test a placement on the
    board rather than in that list (`is_legal`), check here that both agree on every action."""
    seat = state.to_move[0]
    actions = state.legal_actions(seat)
    listed = set(actions)
    every = range(GAME.num_actions(2, state.variant))
    assert [a for a in every if state.is_legal(seat, a)] == sorted(listed) == actions
    return {state.action_to_str(a) for a in actions}


def square(state: GardenRushState, seat: int, name: str) -> dict[str, str] | None:
    """The token on a square as the view shows it, or None."""
    found: dict[str, str] | None = state.view(None)["potagers"][seat].get(name)
    return found


def table(
    state: GardenRushState,
    hedge: list[str],
    trampoline: str,
    draws: list[str] = (),  # type: ignore[assignment]
) -> None:
    """Set the Hedge, the Trampoline and the next draws (a rulebook picture), taking the tokens
    from the bag and putting the replaced ones back into it, so every token stays counted."""
    state.bag += [*state.hedge, state.trampoline]
    wanted = [KINDS.index(k) for k in [*hedge, trampoline, *draws]]
    for kind in wanted:
        state.bag.remove(kind)
    state.hedge = wanted[: len(hedge)]
    state.trampoline = wanted[len(hedge)]
    state.bag += wanted[: len(hedge) : -1]
    state._legal = None

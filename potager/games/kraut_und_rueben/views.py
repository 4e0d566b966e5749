"""What each seat sees, and a full state rebuilt from it (DESIGN.md, "hidden information").

Hidden: the order of the pile and the other players' contracts (shown once the game, or in a
match each game, is over). Everything else is on the table: the gardens, their owners, the tile
just drawn, the pile's size, the tiles out of the game, who still has a mole, and the log of who
put which tile where (every player saw each placement made).
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from potager.engine import Action, Seat, View

from .data import CONTRACTS, KINDS, MAX_PLAYERS, SPACES
from .notation import DRAW, EMPTY, MOST_GARDENS, MOST_SPACES, OVER, PHASES, PLACING, SIZE
from .scoring import CODE

if TYPE_CHECKING:
    from .rules import KrautUndRuebenState


TAKE = "take"
"""A take's word in the log, where a placement has its tile's kind."""

LOG_PLACES: tuple[list[Any], ...] = tuple(
    [seat, kind, i // SIZE + 1, SPACES[i % SIZE]]
    for seat in range(MAX_PLAYERS)
    for kind in KINDS
    for i in range(MOST_SPACES)
)
"""The log's entry ``[seat, kind, garden, space]`` of ``seat`` putting a tile of ``kind`` (kind
``mole``: its mole) on the flat space ``i``, at ``(seat · 8 + code) · MOST_SPACES + i``. Made
once and shared by every log and every view, read-only as the events are: a view copies the
log, not its entries (a view is built at every decision of an RL environment)."""
LOG_TAKES: tuple[list[Any], ...] = tuple(
    [seat, TAKE, g + 1, None] for seat in range(MAX_PLAYERS) for g in range(MOST_GARDENS)
)
"""The log's entry ``[seat, "take", garden, None]``, at ``seat · MOST_GARDENS + g``."""


def space_of(entry: list[Any]) -> int:
    """The flat space ``12 · g + s`` of a placement's log ``entry``."""
    return (entry[2] - 1) * SIZE + SPACES.index(entry[3])


def logged(entry: list[Any]) -> list[Any]:
    """The shared entry (`LOG_PLACES`, `LOG_TAKES`) equal to a view's log ``entry``."""
    seat, what, garden, _ = entry
    if what == TAKE:
        return LOG_TAKES[seat * MOST_GARDENS + garden - 1]
    return LOG_PLACES[(seat * len(KINDS) + CODE[what]) * MOST_SPACES + space_of(entry)]


def _spaces(state: KrautUndRuebenState, g: int) -> dict[str, list[str]]:
    """The tiles of garden ``g`` per space that holds any, bottom first, in space order.

    Most of a view's work (every decision of an RL environment builds one): a plain
    loop over the garden's codes, not a call per space."""
    base, cover, first = state.base, state.cover, g * SIZE
    spaces: dict[str, list[str]] = {}
    for s, name in enumerate(SPACES):
        bottom = base[first + s]
        if bottom != EMPTY:
            top = cover[first + s]
            spaces[name] = [KINDS[bottom]] if top == EMPTY else [KINDS[bottom], KINDS[top]]
    return spaces


def build(state: KrautUndRuebenState, seat: Seat | None) -> View:
    """The view of ``seat`` (``None``: a spectator)."""
    over = state.phase == OVER
    own = None if seat is None else state.contracts[seat]
    return {
        "players": state.players,
        "variant": dict(state.variant),
        "game": state.game_no + 1,
        "games": state.games,
        "phase": PHASES[state.phase],
        "turn": None if over else state.turn,
        "gardens": [
            {
                "garden": g + 1,
                "owner": None if state.owner[g] < 0 else state.owner[g],
                "full": state.filled[g] == SIZE,
                "spaces": _spaces(state, g),
            }
            for g in range(state.gardens)
        ],
        "pile": len(state.pile),
        "drawn": None if state.drawn == EMPTY else KINDS[state.drawn],
        "out": {k: n for k, n in zip(KINDS, state.out, strict=True) if n},
        "moles": list(state.has_mole),
        "taken": [[s, g + 1] for s, g in state.taken],
        "log": state.log[:],
        "finished": [s for s in range(state.players) if state.finished[s]],
        "contract": own,
        "contracts": [c if over or s == seat else None for s, c in enumerate(state.contracts)],
        "running_score": None if seat is None else sum(state.garden_points(seat)),
        "history": copy.deepcopy(state.history) if state.history else [],
        "totals": list(state.totals),
    }


def restore(state: KrautUndRuebenState, view: View, seat: Seat, rng: random.Random) -> None:
    """Make the fresh ``state`` show ``view`` to ``seat``: the table as seen, the unseen tiles
    reshuffled into the pile, the others' contracts dealt from the ones ``seat`` has not seen."""
    state.events, state.moves = [], []
    state.game_no = view["game"] - 1
    state.history = copy.deepcopy(view["history"])
    state.totals = list(view["totals"])
    unseen = dict(state.tables.counts)
    for g, garden in enumerate(view["gardens"]):
        state.owner[g] = -1 if garden["owner"] is None else garden["owner"]
        for name, stack in garden["spaces"].items():
            for kind in stack:
                if kind != "mole":
                    unseen[kind] -= 1
            _put(state, g, SPACES.index(name), stack)
    state.taken = [(s, g - 1) for s, g in view["taken"]]
    state.owned = [[g for s, g in state.taken if s == seat_] for seat_ in range(state.players)]
    state.log = [logged(entry) for entry in view["log"]]
    state.out = [view["out"].get(k, 0) for k in KINDS]
    for kind, n in view["out"].items():
        unseen[kind] -= n
    state.drawn = EMPTY if view["drawn"] is None else CODE[view["drawn"]]
    if view["drawn"] is not None:
        unseen[view["drawn"]] -= 1
    state.pile = [CODE[k] for k, n in unseen.items() for _ in range(n)]
    rng.shuffle(state.pile)
    assert len(state.pile) == view["pile"], "the view's tiles do not add up to the box"
    state.has_mole = list(view["moles"])
    state.finished = [s in view["finished"] for s in range(state.players)]
    state.done = len(view["finished"])
    if None in view["contracts"]:
        others = [c for c in sorted(CONTRACTS) if c != view["contract"]]
        rng.shuffle(others)
        state.contracts = [
            view["contract"] if s == seat else others.pop() for s in range(state.players)
        ]
    else:
        state.contracts = list(view["contracts"])
    state.phase = PHASES.index(view["phase"])
    state.turn = -1 if view["turn"] is None else view["turn"]
    state.is_over = state.phase == OVER
    state.to_move = () if state.is_over else state.seats[state.turn]
    state.index_empty_spaces()
    if state.phase == PLACING:
        state.targets = state._place_targets(state.turn, state.drawn)


def _put(state: KrautUndRuebenState, g: int, s: int, stack: list[str]) -> None:
    """Lay ``stack`` (bottom first) on space ``s`` of garden ``g``, keeping the counts and the
    coverable mask (`index_empty_spaces` indexes the empty spaces afterwards)."""
    i, bit = g * SIZE + s, 1 << s
    codes = [CODE[k] for k in stack]
    state.base[i] = codes[0]
    state.filled[g] += 1
    state.placed += 1
    if len(codes) == 2:
        state.cover[i] = codes[1]
    elif codes[0] <= CODE["dandelion"]:
        state.coverable[g] |= bit
    state.snails[g] += codes.count(CODE["snail"])
    state.moles[g] += codes.count(CODE["mole"])


def label(state: KrautUndRuebenState, action: Action) -> str:
    """A longer description of ``action`` for interfaces."""
    space = state.space
    if action == DRAW:
        return "draw the top tile of the pile"
    if action < space.mole:
        g, s = divmod(action - space.place, SIZE)
        tile = KINDS[state.drawn] if state.drawn != EMPTY else "drawn tile"
        return f"place the {tile} on garden {g + 1}, space {SPACES[s]}"
    if action < space.take:
        g, s = divmod(action - space.mole, SIZE)
        return f"play your mole on garden {g + 1}, space {SPACES[s]}"
    if action < space.pass_:
        return f"take garden {action - space.take + 1}"
    return "pass (take no garden this turn)"

"""Heuschrecken Poker in the terminal: the table as one seat sees it, and the log of the turn.

The table shows the round, what is awaited, the display (stacked kinds), the draw and discard
piles, then one row per player: chips, garden, the poker cards still in hand and the ones spent,
and this turn's bid (face down as ``[?]`` until everyone has bid; the seat's own bid is shown to
it). Kinds and bids are written in the game's notation (``corn``, ``A``) so they can be typed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from potager.engine import Event, Seat, View
from potager.games.heuschrecken_poker.data import KINDS

from . import Who, per_seat, seats_text

STYLES = {
    "corn": "yellow",
    "strawberry": "red",
    "broccoli": "green",
    "blackberry": "magenta",
    "grasshopper": "bold bright_green reverse",
}
REASONS = {"ace": "with the Ace", "x": "with the X, over the Ace", "alone": "as the only taker"}
FACE_DOWN = "[?]"


def who(seat: int, viewer: Seat | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def cards_text(counts: dict[str, int]) -> Text:
    """``corn×2 grasshopper×1``, each kind in its colour; ``—`` when empty."""
    parts = [Text(f"{kind}×{counts[kind]}", style=STYLES[kind]) for kind in KINDS if counts[kind]]
    return Text(" ").join(parts) if parts else Text("—", style="dim")


def cards_line(cards: dict[str, int]) -> str:
    """``2 corn, 1 grasshopper`` for the log."""
    return ", ".join(f"{n} {kind}" for kind, n in cards.items() if n) or "nothing"


def status(view: View, seat: Seat | None) -> Text:
    """What the table is waiting for."""
    if view["phase"] == "over":
        chips = view["chips"]
        best = max(chips)
        leaders = [who(s, seat) for s, c in enumerate(chips) if c == best]
        return Text(
            f"Game over: most chips ({best}) for {' and '.join(leaders)}; "
            "a tie goes to the fewest grasshoppers.",
            style="bold",
        )
    if view["phase"] == "take":
        taker = view["to_move"][0]
        return Text(f"{Who(taker, seat).does('takes', 'take')} one kind from the display.")
    waiting = ", ".join(who(s, seat) for s in view["to_move"])
    again = " again (stalemate)" if view["stalemates"] else ""
    return Text(f"Everyone bids a poker card face down{again}; waiting for {waiting}.")


def players_table(view: View, seat: Seat | None) -> Table:
    """One row per player: chips, garden, bid of this turn, hand and spent poker cards."""
    grid = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for column in ("player", "chips", "garden", "bid", "in hand", "spent"):
        grid.add_column(column, style="bold" if column == "player" else None)
    committed = set(view["committed"])
    for s in range(view["players"]):
        if s == seat and view["bid"] is not None:
            bid = Text(view["bid"], style="bold cyan")
        elif s in committed:
            bid = Text(FACE_DOWN, style="dim")
        elif view["revealed"] is not None and view["phase"] == "take":
            bid = Text(view["revealed"][s])
        else:
            bid = Text("")
        grid.add_row(
            who(s, seat),
            str(view["chips"][s]),
            cards_text(view["gardens"][s]),
            bid,
            " ".join(view["hands"][s]),
            Text(" ".join(view["spent"][s]), style="dim"),
        )
    return grid


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator)."""
    head = Text.assemble(
        (f"Round {view['round']}", "bold"),
        f" · {view['bids_played']} of 8 bids played",
        " · beginners' variant" if view["variant"]["beginner"] else "",
    )
    piles = Text(f"Draw pile: {view['pile']} · discard: ") + cards_text(view["discard"])
    display = Text("Display: ", style="bold") + cards_text(view["display"])
    parts: list[RenderableType] = [head, piles, display]
    if view["revealed"] is not None:
        parts.append(Text("Last bids: " + "  ".join(view["revealed"]), style="dim"))
    parts += [players_table(view, seat), status(view, seat)]
    return Group(*parts)


def _reveal(event: Event, viewer: Seat | None) -> str:
    bids = ", ".join(f"{Who(s, viewer)}: {b}" for s, b in enumerate(event["bids"]))
    cancelled = event["cancelled"]
    return f"Bids revealed — {bids}" + (
        f" ({seats_text(cancelled, viewer)} cancel out)" if cancelled else ""
    )


def _take(e: Event, viewer: Seat | None) -> str:
    forced = " (the only kind left)." if e["forced"] else "."
    return f"{Who(e['seat'], viewer).does('takes', 'take')} {e['count']} {e['kind']}{forced}"


def _take_all(e: Event, viewer: Seat | None) -> str:
    return (
        f"{Who(e['seat'], viewer).does('takes', 'take')} the whole display "
        f"{REASONS[e['reason']]}: {cards_line(e['cards'])}."
    )


def _plague(e: Event, viewer: Seat | None) -> str:
    who = Who(e["seat"], viewer)
    return (
        f"Grasshopper plague! {who.does('loses', 'lose')} {who.its} garden: "
        f"{cards_line(e['cards'])}."
    )


LINES: dict[str, Callable[[Event, Seat | None], str]] = {
    "bid": lambda e, v: f"{Who(e['seat'], v).does('bids', 'bid')} face down.",
    "reveal": _reveal,
    "take": _take,
    "take_all": _take_all,
    "empty_handed": lambda e, v: f"Nothing left for {seats_text(e['seats'], v)}.",
    "harvest": lambda e, v: (
        f"{Who(e['seat'], v).does('harvests', 'harvest')} {e['kind']} for {e['chips']} chip(s)."
    ),
    "plague": _plague,
    "stalemate": lambda e, v: (
        f"Stalemate: {', '.join(e['added']) or 'nothing (the pile is empty)'} "
        "added to the display; everyone bids again."
    ),
    "double_stalemate": lambda e, v: (
        f"Second stalemate: the display is discarded ({cards_line(e['discarded'])})."
    ),
    "refill": lambda e, v: f"The display is refilled: {', '.join(e['cards'])}.",
    "round_scoring": lambda e, v: (
        f"End of round {e['round']}: plants {per_seat(list(map(str, e['plants'])), v)} — "
        f"1 chip to {seats_text(e['chips_to'], v)}."
    ),
    "game_end": lambda e, v: (
        f"Game over. Chips: {per_seat(list(map(str, e['chips'])), v)}; "
        f"winner(s): {seats_text(e['winners'], v)}."
    ),
}
"""One log line per event type, for a viewer."""


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One line of the log per event, as ``viewer`` reads it; a bid says only who has bid."""
    line = LINES.get(event["type"])
    return None if line is None else escape(line(event, viewer))

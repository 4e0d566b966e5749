"""Garden Rush in the terminal: both Potagers as grids, the Hedge between them with its column
arrows and the Trampoline, the score track with its bonus squares, the bag and the discards.

Columns are always ``a``…``e`` as in the notation (seat 0's left to right); the viewer's own
Potager is drawn at the bottom, rows counted from the Hedge. A vegetable shows ``●●`` on its
double face and ``●`` on its single face; a tool token shows its tool, a mole ``MOLE``; a free
tool square shows its tool in brackets.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from potager.engine import Event, Seat, View

COLUMNS = "abcde"
CUT = {"a1", "e1", "a5", "e5"}
STYLES = {
    "tomato": "red",
    "carrot": "dark_orange",
    "broccoli": "green",
    "potato": "yellow",
    "aubergine": "magenta",
}
TOOL_STYLE = "bold cyan"
FACE_MARK = {"double": "●●", "single": "●"}


def who(seat: int, viewer: Seat | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def token_text(token: dict[str, str]) -> Text:
    """One token as its face shows it."""
    kind, face = token["token"], token["face"]
    if face == "mole":
        return Text("MOLE", style="bold white on grey23")
    if face == "tool":
        return Text(kind.upper(), style=TOOL_STYLE)
    return Text(
        f"{kind} {FACE_MARK[face]}", style=STYLES[kind] + (" bold" if face == "double" else "")
    )


def potager_table(view: View, owner: int, viewer: Seat | None, top: bool) -> Table:
    """``owner``'s Potager; drawn above the Hedge (``top``) its row 1 is the lowest."""
    grid = Table(
        title="Your Potager" if owner == viewer else f"Seat {owner}'s Potager",
        show_header=True,
        box=None,
        padding=(0, 1),
    )
    grid.add_column("", style="dim")
    for c in COLUMNS:
        grid.add_column(c, justify="center", min_width=11)
    tokens, tools = view["potagers"][owner], view["tool_squares"][owner]
    for row in range(5, 0, -1) if top else range(1, 6):
        cells: list[Text] = []
        for c in COLUMNS:
            name = f"{c}{row}"
            if name in CUT:
                cells.append(Text(""))
            elif name in tokens:
                cells.append(token_text(tokens[name]))
            elif name in tools:
                cells.append(Text(f"[{tools[name]}]", style="cyan dim"))
            else:
                cells.append(Text("·", style="dim"))
        grid.add_row(str(row), *cells)
    return grid


def hedge_table(view: View) -> Table:
    """Slot k above column k, with its arrow; the Trampoline beyond slot 5 (tokens slide left).
    An empty slot (a gap left in the last turn) or Trampoline shows a dash."""
    grid = Table(title="Hedge", box=None, padding=(0, 1))
    grid.add_column("", style="dim")
    for k, c in enumerate(COLUMNS, 1):
        grid.add_column(f"{k}↕{c}", justify="center", min_width=11)
    grid.add_column("← Trampoline", justify="center")
    hedge = view["hedge"]
    slots = [
        Text("—", style="dim") if kind is None else token_text({"token": kind, "face": face(kind)})
        for kind in hedge
    ]
    tramp = view["trampoline"]
    grid.add_row(
        "",
        *slots,
        Text("—", style="dim")
        if tramp is None
        else token_text({"token": tramp, "face": face(tramp)}),
    )
    return grid


def face(kind: str) -> str:
    """Hedge and Trampoline tokens always show their double or tool face."""
    return "double" if kind in STYLES else "tool"


def track(view: View, viewer: Seat | None) -> Text:
    """The score track 0…goal: bonus squares ★, the gnomes as their seat numbers."""
    scores, goal = view["scores"], view["goal"]
    line = Text("Score track ")
    for square in range(max(goal, *scores) + 1):
        here = [str(s) for s, g in enumerate(scores) if g == square]
        if here:
            line.append("/".join(here), style="bold reverse")
        elif square in view["bonus_squares"]:
            line.append("★", style="yellow")
        elif square % 10 == 0:
            line.append("|", style="dim")
        else:
            line.append("·", style="dim")
    line.append(
        "   " + ", ".join(f"{who(s, viewer)} {g}" for s, g in enumerate(scores)), style="bold"
    )
    return line


def status(view: View, seat: Seat | None) -> Text:
    """What the table waits for."""
    if view["phase"] == "over":
        scores = view["scores"]
        if view["stuck"] is not None:
            return Text(
                f"Game over: {who(view['stuck'], seat)} could not play and lost.", style="bold"
            )
        best = max(scores)
        winners = " and ".join(who(s, seat) for s, g in enumerate(scores) if g == best)
        return Text(f"Game over: {winners} won with {best}.", style="bold")
    mover = who(view["turn"], seat).capitalize()
    if view["phase"] == "bonus":
        tools = ", ".join(view["bonus"]["tools"])
        text = f"{mover}: a bonus ({tools}), or skip."
    elif view["phase"] == "swap":
        text = f"{mover}: place the token of Hedge slot {view['swap']} or {view['swap'] + 1}."
    else:
        text = f"{mover}: place a token from the Hedge, or harvest a field."
    if view["last_turn"]:
        text += " Last turn."
    return Text(text, style="bold")


def counts(label: str, items: dict[str, int]) -> Text:
    line = Text(f"{label}: ", style="bold")
    parts = [f"{k}×{n}" for k, n in items.items() if n]
    line.append(", ".join(parts) or "—")
    return line


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (the spectator sees seat 0 at the bottom)."""
    me = 0 if seat is None else seat
    return Group(
        status(view, seat),
        potager_table(view, 1 - me, seat, top=True),
        hedge_table(view),
        potager_table(view, me, seat, top=False),
        track(view, seat),
        counts(f"Bag ({view['bag_size']})", view["bag"]),
        counts("Discarded", view["discard"]),
    )


def describe(event: Event) -> str | None:
    """One log line per event."""
    kind = event["type"]
    seat = f"seat {event['seat']}" if "seat" in event else ""
    if kind == "setup":
        return f"Hedge: {', '.join(event['hedge'])}; Trampoline: {event['trampoline']}."
    if kind == "draw":
        return f"{event['token']} is drawn onto the Trampoline."
    if kind == "bag empty":
        return "The bag is empty: the game ends after this turn (or the next, for seat 1)."
    if kind == "plant":
        where = f"slot {event['slot']} on {event['square']}"
        return f"{seat} plants the {event['token']} of {where} ({event['face']})."
    if kind == "mole":
        return (
            f"{seat} puts the {event['token']} token as a mole on the opponent's {event['square']}."
        )
    if kind == "harvest":
        squares = event["squares"]
        return f"{seat} harvests {len(squares)} {event['vegetable']} ({' '.join(squares)})."
    if kind == "score":
        return f"{seat}'s gnome moves from {event['from']} to {event['to']}."
    if kind == "bonus":
        return f"{seat} may use: {', '.join(event['tools'])}."
    if kind == "skip":
        return f"{seat} skips the bonus."
    if kind == "move":
        return f"{seat} moves the token of {event['from']} to {event['to']}."
    if kind == "flip":
        return f"{seat} flips the token on {event['square']} of seat {event['potager']}'s Potager."
    if kind == "swap":
        return f"{seat} swaps Hedge slots {event['slots'][0]} and {event['slots'][1]}."
    if kind == "compost":
        return f"{seat} composts {event['n']} {event['vegetable']} from the Hedge."
    if kind == "flipcol":
        return f"{seat} flips column {event['column']} in both Potagers."
    if kind == "molemove":
        return f"{seat} sends the mole of {event['from']} to the opponent's {event['to']}."
    if kind == "last turn":
        return f"Seat {event['seat']} plays the last turn."
    if kind == "stuck":
        return f"{seat} can neither place nor harvest, and loses."
    if kind == "pass":
        return f"{seat} can neither place nor harvest, and passes."
    if kind == "game over":
        return f"Game over: scores {event['scores']}, winners {event['winners']}."
    return None

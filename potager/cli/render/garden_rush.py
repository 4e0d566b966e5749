"""Garden Rush in the terminal: both Potagers and the Hedge between them as one grid, the score
track with its bonus squares, the bag, the Trampoline and the discards, in 16 lines.

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

from . import Who, per_seat, seats_text

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


def field_table(view: View, viewer: Seat | None) -> Table:
    """Both Potagers and the Hedge between them as one grid, so the columns line up: the other
    Potager above (its row 1 next to the Hedge), the viewer's below (the spectator's: seat 0's);
    each block's owner beside its first row, the Hedge's slot k above column k. An empty slot (a
    gap left in the last turn) shows a dash. One line a row, cut short rather than wrapped on a
    narrow terminal, so the table keeps its height (issue 16: 80 × 24)."""
    me = 0 if viewer is None else viewer
    grid = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False)
    grid.add_column("", style="dim", justify="right", no_wrap=True)
    for c in COLUMNS:
        grid.add_column(c, justify="center", no_wrap=True, overflow="ellipsis")
    for owner, rows in ((1 - me, range(5, 0, -1)), (me, range(1, 6))):
        if owner == me:
            slots = [
                Text("—", style="dim")
                if kind is None
                else token_text({"token": kind, "face": face(kind)})
                for kind in view["hedge"]
            ]
            grid.add_row(Text("Hedge", style="bold"), *slots)
        name = "you" if owner == viewer else f"seat {owner}"
        for i, row in enumerate(rows):
            grid.add_row(f"{name if i == 0 else ''} {row}", *potager_row(view, owner, row))
    return grid


def potager_row(view: View, owner: int, row: int) -> list[Text]:
    """One row of ``owner``'s Potager: tokens, free tool squares in brackets, free squares."""
    tokens, tools = view["potagers"][owner], view["tool_squares"][owner]
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
    return cells


def trampoline(view: View) -> Text:
    """The Trampoline beside slot 5 (its token enters the Hedge as the Hedge closes up)."""
    tramp = view["trampoline"]
    line = Text("Trampoline: ", style="bold")
    line.append_text(
        Text("—", style="dim")
        if tramp is None
        else token_text({"token": tramp, "face": face(tramp)})
    )
    return line


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
        text = f"{mover}: place a Hedge token or harvest a field."
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
    return Group(
        status(view, seat) + Text("   ") + trampoline(view),
        field_table(view, seat),
        track(view, seat),
        counts(f"Bag ({view['bag_size']})", view["bag"]),
        counts("Discarded", view["discard"]),
    )


def _where(potager: int, square: str, viewer: Seat | None) -> str:
    """A square of a Potager, named for the viewer: ``your c3``, ``seat 1's c3``."""
    return f"{Who(potager, viewer).whose} {square}"


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One log line per event, as ``viewer`` reads it."""
    kind = event["type"]
    if kind == "setup":
        return f"Hedge: {', '.join(event['hedge'])}; Trampoline: {event['trampoline']}."
    if kind == "draw":
        return f"Drawn onto the Trampoline: {event['token']}."
    if kind == "bag empty":
        return "The bag is empty: the game ends after this turn (or the next, for seat 1)."
    if kind == "game over":
        scores = per_seat(list(map(str, event["scores"])), viewer)
        won = "winner" if len(event["winners"]) == 1 else "winners"
        return f"Game over: {scores}; {won}: {seats_text(event['winners'], viewer)}."
    if "seat" not in event:
        return None
    who = Who(event["seat"], viewer)
    other = Who(1 - event["seat"], viewer)
    if kind == "plant":
        where = f"slot {event['slot']} on {event['square']}"
        return f"{who.does('plants', 'plant')} the {event['token']} of {where} ({event['face']})."
    if kind == "mole":
        return (
            f"{who.does('puts', 'put')} the {event['token']} token as a mole on "
            f"{_where(other.seat, event['square'], viewer)}."
        )
    if kind == "harvest":
        squares = event["squares"]
        return (
            f"{who.does('harvests', 'harvest')} a field of {len(squares)} {event['vegetable']} "
            f"({' '.join(squares)})."
        )
    if kind == "score":
        return f"{who.whose.capitalize()} gnome moves from {event['from']} to {event['to']}."
    if kind == "bonus":
        return f"{who.does('may', 'may')} use: {', '.join(event['tools'])}."
    if kind == "skip":
        return f"{who.does('skips', 'skip')} the bonus."
    if kind == "move":
        return f"{who.does('moves', 'move')} the token of {event['from']} to {event['to']}."
    if kind == "flip":
        square = _where(event["potager"], event["square"], viewer)
        return f"{who.does('flips', 'flip')} the token on {square}."
    if kind == "swap":
        return (
            f"{who.does('swaps', 'swap')} Hedge slots {event['slots'][0]} and {event['slots'][1]}."
        )
    if kind == "compost":
        return (
            f"{who.does('composts', 'compost')} {event['n']} {event['vegetable']} from the Hedge."
        )
    if kind == "flipcol":
        return f"{who.does('flips', 'flip')} column {event['column']} in both Potagers."
    if kind == "molemove":
        return (
            f"{who.does('sends', 'send')} the mole of {event['from']} to "
            f"{_where(other.seat, event['to'], viewer)}."
        )
    if kind == "last turn":
        return f"{who.does('plays', 'play')} the last turn."
    if kind in ("stuck", "pass"):
        then = who.verb("loses", "lose") if kind == "stuck" else who.verb("passes", "pass")
        return f"{who.does('can', 'can')} neither place nor harvest, and {then}."
    return None

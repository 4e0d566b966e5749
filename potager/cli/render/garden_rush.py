"""Garden Rush in the terminal: both Potagers and the Hedge between them as one grid, the score
track with its bonus squares, the bag, the Trampoline and the discards, in 17 to 19 lines.

Columns are always ``a``…``e`` as in the notation (seat 0's left to right); the viewer's own
Potager is drawn at the bottom, rows counted from the Hedge. A vegetable shows ``●●`` on its
double face and ``●`` on its single face; a tool token shows its tool, a mole ``MOLE``; a free
tool square shows its tool in brackets.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from potager.engine import Event, Seat, View

from ..language import t, tn
from .shared import Renderer, Who, per_seat, seats_text

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


def name(kind: str) -> str:
    """A vegetable, tool or tool token as the rulebook of the terminal's language names it
    (potager/web/GLOSSARY.md)."""
    names = {
        "tomato": t("Tomato"),
        "carrot": t("Carrot"),
        "broccoli": t("Broccoli"),
        "potato": t("Potato"),
        "aubergine": t("Aubergine"),
        "gloves": t("Gloves"),
        "basket": t("Basket"),
        "wheelbarrow": t("Wheelbarrow"),
        "watering can": t("Watering Can"),
        "swap": t("Swap"),
        "compost": t("Compost"),
        "flipcol": t("Column Flip"),
        "copy": t("Copy"),
        "molemove": t("Mole move"),
    }
    return names.get(kind, kind)


def face_name(face: str) -> str:
    """A vegetable token's face."""
    return {"double": t("double face"), "single": t("single face")}.get(face, face)


def who(seat: int, viewer: Seat | None) -> str:
    return str(Who(seat, viewer))


def token_text(token: dict[str, str]) -> Text:
    """One token as its face shows it."""
    kind, face = token["token"], token["face"]
    if face == "mole":
        return Text(t("Mole").upper(), style="bold white on grey23")
    if face == "tool":
        return Text(name(kind).upper(), style=TOOL_STYLE)
    return Text(
        f"{name(kind)} {FACE_MARK[face]}",
        style=STYLES[kind] + (" bold" if face == "double" else ""),
    )


def field_table(view: View, viewer: Seat | None) -> Table:
    """Both Potagers and the Hedge between them as one grid, so the columns line up: the other
    Potager above (its row 1 next to the Hedge), the viewer's below (the spectator's: seat 0's);
    each block's owner beside its first row and their points beside the second, the Hedge's slot
    k above column k. An empty slot (a
    gap left in the last turn) shows a dash. One line a row, cut short rather than wrapped on a
    narrow terminal, so the table keeps its height (80 × 24)."""
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
            grid.add_row(Text(t("Hedge"), style="bold"), *slots)
        score = view["scores"][owner]
        beside = [who(owner, viewer), tn(score, "{n} point", "{n} points")]
        for i, row in enumerate(rows):
            label = beside[i] if i < len(beside) else ""
            grid.add_row(f"{label} {row}", *potager_row(view, owner, row))
    return grid


def potager_row(view: View, owner: int, row: int) -> list[Text]:
    """One row of ``owner``'s Potager: tokens, free tool squares in brackets, free squares."""
    tokens, tools = view["potagers"][owner], view["tool_squares"][owner]
    cells: list[Text] = []
    for c in COLUMNS:
        square = f"{c}{row}"
        if square in CUT:
            cells.append(Text(""))
        elif square in tokens:
            cells.append(token_text(tokens[square]))
        elif square in tools:
            cells.append(Text(f"[{name(tools[square])}]", style="cyan dim"))
        else:
            cells.append(Text("·", style="dim"))
    return cells


def trampoline(view: View) -> Text:
    """The Trampoline beside slot 5 (its token enters the Hedge as the Hedge closes up)."""
    tramp = view["trampoline"]
    line = Text(t("Trampoline") + ": ", style="bold")
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
    line = Text(t("Score track") + " ")
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
    return line


class Lines:
    """Short lines side by side where the width allows, each whole, else one under another (a
    longer one wraps): the track and the discards share a line on an 80-column screen, so that
    Garden Rush with Tools & Moles keeps room for the log in 24 lines."""

    def __init__(self, *parts: Text) -> None:
        self.parts = parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line: Text | None = None
        for part in self.parts:
            if line is not None and line.cell_len + 2 + part.cell_len <= options.max_width:
                line = line + Text("  ") + part
                continue
            if line is not None:
                yield line
            line = part
        if line is not None:
            yield line


def status(view: View, seat: Seat | None) -> Text:
    """What the table waits for."""
    if view["phase"] == "over":
        scores = view["scores"]
        if view["stuck"] is not None:
            return Text(
                Who(view["stuck"], seat).says(
                    "Game over: you could not play and lost.",
                    "Game over: seat {seat} could not play and lost.",
                ),
                style="bold",
            )
        best = max(scores)
        winners = [s for s, g in enumerate(scores) if g == best]
        if winners == [seat]:
            return Text(t("Game over: you win with {n} points.", n=best), style="bold")
        names = seats_text(winners, seat)
        if len(winners) == 1:
            return Text(
                t("Game over: {names} wins with {n} points.", names=names, n=best), style="bold"
            )
        return Text(t("Game over: {names} win with {n} points.", names=names, n=best), style="bold")
    mover = Who(view["turn"], seat)
    if view["phase"] == "bonus":
        tools = ", ".join(name(tool) for tool in view["bonus"]["tools"])
        text = mover.says(
            "You: a bonus action ({tools}), or skip.",
            "Seat {seat}: a bonus action ({tools}), or skip.",
            tools=tools,
        )
    elif view["phase"] == "swap":
        text = mover.says(
            "You: place the token of Hedge slot {slot} or {next}.",
            "Seat {seat}: place the token of Hedge slot {slot} or {next}.",
            slot=view["swap"],
            next=view["swap"] + 1,
        )
    else:
        text = mover.says(
            "You: place a Hedge token or harvest a field.",
            "Seat {seat}: place a Hedge token or harvest a field.",
        )
    if view["last_turn"]:
        text += " " + t("Last turn") + "."
    return Text(text, style="bold")


def counts(label: str, items: dict[str, int]) -> Text:
    line = Text(f"{label}: ", style="bold")
    parts = [f"{name(k)}×{n}" for k, n in items.items() if n]
    line.append(", ".join(parts) or "—")
    return line


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (the spectator sees seat 0 at the bottom)."""
    return Group(
        status(view, seat) + Text("   ") + trampoline(view),
        field_table(view, seat),
        Lines(
            track(view, seat),
            counts(t("Discarded"), view["discard"]),
            counts(t("Bag ({n})", n=view["bag_size"]), view["bag"]),
        ),
    )


def _token(kind: str) -> str:
    """``the Tomato token`` as a sentence names a token."""
    return t("the {name} token", name=name(kind))


def _game_over(event: Event, viewer: Seat | None) -> str:
    scores = per_seat(list(map(str, event["scores"])), viewer)
    names = seats_text(event["winners"], viewer)
    if event["winners"] == [viewer]:
        return t("Game over: you win ({scores}).", scores=scores)
    if len(event["winners"]) == 1:
        return t("Game over: {names} wins ({scores}).", names=names, scores=scores)
    return t("Game over: {names} win ({scores}).", names=names, scores=scores)


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One log line per event, as ``viewer`` reads it."""
    kind = event["type"]
    if kind == "setup":
        return t(
            "The Hedge holds {tokens}; the Trampoline {token}.",
            tokens=", ".join(name(k) for k in event["hedge"]),
            token=name(event["trampoline"]),
        )
    if kind == "draw":
        return t("{token} is drawn onto the Trampoline.", token=name(event["token"]))
    if kind == "bag empty":
        return t(
            "The bag is empty: the game ends after this turn (or after the other player’s last "
            "turn)."
        )
    if kind == "game over":
        return _game_over(event, viewer)
    if "seat" not in event:
        return None
    who = Who(event["seat"], viewer)
    other = Who(1 - event["seat"], viewer)
    if kind == "plant":
        return who.says(
            "You plant {token} of Hedge slot {slot} on {square} ({face}).",
            "Seat {seat} plants {token} of Hedge slot {slot} on {square} ({face}).",
            token=_token(event["token"]),
            slot=event["slot"],
            square=event["square"],
            face=face_name(event["face"]),
        )
    if kind == "mole":
        token, square = _token(event["token"]), event["square"]
        if who.you:
            return t(
                "You put {token} as a mole on {square} of the Potager of seat {owner}.",
                token=token,
                square=square,
                owner=other.seat,
            )
        if other.you:
            return t(
                "Seat {seat} puts {token} as a mole on {square} of your Potager.",
                seat=who.seat,
                token=token,
                square=square,
            )
        return t(
            "Seat {seat} puts {token} as a mole on {square} of the Potager of seat {owner}.",
            seat=who.seat,
            token=token,
            square=square,
            owner=other.seat,
        )
    if kind == "harvest":
        squares = event["squares"]
        tokens = tn(
            len(squares), "{n} {name} token", "{n} {name} tokens", name=name(event["vegetable"])
        )
        return who.says(
            "You harvest {tokens} ({squares}).",
            "Seat {seat} harvests {tokens} ({squares}).",
            tokens=tokens,
            squares=" ".join(squares),
        )
    if kind == "score":
        return who.says(
            "Your gnome goes from {from} to {to}.",
            "The gnome of seat {seat} goes from {from} to {to}.",
            **{"from": event["from"], "to": event["to"]},
        )
    if kind == "bonus":
        tools = ", ".join(name(tool) for tool in event["tools"])
        return who.says("You may use {tools}.", "Seat {seat} may use {tools}.", tools=tools)
    if kind == "skip":
        return who.says("You skip the bonus action.", "Seat {seat} skips the bonus action.")
    if kind == "move":
        return who.says(
            "You move the token on {from} to {to} (Wheelbarrow).",
            "Seat {seat} moves the token on {from} to {to} (Wheelbarrow).",
            **{"from": event["from"], "to": event["to"]},
        )
    if kind == "flip":
        if event["potager"] == event["seat"]:
            return who.says(
                "You flip {square} of your Potager.",
                "Seat {seat} flips {square} of its Potager.",
                square=event["square"],
            )
        if who.you:
            return t(
                "You flip {square} of the Potager of seat {owner}.",
                square=event["square"],
                owner=other.seat,
            )
        if other.you:
            return t(
                "Seat {seat} flips {square} of your Potager.", seat=who.seat, square=event["square"]
            )
        return t(
            "Seat {seat} flips {square} of the Potager of seat {owner}.",
            seat=who.seat,
            square=event["square"],
            owner=other.seat,
        )
    if kind == "swap":
        return who.says(
            "You swap Hedge slots {slot} and {next}.",
            "Seat {seat} swaps Hedge slots {slot} and {next}.",
            slot=event["slots"][0],
            next=event["slots"][1],
        )
    if kind == "compost":
        tokens = tn(
            event["n"], "{n} {name} token", "{n} {name} tokens", name=name(event["vegetable"])
        )
        return who.says(
            "You compost {tokens} from the Hedge.",
            "Seat {seat} composts {tokens} from the Hedge.",
            tokens=tokens,
        )
    if kind == "flipcol":
        return who.says(
            "You flip column {column} in both Potagers.",
            "Seat {seat} flips column {column} in both Potagers.",
            column=event["column"],
        )
    if kind == "molemove":
        squares = {"from": event["from"], "to": event["to"]}
        if who.you:
            return t(
                "You send the mole on {from} to {to} of the Potager of seat {owner}.",
                owner=other.seat,
                **squares,
            )
        if other.you:
            return t(
                "Seat {seat} sends the mole on {from} to {to} of your Potager.",
                seat=who.seat,
                **squares,
            )
        return t(
            "Seat {seat} sends the mole on {from} to {to} of the Potager of seat {owner}.",
            seat=who.seat,
            owner=other.seat,
            **squares,
        )
    if kind == "last turn":
        return who.says("You play the last turn.", "Seat {seat} plays the last turn.")
    if kind == "stuck":
        return who.says(
            "You can neither place nor harvest, and lose.",
            "Seat {seat} can neither place nor harvest, and loses.",
        )
    if kind == "pass":
        return who.says(
            "You can neither place nor harvest, and pass.",
            "Seat {seat} can neither place nor harvest, and passes.",
        )
    return None


def label(notation: str) -> str | None:
    """A move in words (the browser's plug-in's), from its notation (``plant 3 c2``)."""
    verb, *w = notation.split()
    if verb == "plant":
        return t("place the token of Hedge slot {slot} on {square}", slot=w[0], square=w[1])
    if verb == "mole":
        return t(
            "put the token of Hedge slot {slot} as a mole on the opponent's {square}",
            slot=w[0],
            square=w[-1],
        )
    if verb == "harvest":
        tokens = tn(len(w) - 1, "{n} {name} token", "{n} {name} tokens", name=name(w[0]))
        return t("harvest {tokens}: {squares}", tokens=tokens, squares=" ".join(w[1:]))
    if verb == "move":
        return t("move the token on {from} to {to}", **{"from": w[0], "to": w[1]})
    if verb == "flip" and w[0] == "opp":
        return t("flip the opponent's token on {square}", square=w[1])
    if verb == "flip":
        return t("flip the token on {square}", square=w[0])
    if verb == "swap":
        return t("swap Hedge slots {slot} and {next}", slot=w[0], next=int(w[0]) + 1)
    if verb == "compost":
        return t("compost every {name} of the Hedge", name=name(w[0]))
    if verb == "flipcol":
        return t("flip every vegetable token of column {column}", column=w[0])
    if verb == "molemove":
        return t("send the mole on {from} to the opponent's {to}", **{"from": w[0], "to": w[-1]})
    if verb == "skip":
        return t("decline the bonus")
    return None


RENDERER = Renderer(render, describe, label)

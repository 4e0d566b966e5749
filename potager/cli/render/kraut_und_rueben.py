"""Kraut & Rüben in the terminal: the gardens as grids, your contract, and the log.

Each garden is a 4 × 3 grid (columns ``a``…``d``, rows ``1``…``3``, as the notation names the
spaces) titled with its number and owner; a space shows its uncovered tile in two letters (``To``
tomato), underlined when it covers another. Above: the pile, the drawn tile, who still has a
mole; below: the letters' legend, your contract with the column of your garden(s) highlighted,
and your running score. Contracts of the others appear only once the game is over. Five gardens
stand side by side on 80 columns, so the table fits an 80 × 24 terminal with the log and the
choices (issue 16).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from potager.engine import Event, Seat, View
from potager.games.kraut_und_rueben.data import (
    COLUMN_LABELS,
    COLUMNS,
    CONTRACTS,
    FIXED_POINTS,
    NEGATIVE_POINTS,
    ROWS,
)
from potager.games.kraut_und_rueben.scoring import column

from . import Who, per_seat, seats_text

STYLES = {
    "tomato": "red",
    "asparagus": "bright_green",
    "carrot": "dark_orange",
    "salad": "green",
    "clover": "cyan",
    "dandelion": "yellow",
    "snail": "magenta",
    "mole": "bold white on grey23",
}


def who(seat: int | None, viewer: Seat | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else f"seat {seat}"


def code(kind: str) -> str:
    """A tile in two letters, as the gardens show it: ``To`` tomato, ``Sn`` snail, ``Mo`` mole.

    >>> [code(k) for k in STYLES]
    ['To', 'As', 'Ca', 'Sa', 'Cl', 'Da', 'Sn', 'Mo']
    """
    return kind[:2].capitalize()


def tile(stack: list[str]) -> Text:
    """The uncovered tile, underlined when it covers another (which no longer counts)."""
    if not stack:
        return Text("·", style="dim")
    return Text(
        code(stack[-1]), style=STYLES[stack[-1]] + (" underline" if len(stack) == 2 else "")
    )


def a(kind: str) -> str:
    """The kind with its article: ``a tomato``, ``an asparagus``."""
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def garden_grid(garden: dict, viewer: Seat | None) -> Table:  # type: ignore[type-arg]
    """One garden, 13 columns wide so that five stand side by side on 80 columns: its number and
    owner (``*`` when full) as title, the 12 spaces as a grid of two-letter tiles."""
    owner = garden["owner"]
    title = f"{garden['garden']} · " + ("—" if owner is None else who(owner, viewer))
    grid = Table(
        title=title + (" *" if garden["full"] else ""),
        title_style="bold" if owner == viewer else "",
        box=None,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    grid.add_column("", style="dim")
    for c in COLUMNS:
        grid.add_column(c, justify="center", width=2, header_style="dim")
    for r in ROWS:
        grid.add_row(r, *(tile(garden["spaces"].get(c + r, [])) for c in COLUMNS))
    return grid


def legend() -> Text:
    """How to read the gardens."""
    return Text("Tiles by their first two letters; underlined: covers a tile; *: full", "dim")


def own_columns(view: View, seat: Seat) -> list[int]:
    """The contract column of each garden ``seat`` owns (its uncovered principal count)."""
    principal = CONTRACTS[view["contract"]].principal
    return [
        column(sum(stack[-1] == principal for stack in g["spaces"].values()))
        for g in view["gardens"]
        if g["owner"] == seat
    ]


def contract_table(view: View, seat: Seat) -> Table:
    """Your contract card in three lines: points per tile by the column your principal count
    picks (your gardens' columns highlighted), the negative vegetable and the points for all."""
    card = CONTRACTS[view["contract"]]
    mine = own_columns(view, seat)
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    table.add_column(f"Contract {card.number}: {card.principal} ×", style="bold")
    for i, label in enumerate(COLUMN_LABELS):
        table.add_column(label, justify="right", style="bold reverse" if i in mine else None)
    table.add_column("")
    fixed = ", ".join(f"{k} {v:+d}" for k, v in FIXED_POINTS.items() if v)
    table.add_row(
        Text(card.lower, style=STYLES[card.lower]),
        *map(str, card.lower_points),
        Text.assemble((card.negative, STYLES[card.negative]), f" {NEGATIVE_POINTS:+d} a tile"),
    )
    table.add_row(
        Text(card.higher, style=STYLES[card.higher]),
        *map(str, card.higher_points),
        Text(f"for all: {fixed}", style="dim"),
    )
    return table


def status(view: View, seat: Seat | None) -> Text:
    """What the table waits for, or the end."""
    if view["phase"] == "over":
        last = view["history"][-1]
        scores = view["totals"] if view["games"] > 1 else last["scores"]
        winners = last["winners"] if view["games"] == 1 else _leaders(scores)
        return Text(
            f"Game over. Points: {per_seat(list(map(str, scores)), seat)}; winner: "
            f"{seats_text(winners, seat)}.",
            style="bold",
        )
    you = view["turn"] == seat
    mole = view["moles"][view["turn"]]
    doing = {
        "draw": ("draw a tile" if you else "draws a tile")
        + ((" or play your mole" if you else " or plays the mole") if mole else ""),
        "place": ("place" if you else "places") + f" the {view['drawn']}",
        "take": "may take a garden (or pass)",
    }[view["phase"]]
    return Text(f"{who(view['turn'], seat).capitalize()} {doing}.")


def _leaders(scores: list[int]) -> list[int]:
    return [s for s, v in enumerate(scores) if v == max(scores)]


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator), in 13 lines for five gardens
    or fewer on 80 columns (issue 16: it took 60)."""
    moles = [who(s, seat) for s, m in enumerate(view["moles"]) if m]
    head = Text.assemble(
        (f"Game {view['game']} of {view['games']}   ", "bold") if view["games"] > 1 else "",
        f"pile: {view['pile']}   drawn: ",
        Text(view["drawn"], style=STYLES[view["drawn"]])
        if view["drawn"]
        else Text("—", style="dim"),
        "   out: " + (", ".join(f"{k}×{n}" for k, n in view["out"].items()) or "—"),
        f"   moles in hand: {', '.join(moles) or 'none'}",
    )
    parts: list[RenderableType] = [
        head,
        Columns([garden_grid(g, seat) for g in view["gardens"]], padding=(0, 2)),
        legend(),
    ]
    if seat is not None:
        parts += [
            contract_table(view, seat),
            Text(f"Your gardens score {view['running_score']} points now.", style="bold"),
        ]
    if view["phase"] == "over" or view["history"]:
        parts.append(history_table(view, seat))
    parts.append(status(view, seat))
    return Group(*parts)


def history_table(view: View, seat: Seat | None) -> Table:
    """Each finished game: contracts (revealed), points, cup, winner."""
    table = Table(title="Finished games", title_style="bold")
    table.add_column("game")
    for s in range(view["players"]):
        table.add_column(who(s, seat), justify="right")
    for game in view["history"]:
        cells = []
        for s, points in enumerate(game["scores"]):
            mark = " ★" if s in game["winners"] else ""
            cup = " +cup" if game["cup"] == s else ""
            cells.append(f"{points} (card {game['contracts'][s]}){cup}{mark}")
        table.add_row(str(game["game"]), *cells)
    if view["games"] > 1:
        table.add_row("total", *map(str, view["totals"]))
    return table


def _place(e: Event, viewer: Seat | None) -> str:
    where = f"garden {e['garden']}, {e['space']}"
    who = Who(e["seat"], viewer)
    if e["covers"]:
        return f"{who.whose.capitalize()} {e['tile']} covers the {e['covers']} on {where}."
    return f"{who.does('places', 'place')} the {e['tile']} on {where}."


def _game_over(e: Event, viewer: Seat | None) -> str:
    points = [f"{p} (card {c})" for p, c in zip(e["scores"], e["contracts"], strict=True)]
    winners = seats_text(e["winners"], viewer)
    return f"Game {e['game']} over: points {per_seat(points, viewer)}; winner: {winners}."


def _mole(e: Event, viewer: Seat | None) -> str:
    who = Who(e["seat"], viewer)
    return (
        f"{who.does('plays', 'play')} {who.its} mole on garden {e['garden']}, {e['space']}, "
        f"covering the {e['covers']}."
    )


def _finished(e: Event, viewer: Seat | None) -> str:
    who = Who(e["seat"], viewer)
    return f"{who.does('has', 'have')} finished ({who.its} garden is full)."


LINES: dict[str, Callable[[Event, Seat | None], str]] = {
    "contract": lambda e, v: (
        f"Your contract for game {e['game']}: card {e['contract']} "
        f"(principal {CONTRACTS[e['contract']].principal})."
    ),
    "draw": lambda e, v: f"{Who(e['seat'], v).does('draws', 'draw')} {a(e['tile'])}.",
    "place": _place,
    "mole": _mole,
    "discard": lambda e, v: f"The {e['tile']} has no place and leaves the game.",
    "take": lambda e, v: (
        f"{Who(e['seat'], v).does('takes', 'take')} garden {e['garden']}"
        + (" and the cup." if e.get("cup") else ".")
    ),
    "full": lambda e, v: f"Garden {e['garden']} is full.",
    "finished": _finished,
    "game_over": _game_over,
    "new_game": lambda e, v: f"Game {e['game']} begins: new contracts, a new pile.",
}
"""One log line per event type, for a viewer; a pass is left out."""


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One line of the log per event, as ``viewer`` reads it."""
    line = LINES.get(event["type"])
    return None if line is None else escape(line(event, viewer))

"""Kraut & Rüben in the terminal: the gardens as grids, your contract, and the log.

Each garden is a 4 × 3 grid (columns ``a``…``d``, rows ``1``…``3``, as the notation names the
spaces) titled with its number and owner; a space shows its uncovered tile in two letters (``To``
tomato), underlined when it covers another. Above: the pile, the drawn tile, who still has a
mole; below: the letters' legend, your contract with the column of your garden(s) highlighted,
and your running score. Contracts of the others appear only once the game is over. Five gardens
stand side by side on 80 columns, so the table fits an 80 × 24 terminal with the log and the
choices.
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

from ..language import t, tn
from .shared import Renderer, Who, per_seat, seats_text

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


def name(kind: str) -> str:
    """A tile as the French rulebook and its German and Italian words name it (GLOSSARY.md)."""
    names = {
        "tomato": t("tomato"),
        "asparagus": t("asparagus"),
        "carrot": t("carrot"),
        "salad": t("salad"),
        "clover": t("clover"),
        "dandelion": t("dandelion"),
        "snail": t("snail"),
        "mole": t("mole"),
    }
    return names.get(kind, kind)


def the(kind: str) -> str:
    """A tile with its definite article, as the object of a sentence: ``the tomato``."""
    names = {
        "tomato": t("the tomato"),
        "asparagus": t("the asparagus"),
        "carrot": t("the carrot"),
        "salad": t("the salad"),
        "clover": t("the clover"),
        "dandelion": t("the dandelion"),
        "snail": t("the snail"),
        "mole": t("the mole"),
    }
    return names.get(kind, kind)


def a(kind: str) -> str:
    """A tile with its indefinite article, as the object of a sentence: ``an asparagus``."""
    names = {
        "tomato": t("a tomato"),
        "asparagus": t("an asparagus"),
        "carrot": t("a carrot"),
        "salad": t("a salad"),
        "clover": t("a clover"),
        "dandelion": t("a dandelion"),
        "snail": t("a snail"),
        "mole": t("a mole"),
    }
    return names.get(kind, kind)


def who(seat: int | None, viewer: Seat | None) -> str:
    return t("nobody") if seat is None else str(Who(seat, viewer))


def code(kind: str) -> str:
    """A tile in two letters of its name in the terminal's language, as the gardens show it:
    ``To`` tomato, ``Sn`` snail, ``Mo`` mole; a kind whose first two letters an earlier kind
    already shows takes its first letter and a later one (Italian: tarassaco ``Ta``, talpa
    ``Tl``).

    >>> [code(k) for k in STYLES]
    ['To', 'As', 'Ca', 'Sa', 'Cl', 'Da', 'Sn', 'Mo']
    """
    taken: dict[str, str] = {}
    for each in STYLES:
        word = name(each)
        found = next(
            (
                pair
                for pair in (word[0] + later for later in word[1:])
                if pair.capitalize() not in taken.values()
            ),
            word[:2],
        )
        taken[each] = found.capitalize()
    return taken.get(kind, name(kind)[:2].capitalize())


def tile(stack: list[str]) -> Text:
    """The uncovered tile, underlined when it covers another (which no longer counts)."""
    if not stack:
        return Text("·", style="dim")
    return Text(
        code(stack[-1]), style=STYLES[stack[-1]] + (" underline" if len(stack) == 2 else "")
    )


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
    return Text(t("Tiles by their first two letters; underlined: covers a tile; *: full"), "dim")


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
    table.add_column(
        t("Contract {n}: {principal} ×", n=card.number, principal=name(card.principal)),
        style="bold",
    )
    for i, label in enumerate(COLUMN_LABELS):
        table.add_column(label, justify="right", style="bold reverse" if i in mine else None)
    table.add_column("")
    fixed = ", ".join(f"{name(k)} {v:+d}" for k, v in FIXED_POINTS.items() if v)
    table.add_row(
        Text(name(card.lower), style=STYLES[card.lower]),
        *map(str, card.lower_points),
        Text.assemble(
            (name(card.negative), STYLES[card.negative]),
            " " + t("{points} a tile", points=f"{NEGATIVE_POINTS:+d}"),
        ),
    )
    table.add_row(
        Text(name(card.higher), style=STYLES[card.higher]),
        *map(str, card.higher_points),
        Text(t("for all: {points}", points=fixed), style="dim"),
    )
    return table


def status(view: View, seat: Seat | None) -> Text:
    """What the table waits for, or the end."""
    if view["phase"] == "over":
        last = view["history"][-1]
        scores = view["totals"] if view["games"] > 1 else last["scores"]
        winners = last["winners"] if view["games"] == 1 else _leaders(scores)
        return Text(
            t(
                "Game over. Points: {scores}; winner: {names}.",
                scores=per_seat(list(map(str, scores)), seat),
                names=seats_text(winners, seat),
            ),
            style="bold",
        )
    mover = Who(view["turn"], seat)
    mole = view["moles"][view["turn"]]
    if view["phase"] == "draw" and mole:
        text = mover.says(
            "You draw a tile or play your mole.", "Seat {seat} draws a tile or plays the mole."
        )
    elif view["phase"] == "draw":
        text = mover.says("You draw a tile.", "Seat {seat} draws a tile.")
    elif view["phase"] == "place":
        text = mover.says(
            "You place {tile}.", "Seat {seat} places {tile}.", tile=the(view["drawn"])
        )
    else:
        text = mover.says(
            "You may take a garden (or pass).", "Seat {seat} may take a garden (or pass)."
        )
    return Text(text)


def _leaders(scores: list[int]) -> list[int]:
    return [s for s, v in enumerate(scores) if v == max(scores)]


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: a spectator), in 13 lines for five gardens
    or fewer on 80 columns."""
    moles = [who(s, seat) for s, m in enumerate(view["moles"]) if m]
    if len(moles) == len(view["moles"]) > 1:
        moles = [t("everyone")]
    head = Text.assemble(
        (t("Game {n} of {of}", n=view["game"], of=view["games"]) + "   ", "bold")
        if view["games"] > 1
        else "",
        t("pile: {n}", n=view["pile"]) + "   " + t("drawn:") + " ",
        Text(name(view["drawn"]), style=STYLES[view["drawn"]])
        if view["drawn"]
        else Text("—", style="dim"),
        "   "
        + t("out:")
        + " "
        + (", ".join(f"{name(k)}×{n}" for k, n in view["out"].items()) or "—"),
        "   " + t("moles in hand: {names}", names=", ".join(moles) or t("none")),
    )
    parts: list[RenderableType] = [
        head,
        Columns([garden_grid(g, seat) for g in view["gardens"]], padding=(0, 2)),
        legend(),
    ]
    if seat is not None:
        parts += [
            contract_table(view, seat),
            Text(
                tn(
                    view["running_score"],
                    "Your gardens score {n} point now.",
                    "Your gardens score {n} points now.",
                ),
                style="bold",
            ),
        ]
    if view["phase"] == "over" or view["history"]:
        parts.append(history_table(view, seat))
    parts.append(status(view, seat))
    return Group(*parts)


def history_table(view: View, seat: Seat | None) -> Table:
    """Each finished game: contracts (revealed), points, cup, winner."""
    table = Table(title=t("Finished games"), title_style="bold")
    table.add_column(t("game"))
    for s in range(view["players"]):
        table.add_column(who(s, seat), justify="right")
    for game in view["history"]:
        cells = []
        for s, points in enumerate(game["scores"]):
            mark = " ★" if s in game["winners"] else ""
            cup = " +" + t("cup") if game["cup"] == s else ""
            card = t("card {n}", n=game["contracts"][s])
            cells.append(f"{points} ({card}){cup}{mark}")
        table.add_row(str(game["game"]), *cells)
    if view["games"] > 1:
        table.add_row(t("total"), *map(str, view["totals"]))
    return table


def _place(e: Event, viewer: Seat | None) -> str:
    at = t("on garden {g}, {space}", g=e["garden"], space=e["space"])
    who = Who(e["seat"], viewer)
    if e["covers"]:
        return who.says(
            "You cover {covered} with {tile} {at}.",
            "Seat {seat} covers {covered} with {tile} {at}.",
            covered=the(e["covers"]),
            tile=the(e["tile"]),
            at=at,
        )
    return who.says(
        "You place {tile} {at}.", "Seat {seat} places {tile} {at}.", tile=the(e["tile"]), at=at
    )


def _game_over(e: Event, viewer: Seat | None) -> str:
    points = [
        f"{p} ({t('card {n}', n=c)})" for p, c in zip(e["scores"], e["contracts"], strict=True)
    ]
    scores = per_seat(points, viewer)
    if e["winners"] == [viewer]:
        return t("Game {game} over: {scores}; you win.", game=e["game"], scores=scores)
    names = seats_text(e["winners"], viewer)
    if len(e["winners"]) == 1:
        return t(
            "Game {game} over: {scores}; {names} wins.", game=e["game"], scores=scores, names=names
        )
    return t("Game {game} over: {scores}; {names} win.", game=e["game"], scores=scores, names=names)


def _mole(e: Event, viewer: Seat | None) -> str:
    return Who(e["seat"], viewer).says(
        "You play your mole {at}, covering {covered}.",
        "Seat {seat} plays the mole {at}, covering {covered}.",
        at=t("on garden {g}, {space}", g=e["garden"], space=e["space"]),
        covered=the(e["covers"]),
    )


def _take(e: Event, viewer: Seat | None) -> str:
    who = Who(e["seat"], viewer)
    if e.get("cup"):
        return who.says(
            "You take garden {g} and the cup.",
            "Seat {seat} takes garden {g} and the cup.",
            g=e["garden"],
        )
    return who.says("You take garden {g}.", "Seat {seat} takes garden {g}.", g=e["garden"])


LINES: dict[str, Callable[[Event, Seat | None], str]] = {
    "contract": lambda e, v: t(
        "Your secret contract card for game {game}: card {n} (principal vegetable: {principal}).",
        game=e["game"],
        n=e["contract"],
        principal=name(CONTRACTS[e["contract"]].principal),
    ),
    "draw": lambda e, v: Who(e["seat"], v).says(
        "You draw {tile}.", "Seat {seat} draws {tile}.", tile=a(e["tile"])
    ),
    "place": _place,
    "mole": _mole,
    "discard": lambda e, v: t("No place for {tile}: it leaves the game.", tile=the(e["tile"])),
    "take": _take,
    "full": lambda e, v: t("Garden {g} is full.", g=e["garden"]),
    "finished": lambda e, v: Who(e["seat"], v).says(
        "You have finished: your garden is full.", "Seat {seat} has finished: its garden is full."
    ),
    "game_over": _game_over,
    "new_game": lambda e, v: t(
        "Game {game} begins: new contract cards, a new pile.", game=e["game"]
    ),
}
"""One log line per event type, for a viewer; a pass is left out."""


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One line of the log per event, as ``viewer`` reads it."""
    line = LINES.get(event["type"])
    return None if line is None else escape(line(event, viewer))


def label(notation: str) -> str | None:
    """A move in words (the browser's plug-in's), from its notation (``place 2 b3``)."""
    verb, *w = notation.split()
    if verb == "place":
        return t("place the drawn tile on garden {g}, space {space}", g=w[0], space=w[1])
    if verb == "mole":
        return t("play the mole on garden {g}, space {space}", g=w[0], space=w[1])
    if verb == "take":
        return t("take garden {g}", g=w[0])
    if verb == "pass":
        return t("pass (take no garden this turn)")
    if verb == "draw":
        return t("draw the top tile of the pile")
    return None


RENDERER = Renderer(render, describe, label)

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
from potager.games.heuschrecken_poker.data import HARVEST_CHIPS, HARVEST_SET, KINDS

from ..language import t, tn
from .shared import Renderer, Who, per_seat, seats_text

STYLES = {
    "corn": "yellow",
    "strawberry": "red",
    "broccoli": "green",
    "blackberry": "magenta",
    "grasshopper": "bold bright_green reverse",
}
FACE_DOWN = "[?]"


def kind_name(kind: str) -> str:
    """A kind of garden card as the rulebook of the terminal's language names it."""
    names = {
        "corn": t("corn"),
        "strawberry": t("strawberry"),
        "broccoli": t("broccoli"),
        "blackberry": t("blackberry"),
        "grasshopper": t("grasshopper"),
    }
    return names.get(kind, kind)


def count_of(n: int, kind: str) -> str:
    """``3 strawberries`` in the terminal's language."""
    counts = {
        "corn": lambda: tn(n, "{n} corn", "{n} corn"),
        "strawberry": lambda: tn(n, "{n} strawberry", "{n} strawberries"),
        "broccoli": lambda: tn(n, "{n} broccoli", "{n} broccoli"),
        "blackberry": lambda: tn(n, "{n} blackberry", "{n} blackberries"),
        "grasshopper": lambda: tn(n, "{n} grasshopper", "{n} grasshoppers"),
    }
    return counts[kind]() if kind in counts else f"{n} {kind}"


def reason(why: str) -> str:
    """Why a seat took the whole display (the ``take_all`` event's reason)."""
    reasons = {
        "ace": t("with the Ace"),
        "x": t("with the X card (over the Ace)"),
        "alone": t("as the only taker"),
    }
    return reasons.get(why, why)


def cards_text(counts: dict[str, int]) -> Text:
    """``corn×2 grasshopper×1``, each kind in its colour; ``—`` when empty."""
    parts = [
        Text(f"{kind_name(kind)}×{counts[kind]}", style=STYLES[kind])
        for kind in KINDS
        if counts[kind]
    ]
    return Text(" ").join(parts) if parts else Text("—", style="dim")


def cards_line(cards: dict[str, int]) -> str:
    """``2 corn, 1 grasshopper`` for the log."""
    return ", ".join(count_of(n, kind) for kind, n in cards.items() if n) or t("nothing")


def status(view: View, seat: Seat | None) -> Text:
    """What the table is waiting for."""
    if view["phase"] == "over":
        chips = view["chips"]
        best = max(chips)
        leaders = seats_text([s for s, c in enumerate(chips) if c == best], seat)
        return Text(
            t(
                "Game over: most win chips ({n}) for {names}; a tie goes to the fewest "
                "grasshoppers.",
                n=best,
                names=leaders,
            ),
            style="bold",
        )
    if view["phase"] == "take":
        taker = Who(view["to_move"][0], seat)
        return Text(
            taker.says(
                "You take one kind from the display.",
                "Seat {seat} takes one kind from the display.",
            )
        )
    waiting = seats_text(view["to_move"], seat)
    if view["stalemates"]:
        return Text(
            t(
                "Everyone bids a poker card face down again (stalemate); waiting for {names}.",
                names=waiting,
            )
        )
    return Text(t("Everyone bids a poker card face down; waiting for {names}.", names=waiting))


def players_table(view: View, seat: Seat | None) -> Table:
    """One row per player: chips, garden, bid of this turn, hand and spent poker cards."""
    grid = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    grid.add_column(t("player"), style="bold")
    for column in (t("chips"), t("garden"), t("bid"), t("in hand"), t("spent")):
        grid.add_column(column)
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
            str(Who(s, seat)),
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
        (t("Round {round}", round=view["round"]), "bold"),
        " · " + t("{n} of 8 bids played", n=view["bids_played"]),
        " · " + t("Beginners' variant") if view["variant"]["beginner"] else "",
    )
    piles = Text(t("Draw pile: {n} · discard pile:", n=view["pile"]) + " ") + cards_text(
        view["discard"]
    )
    display = Text(t("Display:") + " ", style="bold") + cards_text(view["display"])
    parts: list[RenderableType] = [head, piles, display]
    if view["revealed"] is not None:
        parts.append(Text(t("Last bids") + ": " + "  ".join(view["revealed"]), style="dim"))
    parts += [players_table(view, seat), status(view, seat)]
    return Group(*parts)


def _reveal(event: Event, viewer: Seat | None) -> str:
    bids = ", ".join(f"{Who(s, viewer)}: {b}" for s, b in enumerate(event["bids"]))
    cancelled = event["cancelled"]
    if cancelled:
        return t(
            "Bids turn over: {bids} ({names} cancel out).",
            bids=bids,
            names=seats_text(cancelled, viewer),
        )
    return t("Bids turn over: {bids}.", bids=bids)


def _take(e: Event, viewer: Seat | None) -> str:
    cards = count_of(e["count"], e["kind"])
    if e["forced"]:
        return Who(e["seat"], viewer).says(
            "You take {cards} (the only kind left).",
            "Seat {seat} takes {cards} (the only kind left).",
            cards=cards,
        )
    return Who(e["seat"], viewer).says(
        "You take {cards}.", "Seat {seat} takes {cards}.", cards=cards
    )


def _take_all(e: Event, viewer: Seat | None) -> str:
    return Who(e["seat"], viewer).says(
        "You take the whole display {reason}: {cards}.",
        "Seat {seat} takes the whole display {reason}: {cards}.",
        reason=reason(e["reason"]),
        cards=cards_line(e["cards"]),
    )


def _harvest(e: Event, viewer: Seat | None) -> str:
    """A harvest: the plants it took (a set of `HARVEST_SET` a `HARVEST_CHIPS`) and its chips."""
    cards = count_of(e["chips"] // HARVEST_CHIPS * HARVEST_SET, e["kind"])
    if e["seat"] == viewer:
        return tn(
            e["chips"],
            "You harvest {cards}: +{n} win chip.",
            "You harvest {cards}: +{n} win chips.",
            cards=cards,
        )
    return tn(
        e["chips"],
        "Seat {seat} harvests {cards}: +{n} win chip.",
        "Seat {seat} harvests {cards}: +{n} win chips.",
        seat=e["seat"],
        cards=cards,
    )


def _plague(e: Event, viewer: Seat | None) -> str:
    return Who(e["seat"], viewer).says(
        "Plague of grasshoppers! You lose your garden: {cards}.",
        "Plague of grasshoppers! Seat {seat} loses its garden: {cards}.",
        cards=cards_line(e["cards"]),
    )


def _stalemate(e: Event, viewer: Seat | None) -> str:
    if e["added"]:
        added = ", ".join(kind_name(k) for k in e["added"])
        return t("Stalemate: {cards} added; everyone bids again.", cards=added)
    return t("Stalemate: nothing added (the draw pile is empty); everyone bids again.")


def _round_scoring(e: Event, viewer: Seat | None) -> str:
    plants = per_seat(list(map(str, e["plants"])), viewer)
    if e["chips_to"]:
        return t(
            "Round {round} scored (plants {plants}); +1 win chip: {names}.",
            round=e["round"],
            plants=plants,
            names=seats_text(e["chips_to"], viewer),
        )
    return t(
        "Round {round} scored (plants {plants}): no win chip.", round=e["round"], plants=plants
    )


def _game_end(e: Event, viewer: Seat | None) -> str:
    chips = per_seat(list(map(str, e["chips"])), viewer)
    names = seats_text(e["winners"], viewer)
    if e["winners"] == [viewer]:
        return t("Game over: you win (win chips {chips}).", chips=chips)
    if len(e["winners"]) == 1:
        return t("Game over: {names} wins (win chips {chips}).", names=names, chips=chips)
    return t("Game over: {names} win (win chips {chips}).", names=names, chips=chips)


LINES: dict[str, Callable[[Event, Seat | None], str]] = {
    "bid": lambda e, v: Who(e["seat"], v).says("You bid face down.", "Seat {seat} bids face down."),
    "reveal": _reveal,
    "take": _take,
    "take_all": _take_all,
    "empty_handed": lambda e, v: t("Nothing left: {names}.", names=seats_text(e["seats"], v)),
    "harvest": _harvest,
    "plague": _plague,
    "stalemate": _stalemate,
    "double_stalemate": lambda e, v: t(
        "Second stalemate: the display is discarded ({cards}).", cards=cards_line(e["discarded"])
    ),
    "refill": lambda e, v: t(
        "The display is made up: {cards}.", cards=", ".join(kind_name(k) for k in e["cards"])
    ),
    "round_scoring": _round_scoring,
    "game_end": _game_end,
}
"""One log line per event type, for a viewer."""


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One line of the log per event, as ``viewer`` reads it; a bid says only who has bid."""
    line = LINES.get(event["type"])
    return None if line is None else escape(line(event, viewer))


def poker_name(bid: str) -> str:
    """A poker card by name: the Ace, the X card, poker card 5."""
    if bid == "A":
        return t("the Ace")
    if bid == "X":
        return t("the X card")
    return t("poker card {bid}", bid=bid)


def label(notation: str) -> str | None:
    """A move in words (the browser's plug-in's): take a kind, or bid a poker card."""
    if notation in KINDS:
        return t("take the kind {kind}", kind=kind_name(notation))
    return t("bid {card}", card=poker_name(notation))


RENDERER = Renderer(render, describe, label)

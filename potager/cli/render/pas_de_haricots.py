"""Pas de Haricots in the terminal: the table as one seat sees it, and the log of the turn.

The table shows the match (hand, turn, who has the bean and what is awaited), the cards face up
in front of each player (face-down ones as ``[??]``), every player's series by suit with its
current value and sign, this hand's and the match's totals, the seat's own hand grouped by suit,
and the whole score pad at the end (during the match the log says each hand's lines), in few
enough lines for an 80 × 24 terminal. Cards are written in the game's notation
(``H7``, ``SQ``, ``T2``) so they can be typed.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from potager.engine import Event, Seat, View
from potager.games.pas_de_haricots.data import PAS_DE_HARICOTS, SUITS

from ..language import t
from .shared import Renderer, Who, per_seat, seats_text

SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
COLOURS = {"H": "red", "D": "red", "S": "bright_white", "C": "bright_white"}
FACE_DOWN = "[??]"
TITLE = "Pas de Haricots"  # i18n: not text
"""The game's name, as published, in every language."""


def suit_of(card: str) -> str:
    """The series a card is laid out in (a trump goes with its suit)."""
    return PAS_DE_HARICOTS.get(card, card[0])


def card_text(card: str) -> Text:
    """A card in its suit's colour; a Pas de Haricots trump stands out."""
    if card in PAS_DE_HARICOTS:
        return Text(card, style="bold magenta")
    return Text(card, style=COLOURS[card[0]])


def cards_text(cards: list[str]) -> Text:
    return Text(" ").join(card_text(c) for c in cards)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def by_suit(cards: list[str]) -> Text:
    """Cards grouped by series: ``♥ H3 H7 T2  ♠ S1``."""
    parts = []
    for suit in SUITS:
        mine = [c for c in cards if suit_of(c) == suit]
        if mine:
            parts.append(Text(SYMBOLS[suit] + " ", style=COLOURS[suit]) + cards_text(mine))
    return Text("  ").join(parts) if parts else Text("—", style="dim")


def who(seat: int, viewer: Seat | None) -> str:
    return str(Who(seat, viewer))


def _winners(winners: list[int], viewer: Seat | None, totals: str) -> str:
    """The end of the match, the winners named for the viewer."""
    names = seats_text(winners, viewer)
    if winners == [viewer]:
        return t("Match over: you win ({totals}).", totals=totals)
    if len(winners) == 1:
        return t("Match over: {names} wins ({totals}).", names=names, totals=totals)
    return t("Match over: {names} win ({totals}).", names=names, totals=totals)


def status(view: View, seat: Seat | None) -> Text:
    """What the table is waiting for."""
    phase, bean = view["phase"], view["bean"]
    if phase == "over":
        totals = view["totals"]
        best = max(totals)
        winners = [s for s, total in enumerate(totals) if total == best]
        return Text(
            _winners(winners, seat, per_seat(list(map(signed, totals)), seat)), style="bold"
        )
    if phase == "lead":
        return Text(t("To lead a card face up: {name} (the bean).", name=who(bean, seat)))
    if phase == "commit":
        return Text(t("To put a card face down: {names}.", names=seats_text(view["to_move"], seat)))
    return Text(
        t(
            "To take a card (not the bean card while another is left): {name}.",
            name=who(view["taker"], seat),
        )
    )


def series_text(cards: list[str], value: int) -> Text:
    """A series in its suit's column: its cards, then its value."""
    text = cards_text(cards)
    return text + Text(f" {signed(value)}", style="bold") if value else text


def table_of_players(view: View, seat: Seat | None) -> Table:
    """One row per player: the bean, its cards left, the card in front of it, its series (one
    column per suit), this hand's and the match's totals."""
    grid = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    grid.add_column(t("player"), style="bold")
    grid.add_column(t("cards"), justify="right")
    grid.add_column(t("played"))
    for suit in SUITS:
        grid.add_column(SYMBOLS[suit], style=COLOURS[suit])
    grid.add_column(t("hand"), justify="right")
    grid.add_column(t("match"), justify="right")
    committed = set(view["committed"])
    for s in range(view["players"]):
        holds = s == view["bean"] and view["phase"] != "over"
        name = who(s, seat) + (f" ({t('bean')})" if holds else "")
        if view["table"][s] is not None:
            played = card_text(view["table"][s])
            if view["table"][s] == view["bean_card"]:
                played += Text(" " + t("bean"), style="yellow")
        elif s in committed:
            played = Text(FACE_DOWN, style="dim")
        else:
            played = Text("")
        series = [
            series_text(
                [c for c in view["collected"][s] if suit_of(c) == suit], view["series"][s][suit]
            )
            for suit in SUITS
        ]
        hand_total = sum(view["series"][s].values())
        grid.add_row(
            name,
            str(view["hand_sizes"][s]),
            played,
            *series,
            signed(hand_total),
            signed(view["totals"][s]),
        )
    return grid


def score_pad(view: View, seat: Seat | None) -> Table:
    """The pad: per hand the "+", "−" and total lines of every player."""
    pad = Table(title=t("Score pad"), title_justify="left", show_edge=False, box=None)
    pad.add_column(t("hand"))
    pad.add_column(t("line"))
    for s in range(view["players"]):
        pad.add_column(who(s, seat), justify="right")
    for number, sheet in enumerate(view["scores"], start=1):
        for line, label in enumerate(("+", "−", t("total"))):
            values = [signed(row[line]) for row in sheet]
            pad.add_row(str(number) if line == 0 else "", label, *values)
    pad.add_row(t("match"), t("total"), *map(signed, view["totals"]), style="bold")
    return pad


def render(view: View, seat: Seat | None) -> RenderableType:
    """The whole table as ``seat`` sees it (``None``: the spectator)."""
    hands = view["variant"]["hands"]
    header = Text(
        f"{TITLE} · "
        + t("hand {n} of {of}", n=view["hand_number"], of=hands)
        + " · "
        + t("turn {n}", n=view["turn"]),
        style="bold",
    )
    parts: list[RenderableType] = [header, status(view, seat), table_of_players(view, seat)]
    if view["hand"] is not None:
        parts.append(Text(t("Your hand") + ": ") + by_suit(view["hand"]))
    if view["commitment"] is not None:
        parts.append(Text(t("Your face-down card:") + " ") + card_text(view["commitment"]))
    if view["phase"] == "over":
        parts.append(score_pad(view, seat))
    return Group(*parts)


def describe(event: Event, viewer: Seat | None = None) -> str | None:
    """One line of the log per event, as ``viewer`` reads it."""
    kind = event["type"]
    if kind == "deal":
        return Who(event["bean"], viewer).says(
            "Hand {hand}: {n} cards each; you have the bean and lead.",
            "Hand {hand}: {n} cards each; seat {seat} has the bean and leads.",
            hand=event["hand"],
            n=event["cards"],
        )
    if kind == "cards":
        return t("Your cards: {cards}.", cards=" ".join(event["cards"]))
    if kind == "reveal":
        shown = ", ".join(f"{Who(s, viewer)} {c}" for s, c in enumerate(event["cards"]))
        return t("The cards turn over: {cards}.", cards=shown)
    if kind == "hand_end":
        lines = "; ".join(
            f"{Who(s, viewer)} {signed(p)} / {signed(m)} = {signed(total)}"
            for s, (p, m, total) in enumerate(event["sheet"])
        )
        return t("Hand {hand} scored: {scores}.", hand=event["hand"], scores=lines)
    if kind == "game_end":
        totals = per_seat([signed(total) for total in event["totals"]], viewer)
        return _winners(event["winners"], viewer, totals)
    if "seat" not in event:
        return None
    who = Who(event["seat"], viewer)
    if kind == "lead":
        return who.says(
            "You lead {card} and put the bean on it.",
            "Seat {seat} leads {card} and puts the bean on it.",
            card=event["card"],
        )
    if kind == "commit":
        return who.says("You put a card face down.", "Seat {seat} puts a card face down.")
    if kind == "take" and event["from"] == viewer:  # "from you": a case of its own in de, it
        if event["bean"]:
            return t(
                "Seat {seat} takes the bean card {card} from you and gets the bean.",
                seat=who.seat,
                card=event["card"],
            )
        return t("Seat {seat} takes {card} from you.", seat=who.seat, card=event["card"])
    if kind == "take":
        source = str(Who(event["from"], viewer))
        if event["bean"]:
            return who.says(
                "You take the bean card {card} from {from} and get the bean.",
                "Seat {seat} takes the bean card {card} from {from} and gets the bean.",
                card=event["card"],
                **{"from": source},
            )
        return who.says(
            "You take {card} from {from}.",
            "Seat {seat} takes {card} from {from}.",
            card=event["card"],
            **{"from": source},
        )
    return None


def card_name(card: str) -> str:
    """A card by name, as the French rulebook and GLOSSARY.md name it: ``Dame of hearts``,
    ``trump 2 (no beans in hearts)``."""
    suits = {"H": t("hearts"), "D": t("diamonds"), "S": t("spades"), "C": t("clubs")}
    if card in PAS_DE_HARICOTS:
        return t("trump {n} (no beans in {suit})", n=card[1:], suit=suits[suit_of(card)])
    courts = {"J": t("Valet"), "N": t("Cavalier"), "Q": t("Dame"), "K": t("Roi")}
    rank = card[1:]
    return t("{rank} of {suit}", rank=courts.get(rank, rank), suit=suits[card[0]])


def label(notation: str) -> str | None:
    """A move in words (the browser's plug-in's): play or take a card."""
    verb, _, card = notation.partition(" ")
    if verb == "play":
        return t("Play the {card}", card=card_name(card))
    if verb == "take":
        return t("Take the {card}", card=card_name(card))
    return None


RENDERER = Renderer(render, describe, label)

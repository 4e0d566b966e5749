"""``potager play``: a game at the terminal against bots."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from potager import agents
from potager.analysis import HINT_LEVEL, Evaluator, evaluator
from potager.engine import Agent, Game, SeatHolder, State, signed

from .language import seat_name, speaking, t, tn, told
from .options import (
    Lang,
    Params,
    Variant,
    check_players,
    fail,
    language,
    load_game,
    parse_bots,
    parse_params,
    parse_variant,
    stop,
    title,
)
from .terminal import Quit, TerminalPlay

INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells use."""


def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. heuschrecken-poker")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="bot levels for the other seats in order, comma-separated (or one), by name "
            "(novice, casual, strong, expert) or level; potager games describes them"
        ),
    ] = None,
    seat: Annotated[int, typer.Option(help="your seat, 0-based")] = 0,
    seed: Annotated[int | None, typer.Option(help="seed of the game (random by default)")] = None,
    variant: Variant = None,
    param: Params = None,
    record: Annotated[
        Path | None, typer.Option(help="save the game record here (also when you quit)")
    ] = None,
    name: Annotated[str, typer.Option(help="your name, as the record says who sat where")] = "",
    hints: Annotated[
        bool, typer.Option("--hints", help="allow 'hint' at the prompt: the search's best move")
    ] = False,
    lang: Lang = None,
) -> None:
    """Play a game at the terminal against bots; type an action or its number."""
    with speaking(language(lang)):
        play_game(game_name, players, bots, seat, seed, variant, record, name, hints, param)


def play_game(
    game_name: str,
    players: int | None,
    bots: str | None,
    seat: int,
    seed: int | None,
    variant: list[str] | None,
    record: Path | None,
    name: str,
    hints: bool,
    param: list[str] | None = None,
) -> None:
    """`play` once its language is chosen; the bots play by the rule parameters given too."""
    game = load_game(game_name)
    players = check_players(game, players)
    options = parse_variant(game, variant)
    game = game.tuned(parse_params(game, param))
    if not 0 <= seat < players:
        fail(
            t("must be a seat of the table, 0…{last}, not {seat}", last=players - 1, seat=seat),
            "--seat",
        )
    levels = parse_bots(game, bots, players - 1)
    bot_seats = [s for s in range(players) if s != seat]
    seated: dict[int, Agent] = {
        s: agents.make(lv, game) for s, lv in zip(bot_seats, levels, strict=True)
    }
    labels = [
        f"{seat_name(s)}: " + (t("you") if s == seat else title(levels[bot_seats.index(s)]))
        for s in range(players)
    ]
    try:
        state = game.new_game(players, seed, options)
    except ValueError as exc:
        fail(told(str(exc)), "--param")
    console = Console()
    session = TerminalPlay(
        state,
        seat,
        seated,
        labels,
        console,
        console.input,
        random.Random(state.seed ^ 0x5EED),
        hint_search(game) if hints else None,
    )
    code = 0
    try:
        session.run()
    except (Quit, EOFError):
        console.print("\n" + t("You left the game."))
    except KeyboardInterrupt:
        console.print("\n" + t("Interrupted."))
        code = INTERRUPTED
    if record is not None:
        holders = [
            SeatHolder.person(name) if s == seat else SeatHolder.bot(levels[bot_seats.index(s)])
            for s in range(players)
        ]
        save_record(state, holders, record, console)
    if code:
        raise typer.Exit(code)


def hint_search(game: Game) -> Evaluator:
    """The search that answers ``hint`` (`HINT_LEVEL`), or `fail` when it is not available."""
    try:
        return evaluator(HINT_LEVEL, game, every_action=False)
    except ValueError as exc:
        fail(t("hints need the search: {why}", why=exc), "--hints")


def save_record(state: State, holders: list[SeatHolder], path: Path, console: Console) -> None:
    """Write the record, with who sat where and the result, as JSON; a path that cannot be
    written is reported, not raised."""
    try:
        path.write_text(signed(state, holders).to_json() + "\n")
    except OSError as exc:
        stop(t("cannot save the record to {path}: {why}", path=path, why=exc.strerror), 1)
    console.print(
        tn(
            len(state.moves),
            "Record saved to {path} ({n} move).",
            "Record saved to {path} ({n} moves).",
            path=path,
        )
    )

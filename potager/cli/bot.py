"""``potager bot``: a bot level, or an agent class of your own, plays a seat on a Potager server
(`potager.client`; the protocol: docs/protocol.md)."""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from .options import fail, stop

if TYPE_CHECKING:
    from potager.client import Outcome

PLAYER_TOKEN = "POTAGER_PLAYER_TOKEN"
"""The environment variable a player's token may be given in (not on the command line, where
other users of the machine may read it)."""


def bot_command(
    link: Annotated[
        str,
        typer.Argument(
            metavar="URL",
            help="the seat's invite link (http://host/table/ID#seat=N&token=…); with a player "
            "token the table's address (http://host/table/ID), or the server's (http://host): "
            "every seat the player holds",
        ),
    ],
    level: Annotated[
        str | None,
        typer.Option(help="a bot level to play (potager games lists them; default: heuristic)"),
    ] = None,
    agent: Annotated[
        str | None,
        typer.Option(
            metavar="MODULE:CLASS",
            help="your own agent: a class with act(game, view, seat, legal_actions, rng), "
            "importable from the current directory",
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            envvar=PLAYER_TOKEN,
            show_envvar=True,
            help="a player's token: the seat that player holds at the table, else an open one "
            "taken for it",
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option(min=0, help="the seat to take or open")] = None,
    name: Annotated[str, typer.Option(help="the name shown at the seat")] = "",
    seed: Annotated[int | None, typer.Option(help="seed of the agent's generator")] = None,
    margin: Annotated[
        float | None,
        typer.Option(
            min=0.0, help="seconds of the seat's clock kept for the move to arrive (default: 2)"
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="say only what goes wrong, and the result")
    ] = False,
    until_idle: Annotated[
        bool,
        typer.Option(
            "--until-idle", help="with a server's address: stop once the player holds no seat"
        ),
    ] = False,
    seek: Annotated[
        str | None,
        typer.Option(
            metavar="GAME:PLAYERS",
            help="with a server's address: wait for a quick match among bot players whenever "
            "no game is in play (heuschrecken-poker:2)",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(min=1, help="with a server's address: stop after this many games"),
    ] = None,
) -> None:
    """Play a seat of a table on a Potager server until the game ends, then print the result;
    with a player token and the server's address, every seat that player holds, as it comes
    (and, with --seek, quick matches among bots, one after another).

    The agent sees only its seat's view, thinks within its clock (too slow, a random legal action
    is played, and said), and the seat comes back after a dropped connection.
    """
    from potager.client import (
        MARGIN,
        ClientError,
        RemotePlayer,
        RemoteSeat,
        load_agent,
        parse_seek,
    )

    if level is not None and agent is not None:
        fail("give --level or --agent, not both", "--agent")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    logging.getLogger("potager.client").setLevel(logging.WARNING if quiet else logging.INFO)
    if agent is not None:
        sys.path.insert(0, os.getcwd())
    options = {"margin": MARGIN if margin is None else margin}
    try:
        if agent is not None:
            load_agent(agent)  # a name that loads no agent stops here, before any seat
        if "/table/" not in link:
            if token is None:
                fail(f"a server's address needs --token or ${PLAYER_TOKEN}", "--token")
            player = RemotePlayer(
                link,
                lambda: load_agent(agent) if agent is not None else level or "heuristic",
                player=token,
                until_idle=until_idle,
                seek=None if seek is None else parse_seek(seek),
                games=games,
                ended=said,
                **options,
            )
            player.run()
            return
        seated = RemoteSeat(
            link,
            load_agent(agent) if agent is not None else level or "heuristic",
            player=token,
            seat=seat,
            name=name,
            seed=seed,
            **options,
        )
        said(seated.run())
    except ClientError as exc:
        stop(str(exc), 1)
    except KeyboardInterrupt:
        stop("interrupted", 130)


def said(outcome: Outcome) -> None:
    """One game's end, on standard output."""
    typer.echo(
        f"table {outcome.table_id}, seat {outcome.seat}: {outcome.told()} ({outcome.moves} "
        f"moves, {outcome.stand_in} by the stand-in, {outcome.late} too slow, "
        f"{outcome.reconnects} reconnections)"
    )

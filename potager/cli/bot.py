"""``potager bot``: a bot level, or an agent class of your own, plays a seat on a Potager server
(`potager.client`; the protocol: docs/protocol.md)."""

from __future__ import annotations

import logging
import os
import sys
from typing import Annotated

import typer

from .options import fail, stop

PLAYER_TOKEN = "POTAGER_PLAYER_TOKEN"
"""The environment variable a player's token may be given in (not on the command line, where
other users of the machine may read it)."""


def bot_command(
    link: Annotated[
        str,
        typer.Argument(
            metavar="URL",
            help="the seat's invite link (http://host/table/ID#seat=N&token=…), or with a player "
            "token the table's address (http://host/table/ID)",
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
) -> None:
    """Play a seat of a table on a Potager server until the game ends, then print the result.

    The agent sees only its seat's view, thinks within its clock (too slow, a random legal action
    is played, and said), and the seat comes back after a dropped connection.
    """
    from potager.client import MARGIN, ClientError, RemoteSeat, load_agent

    if level is not None and agent is not None:
        fail("give --level or --agent, not both", "--agent")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    logging.getLogger("potager.client").setLevel(logging.WARNING if quiet else logging.INFO)
    try:
        if agent is not None:
            sys.path.insert(0, os.getcwd())
            playing = load_agent(agent)
        seated = RemoteSeat(
            link,
            playing if agent is not None else level or "heuristic",
            player=token,
            seat=seat,
            name=name,
            margin=MARGIN if margin is None else margin,
            seed=seed,
        )
        outcome = seated.run()
    except ClientError as exc:
        stop(str(exc), 1)
    except KeyboardInterrupt:
        stop("interrupted", 130)
    typer.echo(
        f"table {outcome.table_id}, seat {outcome.seat}: {outcome.told()} ({outcome.moves} "
        f"moves, {outcome.late} too slow, {outcome.reconnects} reconnections)"
    )

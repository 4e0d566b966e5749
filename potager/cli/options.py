"""What every sub-command parses the same way: the game, ``--variant key=value``, ``--bots``.

A bad argument ends the command the way Click ends it for an argument it cannot parse: the usage,
"Try ... --help", the message in an Error panel on stderr, exit code 2 (never a traceback): `fail`.
One style for both. A command that fails after its
arguments were accepted (a file it cannot write, an interruption) shows the same panel: `stop`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.panel import Panel

from potager import agents, games
from potager.engine import Game
from potager.i18n import LANGUAGES, supported

from .language import current, speaking, t, tn, told

Variant = Annotated[
    list[str] | None,
    typer.Option("--variant", "-v", metavar="OPTION=VALUE", help="a rulebook variant, repeatable"),
]
"""The ``--variant`` option of every command that starts games."""

Params = Annotated[
    list[str] | None,
    typer.Option(
        "--param",
        metavar="NAME=VALUE",
        help="a rule parameter changed from the rulebook's value (potager games --params GAME),"
        " repeatable",
    ),
]
"""The ``--param`` option of every command that starts games."""

Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="en|fr|de|it",
        help="the language to play in (default: the environment's, e.g. LANG=de_DE.UTF-8)",
    ),
]
"""The ``--lang`` option of the commands a player reads."""
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The variables naming the language of messages, the first one set winning (POSIX)."""


def language(option: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language of ``--lang`` (`fail` for one Potager does not speak), else the
    environment's (``de_DE.UTF-8`` is German), else English (``C``, ``es_ES``)."""
    if option is not None:
        lang = option.strip().lower()
        if lang not in LANGUAGES:
            fail(
                t(
                    "takes one of {choices}, not {value}",
                    choices=", ".join(LANGUAGES),
                    value=repr(option),
                ),
                "--lang",
            )
        return lang
    found = next((environ[name] for name in ENVIRONMENT if environ.get(name)), None)
    return supported(found) or "en"


class BadArgument(typer.BadParameter):
    """Click's error for a bad argument, its "Invalid value for …" in the language the command
    spoke when it refused (Click words it after the command has returned)."""

    def __init__(self, message: str, param_hint: str | None) -> None:
        super().__init__(message, param_hint=param_hint)
        self.lang = current()

    def format_message(self) -> str:
        with speaking(self.lang):
            if self.param_hint is None:
                return t("Invalid value: {message}", message=self.message)
            return t(
                "Invalid value for {argument}: {message}",
                argument=self.param_hint,
                message=self.message,
            )


def fail(message: str, argument: str | None = None) -> NoReturn:
    """A bad argument (``argument``: its name, ``--seat``): Click's usage error, exit code 2."""
    raise BadArgument(message, param_hint=None if argument is None else f"'{argument}'")


def stop(message: str, code: int) -> NoReturn:
    """End a command that cannot go on with ``code``, its message in Click's Error panel."""
    panel = Panel(message, title=t("Error"), title_align="left", border_style="red")
    Console(stderr=True).print(panel, highlight=False)
    raise typer.Exit(code)


def load_game(name: str) -> Game:
    """The game called ``name``, or `fail` naming the games."""
    if name in games.names():
        return games.get(name)
    known = ", ".join(games.names())
    fail(t("unknown game {game}; games: {games}", game=repr(name), games=known), "GAME")


def parse_variant(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    """``["key=value", ...]`` as variant options, each value read as one of the option's allowed
    values (``true``/``false`` for booleans, digits for numbers); checked by the game."""
    chosen: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key:
            fail(t("takes option=value, not {value}", value=repr(pair)), "--variant")
        if key not in game.variants:
            options = ", ".join(sorted(game.variants)) or t("none")
            fail(
                t(
                    "unknown variant option {key} for {game}; options: {options}",
                    key=repr(key),
                    game=game.name,
                    options=options,
                ),
                "--variant",
            )
        allowed = game.variants[key][0]
        matches = [v for v in allowed if spelling(v).casefold() == text.casefold()]
        if not matches:
            fail(
                t(
                    "variant option {key} of {game} takes one of {choices}, not {value}",
                    key=repr(key),
                    game=game.name,
                    choices=", ".join(spelling(v) for v in allowed),
                    value=repr(text),
                ),
                "--variant",
            )
        chosen[key] = matches[0]
    try:
        return game.resolve_variant(chosen)
    except ValueError as exc:
        fail(told(str(exc)), "--variant")


def parse_params(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    """``["name=value", ...]`` as rule parameters changed from the rulebook's values, each
    value read as its parameter reads text (``3``, ``1,2,3,2,1``, ``trailing``) and checked by
    the game (`Game.tuned`): ``{}`` for none, `fail` naming a bad one."""
    given: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            fail(t("takes name=value, not {value}", value=repr(pair)), "--param")
        given[key.strip()] = text.strip()
    try:
        return dict(game.tuned(given).tuning)
    except ValueError as exc:
        fail(told(str(exc)), "--param")


def params_text(params: Mapping[str, Any]) -> str:
    """Rule parameters as ``--param`` takes them back: ``cup_points=0, lower_points=1,2,3``;
    ``none`` for the rulebook's."""
    return (
        ", ".join(
            f"{k}={','.join(map(str, v)) if isinstance(v, tuple) else v}" for k, v in params.items()
        )
        or "none"
    )


def spelling(value: Any) -> str:
    """How a variant value is typed on the command line: ``true``, ``3``, ``lose``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def bot_levels(game: Game) -> list[str]:
    """The bot levels that can really be made for ``game`` now."""
    found = []
    for level in agents.levels(game):
        try:
            agents.make(level, game)
        except ValueError:
            continue
        found.append(level)
    return found


def split_levels(text: str) -> list[str]:
    """``"ismcts:iterations=500,workers=2,heuristic"`` -> one level per item: a ``key=value``
    item after a level with parameters belongs to it (parameters are comma-separated too).

    >>> split_levels("ismcts:iterations=500,workers=2, heuristic,random")
    ['ismcts:iterations=500,workers=2', 'heuristic', 'random']
    """
    names: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if names and ":" in names[-1] and "=" in item and ":" not in item:
            names[-1] += "," + item
        else:
            names.append(item)
    return names


def parse_bots(game: Game, text: str | None, seats: int) -> list[str]:
    """``"heuristic,random"`` as one level per seat: exactly ``seats`` levels, or one level for
    all of them; by default the game's heuristic (random where it has none). A level may be
    given by its name for players, in English or the terminal's language, in any case
    (``casual``, ``Amateur``: `title`), and may carry parameters
    (``ismcts:iterations=2000,workers=2``, ``policy:PATH``): it is made once to check it."""
    levels = bot_levels(game)
    if text is None:
        return ["heuristic" if "heuristic" in levels else "random"] * seats
    names = split_levels(text)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        fail(
            tn(
                seats,
                "needs {n} level separated by commas (or one for all), not {value}",
                "needs {n} levels separated by commas (or one for all), not {value}",
                value=repr(text),
            ),
            "--bots",
        )
    named = {title(level).casefold(): level for level in levels}
    named |= {agents.title(level).casefold(): level for level in levels}
    chosen = []
    for name in names:
        if ":" in name:
            try:
                agents.make(name, game)
            except ValueError as exc:
                fail(told(str(exc)), "--bots")
        elif name not in levels and name.casefold() not in named:
            fail(
                t(
                    "unknown bot level {level} for {game}; levels: {levels}",
                    level=repr(name),
                    game=game.name,
                    levels=", ".join(f"{level} ({title(level)})" for level in levels),
                ),
                "--bots",
            )
        chosen.append(name if ":" in name or name in levels else named[name.casefold()])
    return chosen


def title(level: str) -> str:
    """A bot level's name for players in the terminal's language: ``heuristic`` is "Casual"
    (`agents.title`); the level itself stays what the study commands and the records say."""
    return t(agents.title(level))  # i18n: checked elsewhere


def player_counts(game: Game, text: str) -> list[int]:
    """``"2,3,4"`` as player counts of ``game``, or `fail` naming what is wrong."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        fail(t("takes numbers separated by commas, not {value}", value=repr(text)), "--players")
    return [check_players(game, n) for n in counts]


def check_players(game: Game, players: int | None) -> int:
    """``players`` (the game's minimum when not given), or `fail` with the allowed range."""
    if players is None:
        return game.min_players
    try:
        game.check_players(players)
    except ValueError as exc:
        fail(told(str(exc)), "--players")
    return players

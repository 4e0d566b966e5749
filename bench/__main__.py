"""``python -m bench`` (``make bench``): Potager's speed beside OpenSpiel's, measured in one run.

Prints a Rich table (``--json`` for machines): random-playout decisions/s and games/s on one core
for every importable game, player count and measured variant, next to OpenSpiel's anchors driven
the same way; the PettingZoo AEC environments' steps/s in the shape of PettingZoo's
``performance_benchmark`` (`bench.rl`); then agents (decisions/s of each game's heuristic bot,
samples each followed by a random playout, then by the game's own playout policy, per second,
ISMCTS iterations/s with either) and simulation games/s on one worker and on every core. Nothing
here is asserted by the tests.

A shared machine's speed changes by a tenth or more from one second to the next, so each engine row
is measured in slices taken in turn with goofspiel's, and its "vs goofspiel" is against the
goofspiel of those slices (the fastest slice of each: noise only slows). The notes under the table
say which modules ran compiled (`potager.compiled`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence
from functools import partial

from rich.console import Console
from rich.table import Table

from potager import agents, compiled, games

from . import measure, openspiel, rl
from .measure import Measure

WIDTH = 120
"""The table's width at least, even when printed to a file."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="budget per measurement")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel anchors")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    log = Console(stderr=True)
    results: list[Measure] = []
    notes: list[str] = []

    def run(what: str, task: Callable[[], Measure | list[Measure]]) -> None:
        log.print(f"[dim]measuring {what}…[/]", highlight=False)
        found = task()
        results.extend(found if isinstance(found, list) else [found])

    goofspiel = None
    if not args.no_openspiel:
        try:
            openspiel.load()
        except ImportError as exc:
            notes.append(f"OpenSpiel not measured: {exc} (pip install open_spiel)")
        else:
            for name in openspiel.ANCHORS:
                run(name, partial(openspiel.anchor, name, args.seconds))
            goofspiel = openspiel.games_of(openspiel.ANCHORS[0])
    chosen = [games.get(n) for n in games.names() if not args.game or n in args.game]
    for game in chosen:
        for players, variant in measure.configurations(game):
            what = measure.label(game, players, variant)
            playouts = measure.random_playouts
            run(what, partial(playouts, game, players, variant, args.seconds, goofspiel))
    for game in chosen:
        if rl.measured(game):
            for players, variant in measure.configurations(game):
                what = f"AEC {measure.label(game, players, variant)}"
                run(what, partial(rl.aec_steps, game, players, variant, args.seconds))
    for game in chosen:
        levels = agents.levels(game)
        if "heuristic" in levels:
            run(
                f"heuristic {game.name}",
                partial(measure.agent_games, game, "heuristic", args.seconds),
            )
        for informed in (False, True):
            sample = partial(measure.sample_playouts, game, args.seconds, informed=informed)
            run(f"sample {game.name}", sample)
            search = partial(measure.ismcts_iterations, game, args.seconds, informed=informed)
            run(f"ismcts {game.name}", search)
    if chosen:
        run("simulation", partial(measure.simulation, chosen[0], args.seconds))
    if args.json:
        print(
            json.dumps(
                {"machine": machine(), "results": [m.to_dict() for m in results], "notes": notes},
                indent=1,
            )
        )
    else:
        console = Console()
        console.width = max(console.width, WIDTH)
        console.print(table(results))
        for note in [*notes, compiled_note()]:
            console.print(note)
    return 0


def compiled_note() -> str:
    built = [name for name, done in compiled.status().items() if done]
    if not built:
        return "Ran as plain Python: nothing compiled (see potager/compiled.py)."
    return f"Compiled with mypyc: {', '.join(built)}; the rest plain Python."


def machine() -> dict[str, object]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "compiled": compiled.status(),
    }


def table(results: list[Measure]) -> Table:
    """One row per measurement; the engine rows also as a fraction of goofspiel's decisions/s: of
    the goofspiel measured in turn with them when it was, else of the first OpenSpiel row."""
    anchor = next((m for m in results if m.section == "openspiel"), None)
    out = Table(
        title=f"Potager benchmarks (Python {platform.python_version()}, {os.cpu_count()} cores)",
        title_justify="left",
    )
    out.add_column("measured", no_wrap=True)
    for name in ("decisions/s", "games/s", "games", "vs goofspiel"):
        out.add_column(name, justify="right")
    section = None
    for m in results:
        if section is not None and m.section != section:
            out.add_section()
        section = m.section
        iterations = m.extra.get("unit") == "iterations"
        against = m.extra.get("anchor") or (anchor.decisions_per_second if anchor else 0)
        ratio = (
            f"{m.decisions_per_second / against:.2f}×"
            if against and m.section in ("engine", "openspiel")
            else ""
        )
        out.add_row(
            f"{m.section}: {m.what}",
            f"{m.decisions_per_second:,.0f}" + (" it." if iterations else ""),
            "" if iterations else f"{m.games_per_second:,.1f}",
            f"{m.games:,}" + (" dec." if iterations else ""),
            ratio,
        )
    return out


if __name__ == "__main__":
    sys.exit(main())

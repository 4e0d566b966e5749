"""Garden Rush: harvests by vegetable and field size, tools used, how the game ended.

- ``harvests``, ``harvest_<vegetable>`` (fields harvested of each), ``harvest_squares`` (tokens
  harvested in all; the mean field size is their ratio);
- ``tools_used``: bonus actions taken (``move``, ``flip``, the module's ``swap``, ``compost``,
  ``flipcol``, ``molemove``), ``bonuses_skipped``, ``moles`` (tool tokens put as moles);
- ``end_bag``: 1 when the game ended on an empty bag, 0 when a gnome reached 40 ("Fin de
  partie"); ``stuck``: 1 when a player could neither place nor harvest (variant ``stuck``);
- the first seed's edge is seat 0's win share in the row itself;
- its `course`: a turn is a planting, a round both seats' turns; the gnomes as they move; the
  fields each seat harvested (by vegetable).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from potager import games
from potager.engine import Event, Result

from ..rows import GameRow
from .course import course
from .drawing import Figures, column, kept, mean_bars

VEGETABLES: tuple[str, ...] = tuple(games.get("garden-rush").facts()["vegetables"])
TOOL_EVENTS = frozenset({"move", "flip", "swap", "compost", "flipcol", "molemove"})


def measure(events: Sequence[Event], result: Result, players: int) -> dict[str, float]:
    found = {"harvests": 0.0, "harvest_squares": 0.0}
    found.update({f"harvest_{vegetable}": 0.0 for vegetable in VEGETABLES})
    found.update({"tools_used": 0.0, "bonuses_skipped": 0.0, "moles": 0.0, "end_bag": 0.0})
    turns = 0
    gnomes = [0.0] * players
    trail: list[tuple[int, tuple[float, ...]]] = []
    taken: list[tuple[int, str, int]] = []
    for event in events:
        kind = event["type"]
        if kind == "plant":
            turns += 1
        elif kind == "score":
            gnomes[event["seat"]] = float(event["to"])
            trail.append((turns - 1, tuple(gnomes)))
        elif kind == "harvest":
            found["harvests"] += 1
            found[f"harvest_{event['vegetable']}"] += 1
            found["harvest_squares"] += len(event["squares"])
            taken.append((turns - 1, event["vegetable"], event["seat"]))
        elif kind in TOOL_EVENTS:
            found["tools_used"] += 1
        elif kind == "skip":
            found["bonuses_skipped"] += 1
        elif kind == "mole":
            found["moles"] += 1
        elif kind == "bag empty":
            found["end_bag"] = 1.0
    found["stuck"] = float(result.details.get("stuck") is not None)
    rounds = -(-turns // players)
    return {**found, **course(turns, rounds, trail, taken, result.winners)}


def figures(rows: Sequence[GameRow], note: str, left_out: Collection[str] = ()) -> Figures:
    """Harvests by vegetable, the field size, tools and moles, how games end (each measure the
    report kept: one the same in every game is left out)."""
    by_vegetable = kept(left_out, [f"harvest_{v}" for v in VEGETABLES], list(VEGETABLES))
    harvests = mean_bars(
        [column(rows, name) for name in by_vegetable],
        list(by_vegetable.values()),
        "Garden Rush: fields harvested per game, by vegetable",
        note,
        "harvests per game (both seats)",
    )
    shown = kept(
        left_out,
        ["tools_used", "bonuses_skipped", "moles"],
        ["tool actions", "bonuses skipped", "moles placed"],
    )
    sizes = [
        r.measures["harvest_squares"] / r.measures["harvests"]
        for r in rows
        if r.measures["harvests"]
    ]
    tools = mean_bars(
        [*(column(rows, name) for name in shown), sizes],
        [*shown.values(), "tokens per field"],
        "Garden Rush: tools, moles and the size of a harvested field",
        note,
        "per game (tokens per field: per harvest)",
    )
    series, labels = [], []
    if "end_bag" not in left_out:
        series += [column(rows, "end_bag"), [1 - v for v in column(rows, "end_bag")]]
        labels += ["empty bag", "a gnome at 40"]
    if "stuck" not in left_out:
        series.append(column(rows, "stuck"))
        labels.append("a player stuck")
    drawn = [("harvests", harvests), ("tools", tools)]
    if series:
        drawn.append(
            (
                "ends",
                mean_bars(series, labels, "Garden Rush: how the game ends", note, "share of games"),
            )
        )
    return drawn

"""Kraut & Rüben: contracts, moles and snails, the first taker.

Of the first game of a match (the whole game without the ``match`` variant):
- ``contract_<seat>``: each seat's contract card (1…12, FACTS.md), revealed at the game's end;
  the report's win rate by contract card reads them beside the row's ``win_<seat>``;
- ``first_taker``: the seat that took the first garden (-1 if nobody took one), whose edge the
  report measures;
- ``moles``, ``snails`` (snail tiles placed), ``gardens_taken``, over the whole match;
- its `course`: a turn is a seat's draw, a round every seat's turn once; the scores as each game
  of a match ends them (a single game shows none before its end); the gardens taken.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from potager.engine import Event, Result

from ..balance import win_rate_by
from ..rows import GameRow
from .course import course
from .drawing import Figures, column, kept, mean_bars, rate_bars


def measure(events: Sequence[Event], result: Result, players: int) -> dict[str, float]:
    found = {"moles": 0.0, "snails": 0.0, "gardens_taken": 0.0, "first_taker": -1.0}
    contracts: list[int] | None = None
    turns = 0
    totals = [0.0] * players
    trail: list[tuple[int, tuple[float, ...]]] = []
    taken: list[tuple[int, str, int]] = []
    for event in events:
        kind = event["type"]
        if kind == "draw":
            turns += 1
        elif kind == "mole":
            found["moles"] += 1
        elif kind == "place" and event["tile"] == "snail":
            found["snails"] += 1
        elif kind == "take":
            found["gardens_taken"] += 1
            taken.append((turns - 1, "garden", event["seat"]))
            if found["first_taker"] < 0:
                found["first_taker"] = float(event["seat"])
        elif kind == "game_over":
            contracts = contracts or event["contracts"]
            totals = [t + s for t, s in zip(totals, event["scores"], strict=True)]
            trail.append((turns - 1, tuple(totals)))
    for seat, contract in enumerate(contracts or []):
        found[f"contract_{seat}"] = float(contract)
    rounds = -(-turns // players)
    return {**found, **course(turns, rounds, trail, taken, result.winners)}


def figures(rows: Sequence[GameRow], note: str, left_out: Collection[str] = ()) -> Figures:
    """Win rate by contract card and of the first taker (unless the report left it out: the same
    seat in every game), best first, intervals corrected for their number; moles, snails."""
    players = rows[0].players
    by_contract = win_rate_by(rows, lambda row, seat: row.measures.get(f"contract_{seat}"))
    contracts = rate_bars(
        by_contract,
        lambda g: f"contract {g.value:g} ({g.seats} seats)",
        f"Kraut & Rüben, {players} players: win rate by contract card (first game)",
        note,
        players,
    )
    drawn = [("contracts", contracts)]
    if "first_taker" not in left_out:
        first = win_rate_by(
            rows,
            lambda row, seat: (
                None
                if row.measures["first_taker"] < 0
                else float(seat == row.measures["first_taker"])
            ),
        )
        taker = rate_bars(
            first,
            lambda g: "the others" if g.value == 0 else "the first taker",
            f"Kraut & Rüben, {players} players: the first garden taken",
            note,
            players,
        )
        drawn.append(("first-taker", taker))
    shown = kept(
        left_out, ["moles", "snails", "gardens_taken"], ["moles", "snails placed", "gardens taken"]
    )
    pests = mean_bars(
        [column(rows, name) for name in shown],
        list(shown.values()),
        f"Kraut & Rüben, {players} players: moles, snails and gardens",
        note,
        "per game (mean, 95% interval)",
    )
    return [*drawn, ("moles-snails", pests)]

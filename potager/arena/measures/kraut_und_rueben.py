"""Kraut & Rüben: contracts, moles and snails, the first taker.

Of the first game of a match (the whole game without the ``match`` variant):
- ``contract_<seat>``: each seat's contract card (1…12, FACTS.md), revealed at the game's end;
  the report's win rate by contract card reads them beside the row's ``win_<seat>``;
- ``first_taker``: the seat that took the first garden (-1 if nobody took one), whose edge the
  report measures;
- ``moles``, ``snails`` (snail tiles placed), ``gardens_taken``, over the whole match.
"""

from __future__ import annotations

from collections.abc import Sequence

from potager.engine import Event, Result

from ..balance import win_rate_by
from ..rows import GameRow
from .drawing import Figures, column, mean_bars, rate_bars


def measure(events: Sequence[Event], result: Result, players: int) -> dict[str, float]:
    found = {"moles": 0.0, "snails": 0.0, "gardens_taken": 0.0, "first_taker": -1.0}
    contracts: list[int] | None = None
    for event in events:
        kind = event["type"]
        if kind == "mole":
            found["moles"] += 1
        elif kind == "place" and event["tile"] == "snail":
            found["snails"] += 1
        elif kind == "take":
            found["gardens_taken"] += 1
            if found["first_taker"] < 0:
                found["first_taker"] = float(event["seat"])
        elif kind == "game_over" and contracts is None:
            contracts = event["contracts"]
    for seat, contract in enumerate(contracts or []):
        found[f"contract_{seat}"] = float(contract)
    return found


def figures(rows: Sequence[GameRow], note: str) -> Figures:
    """Win rate by contract card and of the first taker; moles and snails per game."""
    players = rows[0].players
    by_contract = win_rate_by(rows, lambda row, seat: row.measures.get(f"contract_{seat}"))
    contracts = rate_bars(
        by_contract,
        [f"contract {g.value:g} ({g.seats} seats)" for g in by_contract],
        f"Kraut & Rüben, {players} players: win rate by contract card (first game)",
        note,
        players,
    )
    first = win_rate_by(
        rows,
        lambda row, seat: (
            None if row.measures["first_taker"] < 0 else float(seat == row.measures["first_taker"])
        ),
    )
    taker = rate_bars(
        first,
        ["the others" if g.value == 0 else "the first taker" for g in first],
        f"Kraut & Rüben, {players} players: the first garden taken",
        note,
        players,
    )
    pests = mean_bars(
        [column(rows, "moles"), column(rows, "snails"), column(rows, "gardens_taken")],
        ["moles", "snails placed", "gardens taken"],
        f"Kraut & Rüben, {players} players: moles, snails and gardens",
        note,
        "per game (mean, 95% interval)",
    )
    return [("contracts", contracts), ("first-taker", taker), ("moles-snails", pests)]

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

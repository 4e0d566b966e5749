"""Heuschrecken Poker: the Ace and the X, stalemates and plagues, chips from harvests and rounds.

- ``ace_sweeps``, ``x_sweeps``: reveals in which an uncancelled Ace (or the X that beats it)
  took the whole display ("Das Pokern"; the ``take_all`` events' reason); ``alone_sweeps`` the
  two-player lone taker's.
- ``stalemates`` (Patt: nobody takes, cards are added), ``double_stalemates`` and ``plagues``
  (a garden with three grasshoppers is lost).
- ``chips_harvest``, ``chips_rounds``: chips won by harvests and by the round scorings.
- ``sweeps_winner``: sweeps by the winners (shared when tied), to weigh the Ace's value.
- its `course`: a turn is a reveal, a round a round scoring; the chips as harvests and round
  scorings give them; the cards each seat took (by kind).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from potager.engine import Event, Result

from ..rows import GameRow
from .course import course
from .drawing import Figures, column, kept, mean_bars


def measure(events: Sequence[Event], result: Result, players: int) -> dict[str, float]:
    found = {
        "ace_sweeps": 0.0,
        "x_sweeps": 0.0,
        "alone_sweeps": 0.0,
        "stalemates": 0.0,
        "double_stalemates": 0.0,
        "plagues": 0.0,
        "chips_harvest": 0.0,
        "chips_rounds": 0.0,
        "sweeps_winner": 0.0,
    }
    winners = result.winners
    turns = rounds = 0
    chips = [0.0] * players
    trail: list[tuple[int, tuple[float, ...]]] = []
    taken: list[tuple[int, str, int]] = []
    for event in events:
        kind = event["type"]
        if kind == "reveal":
            turns += 1
        elif kind == "take_all":
            found[f"{event['reason']}_sweeps"] += 1
            if event["seat"] in winners:
                found["sweeps_winner"] += 1 / len(winners)
            taken += [(turns - 1, card, event["seat"]) for card in event["cards"]]
        elif kind == "take":
            taken.append((turns - 1, event["kind"], event["seat"]))
        elif kind in ("stalemate", "double_stalemate"):
            found[f"{kind}s"] += 1
        elif kind == "plague":
            found["plagues"] += 1
        elif kind == "harvest":
            found["chips_harvest"] += event["chips"]
            chips[event["seat"]] += event["chips"]
            trail.append((turns - 1, tuple(chips)))
        elif kind == "round_scoring":
            rounds += 1
            found["chips_rounds"] += len(event["chips_to"])
            for seat in event["chips_to"]:
                chips[seat] += 1
            trail.append((turns - 1, tuple(chips)))
    return {**found, **course(turns, rounds, trail, taken, winners)}


def figures(rows: Sequence[GameRow], note: str, left_out: Collection[str] = ()) -> Figures:
    """Sweeps, stalemates and plagues per game; chips by source; the sweeps of the winners."""
    players = rows[0].players
    names = ["ace_sweeps", "x_sweeps", "alone_sweeps", "stalemates", "double_stalemates"]
    shown = kept(
        left_out,
        [*names, "plagues"],
        ["Ace sweeps", "X sweeps", "lone taker", "stalemates", "double stalemates", "plagues"],
    )
    events = mean_bars(
        [column(rows, name) for name in shown],
        list(shown.values()),
        f"Heuschrecken Poker, {players} players: what happens in a game",
        note,
        "per game (mean, 95% interval)",
    )
    chips = mean_bars(
        [column(rows, "chips_harvest"), column(rows, "chips_rounds")],
        ["from harvests", "from round scorings"],
        f"Heuschrecken Poker, {players} players: where the chips come from",
        note,
        "chips per game, all seats",
    )
    sweeps = [sum(row.measures[n] for n in names[:3]) / players for row in rows]
    ace = mean_bars(
        [column(rows, "sweeps_winner"), sweeps],
        ["by the winner", "by a seat on average"],
        f"Heuschrecken Poker, {players} players: the value of taking the whole display",
        note,
        "sweeps (Ace, X, lone taker) per game",
    )
    return [("events", events), ("chips", chips), ("sweeps", ace)]

"""One finished game as a row (`GameRow`), and rows as files: CSV (the standard library) or
Parquet (pandas with pyarrow: about 170 MB installed, where fastparquet would take 13 MB, but
pandas deprecates fastparquet).

One line per game, `GameRow.flat`: ``index``, ``seed``, ``players``, per seat ``bot_<s>``,
``score_<s>``, ``win_<s>`` (the share of the win), ``decisions``, then the game's measures.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class GameRow:
    """One finished game: who sat where, the result, its length in decisions, and the game's own
    measures (empty unless the job asked for them)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    measures: Mapping[str, float] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.bots)

    def flat(self) -> dict[str, Any]:
        """One flat row for a CSV or Parquet file: ``bot_0``, ``score_0``, ``win_0`` (the share
        of the win, 1/k for k tied winners) per seat, then the measures."""
        row: dict[str, Any] = {"index": self.index, "seed": self.seed, "players": self.players}
        for seat, bot in enumerate(self.bots):
            row[f"bot_{seat}"] = bot
            row[f"score_{seat}"] = self.scores[seat]
            row[f"win_{seat}"] = 1 / len(self.winners) if seat in self.winners else 0.0
        row["decisions"] = self.decisions
        row.update(self.measures)
        return row


FORMATS = (".csv", ".parquet")


def write_rows(rows: Sequence[GameRow], path: Path) -> None:
    """Write ``rows`` to ``path``, as Parquet when it ends in ``.parquet``, else as CSV."""
    flat = [row.flat() for row in rows]
    if path.suffix == ".parquet":
        frame(flat).to_parquet(path, index=False)
        return
    columns = list(dict.fromkeys(key for row in flat for key in row))
    with path.open("w", newline="") as out:
        writer = csv.DictWriter(out, columns)
        writer.writeheader()
        writer.writerows(flat)


def frame(flat: Sequence[dict[str, Any]]) -> Any:
    """A pandas DataFrame of flat rows (pandas is imported only here, when asked for)."""
    import pandas

    return pandas.DataFrame.from_records(list(flat))

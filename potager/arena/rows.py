"""Per-game rows as files: CSV (the standard library) or Parquet (pandas with pyarrow: about
170 MB installed, where fastparquet would take 13 MB, but pandas deprecates fastparquet).

One line per game, `GameRow.flat`: ``index``, ``seed``, ``players``, per seat ``bot_<s>``,
``score_<s>``, ``win_<s>`` (the share of the win), ``decisions``, then the game's measures.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .simulate import GameRow

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

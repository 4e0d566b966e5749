"""What wrote a document: the Potager version and, run from a git checkout, its commit.

Every JSON document Potager writes for tools (records, saves, analyses, the study commands'
output) carries ``potager``; those of the analyses and the study commands also ``commit`` when
the package runs from a checkout (docs/records.md).
"""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

from potager import __version__

CHECKOUT = Path(__file__).resolve().parent.parent


def provenance() -> dict[str, str]:
    """``{"potager": version}``, with ``"commit"`` (the checkout's HEAD) when there is one."""
    found = {"potager": __version__}
    commit = _commit()
    if commit is not None:
        found["commit"] = commit
    return found


@cache
def _commit() -> str | None:
    if not (CHECKOUT / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = done.stdout.strip()
    return commit if len(commit) == 40 else None

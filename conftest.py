"""Collection settings shared by the whole suite (doctests run over `potager/` too), and the guard
against testing a stale compiled build."""

from __future__ import annotations

from pathlib import Path

import pytest

from potager.compiled import GROUP, MODULES

ROOT = Path(__file__).parent
COMPILED_SOURCES = [ROOT / (name.replace(".", "/") + ".py") for name in MODULES]

# The compiled modules hold no doctests, and pytest cannot import a module's source beside its
# C extension (`potager.compiled`).
collect_ignore_glob = [
    "potager/store/migrations/*",
    "bench/*",
    *(str(path.relative_to(ROOT)) for path in COMPILED_SOURCES),
]


def pytest_configure(config: pytest.Config) -> None:
    """Python imports a module's C extension in place of its source: a build older than a source
    it compiled would be tested instead of it. Refuse to run then."""
    for built in ROOT.glob(f"{GROUP}__mypyc.*.so"):
        stale = [p.name for p in COMPILED_SOURCES if p.stat().st_mtime > built.stat().st_mtime]
        if stale:
            pytest.exit(
                f"the compiled build is older than {', '.join(stale)}: rebuild it with "
                "`make build`, or remove it with `make pure` and test the plain source with "
                "POTAGER_PURE=1",
                returncode=4,
            )

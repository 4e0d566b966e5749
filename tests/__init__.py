"""The test suite. `ROOT`: the checkout the tests run from (its models, docs and web sources)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

"""The compiled rules (`potager.compiled`) are what the tests test, and they play exactly as their
source does."""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType

import pytest

from potager import compiled, games
from potager.games.garden_rush import rules

GAME = games.get("garden-rush")


def test_the_hot_path_runs_compiled_unless_asked_not_to() -> None:
    """`make test` builds them: a build that failed would otherwise pass every test, slowly."""
    if os.environ.get("POTAGER_PURE"):
        pytest.skip("POTAGER_PURE is set: the plain source runs")
    assert compiled.status() == {name: True for name in compiled.MODULES}


def source_rules() -> ModuleType:
    """rules.py loaded from its source as a module of its own, beside the compiled one."""
    path = Path(rules.__file__).with_name("rules.py")
    name = "potager.games.garden_rush._rules_from_source"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", [{}, {"tools_and_moles": True}, {"stuck": "pass"}])
def test_the_source_and_the_build_play_the_same_games(variant: dict[str, object]) -> None:
    """Random games played side by side: the same legal actions, views, events and results."""
    source = source_rules()
    options = GAME.resolve_variant(variant)
    rng = random.Random(5)
    for seed in range(40):
        built = GAME.new_game(2, seed, variant)
        plain = source.GardenRushState(GAME, 2, seed, options, None)
        assert type(plain) is not type(built)
        while not built.is_over:
            seat = built.to_move[0]
            assert plain.to_move == built.to_move
            legal = built.legal_actions(seat)
            assert plain.legal_actions(seat) == legal
            if rng.random() < 0.2:
                assert plain.view(seat) == built.view(seat)
            action = rng.choice(legal)
            built.apply(seat, action)
            plain.apply(seat, action)
        assert plain.is_over
        assert plain.events == built.events
        assert plain.view(None) == built.view(None)
        assert plain.result() == built.result()

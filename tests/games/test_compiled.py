"""The compiled rules (`potager.compiled`) are what the tests test, and they play exactly as their
source does: random games played side by side with each game's rules module loaded from its
source, and the samples drawn from the same views with the same random numbers."""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from potager import compiled, games
from potager.agents import random_playout
from potager.agents.settings import Budget
from potager.engine import SearchKnowledge, State
from potager.games.garden_rush import heuristic
from tests.agents.test_playouts import _points as random_points

RULES = {
    "garden-rush": ("potager.games.garden_rush.rules", "GardenRushState"),
    "heuschrecken-poker": ("potager.games.heuschrecken_poker.rules", "HeuschreckenState"),
    "pas-de-haricots": ("potager.games.pas_de_haricots.rules", "PasDeHaricotsState"),
    "kraut-und-rueben": ("potager.games.kraut_und_rueben.rules", "KrautUndRuebenState"),
}
"""Each game with compiled rules: its rules module and its state class."""

CASES = [
    ("garden-rush", 2, {}),
    ("garden-rush", 2, {"tools_and_moles": True}),
    ("garden-rush", 2, {"stuck": "pass"}),
    ("heuschrecken-poker", 2, {}),
    ("heuschrecken-poker", 3, {"beginner": True}),
    ("heuschrecken-poker", 4, {}),
    ("pas-de-haricots", 3, {"hands": 1}),
    ("pas-de-haricots", 6, {"hands": 2}),
    ("kraut-und-rueben", 2, {}),
    ("kraut-und-rueben", 5, {"match": True}),
]
"""Game, players and variant of the games played side by side."""


def test_the_hot_path_runs_compiled_unless_asked_not_to() -> None:
    """`make test` builds them: a build that failed would otherwise pass every test, slowly."""
    if os.environ.get("POTAGER_PURE"):
        pytest.skip("POTAGER_PURE is set: the plain source runs")
    assert compiled.status() == {name: True for name in compiled.MODULES}


def test_every_compiled_rules_module_is_compared_here() -> None:
    assert {module for module, _ in RULES.values()} == {
        name for name in compiled.MODULES if name.endswith(".rules")
    }


def source_rules(name: str) -> ModuleType:
    """A compiled module (rules, a playout, the search) loaded from its source as a module of its
    own, beside the compiled one. A game's rules take its views from their source too, when they
    are compiled: a compiled view reads only states of the compiled rules' class."""
    package_name, _, short = name.rpartition(".")
    views = f"{package_name}.views"
    if short != "rules" or views not in compiled.MODULES:
        return _from_source(name)
    compiled_views = importlib.import_module(views)
    package = sys.modules[package_name]
    source_views = _from_source(views)
    sys.modules[views], package.views = source_views, source_views  # type: ignore[attr-defined]
    try:
        return _from_source(name)
    finally:
        sys.modules[views], package.views = compiled_views, compiled_views  # type: ignore[attr-defined]


def _from_source(name: str) -> ModuleType:
    """Module ``name`` loaded from its source, as ``name`` + ``_from_source``."""
    built = importlib.import_module(name)
    path = Path(str(built.__file__)).with_name(name.rsplit(".", 1)[1] + ".py")
    spec = importlib.util.spec_from_file_location(f"{name}_from_source", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where `dataclasses` looks a module's classes up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_the_source_and_the_build_play_the_same_games(
    name: str, players: int, variant: dict[str, Any]
) -> None:
    """Random games played side by side: the same legal actions, views, events and results."""
    game = games.get(name)
    module, cls = RULES[name]
    source = getattr(source_rules(module), cls)
    options = game.resolve_variant(variant)
    rng = random.Random(5)
    for seed in range(40):
        built = game.new_game(players, seed, variant)
        plain = source(game, players, seed, options, None)
        if name == "pas-de-haricots":  # as its `Game._new_state` does
            plain.deal(None)
        assert type(plain) is not type(built)
        while not built.is_over:
            seat = built.to_move[0]
            assert plain.to_move == built.to_move
            legal = built.legal_actions(seat)
            assert plain.legal_actions(seat) == legal
            if rng.random() < 0.2:
                assert plain.view(seat) == built.view(seat)
                assert_same_clones(plain, built)
            action = rng.choice(legal)
            built.apply(seat, action)
            plain.apply(seat, action)
        assert plain.is_over
        assert plain.events == built.events
        assert plain.view(None) == built.view(None)
        assert plain.result() == built.result()


def assert_same_clones(plain: State, built: State) -> None:
    """Clones of both, played on at random with the same numbers, stay the same."""
    plain, built = plain.clone(), built.clone()
    rng = random.Random(len(built.moves))
    for _ in range(5):
        if built.is_over:
            break
        seat = built.to_move[0]
        action = rng.choice(built.legal_actions(seat))
        plain.apply(seat, action)
        built.apply(seat, action)
    assert plain.view(None) == built.view(None)


SAMPLERS = {
    "heuschrecken-poker": "potager.games.heuschrecken_poker.rules",
}
"""Games whose sampling (``read_view`` and ``sample``) is compiled with their rules."""


@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_the_source_and_the_build_sample_the_same_states(name: str) -> None:
    """From the same views with the same random numbers, the same states (every seat's view, and
    the same games when played on)."""
    game = games.get(name)
    built = importlib.import_module(SAMPLERS[name])
    plain = source_rules(SAMPLERS[name])
    rng = random.Random(3)
    for seed in range(20):
        state = game.new_game(game.min_players + seed % 2, seed)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            view = state.view(seat)
            ours = built.sample(built.read_view(game, view, seat), random.Random(seed))
            theirs = plain.sample(plain.read_view(game, view, seat), random.Random(seed))
            for s in range(state.players):
                assert ours.view(s) == theirs.view(s)
            if len(state.moves) % 5 == 0:  # the hidden part too: played on, they stay the same
                random_playout(ours, random.Random(seed))
                random_playout(theirs, random.Random(seed))
                assert ours.events == theirs.events
            state.apply(seat, rng.choice(state.legal_actions(seat)))


PLAYOUTS = [name for name in compiled.MODULES if name.endswith(".playout")]
"""The games' compiled playout policies (their ``playout.py``)."""


def test_every_game_with_a_playout_policy_has_it_compiled() -> None:
    policies = {
        f"potager.games.{name.replace('-', '_')}.playout"
        for name in games.names()
        if importlib.util.find_spec(f"potager.games.{name.replace('-', '_')}.playout")
    }
    assert policies == set(PLAYOUTS)


@pytest.mark.parametrize("module", PLAYOUTS)
def test_the_source_and_the_build_play_the_same_playouts(module: str) -> None:
    """From the same sampled states with the same random numbers, the compiled policy and its
    source make the same moves (and leave their generators in the same state)."""
    name = module.split(".")[2].replace("_", "-")
    game = games.get(name)
    built, plain = importlib.import_module(module), source_rules(module)
    for state in random_points(game, 12, 11):
        seat = state.to_move[0]
        view = state.view(seat)
        for draw in range(3):
            ours = game.sample(view, seat, random.Random(draw))
            theirs = ours.clone()
            ours_rng, theirs_rng = random.Random(draw), random.Random(draw)
            built.playout(ours, ours_rng)
            plain.playout(theirs, theirs_rng)
            assert ours.moves == theirs.moves
            assert ours_rng.getstate() == theirs_rng.getstate()
        if hasattr(built, "representatives"):
            legal = state.legal_actions(seat)
            assert built.representatives(state, legal) == plain.representatives(state, legal)


def _search_alike(name: str, budget: Budget, knowledge: SearchKnowledge[Any], seed: int) -> None:
    """The compiled search (`potager.agents.ismcts`) and its source, with ``budget`` and the
    game's ``knowledge``, judge the same actions the same from the same seed at six random points
    of game ``name``."""
    game = games.get(name)
    built, plain = (
        importlib.import_module("potager.agents.ismcts"),
        source_rules("potager.agents.ismcts"),
    )
    for state in random_points(game, 6, seed):
        seat = state.to_move[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        ours = built.ISMCTSAgent(budget, knowledge=knowledge)
        theirs = plain.ISMCTSAgent(budget, knowledge=knowledge)
        assert ours.evaluate(game, view, seat, legal, random.Random(1)) == theirs.evaluate(
            game, view, seat, legal, random.Random(1)
        )


@pytest.mark.parametrize("name", ["heuschrecken-poker", "pas-de-haricots", "kraut-und-rueben"])
def test_the_source_and_the_build_search_alike(name: str) -> None:
    """A tree (simultaneous nodes included) and a paired root, with each game's playout."""
    search = games.pieces(games.get(name)).search
    knowledge = SearchKnowledge(playout=search.playout, merge=search.merge, paired=search.paired)
    _search_alike(name, Budget(iterations=40), knowledge, 11)


def test_the_source_and_the_build_widen_alike() -> None:
    """Garden Rush's search with its progressive widening (`ismcts._widened`)."""
    widening = games.pieces(games.get("garden-rush")).search.widening
    knowledge = SearchKnowledge(order=heuristic.order, widening=widening)
    _search_alike("garden-rush", Budget(iterations=60), knowledge, 12)


@pytest.mark.parametrize("variant", [{}, {"tools_and_moles": True}])
def test_the_source_and_the_build_of_garden_rush_s_heuristic_agree(variant: dict[str, Any]) -> None:
    """Garden Rush's heuristic is compiled (the search's progressive widening reads its `order`
    at every node it widens): at every decision of random games, the compiled one and its source
    order the actions alike and play the same action from the same generator."""
    built = importlib.import_module("potager.games.garden_rush.heuristic")
    plain = source_rules("potager.games.garden_rush.heuristic")
    game = games.get("garden-rush")
    rng = random.Random(8)
    for number in range(3):
        state = game.new_game(2, seed=number, variant=variant)
        while not state.is_over:
            seat = state.to_move[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            assert built.order(state, seat, legal) == plain.order(state, seat, legal)
            ours = built.HeuristicAgent().act(game, view, seat, legal, random.Random(number))
            theirs = plain.HeuristicAgent().act(game, view, seat, legal, random.Random(number))
            assert ours == theirs
            state.apply(seat, rng.choice(legal))


def test_the_source_and_the_build_score_alike() -> None:
    """Kraut & Rüben's compiled `scoring.points` against its source on random gardens."""
    built = importlib.import_module("potager.games.kraut_und_rueben.scoring")
    plain = source_rules("potager.games.kraut_und_rueben.scoring")
    rng = random.Random(4)
    for _ in range(500):
        counts = [rng.randrange(5) for _ in built.CODE]
        contract = rng.choice(sorted(built.WEIGHTS))
        assert built.points(contract, counts) == plain.points(contract, counts)

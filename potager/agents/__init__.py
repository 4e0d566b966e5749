"""Computer opponents by level name: ``agents.make("heuristic", game)``.

Levels (`describe` gives each one's line for `potager games`; `title` and `sentence` what players
read of it in the pages, "Novice" to "Expert"): ``random`` (every game), ``heuristic`` (each
game's own bot, from its entry in the registry, `potager.games.pieces`), ``ismcts``
(information-set Monte Carlo tree search over `Game.sample`, with the game's `SearchKnowledge`,
1 s a decision on one core), ``ismcts-strong`` (5 s on every core), ``policy:PATH`` (a policy
trained with `potager.rl.train`, saved at PATH, or one shipped in `MODELS` by its name; needs the
``rl`` extra), ``onnx:PATH`` (a policy trained with another library and exported to ONNX,
`potager.rl.onnx_policy`; needs the ``onnx`` extra). A search level takes parameters for study:
``ismcts:iterations=2000``, ``ismcts:seconds=3``, ``ismcts-strong:iterations=4000,workers=2``
(`parse_level`). An agent sees only its own seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

from potager import games
from potager.engine import Agent, Game, GamePieces, State

from .action_value import ActionValue
from .levels import SEARCH, describe, parse_level, sentence, title
from .random_agent import RandomAgent, random_playout
from .settings import Budget, SearchSettings

__all__ = [
    "MODELS",
    "ONNX",
    "POLICY",
    "ActionValue",
    "RandomAgent",
    "describe",
    "game_playout",
    "levels",
    "make",
    "model_file",
    "parse_level",
    "random_playout",
    "sentence",
    "title",
]

_GENERIC = {"random": RandomAgent}


POLICY = "policy:"
"""The prefix of a trained policy's level: ``policy:models/heuschrecken-poker-2p.npz`` (a file),
``policy:heuschrecken-poker-2p`` (a shipped model)."""
ONNX = "onnx:"
"""The prefix of an ONNX policy's level: ``onnx:models/heuschrecken-poker-2p-maskableppo.onnx``."""
MODELS = files("potager") / "models"
"""The trained policies shipped inside the package, ``<name>.npz``."""


def model_file(path: str) -> str:
    """The file a ``policy:`` level's ``path`` names: an existing file as it is, else the model
    shipped under that name (``heuschrecken-poker-2p``, ``.npz`` optional; the installed package's
    own file). `ValueError` names the shipped models when it is neither."""
    if Path(path).is_file():
        return path
    shipped = MODELS / (path if path.endswith(".npz") else f"{path}.npz")
    if Path(path).name == path and shipped.is_file():
        return str(shipped)
    names = sorted(m.name.removesuffix(".npz") for m in MODELS.iterdir() if m.name.endswith(".npz"))
    raise ValueError(
        f"cannot load a policy from {path!r}: no such file, and no shipped model of that name "
        f"(shipped: {', '.join(names) or 'none'})"
    )


def _policy(path: str, game: Game) -> Agent:
    """The bot of a saved policy (`potager.rl.policy`) at ``path`` or shipped by that name
    (`model_file`); `ValueError` for a file that is not one, or one trained for another game."""
    try:
        from potager.rl.policy import PolicyAgent
    except ModuleNotFoundError as exc:
        missing = f"bot level policy:{path} needs the rl extra ({exc.name} is missing)"
        raise ValueError(missing) from None
    return PolicyAgent.load(model_file(path), game)


def _onnx(path: str, game: Game) -> Agent:
    """The bot of an ONNX policy at ``path`` (`potager.rl.onnx_policy`); `ValueError` for a file
    that is not one, or one trained for another game."""
    try:
        from potager.rl.onnx_policy import OnnxPolicy

        return OnnxPolicy(path, game)
    except ModuleNotFoundError as exc:
        missing = f"bot level onnx:{path} needs the onnx extra ({exc.name} is missing)"
        raise ValueError(missing) from None


def game_playout(game: Game) -> Callable[[State, random.Random], object]:
    """The playout policy of ``game`` (its `SearchKnowledge`'s), `random_playout` for a game
    without one: how the search levels finish a sampled state."""
    return games.pieces(game).search.playout or random_playout


def levels(game: Game) -> list[str]:
    """The bot levels available for ``game``."""
    names = list(_GENERIC)
    if games.pieces(game).heuristic is not None:
        names.append("heuristic")
    names += [n for n in SEARCH if n not in names]
    return names


def make(level: str, game: Game) -> Agent:
    """A new agent of ``level`` for ``game``; `ValueError` lists the levels otherwise."""
    if level.startswith(POLICY):
        return _policy(level.removeprefix(POLICY), game)
    if level.startswith(ONNX):
        return _onnx(level.removeprefix(ONNX), game)
    if level in _GENERIC:
        return _GENERIC[level]()
    entry = games.pieces(game)
    if level == "heuristic" and entry.heuristic is not None:
        return entry.heuristic()
    if level.split(":", 1)[0] in SEARCH:
        return _search(level, game, entry)
    raise ValueError(
        f"unknown bot level {level!r} for {game.name}; levels: {', '.join(levels(game))}"
    )


def _search(level: str, game: Game, entry: GamePieces[Any]) -> Agent:
    """The agent of search level ``level`` (`parse_level`) for ``game``, with the game's
    knowledge and its heuristic as the guide; `ValueError` for a parameter the game cannot use."""
    from .ismcts import ISMCTSAgent

    given = parse_level(level)  # the other parameters are settings of the same names
    budget = Budget(given.pop("iterations"), given.pop("seconds"))
    plan, playout = bool(given.pop("plan", 0)), given.pop("playout")
    settings = SearchSettings(plan=plan, game_playout=playout == "game", **given)
    knowledge = entry.search
    guide = None if entry.heuristic is None else entry.heuristic()
    agent = ISMCTSAgent(budget, settings, knowledge, guide)
    if agent.widening and knowledge.order is None:
        raise ValueError(
            f"bot level {level!r}: widening needs the game's order of its actions, "
            f"which {game.name} has not"
        )
    if settings.plan and (knowledge.follow_up is None or not knowledge.paired):
        raise ValueError(
            f"bot level {level!r}: plan needs a paired root whose turns go on without a "
            f"draw (Kraut & Rüben's), which {game.name} has not"
        )
    return agent

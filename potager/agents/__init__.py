"""Computer opponents by level name: ``agents.make("heuristic", game)``.

Levels: ``random`` (every game), ``heuristic`` (each game's own bot, in its sub-package's
``heuristic.py``), ``ismcts`` (information-set Monte Carlo tree search over `Game.sample`, when
available), ``policy:PATH`` (a policy trained with `potager.rl.train`, saved at PATH; needs the
``rl`` extra). An agent sees only its own seat's view.
"""

from __future__ import annotations

import importlib

from potager.engine import Agent, Game

from .random_agent import RandomAgent, random_playout

__all__ = ["POLICY", "RandomAgent", "levels", "make", "random_playout"]

_GENERIC = {"random": RandomAgent}


POLICY = "policy:"
"""The prefix of a trained policy's level: ``policy:models/heuschrecken-poker-2p.npz``."""


def _policy(path: str, game: Game) -> Agent:
    """The bot of a saved policy (`potager.rl.policy`); `ValueError` for a file that is not one,
    or one trained for another game."""
    try:
        from potager.rl.policy import PolicyAgent
    except ModuleNotFoundError as exc:
        missing = f"bot level policy:{path} needs the rl extra ({exc.name} is missing)"
        raise ValueError(missing) from None
    return PolicyAgent.load(path, game)


def _heuristic_module(game: Game):  # type: ignore[no-untyped-def]
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.heuristic")
    except ModuleNotFoundError:
        return None


def levels(game: Game) -> list[str]:
    """The bot levels available for ``game``."""
    names = list(_GENERIC)
    if _heuristic_module(game) is not None:
        names.append("heuristic")
    names += [n for n in _EXTRA if n not in names]
    return names


_EXTRA: dict[str, str] = {"ismcts": "potager.agents.ismcts:ISMCTSAgent"}


def make(level: str, game: Game) -> Agent:
    """A new agent of ``level`` for ``game``; `ValueError` lists the levels otherwise."""
    if level.startswith(POLICY):
        return _policy(level.removeprefix(POLICY), game)
    if level in _GENERIC:
        return _GENERIC[level]()
    if level == "heuristic":
        module = _heuristic_module(game)
        if module is not None:
            agent: Agent = module.HeuristicAgent()
            return agent
    if level in _EXTRA:
        module_name, attr = _EXTRA[level].split(":")
        try:
            cls = getattr(importlib.import_module(module_name), attr)
        except (ModuleNotFoundError, AttributeError):
            pass
        else:
            return cls()  # type: ignore[no-any-return]
    raise ValueError(
        f"unknown bot level {level!r} for {game.name}; levels: {', '.join(levels(game))}"
    )

"""Kraut & Rüben's entry in the registry (`potager.games.pieces`): its rules, its bot, what it
tells the search, its tutorial."""

from importlib.resources import files

from potager.engine import GamePieces, SearchKnowledge

from . import GAME
from .heuristic import HeuristicAgent
from .playout import follow_up, playout, representatives, sampler
from .rules import KrautUndRuebenState

SEARCH: SearchKnowledge[KrautUndRuebenState] = SearchKnowledge(
    playout=playout,
    sampler=sampler,
    merge=representatives,
    # Flat and paired at the root (`potager.agents.ismcts.paired_root`): the tile each turn draws
    # makes a tree below the root mix unlike positions, and comparing choices on the same tiles
    # sees differences that independent playouts drown.
    paired=True,
    follow_up=follow_up,
)
PIECES = GamePieces(GAME, HeuristicAgent, SEARCH, files(__package__) / "tutorial.toml")

"""Pas de Haricots's entry in the registry (`potager.games.pieces`): its rules, its bot, what it
tells the search, its tutorial."""

from importlib.resources import files

from potager.engine import GamePieces, SearchKnowledge

from . import GAME
from .heuristic import HeuristicAgent
from .playout import playout, sampler
from .rules import PasDeHaricotsState

SEARCH: SearchKnowledge[PasDeHaricotsState] = SearchKnowledge(playout=playout, sampler=sampler)
PIECES = GamePieces(GAME, HeuristicAgent, SEARCH, files(__package__) / "tutorial.toml")

"""Heuschrecken Poker's entry in the registry (`potager.games.pieces`): its rules, its bot, what it
tells the search, its tutorial."""

from importlib.resources import files

from potager.engine import GamePieces, SearchKnowledge

from . import GAME
from .heuristic import HeuristicAgent
from .playout import playout, sampler
from .rules import HeuschreckenState

SEARCH: SearchKnowledge[HeuschreckenState] = SearchKnowledge(
    playout=playout,
    sampler=sampler,
    # The search levels draw their bid, by its visits, among those searched at least half as
    # often as the most searched, and vary as the heuristic does (docs/bots.md).
    mix=0.5,
)
PIECES = GamePieces(GAME, HeuristicAgent, SEARCH, files(__package__) / "tutorial.toml")

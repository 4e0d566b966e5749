"""Garden Rush's entry in the registry (`potager.games.pieces`): its rules, its bot, what it tells
the search, its tutorial. Its search plays random playouts over `Game.sampler`."""

from importlib.resources import files

from potager.engine import GamePieces, SearchKnowledge

from . import GAME
from .heuristic import HeuristicAgent, order
from .rules import GardenRushState

SEARCH: SearchKnowledge[GardenRushState] = SearchKnowledge(
    order=order,
    # Progressive widening with this exponent (`ismcts._widened`: a decision offers the search
    # its ``4 + n ** 0.3`` best actions by `order` once chosen ``n`` times); measured against
    # the same search without it at the level's 1 s a move: docs/bots.md.
    widening=0.3,
    # The best win share among the actions searched at least half as often as the most searched
    # one (`ismcts._chosen`), not the most searched: the heuristic's hint, favoured by a
    # progressive bias, is often the most searched without the best share; measured against the
    # most searched at 1,000 iterations: docs/bots.md.
    choice=0.5,
)
PIECES = GamePieces(GAME, HeuristicAgent, SEARCH, files(__package__) / "tutorial.toml")

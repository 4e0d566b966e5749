"""The one game API every interface uses: see DESIGN.md, "The engine API"."""

from .agent import Agent
from .chance import Pool
from .commitments import Commitments
from .errors import IllegalAction, NotationError, Reason, RecordError
from .game import Game, State, VariantSpec
from .parameters import Parameter, ParameterSpec
from .pieces import GamePieces, SearchKnowledge
from .record import GameRecord, SeatHolder, signed
from .saves import SaveError
from .seat_view import ExpiredView, SeatView
from .types import PRIVATE_TO, Action, Event, Result, Seat, View

__all__ = [
    "PRIVATE_TO",
    "Action",
    "Agent",
    "Commitments",
    "Event",
    "ExpiredView",
    "Game",
    "GamePieces",
    "GameRecord",
    "IllegalAction",
    "NotationError",
    "Parameter",
    "ParameterSpec",
    "Pool",
    "Reason",
    "RecordError",
    "Result",
    "SaveError",
    "SearchKnowledge",
    "Seat",
    "SeatHolder",
    "SeatView",
    "State",
    "VariantSpec",
    "View",
    "signed",
]

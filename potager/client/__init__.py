"""Programs that play on a Potager server: `RemoteSeat` seats an `Agent` (one of
`potager.agents`' levels by name, or a class of your own) at a table's seat, through its invite
link or a player's token, and plays the game to its end.

    >>> from potager.client import play
    >>> link = "http://localhost:8000/table/Ab3dE#seat=1&token=…"
    >>> outcome = play(link, "heuristic")  # doctest: +SKIP

The agent sees only what the server sends its seat (its view and legal actions), thinks within
its clock, and the seat comes back after a dropped socket. `RemotePlayer` plays every seat a
player holds on a server, as it is seated at more tables. ``potager bot`` runs one from the
command line; the protocol it speaks: docs/protocol.md. Needs the ``client`` extra (websockets,
httpx).
"""

from .links import ClientError, SeatLink, parse_link
from .player import RemotePlayer, Seek, parse_seek, parse_server
from .seat import MARGIN, Outcome, RemoteSeat, play
from .thinking import load_agent

__all__ = [
    "MARGIN",
    "ClientError",
    "Outcome",
    "RemotePlayer",
    "RemoteSeat",
    "SeatLink",
    "Seek",
    "load_agent",
    "parse_link",
    "parse_seek",
    "parse_server",
    "play",
]

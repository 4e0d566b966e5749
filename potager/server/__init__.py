"""The web server: lobby (REST), tables (one WebSocket per seat), bots seated server-side.

``potager serve`` runs it with uvicorn; `create_app` builds the FastAPI application. The server
never knows a game's rules: it stores records and asks the engine (`potager.games`).
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]

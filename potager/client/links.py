"""Where a program's seat is: an invite link read, or a seat found or taken with a player token.

An invite link is the address the lobby hands out for a seat,
``https://host/table/<id>#seat=<n>&token=<seat token>``; a table's own address,
``https://host/table/<id>``, names a table and no seat. With a player token (``POST
/api/players``) the seat is the one that player holds at the table, else an open seat taken for
it (``POST /api/tables/<id>/join``); that player is marked a bot (``POST
/api/players/me/bot``) if it was not. Every refusal is a `ClientError` of one line, in the
server's words where it gave some; nothing is changed on the server by a refused request.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import httpx

TIMEOUT = 10.0
"""Seconds one HTTP request to the server may take."""


class ClientError(Exception):
    """What stops a program's seat: a bad link, a wrong token, a refused seat, a server gone.
    Its message is one line for the person who started the program."""


@dataclass(frozen=True)
class SeatLink:
    """A seat of a table on a server: ``server`` (its address, ``https://host:port`` and any root
    path), the table, the seat and the token that opens it (a seat token or the token of the
    player holding it); ``seat`` and ``token`` are ``None`` for a table's own address."""

    server: str
    table_id: str
    seat: int | None = None
    token: str | None = None

    @property
    def socket(self) -> str:
        """The table's WebSocket address (``ws:`` for ``http:``, ``wss:`` for ``https:``)."""
        parts = urlsplit(self.server)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return urlunsplit((scheme, parts.netloc, f"{parts.path}/ws/tables/{self.table_id}", "", ""))

    @property
    def table(self) -> str:
        """The table's page (without the seat and its token: safe to print)."""
        return f"{self.server}/table/{self.table_id}"


def parse_link(url: str) -> SeatLink:
    """The seat an invite link names, or the table a table's address names; `ClientError` for
    anything else."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ClientError(f"not a table's address (http://host/table/ID…): {_shown(url)}")
    root, marker, table_id = parts.path.rpartition("/table/")
    if not marker or not table_id or "/" in table_id:
        raise ClientError(f"not a table's address (http://host/table/ID…): {_shown(url)}")
    server = urlunsplit((parts.scheme, parts.netloc, root.rstrip("/"), "", ""))
    fragment = parse_qs(parts.fragment)
    seat, token = fragment.get("seat", [None])[0], fragment.get("token", [None])[0]
    if (seat is None) != (token is None):
        raise ClientError("an invite link names both its seat and its token (#seat=N&token=…)")
    if seat is None or token is None:
        return SeatLink(server, table_id)
    if not seat.isdigit():
        raise ClientError(f"an invite link's seat is a number, not {seat!r}")
    return SeatLink(server, table_id, int(seat), token)


def _shown(url: str) -> str:
    """``url`` without what may hold a secret (its fragment), to print."""
    return url.split("#", 1)[0]


def _refusal(answer: httpx.Response) -> str:
    """The server's words for a refused request (its ``detail``), else its status."""
    try:
        detail = answer.json().get("detail")
    except ValueError:
        detail = None
    if isinstance(detail, list):  # a request the server could not parse: its first complaint
        detail = detail[0].get("msg") if detail and isinstance(detail[0], dict) else None
    return f"{detail}" if isinstance(detail, str) else f"HTTP {answer.status_code}"


async def request(
    http: httpx.AsyncClient,
    method: str,
    path: str,
    token: str | None = None,
    *,
    missing: bool = False,
    **body: Any,
) -> Any:
    """The JSON answer of ``method path`` (``token``: a player's, as its bearer; ``None`` for an
    empty answer, and with ``missing`` for a 404); `ClientError` with the server's words if it
    refuses, or if it cannot be reached."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    try:
        answer = await http.request(method, path, headers=headers, json=body or None)
    except httpx.HTTPError as exc:
        raise ClientError(f"cannot reach the server at {http.base_url}: {exc}") from None
    if missing and answer.status_code == 404:
        return None
    if answer.is_error:
        raise ClientError(f"the server refused {method} {path}: {_refusal(answer)}")
    return answer.json() if answer.content else None


def client_for(server: str) -> httpx.AsyncClient:
    """An HTTP client of the server at ``server`` (`SeatLink.server`)."""
    return httpx.AsyncClient(base_url=server, timeout=TIMEOUT)


async def bot_player(http: httpx.AsyncClient, player: str) -> dict[str, Any]:
    """The profile of the player ``player`` (a player's token) opens, marked a bot if it was
    not: a program's games are rated among bots only. `ClientError` for a person's identity
    that has played rated games (it stays a person's)."""
    profile: dict[str, Any] = await request(http, "GET", "/api/players/me", player)
    if profile.get("bot"):
        return profile
    try:
        marked: dict[str, Any] = await request(
            http, "POST", "/api/players/me/bot", player, bot=True
        )
    except ClientError as exc:
        raise ClientError(
            f'{exc}; give the program a player of its own (POST /api/players with "bot": true)'
        ) from None
    return marked


async def take_seat(
    http: httpx.AsyncClient,
    link: SeatLink,
    player: str,
    seat: int | None = None,
    name: str = "",
) -> SeatLink:
    """The seat ``player`` (a player's token) holds at ``link``'s table (``seat`` if given),
    opened by that token; else an open seat taken for it (``seat``, or the first open one)
    under ``name``, opened by the new seat token."""
    held = await request(http, "POST", "/api/turns", player, seats=[])
    mine = [s["seat"] for s in held["yours"] if s["table_id"] == link.table_id]
    held_here = mine[0] if seat is None and mine else seat if seat in mine else None
    if held_here is not None:
        return replace(link, seat=held_here, token=player)
    body: dict[str, Any] = {"name": name} if seat is None else {"seat": seat, "name": name}
    grant = await request(http, "POST", f"/api/tables/{link.table_id}/join", player, **body)
    return replace(link, seat=grant["seat"], token=grant["token"])

"""``python -m bench.fuzz`` (``make fuzz``): the server's protocol fuzzed.

Hypothesis generates request bodies for every endpoint that takes one (tables, seats, the
"your turn" list, clocks' end, players and sign-in), queries of the reading endpoints that a
request's language or player changes (the player's profile, ratings, chat, the i18n
catalogs), and messages for a seated table socket (moves, chat lines, undos): raw text and
bytes, any JSON (NaN, infinities, huge numbers, lone surrogates, deep nesting), and
near-misses of the real messages (a field of the wrong type, a missing or an extra one, a
stale version, a legal move among them now and then). Each request carries a generated
``Accept-Language``, ``potager.lang`` cookie and ``Authorization`` (a player's bearer token
right, wrong or malformed, or none). Each answer is checked: no 5xx, no crash (the socket
stays open and answers a ping), a refusal short and never echoing what was sent, and nothing
changed by a refusal (the fuzzed table's summary with its seats, names and clocks, its chat,
the newest open and live tables, the fuzz's player's profile and ratings, the table's
version and chat on the socket (a chat line is stored trimmed), and the SQLite store's seats,
players, tokens, ratings, chat lines, clocks and count of tables). The counts are printed; any
broken promise makes the exit status 1.

The suite runs the same checks in-process on a few thousand examples
(tests/server/test_fuzz.py); this runs ``--messages`` of them (100,000 by default, half HTTP
bodies, half socket messages) against ``potager serve`` started on a fresh SQLite database,
its per-client limits lifted (`config.UNLIMITED`: every request comes from this process) and
its time held still (`HELD`: no idle socket closed, the clocks a thousand times slower), so that
only a request changes what is compared; a table an accepted request opens is let play its bots'
moves before the next request.
Needs the dev extra (hypothesis).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

import httpx
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from potager.server.config import UNLIMITED

HELD = {"POTAGER_IDLE_TIMEOUT": "0", "POTAGER_CLOCK_SCALE": "1000"}
"""Time held still for what a snapshot shows (`Lobby.snapshot`), so that a change between two
is a request's: no socket is closed for its silence (the 100,000 run on 5e32db0 counted the
fuzzed seat's, silent through the HTTP phase and closed as idle after 10 minutes, as changed by
the refused ``GET /api/players/me`` that came next: its seat no longer connected), and the
clocks (`potager.server.clocks`) run a thousand times slower: the first time they act on their
own, a real-time seat's 3 minutes out, takes 50 hours, so within a run no seat times out or is
away and no waiting table leaves the open list or ends. The fuzz sends nothing that depends on
them (a socket's idle close and the clocks have their own tests)."""

LIFTED = {**UNLIMITED, "POTAGER_CHAT_RATE": "off", **HELD}
"""The server's environment: every request comes from this process, and its chat lines from
one seat; time held still (`HELD`); the size limits stay."""

SHORT = 2000
"""The longest refusal expected, in bytes: it says what is wrong, never what came."""

# -- what is generated ---------------------------------------------------------------------------
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["\ud800", "a\udc00b", "\u202e", "\x00", "3", "true", "null"])
    | st.sampled_from([1000, 5000]).map(lambda n: "x" * n)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, and the Python values json.dumps writes as non-standard JSON (NaN)."""

ODD = (
    SCALARS
    | st.lists(SCALARS, max_size=3)
    | st.dictionaries(st.text(max_size=4), SCALARS, max_size=2)
)
"""A value of the wrong type for any field."""


def dump(value: Any) -> str:
    """``value`` as JSON text, NaN and infinities written as Python's json writes them."""
    return json.dumps(value)


def near(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A message of these fields, each at times missing, of an odd value, or joined by another."""
    return st.fixed_dictionaries(
        {},
        optional={
            **{name: strategy | ODD for name, strategy in fields.items()},
            **{name: ODD for name in ("extra", "seed", "type")},
        },
    )


def texts_of(values: st.SearchStrategy[Any]) -> st.SearchStrategy[str]:
    return values.map(dump)


RAW = (
    st.text(max_size=60)
    | st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", '{"a":', "", " "])
    | st.tuples(st.sampled_from("[{"), st.sampled_from([100, 3000])).map(lambda t: t[0] * t[1])
    | st.binary(max_size=40).map(lambda b: b.decode("latin-1"))
)
"""Text that is seldom JSON at all."""


def seats() -> st.SearchStrategy[Any]:
    spec = near(
        {
            "kind": st.sampled_from(["human", "bot", "ghost"]),
            "level": st.sampled_from(["random", "god", ""]),
        }
    )
    return st.lists(spec, max_size=5)


def create_bodies(games: Mapping[str, int]) -> st.SearchStrategy[str]:
    """Bodies for opening a table; ``games``: each game's least number of players. About one in
    fifty is a whole table of people (accepted, unless its name is refused)."""
    body = near(
        {
            "game": st.sampled_from([*games, "chess", ""]),
            "players": st.integers(min_value=-1, max_value=7),
            "variant": st.dictionaries(st.text(max_size=10), SCALARS, max_size=2),
            "seats": seats(),
            "name": st.text(max_size=45),
            "seat": st.integers(min_value=-1, max_value=5),
            "hints": st.booleans(),
            "chat": st.booleans(),
            "undo": st.booleans(),
            "rated": st.booleans() | st.none(),
            "speed": st.sampled_from(["none", "real_time", "slow", "blitz", ""]),
            "stand_in": st.sampled_from(["random", "heuristic", "god", ""]),
        }
    )
    table = st.builds(
        lambda game, name: {
            "game": game,
            "players": games[game],
            "seats": [{"kind": "human"}] * games[game],
            "name": name,
        },
        st.sampled_from(sorted(games)),
        st.text(max_size=45),
    )
    some = st.integers(min_value=0, max_value=49).flatmap(lambda i: table if i == 0 else body)
    return texts_of(some) | texts_of(JSON) | RAW


def seat_bodies(token: str) -> st.SearchStrategy[str]:
    """Bodies of join, leave, name, end, rematch and hint: a seat, a token (at times the fuzzed
    seat's own), a name."""
    body = near(
        {
            "seat": st.integers(min_value=-2, max_value=6),
            "token": st.just(token) | st.text(max_size=40),
            "name": st.text(max_size=45),
        }
    )
    return texts_of(body) | texts_of(JSON) | RAW


def player_bodies(name: str, password: str) -> st.SearchStrategy[str]:
    """Bodies of a new player, a new name or password, a sign-in, and a bot's mark: at times
    the fuzz's own player's name and password."""
    body = near(
        {
            "name": st.just(name) | st.text(max_size=45),
            "password": st.just(password) | st.text(max_size=20) | st.just("p" * 201),
            "current": st.just(password) | st.text(max_size=20),
            "bot": st.booleans(),
        }
    )
    return texts_of(body) | texts_of(JSON) | RAW


HEADER_TEXT = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"), max_size=40
)
"""A header value any client may send (Latin-1; sent without the spaces around it, which HTTP
drops)."""


def headers(token: str) -> st.SearchStrategy[dict[str, str]]:
    """A request's language and player: ``Accept-Language`` and the pages' ``potager.lang``
    cookie real, odd or none; ``Authorization`` the fuzz's player's bearer ``token``, another,
    malformed, or none."""
    language = st.sampled_from(
        ["fr", "de-CH,de;q=0.9,en;q=0.8", "it;q=0", "*", "xx", "fr;q=NaN", "en;q=1e999", ""]
    )
    bearer = st.sampled_from(
        [
            f"Bearer {token}",
            f"bearer {token}",
            f"Bearer {token}x",
            "Bearer",
            "Bearer  ",
            "Basic Zm9v",
        ]
    ) | HEADER_TEXT.map(lambda t: f"Bearer {t}")
    return st.fixed_dictionaries(
        {},
        optional={
            "accept-language": language | HEADER_TEXT,
            "cookie": (language | HEADER_TEXT).map(lambda v: f"potager.lang={v}") | HEADER_TEXT,
            "authorization": bearer | HEADER_TEXT,
        },
    )


def path_part() -> st.SearchStrategy[str]:
    """A path segment or query value: real ones and anything, quoted."""
    return st.sampled_from(["fr", "de", "it", "en", "xx", "0", "-1", "101", "1e999"]) | st.text(
        max_size=12
    ).map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe=""))


def turns_bodies(table_id: str) -> st.SearchStrategy[str]:
    """Bodies of the "your turn" list: seats of the fuzzed table and of none, tokens that are
    wrong, and lists past the limit (`potager.server.schemas.TURN_SEATS`)."""
    seat = near(
        {
            "table": st.just(table_id) | st.text(max_size=34),
            "seat": st.integers(min_value=-2, max_value=6),
            "token": st.text(max_size=40),
        }
    )
    body = near({"seats": st.lists(seat, max_size=60)})
    return texts_of(body) | texts_of(JSON) | RAW


def messages(legal: Callable[[], list[dict[str, Any]]]) -> st.SearchStrategy[str]:
    """Socket messages; ``legal()`` gives the seat's legal actions now, so that real moves are
    among the near-misses."""
    act = st.builds(
        lambda fields, pick, how, version: {
            "type": "act",
            **fields,
            **_legal_fields(legal(), pick, how, version),
        },
        near(
            {
                "version": st.integers(min_value=-2, max_value=300),
                "action": st.integers(-2, 99),
                "notation": st.text(max_size=12),
            }
        ),
        st.integers(min_value=0, max_value=50),
        st.sampled_from(["action", "notation", "none"]),
        st.booleans(),
    )
    say = st.builds(
        lambda fields: {"type": "chat", **fields},
        near(
            {
                "text": st.text(max_size=30)
                | st.sampled_from(["hi", " ", "\u202ehi", "a\nb", "\ud800", "x" * 400]),
                "version": st.integers(-2, 300),
            }
        ),
    )
    undo = st.builds(
        lambda fields, current: {
            "type": "undo",
            **fields,
            **({"version": legal()[0]["version"]} if current and legal() else {}),
        },
        near({"version": st.integers(min_value=-2, max_value=300)}),
        st.booleans(),
    )
    other = st.builds(
        lambda kind, fields: {"type": kind, **fields},
        st.sampled_from(["hello", "sync", "ping", "dance", ""]),
        near(
            {
                "seat": st.integers(-1, 4),
                "token": st.text(max_size=10),
                "name": st.text(max_size=45),
            }
        ),
    )
    line = st.text(max_size=30).map(lambda text: {"type": "chat", "text": text})
    return st.one_of(
        *map(texts_of, (act, say, line, undo, other, JSON)),
        RAW,
    )


def _legal_fields(
    legal: list[dict[str, Any]], pick: int, how: str, current: bool
) -> dict[str, Any]:
    """The fields of a legal move (its action or notation), or none; ``current``: with the
    version the seat saw (else the generated one, or none, stands)."""
    if how == "none" or not legal:
        return {}
    move = legal[pick % len(legal)]
    found: dict[str, Any] = {how: move[how]}
    if current:
        found["version"] = move["version"]
    return found


# -- what is checked -------------------------------------------------------------------------------
@dataclass
class Tally:
    """What the fuzz saw; ``broken`` lists the first few broken promises."""

    counts: Counter[str] = field(default_factory=Counter)
    broken: list[str] = field(default_factory=list)

    def fail(self, kind: str, what: str) -> None:
        self.counts[kind] += 1
        if len(self.broken) < 20:
            self.broken.append(f"{kind}: {what[:200]!r}")

    @property
    def clean(self) -> bool:
        return not any(self.counts[k] for k in ("crash", "5xx", "echo", "changed"))


class Socket(Protocol):
    def send(self, text: str) -> None: ...
    def recv(self) -> str: ...


class Lobby:
    """The HTTP side, as the fuzz's own player (``name``, ``password``, ``token``): what a
    refused request must leave as it was, read again only after a request that was accepted.
    ``database``: the server's SQLite file, read for what the HTTP answers do not show (`STORED`).
    """

    NAME, PASSWORD = "Fuzz", "correct horse battery"

    def __init__(self, http: httpx.Client, database: Path) -> None:
        self.http = http
        self.store = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        grant = http.post("/api/players", json={"name": self.NAME}).json()
        self.token: str = grant["token"]
        http.post(
            "/api/players/me/password",
            json={"password": self.PASSWORD},
            headers={"authorization": f"Bearer {self.token}"},
        ).raise_for_status()
        self.table_id = ""
        self.seen: tuple[Any, ...] = ()

    def close(self) -> None:
        self.store.close()

    SNAPSHOT = (
        "/api/tables/{}",
        "/api/tables/{}/chat",
        "/api/tables?status=open&limit=1",
        "/api/tables?status=live&limit=1",
    )
    """What `snapshot` asks of the API (the fuzzed table's id in the braces)."""

    def snapshot(self) -> tuple[Any, ...]:
        """The fuzzed table's summary (seats, names, clocks) and chat, the newest open and live
        tables, the player's profile (name, password, ratings), and the store (`STORED`)."""
        me = {"authorization": f"Bearer {self.token}"}
        return (
            *(self.http.get(path.format(self.table_id)).text for path in self.SNAPSHOT),
            self.http.get("/api/players/me", headers=me).text,
            *(self.store.execute(query).fetchall() for query in STORED),
        )

    def watch(self, table_id: str) -> None:
        """Follow ``table_id`` once its bot waits for the person (`settle`)."""
        self.table_id = table_id
        self.settle(table_id)
        self.seen = self.snapshot()

    def settle(self, table_id: str) -> None:
        """Wait until no bot of ``table_id`` is to move: it waits for a person, for players,
        or is over. Until then its bots move on their own, whatever the next request is."""
        deadline = time.monotonic() + 60
        while bots_to_move(self.http.get(f"/api/tables/{table_id}").json()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bots of table {table_id} never stopped")
            time.sleep(0.05)

    def check(self, tally: Tally, request: Request) -> None:
        """Send ``request``: never a 5xx, a refusal short, and nothing changed by one."""
        method, path, body, sent = request
        try:
            answer = self.http.request(
                method,
                path,
                content=None if body is None else body.encode("utf-8", "surrogatepass"),
                headers=[
                    (b"content-type", b"application/json"),
                    *(
                        (name.encode(), value.strip().encode("latin-1"))
                        for name, value in sent.items()
                    ),
                ],
            )
        except httpx.HTTPError as exc:
            tally.fail("crash", f"{method} {path} {body} {sent} {exc!r}")
            return
        tally.counts["http"] += 1
        tally.counts[f"http {method}"] += 1
        what = f"{answer.status_code} {method} {path} {body} {sent}"
        if answer.status_code >= 500:
            tally.fail("5xx", what)
        elif answer.status_code >= 400:
            tally.counts["http refused"] += 1
            if len(answer.content) > SHORT:
                tally.fail("echo", f"{len(answer.content)} bytes: {what}")
        else:
            tally.counts["http accepted"] += 1
            opened = _json(answer.text)
            if method == "POST" and path == "/api/tables" and isinstance(opened, dict):
                self.settle(opened["table"]["id"])
        now = self.snapshot()
        if answer.status_code >= 400 and now != self.seen:
            parts = (*self.SNAPSHOT, "/api/players/me", *STORED)
            moved = ", ".join(p for p, a, b in zip(parts, self.seen, now, strict=True) if a != b)
            tally.fail("changed", f"{moved} by {what}")
        self.seen = now


def bots_to_move(table: Mapping[str, Any]) -> bool:
    """Is a bot of ``table`` (its `TableSummary`) to move: a bot seat's, or a stand-in's?"""
    seats = table["seats"]
    return table["status"] == "playing" and any(
        seats[seat]["kind"] == "bot" or seats[seat]["stand_in"] for seat in table["to_move"]
    )


STORED = (
    "SELECT count(*) FROM tables",
    *(
        f"SELECT * FROM {name} ORDER BY 1, 2"
        for name in ("seats", "players", "player_tokens", "ratings", "chat_lines", "seat_clocks")
    ),
)
"""The store as a refused request must leave it: how many tables, and every seat, player,
player token, rating, chat line and clock (the tables' rows and moves change meanwhile, written
by the bots of the all-bot tables that accepted requests open)."""

Request = tuple[str, str, str | None, dict[str, str]]
"""A generated HTTP request: method, path (with its query), body (None for a GET), headers."""


@dataclass
class Seated:
    """A seat's socket at the fuzzed table, with what it last saw."""

    socket: Socket
    state: dict[str, Any] = field(default_factory=dict)

    def legal(self) -> list[dict[str, Any]]:
        version = self.state.get("version", 0)
        return [a | {"version": version} for a in self.state.get("legal", [])]

    def exchange(self, text: str) -> list[dict[str, Any]]:
        """Send ``text`` then a ping; every message until the ping's pong (a ping sent as
        ``text`` has its own)."""
        self.socket.send(text)
        self.socket.send(PING)
        pongs = 2 if _json(text) == {"type": "ping"} else 1
        found = []
        while pongs:
            message = json.loads(self.socket.recv())
            found.append(message)
            if message["type"] == "pong":
                pongs -= 1
            elif message["type"] == "state":
                self.state = message
        return found


PING = '{"type": "ping"}'


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def accepted_move(text: str, legal: list[dict[str, Any]]) -> bool:
    """Is ``text`` a move the table may take: an act with an int version and exactly one of
    an int action or a notation of a legal move, and nothing else?"""
    message = _json(text)
    if not isinstance(message, dict) or message.get("type") != "act":
        return False
    if type(message.get("version")) is not int or set(message) - {
        "type",
        "version",
        "action",
        "notation",
    }:
        return False
    action, notation = message.get("action"), message.get("notation")
    return (
        type(action) is int and notation is None and action in {a["action"] for a in legal}
    ) or (type(notation) is str and action is None and notation in {a["notation"] for a in legal})


def _exactly(text: str, kind: str, field: str, of: type) -> Any:
    """The ``field`` of ``text`` if it is a ``kind`` message of that field alone, of type
    ``of`` exactly (so never a bool for an int); else None."""
    message = _json(text)
    if (
        isinstance(message, dict)
        and set(message) == {"type", field}
        and message["type"] == kind
        and type(message[field]) is of
    ):
        return message[field]
    return None


TOO_BIG = 1009
"""The close code of a frame past the server's ``ws_max_size`` (`listener.uvicorn_options`):
the protocol refuses it unread, closing the socket."""


def check_message(seat: Seated, tally: Tally, text: str) -> bool:
    """Send ``text``: the socket still answers a ping after it, a refusal is short, and the seat
    moves only for a legal move (the bot's moves change the version too). False: the socket
    was closed for a frame too big, as it should be."""
    legal, seat_number = seat.legal(), seat.state.get("seat")
    version = seat.state.get("version")
    try:
        answers = seat.exchange(text)
    except Exception as exc:  # the socket closed, or sent something that is not JSON
        tally.counts["messages"] += 1
        if getattr(getattr(exc, "rcvd", None), "code", None) == TOO_BIG:
            tally.counts["closed too big"] += 1
            return False
        tally.fail("crash", f"{text} {exc!r}")
        raise
    tally.counts["messages"] += 1
    if any(a["type"] == "error" for a in answers):
        tally.counts["messages refused"] += 1
    if any(a["type"] == "error" and len(json.dumps(a)) > SHORT for a in answers):
        tally.fail("echo", text)
    said = [line for a in answers if a["type"] == "chat" and not a["reset"] for line in a["lines"]]
    sent = _exactly(text, "chat", "text", str)
    if said and (sent is None or sent.strip() not in [line["text"] for line in said]):
        tally.fail("changed", f"chat {said!r} for {text}")
    elif said:
        tally.counts["chat lines"] += 1
    back = any(
        a["type"] == "state" and version is not None and a["version"] < version for a in answers
    )
    if back and _exactly(text, "undo", "version", int) is None:
        tally.fail("changed", f"undone by {text}")
    elif back:
        tally.counts["undos"] += 1
    before = legal[0]["version"] if legal else None
    moved = any(
        a["type"] == "state"
        and a["last_mover"] == seat_number
        and not a["last_stand_in"]
        and before is not None
        and a["version"] > before
        for a in answers
    )
    if moved and not accepted_move(text, legal):
        tally.fail("changed", text)
    elif moved:
        tally.counts["moves"] += 1
    return True


# -- the run ---------------------------------------------------------------------------------------
GENERATE = settings(
    database=None,
    derandomize=True,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
"""Hypothesis as a generator only: seeded, nothing kept between runs, no shrinking (a broken
promise is counted, not raised)."""


class Table:
    """The fuzzed table (a person at seat 0 against a random bot) and its seat's socket; a new
    one once the game is over."""

    def __init__(self, http: httpx.Client, game: str, connect: Callable[[str], Socket]) -> None:
        self.http, self.game, self.connect = http, game, connect
        self.open()

    def open(self) -> None:
        body = {
            "game": self.game,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "speed": "slow",
        }
        created = self.http.post("/api/tables", json=body).json()
        self.id, self.token = created["table"]["id"], created["you"]["token"]
        self.sit()

    def sit(self) -> None:
        """A new socket for the seat."""
        self.seat = Seated(self.connect(self.id))
        self.seat.socket.send(json.dumps({"type": "hello", "seat": 0, "token": self.token}))
        self.seat.exchange(PING)

    def check(self, tally: Tally, text: str) -> None:
        if not check_message(self.seat, tally, text):
            self.sit()
        elif self.seat.state.get("status") == "finished":
            tally.counts["games"] += 1
            self.open()


BOTS = ("", "&bots=true", "&bots=false", "&bots=maybe")
"""A leaderboard's choice of people or bots, right and wrong."""


def requests(lobby: Lobby, table: Table, games: Mapping[str, int]) -> st.SearchStrategy[Request]:
    """Requests to every endpoint that takes a body, and to the reading ones that a request's
    language or player changes, about the fuzzed table and the fuzz's player."""
    seat_paths = st.sampled_from(["join", "leave", "name", "end", "rematch", "hint", "analysis"])
    player_paths = st.sampled_from(["", "/me/name", "/me/password", "/me/bot", "/sign-in"])
    posts = st.one_of(
        st.tuples(st.just("/api/tables"), create_bodies(games)),
        st.tuples(
            seat_paths.map(lambda p: f"/api/tables/{table.id}/{p}"), seat_bodies(table.token)
        ),
        st.tuples(st.just("/api/turns"), turns_bodies(table.id)),
        st.tuples(
            player_paths.map(lambda p: f"/api/players{p}"),
            player_bodies(lobby.NAME, lobby.PASSWORD),
        ),
    )
    gets = st.one_of(
        st.just("/api/players/me"),
        st.tuples(
            st.sampled_from([*games, ""]) | path_part(), path_part(), st.sampled_from(BOTS)
        ).map(lambda t: f"/api/ratings/{t[0]}?limit={t[1]}{t[2]}"),
        path_part().map(lambda lang: f"/i18n/{lang}.json"),
        st.just(f"/api/tables/{table.id}/chat"),
    )
    post = st.tuples(posts, headers(lobby.token)).map(lambda t: ("POST", *t[0], t[1]))
    get = st.tuples(gets, headers(lobby.token)).map(lambda t: ("GET", t[0], None, t[1]))
    return st.integers(min_value=0, max_value=3).flatmap(lambda i: get if i == 0 else post)


def fuzz_http(
    lobby: Lobby, tally: Tally, table: Table, games: Mapping[str, int], examples: int
) -> None:
    """``examples`` requests to the server's endpoints, about the fuzzed table."""
    lobby.watch(table.id)

    @settings(GENERATE, max_examples=examples)
    @given(requests(lobby, table, games))
    def run(request: Request) -> None:
        lobby.check(tally, request)

    run()


def fuzz_socket(tally: Tally, table: Table, examples: int) -> None:
    """``examples`` messages on a new fuzzed table's seated socket (the HTTP requests may have
    given the first one's seat up, with its token)."""
    table.open()

    @settings(GENERATE, max_examples=examples)
    @given(messages(lambda: table.seat.legal()))
    def run(text: str) -> None:
        table.check(tally, text)

    run()


def report(tally: Tally, seconds: float) -> str:
    c = tally.counts
    lines = [
        f"{c['http']:,} HTTP requests ({c['http POST']:,} POST, {c['http GET']:,} GET; "
        f"{c['http refused']:,} refused, {c['http accepted']:,} accepted), "
        f"{c['messages']:,} socket messages ({c['messages refused']:,} refused, "
        f"{c['moves']:,} moves, {c['chat lines']:,} chat lines, {c['undos']:,} undos, "
        f"{c['games']:,} games finished, {c['closed too big']:,} frames past the size limit "
        f"closed with 1009) in {seconds:.0f} s",
        f"crashes {c['crash']}, 5xx {c['5xx']}, echoes {c['echo']}, "
        f"state changes from rejected input {c['changed']}",
        *tally.broken,
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.fuzz", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--messages", type=int, default=100_000, help="HTTP bodies and socket messages in all"
    )
    parser.add_argument("--port", type=int, default=8917)
    parser.add_argument("--game", default="heuschrecken-poker")
    args = parser.parse_args(argv)
    from websockets.sync.client import connect

    from potager.server.spawn import spawn, stop

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "fuzz.db"
        process = spawn(f"sqlite:///{database}", args.port, {"POTAGER_BOT_DELAY": "0", **LIFTED})
        base = f"127.0.0.1:{args.port}"
        tally, start = Tally(), time.monotonic()
        try:
            with ExitStack() as stack:
                http = stack.enter_context(httpx.Client(base_url=f"http://{base}", timeout=30))
                games = {g["name"]: g["min_players"] for g in http.get("/api/games").json()}
                sockets: list[Any] = []

                def open_socket(table_id: str) -> Socket:
                    for old in sockets:
                        old.close()
                    url = f"ws://{base}/ws/tables/{table_id}"
                    sockets[:] = [stack.enter_context(connect(url, max_size=None))]
                    return sockets[0]

                table = Table(http, args.game, open_socket)
                lobby = Lobby(http, database)
                stack.callback(lobby.close)
                fuzz_http(lobby, tally, table, games, args.messages // 2)
                fuzz_socket(tally, table, args.messages - args.messages // 2)
        finally:
            alive = process.poll() is None
            stop(process)
        if not alive:
            tally.fail("crash", "the server process died")
    print(report(tally, time.monotonic() - start))
    return 0 if tally.clean else 1


if __name__ == "__main__":
    sys.exit(main())

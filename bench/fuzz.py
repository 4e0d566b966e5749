"""``python -m bench.fuzz`` (``make fuzz``): the server's protocol fuzzed (issue 13).

Hypothesis generates request bodies for every lobby endpoint that takes one and messages for
a seated table socket: raw text and bytes, any JSON (NaN, infinities, huge numbers, lone
surrogates, deep nesting), and near-misses of the real messages (a field of the wrong type,
a missing or an extra one, a stale version, a legal move among them now and then). Each
answer is checked: no 5xx, no crash (the socket stays open and answers a ping), a refusal
short and never echoing what was sent, and nothing changed by a refusal (the table's summary,
the newest open and live tables, the table's version on the socket). The counts are printed;
any broken promise makes the exit status 1.

The suite runs the same checks in-process on a few thousand examples
(tests/server/test_fuzz.py); this runs ``--messages`` of them (100,000 by default, half HTTP
bodies, half socket messages) against ``potager serve`` started on a fresh SQLite database,
its per-client limits lifted (`config.UNLIMITED`: every request comes from this process).
Needs the dev extra (hypothesis).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

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


def seat_bodies() -> st.SearchStrategy[str]:
    """Bodies of join, leave, rematch and hint: a seat, a token, a name."""
    body = near(
        {
            "seat": st.integers(min_value=-2, max_value=6),
            "token": st.text(max_size=40),
            "name": st.text(max_size=45),
        }
    )
    return texts_of(body) | texts_of(JSON) | RAW


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
    return texts_of(act) | texts_of(other) | texts_of(JSON) | RAW


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


def snapshot(http: httpx.Client, table_id: str) -> tuple[str, ...]:
    """What a refused request must leave as it was: the table's summary, the newest open and
    live tables."""
    return tuple(
        http.get(path).text
        for path in (
            f"/api/tables/{table_id}",
            "/api/tables?status=open&limit=1",
            "/api/tables?status=live&limit=1",
        )
    )


class Lobby:
    """The HTTP side: what a refused request must leave as it was (the fuzzed table's summary,
    the newest open and live tables), read again only after a request that was accepted."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        self.table_id = ""
        self.seen: tuple[str, ...] = ()

    def snapshot(self) -> tuple[str, ...]:
        paths = (
            f"/api/tables/{self.table_id}",
            "/api/tables?status=open&limit=1",
            "/api/tables?status=live&limit=1",
        )
        return tuple(self.http.get(path).text for path in paths)

    def watch(self, table_id: str) -> None:
        """Follow ``table_id`` once its bot (seat 1) waits for the person: until then it moves
        on its own."""
        self.table_id = table_id
        deadline = time.monotonic() + 60
        while 1 in self.http.get(f"/api/tables/{table_id}").json()["to_move"]:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bot of table {table_id} never moved")
            time.sleep(0.1)
        self.seen = self.snapshot()

    def check(self, tally: Tally, path: str, body: str) -> None:
        """POST ``body`` to ``path``: never a 5xx, a refusal short, and nothing changed by one."""
        data = body.encode("utf-8", "surrogatepass")
        try:
            answer = self.http.post(
                path, content=data, headers={"content-type": "application/json"}
            )
        except httpx.HTTPError as exc:
            tally.fail("crash", f"{path} {body} {exc!r}")
            return
        tally.counts["http"] += 1
        if answer.status_code >= 500:
            tally.fail("5xx", f"{answer.status_code} {path} {body}")
        elif answer.status_code >= 400:
            tally.counts["http refused"] += 1
            if len(answer.content) > SHORT:
                tally.fail("echo", f"{len(answer.content)} bytes for {path} {body}")
        else:
            tally.counts["http accepted"] += 1
        now = self.snapshot()
        if answer.status_code >= 400 and now != self.seen:
            tally.fail("changed", f"{answer.status_code} {path} {body}")
        self.seen = now


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


TOO_BIG = 1009
"""The close code of a frame past the server's ``ws_max_size`` (`listener.uvicorn_options`):
the protocol refuses it unread, closing the socket."""


def check_message(seat: Seated, tally: Tally, text: str) -> bool:
    """Send ``text``: the socket still answers a ping after it, a refusal is short, and the seat
    moves only for a legal move (the bot's moves change the version too). False: the socket
    was closed for a frame too big, as it should be."""
    legal, seat_number = seat.legal(), seat.state.get("seat")
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
    before = legal[0]["version"] if legal else None
    moved = any(
        a["type"] == "state"
        and a["last_mover"] == seat_number
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


def fuzz_http(
    lobby: Lobby, tally: Tally, table: Table, games: Mapping[str, int], examples: int
) -> None:
    """``examples`` bodies POSTed to the lobby's endpoints, about the fuzzed table."""
    lobby.watch(table.id)
    paths = st.sampled_from(["join", "leave", "rematch", "hint", "analysis"]).map(
        lambda p: f"/api/tables/{table.id}/{p}"
    )
    request = st.one_of(
        st.tuples(st.just("/api/tables"), create_bodies(games)),
        st.tuples(paths, seat_bodies()),
        st.tuples(st.just("/api/turns"), turns_bodies(table.id)),
    )

    @settings(GENERATE, max_examples=examples)
    @given(request)
    def run(sent: tuple[str, str]) -> None:
        lobby.check(tally, sent[0], sent[1])

    run()


def fuzz_socket(tally: Tally, table: Table, examples: int) -> None:
    """``examples`` messages on the fuzzed table's seated socket (a new one: the one opened
    with the table may have been closed as idle meanwhile, as it should be)."""
    table.sit()

    @settings(GENERATE, max_examples=examples)
    @given(messages(lambda: table.seat.legal()))
    def run(text: str) -> None:
        table.check(tally, text)

    run()


def report(tally: Tally, seconds: float) -> str:
    c = tally.counts
    lines = [
        f"{c['http']:,} HTTP bodies ({c['http refused']:,} refused, "
        f"{c['http accepted']:,} accepted), {c['messages']:,} socket messages "
        f"({c['messages refused']:,} refused, {c['moves']:,} moves, "
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

    from potager.server.config import UNLIMITED
    from potager.server.spawn import spawn, stop

    with tempfile.TemporaryDirectory() as folder:
        process = spawn(
            f"sqlite:///{Path(folder) / 'fuzz.db'}",
            args.port,
            {"POTAGER_BOT_DELAY": "0", **UNLIMITED},
        )
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
                fuzz_http(Lobby(http), tally, table, games, args.messages // 2)
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

"""What one client may ask of the server, enforced: request rates, sockets
per client and per table, WebSocket message rates and sizes, the pages' origin, and the
security headers of every answer. The numbers are `config.Limits`.

The rates are token buckets kept in this process's memory, one per client address (or per
socket): a few lines, refusing at once (a 429 or an error message) rather than making the
client wait, with no storage to set up. Rate-limiting libraries either wait for a token
(``aiolimiter``) or decorate HTTP routes only (``slowapi``), while the WebSocket messages need
the same bucket; with several processes each holds its own, so one client gets at most the
rate times the number of processes, which is still a bound.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from urllib.parse import urlsplit

from fastapi import HTTPException, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import say
from .config import Limits, Rate

KEYS = 10_000
"""Client buckets kept before the full ones (clients quiet for a while) are forgotten."""


class Bucket:
    """A token bucket per key: `Rate.count` tokens, refilled over `Rate.seconds`."""

    def __init__(self, rate: Rate | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._held: dict[str, tuple[float, float]] = {}
        """Per key: its tokens and when they were counted."""

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0 if there was one, else the seconds until there is."""
        rate = self.rate
        if rate is None:
            return 0.0
        now = self.clock()
        per_second = rate.count / rate.seconds
        tokens, then = self._held.get(key, (float(rate.count), now))
        tokens = min(float(rate.count), tokens + (now - then) * per_second)
        if tokens < 1:
            self._held[key] = (tokens, now)
            return (1 - tokens) / per_second
        self._held[key] = (tokens - 1, now)
        if len(self._held) > KEYS:
            self._forget_full(now, per_second, rate.count)
        return 0.0

    def _forget_full(self, now: float, per_second: float, count: int) -> None:
        full = [k for k, (t, then) in self._held.items() if t + (now - then) * per_second >= count]
        for key in full:
            del self._held[key]


def client_of(scope: Scope) -> str:
    """Who is asking: the client's address (uvicorn puts a trusted proxy's forwarded one)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class Guard:
    """The limits of one server process: its buckets and its open sockets per client."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.creates = Bucket(limits.create_rate, clock)
        self.seats = Bucket(limits.seat_rate, clock)
        self.turns = Bucket(limits.turns_rate, clock)
        self.signins = Bucket(limits.signin_rate, clock)
        """Sign-in attempts, keyed by client and by name (`potager.server.identity`)."""
        self.clock = clock
        self.sockets: Counter[str] = Counter()
        """Open table sockets per client."""

    def message_bucket(self) -> Bucket:
        """A bucket for one socket's messages (its key is unused: one socket, one bucket)."""
        return Bucket(self.limits.message_rate, self.clock)

    def check_rate(self, request: Request) -> None:
        """A POST takes a token from its client's bucket: opening a table from the creation
        bucket, a look at the "your turn" list from the turns bucket, every other POST (one that
        changes something) from the seat bucket; 429 when empty."""
        if request.method != "POST":
            return
        path = getattr(request.scope.get("route"), "path", "")
        buckets = {"/api/tables": self.creates, "/api/turns": self.turns}
        bucket = buckets.get(path, self.seats)
        wait = bucket.take(client_of(request.scope))
        if wait:
            raise HTTPException(
                429,
                say("too many requests: try again in {seconds} s", seconds=f"{wait:.0f}"),
                headers={"Retry-After": str(max(1, round(wait)))},
            )

    def admit_socket(self, client: str) -> bool:
        """Count a new socket of ``client``; False if it has as many as it may."""
        cap = self.limits.client_sockets
        if cap and self.sockets[client] >= cap:
            return False
        self.sockets[client] += 1
        return True

    def release_socket(self, client: str) -> None:
        self.sockets[client] -= 1
        if self.sockets[client] <= 0:
            del self.sockets[client]

    def origin_allowed(self, scope: Scope) -> bool:
        """A socket opened by a page of this server or of an allowed origin; one with no
        Origin header is not a browser's and is let in (its seat token is what counts)."""
        headers = dict(scope.get("headers", []))
        origin = headers.get(b"origin", b"").decode("latin-1").rstrip("/")
        if not origin:
            return True
        if origin in self.limits.allowed_origins:
            return True
        host = headers.get(b"host", b"").decode("latin-1")
        return bool(host) and urlsplit(origin).netloc == host


async def rate_limited(request: Request) -> None:
    """The routes' dependency: `Guard.check_rate` with the app's guard. This and the other
    dependencies that only read the app's state are coroutines: FastAPI runs a plain function in
    a worker thread, a hop to a thread and back for every request."""
    guard: Guard = request.app.state.guard
    guard.check_rate(request)


PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: scripts only from this server's files (no inline
script, no eval), sockets and requests only to it, and no framing. Inline styles stay allowed:
the drawings set a seat's colour as a ``style`` attribute."""
DOCS = ("/docs", "/redoc")
"""The API pages, Swagger UI and ReDoc, served from this server's files (`app.API_DOCS`)."""
DOCS_POLICY = f"{PAGE_POLICY}; worker-src 'self' blob:"
"""The API pages' policy: the pages' own, and ReDoc's search, which runs in a worker that it
starts from a ``blob:`` address. ReDoc's attribution logo, which it always asks of its CDN, is
refused: no request leaves the server's pages."""


class SecurityHeaders:
    """Adds the security headers to every HTTP answer: the CSP above (`DOCS_POLICY` on the API
    pages), ``X-Frame-Options``, ``nosniff`` and ``Referrer-Policy``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = str(scope.get("path", "")).startswith(DOCS)
        policy = DOCS_POLICY if docs else PAGE_POLICY
        extra = [
            (b"content-security-policy", policy.encode()),
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)

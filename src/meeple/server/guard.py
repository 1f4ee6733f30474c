"""The server's front door: what a request must be before any work is done for it.

:class:`Guard` is an ASGI middleware in front of the whole app. It refuses, before the app
reads anything:

* a ``Host`` header that is not one of the allowed hosts (400: DNS rebinding against a
  server on 127.0.0.1), for HTTP and websockets alike;
* a browser request from a foreign page: a state-changing request (``POST``, or a websocket
  handshake) whose ``Origin`` is neither the server's own origin nor an allowed origin
  (403);
* a ``POST`` whose body is not ``application/json`` (415): a page on another site may send
  ``text/plain`` without asking, JSON needs a CORS pre-flight, which this server never grants;
* a body over ``max_body`` bytes (413), by its ``Content-Length`` or while it streams.

It adds to every HTTP answer a Content-Security-Policy (own origin only; no framing by other
sites), ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (seat links
carry their token in the query string).

:class:`RateLimit` counts requests per client address in a sliding window (game creation,
chat): a token bucket per key, memory bounded by ``max_keys``.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from urllib.parse import urlsplit

DEFAULT_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
"""Hosts a server accepts by default: the loopback names (``--allowed-host`` adds others)."""
MAX_BODY = 64 * 1024
"""Largest request body, in bytes (a game configuration or a move is well under 2 KB)."""
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of every page (inline styles: the boards' SVG carry some)."""
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


def _host_name(host: str) -> str:
    """``host`` without its port, lower case: ``127.0.0.1:8000`` -> ``127.0.0.1``,
    ``[::1]:80`` -> ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: host, origin, content type and body size checks; security headers.

    Args:
        app: the ASGI app guarded.
        allowed_hosts: host names (without port) accepted in ``Host``; ``"*"`` accepts any.
        allowed_origins: extra origins (``https://games.example.org``) allowed to post and to
            open websockets besides the server's own origin.
        max_body: largest request body in bytes (413 above it).
    """

    def __init__(self, app, allowed_hosts=DEFAULT_HOSTS, allowed_origins=(), max_body: int = MAX_BODY):
        self.app = app
        self.any_host = "*" in allowed_hosts
        self.hosts = {_host_name(h) for h in allowed_hosts if h != "*"}
        self.origins = {o.strip().rstrip("/").lower() for o in allowed_origins}
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if not self.any_host and _host_name(host) not in self.hosts:
            return await self._refuse(scope, receive, send, 400, f"this server does not answer for the host {host!r}")
        method = scope.get("method", "GET")
        origin = headers.get("origin")
        if origin is not None and (kind == "websocket" or method not in ("GET", "HEAD", "OPTIONS")):
            own = {f"http://{host}".lower(), f"https://{host}".lower()}
            if origin.rstrip("/").lower() not in own | self.origins:
                return await self._refuse(scope, receive, send, 403, "requests from pages of other sites are refused")
        if kind == "websocket":
            return await self.app(scope, receive, send)
        if method in ("POST", "PUT", "PATCH", "DELETE"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                return await self._refuse(
                    scope, receive, send, 415, "the request body must be JSON sent as Content-Type: application/json"
                )
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                return await self._refuse(
                    scope, receive, send, 413, f"the request body is larger than {self.max_body} bytes"
                )
            body, more = b"", True
            while more:  # read the whole (small) body first: over the cap, nothing reaches the app
                message = await receive()
                if message["type"] != "http.request":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > self.max_body:
                    return await self._answer(send, 413, f"the request body is larger than {self.max_body} bytes")
            receive = self._replay(body, receive)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    def _replay(body: bytes, receive):
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # then wait for the disconnect, as the server would

        return replay

    async def _refuse(self, scope, receive, send, status: int, message: str):
        if scope["type"] == "websocket":
            await receive()  # the websocket.connect event
            await send({"type": "websocket.close", "code": 4000 + status, "reason": message[:120]})
            return
        await self._answer(send, status, message)

    @staticmethod
    async def _answer(send, status: int, message: str):
        body = json.dumps({"error": message, "rule": ""}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class RateLimit:
    """A token bucket per key: ``rate`` events a ``per`` seconds, bursts of ``rate``.

    Args:
        rate: events allowed per window.
        per: the window, in seconds.
        max_keys: keys remembered at most (the oldest are forgotten first).
    """

    def __init__(self, rate: int, per: float, max_keys: int = 10_000, clock=time.monotonic):
        self.rate = rate
        self.per = per
        self.max_keys = max_keys
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Whether one more event of ``key`` is allowed now (and count it if so)."""
        now = self.clock()
        tokens, last = self.buckets.pop(key, (float(self.rate), now))
        tokens = min(float(self.rate), tokens + (now - last) * self.rate / self.per)
        ok = tokens >= 1.0
        self.buckets[key] = (tokens - 1.0 if ok else tokens, now)
        while len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)
        return ok

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may act again (0 when it may now)."""
        tokens, last = self.buckets.get(key, (float(self.rate), self.clock()))
        return max(0.0, (1.0 - tokens) * self.per / self.rate)


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower case (for ``--allowed-origin``)."""
    parts = urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        raise ValueError(f"not an origin: {url!r} (write it as https://host or http://host:port)")
    return f"{parts.scheme}://{parts.netloc}".lower()

"""What the studio lets in: requests for this server, from its own page, with
this run's token, of a bounded size.

The studio serves one person on their own machine, but any web page that
person opens can make their browser send requests to 127.0.0.1, and a
name that resolves to 127.0.0.1 (DNS rebinding) makes such requests look
same-origin to the browser.  So every request must carry:

- a ``Host`` header naming this server as the page itself names it
  (``127.0.0.1:PORT``, ``localhost:PORT``, ``[::1]:PORT``, or the address
  given with ``--host``): a rebound name fails here;
- no ``Origin`` header, or one of those same addresses over http: a request
  sent by another site's page fails here;
- the token this run printed in its address: the page is opened as
  ``/?token=T``, which sets a cookie (HttpOnly, SameSite=Strict: never sent
  with another site's requests), and the page sends the token again in an
  ``X-Dlxc-Token`` header with every call of the API; a request with
  neither is refused;
- a body of at most ``MAX_BODY`` bytes (413 otherwise, before it is read).

A refused request gets 403 (or 413) with one line of text, and reaches no
handler.  The middleware is plain ASGI, so it guards the static files as
well as the API.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable
from typing import Any, Callable
from urllib.parse import parse_qs

MAX_BODY = 2 * 1024 * 1024  # bytes of a request's body
COOKIE = "dlxc_studio"
HEADER = b"x-dlxc-token"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values this server answers to."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1", "[::1]"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    elif ":" in host and not host.startswith("["):
        names = {f"[{host}]"}
    return frozenset(f"{n}:{port}" for n in names)


class Guard:
    """ASGI middleware: refuse what this module's docstring says."""

    def __init__(self, app: Callable, token: str, hosts: Iterable[str]) -> None:
        self.app = app
        self.token = token.encode()
        self.hosts = frozenset(h.lower() for h in hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> Any:
        if scope["type"] != "http":  # lifespan: nothing to guard
            return await self.app(scope, receive, send)
        headers: dict[bytes, bytes] = {}
        for k, v in scope["headers"]:
            headers.setdefault(k.lower(), v)
        why = self._refusal(scope, headers)
        if why is not None:
            status, text = why
            return await _plain(send, status, text)
        length = headers.get(b"content-length")
        if length is not None:
            try:
                size = int(length)
            except ValueError:
                return await _plain(send, 400, "a Content-Length that is not a number")
            if size > MAX_BODY:
                return await _plain(send, 413, f"the request's body is over {MAX_BODY} bytes")
        return await self.app(scope, _bounded(receive), send)

    def _refusal(self, scope: dict, headers: dict[bytes, bytes]):
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            return 403, "this studio answers only to its own address (Host refused)"
        origin = headers.get(b"origin")
        if origin is not None and origin.decode("latin-1").lower() not in self.origins:
            return 403, "a request from another site's page (Origin refused)"
        if self._has_token(scope, headers):
            return None
        return 403, "no valid token: open the address the studio printed (it ends ?token=...)"

    def _has_token(self, scope: dict, headers: dict[bytes, bytes]) -> bool:
        sent = headers.get(HEADER)
        if sent is not None:
            return hmac.compare_digest(sent, self.token)
        if scope.get("path") == "/":
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            given = query.get("token", [""])[0].encode()
            if given and hmac.compare_digest(given, self.token):
                return True
        cookie = _cookie(headers.get(b"cookie", b""), COOKIE)
        return cookie is not None and hmac.compare_digest(cookie, self.token)


def _cookie(raw: bytes, name: str):
    for part in raw.split(b";"):
        k, _, v = part.strip().partition(b"=")
        if k.decode("latin-1") == name:
            return v
    return None


def _bounded(receive: Callable) -> Callable:
    """``receive`` that stops a body growing past MAX_BODY (a chunked body
    has no Content-Length to check up front)."""
    seen = 0

    async def wrapped() -> dict:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge()
        return message

    return wrapped


class BodyTooLarge(Exception):
    """A chunked body passed MAX_BODY (the app answers 413)."""


async def _plain(send: Callable, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

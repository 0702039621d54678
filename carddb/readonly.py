"""`mkdb serve` answers every write attempt with 405 Method Not Allowed, before Datasette sees it.

Why: the API is read-only (the file is opened immutable), but a POST to a table URL reached
Datasette's write views and ended in a 500 with a traceback in the log. Here, as ASGI middleware
(Datasette's `asgi_wrapper` plugin hook), any method but GET, HEAD and OPTIONS is answered at
once with a short JSON body and an Allow header; the log shows only the request line.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from datasette import hookimpl

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
ALLOW = ", ".join(sorted(READ_METHODS))

Asgi = Callable[[dict, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]


def read_only(app: Asgi) -> Asgi:
    """The ASGI app, with every write method refused with 405."""

    async def wrapped(scope: dict, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("method", "GET").upper() in READ_METHODS:
            await app(scope, receive, send)
            return
        body = json.dumps({"ok": False, "status": 405,
                           "error": f"{scope.get('method')} not allowed: this API is read-only (allowed: {ALLOW})"})
        await send({"type": "http.response.start", "status": 405, "headers": [
            (b"content-type", b"application/json; charset=utf-8"), (b"allow", ALLOW.encode()),
            (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body.encode()})

    return wrapped


@hookimpl
def asgi_wrapper(datasette: Any) -> Callable[[Asgi], Asgi]:  # noqa: ARG001 - the hook's signature
    return read_only

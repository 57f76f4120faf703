"""HTTP with urllib: one exchange, retried when that is safe, and error answers as TransmuteError."""

from __future__ import annotations

import email.utils
import http.client
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import IO, Any, Callable, Dict, Mapping, Optional, Union

from ._errors import TransmuteError, local_error

#: A request body: bytes, or a function opening a fresh binary stream for every attempt (a file).
Body = Union[bytes, Callable[[], IO[bytes]], None]

#: Statuses worth retrying when the body is not a problem (a proxy or load balancer answered).
TRANSIENT_STATUSES = frozenset({408, 429, 502, 503, 504})


@dataclass
class Transport:
    """Settings of the retrying transport (see ``Client``)."""

    max_retries: int = 2
    retry_base_delay: float = 0.5
    max_retry_delay: float = 30.0
    timeout: float = 60.0
    sleep: Callable[[float], None] = time.sleep


@dataclass
class Response:
    """A successful answer: status, headers and the raw body."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        """The parsed JSON body, or None for 204 and empty bodies."""
        if self.status == 204 or self.body == b"":
            return None
        return json.loads(self.body.decode("utf-8"))


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` in seconds (delta-seconds or an HTTP date); None when absent or unreadable."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        moment = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


def to_error(status: int, reason: str, headers: Mapping[str, str], text: str) -> TransmuteError:
    """Turns an error answer into a TransmuteError, synthesizing a problem when the body is not one."""
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = None
    request_id = headers.get("request-id") or headers.get("Request-Id") or ""
    retry_after = parse_retry_after(headers.get("retry-after") or headers.get("Retry-After"))
    if isinstance(parsed, dict) and isinstance(parsed.get("code"), str) and isinstance(parsed.get("status"), int):
        problem = {
            "type": parsed.get("type", "about:blank"),
            "title": parsed.get("title", reason),
            "status": parsed["status"],
            "code": parsed["code"],
            "detail": parsed.get("detail") or parsed.get("title") or f"HTTP {status}",
            "request_id": parsed.get("request_id") or request_id,
            "retryable": parsed.get("retryable") is True,
            "field_errors": parsed.get("field_errors") or [],
        }
    else:
        problem = {
            "type": "about:blank",
            "title": reason or f"HTTP {status}",
            "status": status,
            "code": f"http_{status}",
            "detail": text[:200] or f"The server answered HTTP {status}.",
            "request_id": request_id,
            "retryable": status in TRANSIENT_STATUSES,
            "field_errors": [],
        }
    return TransmuteError(problem, retry_after=retry_after)


def error_of(error: urllib.error.HTTPError) -> TransmuteError:
    """The TransmuteError of an HTTPError raised by urllib."""
    try:
        text = error.read().decode("utf-8", "replace")
    except (OSError, http.client.HTTPException):
        text = ""
    return to_error(error.code, str(error.reason or ""), error.headers or {}, text)


def backoff(transport: Transport, attempt: int) -> float:
    """Exponential backoff with "equal jitter": at least half the ceiling, so many clients spread out."""
    ceiling = min(transport.max_retry_delay, transport.retry_base_delay * 2**attempt)
    return ceiling / 2 + random.random() * (ceiling / 2)


def open_url(
    transport: Transport, method: str, url: str, headers: Dict[str, str], body: Body = None
) -> http.client.HTTPResponse:
    """One exchange, unread: the caller streams the body. HTTPError for non-2xx answers."""
    data: Any = body() if callable(body) else body
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        return urllib.request.urlopen(request, timeout=transport.timeout)  # noqa: S310 (http(s) URLs only)
    finally:
        if callable(body) and hasattr(data, "close"):
            # urlopen has sent the whole body by the time it returns (or raised).
            data.close()


def connection_failed(method: str, url: str, failure: BaseException) -> TransmuteError:
    """The TransmuteError of a call that got no answer (refused, reset, timed out, DNS)."""
    reason = failure.reason if isinstance(failure, urllib.error.URLError) else failure
    # The query may hold a cursor; the signed part of an upload URL is not the reader's business.
    where = url.split("?", 1)[0]
    return local_error(
        "connection_failed",
        "Connection failed",
        f"{method} {where} got no answer: {reason}. Is the server running at this address?",
        retryable=True,
    )


def send(transport: Transport, method: str, url: str, headers: Dict[str, str], body: Body = None) -> Response:
    """Sends a call, retrying up to ``max_retries`` times when the problem says ``retryable`` (waiting
    ``Retry-After`` when sent, else exponential backoff) or when the connection failed. The caller
    makes every retried call safe to repeat (GET, DELETE, PUT, or a constant ``Idempotency-Key``).
    """
    attempt = 0
    while True:
        can_retry = attempt < transport.max_retries
        try:
            with open_url(transport, method, url, headers, body) as answer:
                return Response(answer.status, answer.headers, answer.read())
        except urllib.error.HTTPError as http_error:
            error = error_of(http_error)
            if not error.retryable or not can_retry:
                raise error from None
            delay = backoff(transport, attempt) if error.retry_after is None else error.retry_after
            # A server asking for a longer pause than we are willing to wait gets the error back instead.
            if delay > transport.max_retry_delay:
                raise error from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as failure:
            if not can_retry:
                raise connection_failed(method, url, failure) from failure
            delay = backoff(transport, attempt)
        transport.sleep(delay)
        attempt += 1

"""The errors the client raises."""

from __future__ import annotations

from typing import Any, Dict, List, Optional


class TransmuteError(Exception):
    """An error answer of the API (or of an upload or download URL), carrying its RFC 9457 problem.

    ``code``, ``status`` and ``request_id`` are what to log and what support needs; ``field_errors``
    says which fields of a request were wrong. ``retry_after`` is the ``Retry-After`` header in
    seconds, when the server sent one.
    """

    def __init__(self, problem: Dict[str, Any], retry_after: Optional[float] = None) -> None:
        super().__init__(f"{problem.get('code')}: {problem.get('detail')}")
        self.problem: Dict[str, Any] = problem
        self.type: str = str(problem.get("type", "about:blank"))
        self.status: int = int(problem.get("status", 0))
        self.code: str = str(problem.get("code", ""))
        self.title: str = str(problem.get("title", ""))
        self.detail: str = str(problem.get("detail", ""))
        self.request_id: str = str(problem.get("request_id", ""))
        self.retryable: bool = problem.get("retryable") is True
        self.field_errors: List[Dict[str, Any]] = list(problem.get("field_errors") or [])
        self.retry_after: Optional[float] = retry_after


def local_error(code: str, title: str, detail: str, retryable: bool = False, **extra: Any) -> TransmuteError:
    """A TransmuteError for a failure with no answer of the API behind it (``status`` 0, no
    ``request_id``): ``connection_failed`` when the server could not be reached, ``file_rejected``
    when an uploaded file ended ``rejected``. ``extra`` members join the problem (e.g. ``file``)."""
    return TransmuteError({
        "type": "about:blank",
        "title": title,
        "status": 0,
        "code": code,
        "detail": detail,
        "request_id": "",
        "retryable": retryable,
        "field_errors": [],
        **extra,
    })


class WebhookVerificationError(Exception):
    """A webhook delivery that is not authentic (no matching signature) or not fresh."""


class ArtifactVerificationError(Exception):
    """A downloaded artifact whose size or sha256 is not what its manifest says.

    ``reason`` is ``size_mismatch`` or ``digest_mismatch``; the partial file is removed.
    """

    def __init__(self, reason: str, expected: str, actual: str) -> None:
        super().__init__(f"{reason}: expected {expected}, got {actual}")
        self.reason = reason
        self.expected = expected
        self.actual = actual


class WaitTimeoutError(Exception):
    """A job that was not terminal when ``create_job_and_wait`` / ``wait_for_job`` gave up."""

    def __init__(self, job: Dict[str, Any], timeout: float) -> None:
        super().__init__(f"Job {job.get('id')} is still {job.get('status')} after {timeout} s.")
        self.job = job
        self.timeout = timeout

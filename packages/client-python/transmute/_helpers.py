"""The helpers of the client beyond single operations: upload, polling, pagination, content pages."""

from __future__ import annotations

import hashlib
import mimetypes
import os
import time
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, TypeVar, Union

from ._errors import WaitTimeoutError, local_error
from ._models import TERMINAL_JOB_STATUSES, UNSETTLED_FILE_STATUSES, File, Job
from ._transport import send

if TYPE_CHECKING:
    from ._client import Client

T = TypeVar("T")

_CHUNK_BYTES = 1024 * 1024


def _sha256_of_file(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(_CHUNK_BYTES), b""):
            digest.update(chunk)
    return digest.hexdigest()


def upload_file(
    client: "Client",
    path_or_bytes: Union[str, "os.PathLike[str]", bytes],
    name: Optional[str],
    media_type: Optional[str],
    wait_until_validated: bool,
    poll_interval: float,
    timeout: float,
) -> File:
    """intent → PUT → complete. The PUT goes to the signed ``upload_url`` with exactly the returned
    ``upload_headers`` and no credential (it may be a storage service's presigned URL)."""
    if isinstance(path_or_bytes, (bytes, bytearray)):
        if name is None:
            raise TypeError("upload_file(bytes) needs name=")
        data = bytes(path_or_bytes)
        size, sha256 = len(data), hashlib.sha256(data).hexdigest()
        body: Any = data
    else:
        path = os.fspath(path_or_bytes)
        name = name or os.path.basename(path)
        size, sha256 = os.path.getsize(path), _sha256_of_file(path)
        # A fresh stream for every attempt, so a retried PUT sends the whole file again.
        body = lambda: open(path, "rb")  # noqa: E731
    media_type = media_type or mimetypes.guess_type(name)[0] or "application/octet-stream"
    intent = client.create_upload_intent(
        {"name": name, "media_type": media_type, "size_bytes": size, "sha256": sha256}
    )
    headers = {**intent["upload_headers"], "Content-Length": str(size)}
    send(client.transport, intent["upload_method"], intent["upload_url"], headers, body)
    file = client.complete_file_upload(intent["file_id"], {"size_bytes": size, "sha256": sha256})
    deadline = time.monotonic() + timeout
    while wait_until_validated and file["status"] in UNSETTLED_FILE_STATUSES and time.monotonic() < deadline:
        time.sleep(poll_interval)
        file = client.get_file(file["id"])
    if wait_until_validated and file["status"] == "rejected":
        reason = "; ".join(file["warnings"]) or "no reason given"
        raise local_error(
            "file_rejected", "File rejected", f"File {file['id']} ({file['name']}) was rejected: {reason}", file=file
        )
    return file


def poll_job(
    client: "Client",
    first: Job,
    on_progress: Optional[Callable[[Job], None]],
    timeout: float,
    poll_interval: float,
) -> Job:
    """get_job every ``poll_interval`` s until the job is terminal; WaitTimeoutError after ``timeout``."""
    deadline = time.monotonic() + timeout
    job = first
    if on_progress is not None:
        on_progress(job)
    while job["status"] not in TERMINAL_JOB_STATUSES:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise WaitTimeoutError(dict(job), timeout)
        time.sleep(min(poll_interval, remaining))
        job = client.get_job(job["id"])
        if on_progress is not None:
            on_progress(job)
    return job


def paginate(list_page: Callable[[Optional[str]], Any]) -> Iterator[Any]:
    """Every item of a cursor-paginated list, one page request at a time."""
    cursor: Optional[str] = None
    while True:
        page = list_page(cursor)
        yield from page["data"]
        if not page["page"]["has_more"] or page["page"]["next_cursor"] is None:
            return
        cursor = page["page"]["next_cursor"]


def content_pages(client: "Client", output_id: str, limit: Optional[int]) -> Iterator[str]:
    """The ``data`` of every content page; their concatenation is the artifact (CONTRACT §9)."""
    cursor: Optional[str] = None
    while True:
        page = client.get_output_content(output_id, cursor=cursor, limit=limit)
        yield page["data"]
        if not page["page"]["has_more"] or page["page"]["next_cursor"] is None:
            return
        cursor = page["page"]["next_cursor"]

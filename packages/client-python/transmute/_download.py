"""Artifact download: streamed to a file or stream, verified by size and sha256, resumable."""

from __future__ import annotations

import hashlib
import os
import urllib.error
from dataclasses import dataclass
from typing import IO, Any, Callable, Dict, Mapping, Optional, Union

from ._errors import ArtifactVerificationError
from ._transport import Transport, error_of, open_url

#: Bytes read per chunk of a download.
CHUNK_BYTES = 64 * 1024

#: ``on_progress(received_bytes, total_bytes_or_None)``
ProgressCallback = Callable[[int, Optional[int]], None]


@dataclass
class DownloadResult:
    """What ``download_artifact`` wrote."""

    size_bytes: int
    #: sha256 of the whole artifact, hex.
    sha256: str
    #: Whether an earlier partial download was continued with a byte range.
    resumed: bool


def partial_path_of(path: str) -> str:
    """Where the bytes of a download to ``path`` collect until they are verified."""
    return f"{path}.part"


def _hash_file(path: str, digest: Any) -> None:
    with open(path, "rb") as existing:
        for chunk in iter(lambda: existing.read(CHUNK_BYTES), b""):
            digest.update(chunk)


def _verify(artifact: Mapping[str, Any], received: int, sha256: str) -> None:
    size = artifact.get("size_bytes")
    if size is not None and received != size:
        raise ArtifactVerificationError("size_mismatch", str(size), str(received))
    expected = artifact.get("sha256")
    if expected is not None and sha256 != str(expected).lower():
        raise ArtifactVerificationError("digest_mismatch", str(expected), sha256)


def download_artifact(
    transport: Transport,
    artifact: Mapping[str, Any],
    destination: Union[str, "os.PathLike[str]", IO[bytes]],
    on_progress: Optional[ProgressCallback] = None,
    resume: bool = True,
) -> DownloadResult:
    """Streams ``artifact["download_url"]`` (a signed URL: no credential is sent) to a path or a
    binary stream, checking ``size_bytes`` and ``sha256`` when present. To a path, the bytes collect
    in ``<path>.part`` and are renamed into place once verified; a ``.part`` left by an interrupted
    download is continued with ``Range`` / ``If-Range``. A mismatch removes the partial file and
    raises ``ArtifactVerificationError``.
    """
    to_path = isinstance(destination, (str, os.PathLike))
    path = os.fspath(destination) if to_path else ""  # type: ignore[arg-type]
    partial = partial_path_of(path) if to_path else ""
    size = artifact.get("size_bytes")
    start = os.path.getsize(partial) if to_path and resume and os.path.exists(partial) else 0
    if size is not None and start > size:
        os.remove(partial)
        start = 0
    headers: Dict[str, str] = {}
    if start > 0:
        headers["Range"] = f"bytes={start}-"
        if artifact.get("sha256"):
            headers["If-Range"] = f'"{artifact["sha256"]}"'
    digest = hashlib.sha256()
    try:
        answer = open_url(transport, "GET", str(artifact["download_url"]), headers)
    except urllib.error.HTTPError as error:
        if error.code == 416 and start > 0:
            # The partial file already holds every byte: verify it as it is.
            _hash_file(partial, digest)
            return _finish(artifact, path, partial, start, digest.hexdigest(), True)
        raise error_of(error) from None
    with answer:
        resumed = answer.status == 206 and start > 0
        if resumed and not (answer.headers.get("Content-Range") or "").startswith(f"bytes {start}-"):
            # Not the rest of the file: start over without a range.
            answer.close()
            os.remove(partial)
            return download_artifact(transport, artifact, destination, on_progress, resume=False)
        if resumed:
            _hash_file(partial, digest)
        received = start if resumed else 0
        length = answer.headers.get("Content-Length")
        total = size if size is not None else (received + int(length) if length else None)
        sink: IO[bytes] = open(partial, "ab" if resumed else "wb") if to_path else destination  # type: ignore[assignment]
        try:
            for chunk in iter(lambda: answer.read(CHUNK_BYTES), b""):
                digest.update(chunk)
                sink.write(chunk)
                received += len(chunk)
                if on_progress is not None:
                    on_progress(received, total)
        finally:
            if to_path:
                sink.close()
    return _finish(artifact, path, partial, received, digest.hexdigest(), resumed)


def _finish(
    artifact: Mapping[str, Any], path: str, partial: str, received: int, sha256: str, resumed: bool
) -> DownloadResult:
    try:
        _verify(artifact, received, sha256)
    except ArtifactVerificationError:
        if path and os.path.exists(partial):
            os.remove(partial)
        raise
    if path:
        os.replace(partial, path)
    return DownloadResult(size_bytes=received, sha256=sha256, resumed=resumed)

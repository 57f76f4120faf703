"""Why a job did not succeed, read back from the form the server writes it in (CONTRACT §3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional

#: The server writes a failure as ``code: detail`` in ``progress.detail`` and ``warnings``.
_FAILURE_TEXT = re.compile(r"^([a-z][a-z0-9_]*): ([\s\S]*)$")


@dataclass
class JobFailure:
    """A CONTRACT §3 failure code (``unsupported_content``, ``source_unreachable``, …) and its sentence."""

    code: str
    detail: str


def _parse(text: str) -> JobFailure:
    match = _FAILURE_TEXT.match(text.strip())
    return JobFailure(match.group(1), match.group(2)) if match else JobFailure("internal_error", text)


def job_failure(job: Mapping[str, Any]) -> Optional[JobFailure]:
    """The failure of a job that ended without succeeding, or None for any other job.

    A ``failed`` job's reason is read from ``progress.detail`` (else its first failure warning); a
    ``canceled`` job gives ``job_canceled``. ``expired`` has no code: check ``job["status"]``.
    """
    status = job.get("status")
    detail = (job.get("progress") or {}).get("detail")
    if status == "failed":
        text = detail or next((w for w in job.get("warnings") or [] if _FAILURE_TEXT.match(w)), None)
        return _parse(text) if text else JobFailure("internal_error", "The job failed without a reason.")
    if status == "canceled":
        return JobFailure("job_canceled", detail or "The job was canceled.")
    return None

"""Python client of the Transmute v1 API (standard library only).

    from transmute import Client, TransmuteError, WebhookVerificationError, verify_webhook
"""

from ._client import Client
from ._download import DownloadResult
from ._errors import ArtifactVerificationError, TransmuteError, WaitTimeoutError, WebhookVerificationError
from ._job_failure import JobFailure, job_failure
from ._version import VERSION
from ._webhooks import verify_webhook

__version__ = VERSION

__all__ = [
    "ArtifactVerificationError",
    "Client",
    "DownloadResult",
    "JobFailure",
    "TransmuteError",
    "WaitTimeoutError",
    "WebhookVerificationError",
    "job_failure",
    "verify_webhook",
]

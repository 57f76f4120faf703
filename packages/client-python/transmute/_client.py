"""The typed v1 client: one method per operation of the contract, plus the helpers."""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import uuid
from typing import IO, Any, Callable, Iterator, Mapping, Optional, Union, cast

from . import _helpers
from ._download import DownloadResult, ProgressCallback, download_artifact
from ._models import (
    OPERATIONS,
    Capabilities,
    CompleteUploadRequest,
    CreateJobOutputRequest,
    CreateJobRequest,
    CreateUploadIntentRequest,
    CreateWebhookEndpointRequest,
    File,
    Job,
    JobList,
    JobStatus,
    Output,
    OutputContentPage,
    OutputList,
    RotatedWebhookEndpoint,
    UpdateWebhookEndpointRequest,
    UploadIntent,
    Usage,
    WebhookDelivery,
    WebhookDeliveryList,
    WebhookDeliveryStatus,
    WebhookEndpoint,
    WebhookEndpointList,
    WebhookEndpointWithSecret,
)
from ._transport import Transport, send
from ._version import VERSION

Query = Mapping[str, Union[str, int, None]]


def normalize_base_url(base_url: str) -> str:
    """No trailing slash and no trailing ``/v1`` (the operation paths carry it)."""
    return re.sub(r"/v1$", "", base_url.rstrip("/"))


class Client:
    """A client of the Transmute v1 API.

    Every operation method returns the parsed JSON resource (a TypedDict of ``transmute.models``),
    raises ``TransmuteError`` on a problem answer, and retries retryable failures (honouring
    ``Retry-After``) with the same ``Idempotency-Key``: a random UUID per call on every POST and
    PATCH unless ``idempotency_key=`` is given.

    Example::

        client = Client(base_url="http://127.0.0.1:8080", api_key="tmk_…")
        job = client.create_job_and_wait({
            "source": {"type": "text", "content": "# Notes\\n\\nShip on Friday."},
            "output": {"profile": "source_summary"},
        })
        markdown = client.read_output_content(job["output_ids"][0])
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        max_retries: int = 2,
        retry_base_delay: float = 0.5,
        max_retry_delay: float = 30.0,
        timeout: float = 60.0,
        user_agent: Optional[str] = None,
    ) -> None:
        self.base_url = normalize_base_url(base_url)
        self._api_key = api_key
        self._user_agent = user_agent or f"transmute-client-python/{VERSION}"
        self.transport = Transport(
            max_retries=max_retries,
            retry_base_delay=retry_base_delay,
            max_retry_delay=max_retry_delay,
            timeout=timeout,
        )

    # -- the one path every operation takes ---------------------------------------------------

    def request(
        self,
        operation_id: str,
        path: Optional[Mapping[str, str]] = None,
        query: Optional[Query] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> Any:
        """Calls one operation by its contract id (e.g. ``"getJob"``) and returns the parsed body."""
        operation = OPERATIONS[operation_id]
        url = self.base_url + re.sub(
            r"\{([a-z_]+)\}",
            lambda match: urllib.parse.quote((path or {})[match.group(1)], safe=""),
            operation.path,
        )
        pairs = [(key, str(value)) for key, value in (query or {}).items() if value is not None]
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        sent = {
            "Accept": "application/json, application/problem+json",
            "User-Agent": self._user_agent,
            **(headers or {}),
            "Authorization": f"Bearer {self._api_key}",
        }
        if operation.idempotency_key:
            # The same key for every retry of this call: a retried create never creates twice.
            sent["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        data = None
        if body is not None:
            sent["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        return send(self.transport, operation.method, url, sent, data).json()

    # -- operations (CONTRACT: the 25 of the operation table) ---------------------------------

    def get_capabilities(self) -> Capabilities:
        return cast(Capabilities, self.request("getCapabilities"))

    def create_upload_intent(self, body: CreateUploadIntentRequest, idempotency_key: Optional[str] = None) -> UploadIntent:
        return cast(UploadIntent, self.request("createUploadIntent", body=body, idempotency_key=idempotency_key))

    def get_file(self, file_id: str) -> File:
        return cast(File, self.request("getFile", {"file_id": file_id}))

    def delete_file(self, file_id: str) -> None:
        self.request("deleteFile", {"file_id": file_id})

    def complete_file_upload(
        self, file_id: str, body: CompleteUploadRequest, idempotency_key: Optional[str] = None
    ) -> File:
        return cast(File, self.request("completeFileUpload", {"file_id": file_id}, body=body, idempotency_key=idempotency_key))

    def list_jobs(
        self, status: Optional[JobStatus] = None, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> JobList:
        return cast(JobList, self.request("listJobs", query={"status": status, "limit": limit, "cursor": cursor}))

    def create_job(self, body: CreateJobRequest, idempotency_key: Optional[str] = None) -> Job:
        return cast(Job, self.request("createJob", body=body, idempotency_key=idempotency_key))

    def get_job(self, job_id: str) -> Job:
        return cast(Job, self.request("getJob", {"job_id": job_id}))

    def delete_job(self, job_id: str) -> None:
        self.request("deleteJob", {"job_id": job_id})

    def cancel_job(self, job_id: str, idempotency_key: Optional[str] = None) -> Job:
        return cast(Job, self.request("cancelJob", {"job_id": job_id}, idempotency_key=idempotency_key))

    def list_job_outputs(self, job_id: str, limit: Optional[int] = None, cursor: Optional[str] = None) -> OutputList:
        return cast(OutputList, self.request("listJobOutputs", {"job_id": job_id}, {"limit": limit, "cursor": cursor}))

    def create_job_output(
        self, job_id: str, body: CreateJobOutputRequest, idempotency_key: Optional[str] = None
    ) -> Output:
        return cast(Output, self.request("createJobOutput", {"job_id": job_id}, body=body, idempotency_key=idempotency_key))

    def get_output(self, output_id: str) -> Output:
        return cast(Output, self.request("getOutput", {"output_id": output_id}))

    def get_output_content(
        self, output_id: str, cursor: Optional[str] = None, limit: Optional[int] = None
    ) -> OutputContentPage:
        query = {"cursor": cursor, "limit": limit}
        return cast(OutputContentPage, self.request("getOutputContent", {"output_id": output_id}, query))

    def get_usage(self) -> Usage:
        return cast(Usage, self.request("getUsage"))

    def list_webhook_endpoints(self, limit: Optional[int] = None, cursor: Optional[str] = None) -> WebhookEndpointList:
        return cast(WebhookEndpointList, self.request("listWebhookEndpoints", query={"limit": limit, "cursor": cursor}))

    def create_webhook_endpoint(
        self, body: CreateWebhookEndpointRequest, idempotency_key: Optional[str] = None
    ) -> WebhookEndpointWithSecret:
        answer = self.request("createWebhookEndpoint", body=body, idempotency_key=idempotency_key)
        return cast(WebhookEndpointWithSecret, answer)

    def update_webhook_endpoint(
        self, endpoint_id: str, body: UpdateWebhookEndpointRequest, idempotency_key: Optional[str] = None
    ) -> WebhookEndpoint:
        answer = self.request("updateWebhookEndpoint", {"endpoint_id": endpoint_id}, body=body, idempotency_key=idempotency_key)
        return cast(WebhookEndpoint, answer)

    def delete_webhook_endpoint(self, endpoint_id: str) -> None:
        self.request("deleteWebhookEndpoint", {"endpoint_id": endpoint_id})

    def list_webhook_deliveries(
        self,
        endpoint_id: str,
        status: Optional[WebhookDeliveryStatus] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> WebhookDeliveryList:
        query = {"status": status, "limit": limit, "cursor": cursor}
        return cast(WebhookDeliveryList, self.request("listWebhookDeliveries", {"endpoint_id": endpoint_id}, query))

    def replay_webhook_delivery(
        self, endpoint_id: str, delivery_id: str, idempotency_key: Optional[str] = None
    ) -> WebhookDelivery:
        path = {"endpoint_id": endpoint_id, "delivery_id": delivery_id}
        return cast(WebhookDelivery, self.request("replayWebhookDelivery", path, idempotency_key=idempotency_key))

    def pause_webhook_endpoint(self, endpoint_id: str, idempotency_key: Optional[str] = None) -> WebhookEndpoint:
        path = {"endpoint_id": endpoint_id}
        return cast(WebhookEndpoint, self.request("pauseWebhookEndpoint", path, idempotency_key=idempotency_key))

    def resume_webhook_endpoint(self, endpoint_id: str, idempotency_key: Optional[str] = None) -> WebhookEndpoint:
        path = {"endpoint_id": endpoint_id}
        return cast(WebhookEndpoint, self.request("resumeWebhookEndpoint", path, idempotency_key=idempotency_key))

    def rotate_webhook_endpoint_secret(
        self, endpoint_id: str, idempotency_key: Optional[str] = None
    ) -> RotatedWebhookEndpoint:
        path = {"endpoint_id": endpoint_id}
        answer = self.request("rotateWebhookEndpointSecret", path, idempotency_key=idempotency_key)
        return cast(RotatedWebhookEndpoint, answer)

    def test_webhook_endpoint(self, endpoint_id: str, idempotency_key: Optional[str] = None) -> WebhookDelivery:
        path = {"endpoint_id": endpoint_id}
        return cast(WebhookDelivery, self.request("testWebhookEndpoint", path, idempotency_key=idempotency_key))

    # -- helpers ------------------------------------------------------------------------------

    def upload_file(
        self,
        path_or_bytes: Union[str, "os.PathLike[str]", bytes],
        name: Optional[str] = None,
        media_type: Optional[str] = None,
        wait_until_validated: bool = False,
        poll_interval: float = 0.5,
        timeout: float = 120.0,
    ) -> File:
        """Direct upload: intent (with the sha256 of the bytes) → PUT to ``upload_url`` with exactly
        its ``upload_headers`` → complete. A path is streamed from disk; ``name`` defaults to its
        file name and ``media_type`` to a guess from the name."""
        return _helpers.upload_file(
            self, path_or_bytes, name, media_type, wait_until_validated, poll_interval, timeout
        )

    def create_job_and_wait(
        self,
        body: CreateJobRequest,
        on_progress: Optional[Callable[[Job], None]] = None,
        timeout: float = 600.0,
        poll_interval: float = 1.0,
        idempotency_key: Optional[str] = None,
    ) -> Job:
        """``create_job``, then polls until the job is terminal; ``on_progress`` sees every job read."""
        job = self.create_job(body, idempotency_key=idempotency_key)
        return _helpers.poll_job(self, job, on_progress, timeout, poll_interval)

    def wait_for_job(
        self,
        job_id: str,
        on_progress: Optional[Callable[[Job], None]] = None,
        timeout: float = 600.0,
        poll_interval: float = 1.0,
    ) -> Job:
        """Polls an existing job until it is terminal (``WaitTimeoutError`` after ``timeout`` s)."""
        return _helpers.poll_job(self, self.get_job(job_id), on_progress, timeout, poll_interval)

    def iter_jobs(self, status: Optional[JobStatus] = None, limit: Optional[int] = None) -> Iterator[Job]:
        """Every job (newest first), fetching pages lazily."""
        return _helpers.paginate(lambda cursor: self.list_jobs(status, limit, cursor))

    def iter_outputs(self, job_id: str, limit: Optional[int] = None) -> Iterator[Output]:
        """Every output of a job, fetching pages lazily."""
        return _helpers.paginate(lambda cursor: self.list_job_outputs(job_id, limit, cursor))

    def iter_webhook_endpoints(self, limit: Optional[int] = None) -> Iterator[WebhookEndpoint]:
        """Every webhook endpoint, fetching pages lazily."""
        return _helpers.paginate(lambda cursor: self.list_webhook_endpoints(limit, cursor))

    def iter_webhook_deliveries(
        self, endpoint_id: str, status: Optional[WebhookDeliveryStatus] = None, limit: Optional[int] = None
    ) -> Iterator[WebhookDelivery]:
        """Every delivery of a webhook endpoint, fetching pages lazily."""
        return _helpers.paginate(lambda cursor: self.list_webhook_deliveries(endpoint_id, status, limit, cursor))

    def iter_output_content(self, output_id: str, limit: Optional[int] = None) -> Iterator[str]:
        """The ``data`` of every content page of an output, in order (CONTRACT §9)."""
        return _helpers.content_pages(self, output_id, limit)

    def read_output_content(self, output_id: str, limit: Optional[int] = None) -> str:
        """Every content page of an output concatenated: the whole artifact."""
        return "".join(self.iter_output_content(output_id, limit))

    def download_artifact(
        self,
        artifact: Mapping[str, Any],
        destination: Union[str, "os.PathLike[str]", IO[bytes]],
        on_progress: Optional[ProgressCallback] = None,
        resume: bool = True,
    ) -> DownloadResult:
        """Streams a manifest file (``output["manifest"]["files"][i]``) to a path or binary stream,
        verified by size and sha256 (``ArtifactVerificationError``), resuming a ``.part`` file."""
        return download_artifact(self.transport, artifact, destination, on_progress, resume)


def method_name_of(operation_id: str) -> str:
    """The Client method of an operation id: ``createJob`` → ``create_job``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", operation_id).lower()


__all__ = ["Client", "method_name_of", "normalize_base_url"]


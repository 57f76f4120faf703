"""What needs no server: every operation has its method, the models load, retries honour
Retry-After (a loopback server stands in for an overloaded proxy), and the package installs offline."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
import typing
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from support import HERE

from transmute import Client, TransmuteError
from transmute._client import method_name_of
from transmute._models import OPERATIONS
from transmute._transport import parse_retry_after
from transmute.models import CreateJobRequest, Job


class FlakyServer:
    """Answers the queued (status, headers, body) triples in order, then 200 ``{}``."""

    def __init__(self, answers: list) -> None:
        self.answers = list(answers)
        self.requests: list = []
        flaky = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                self.answer()

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.answer()

            def answer(self) -> None:
                flaky.requests.append((time.monotonic(), dict(self.headers.items())))
                status, headers, body = flaky.answers.pop(0) if flaky.answers else (200, {}, b"{}")
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


PROBLEM_503 = (
    b'{"type":"about:blank","title":"Service Unavailable","status":503,"code":"service_unavailable",'
    b'"detail":"Busy.","request_id":"req_0123456789","retryable":true}'
)


class ClientShapeTest(unittest.TestCase):
    def test_every_operation_of_the_contract_has_a_method(self) -> None:
        self.assertEqual(len(OPERATIONS), 25)
        missing = [name for name in map(method_name_of, OPERATIONS) if not callable(getattr(Client, name, None))]
        self.assertEqual(missing, [])

    def test_the_models_resolve_their_references(self) -> None:
        self.assertEqual(typing.get_type_hints(Job)["progress"].__name__, "JobProgress")
        self.assertIn("source", CreateJobRequest.__required_keys__)

    def test_retry_after_reads_seconds_and_dates(self) -> None:
        self.assertEqual(parse_retry_after("3"), 3.0)
        self.assertAlmostEqual(parse_retry_after("Thu, 01 Jan 2099 00:00:10 GMT", now=4070908800.0), 10.0)
        self.assertIsNone(parse_retry_after("soon"))


class RetryTest(unittest.TestCase):
    def test_a_retryable_answer_is_retried_after_retry_after_with_the_same_idempotency_key(self) -> None:
        flaky = FlakyServer([(503, {"Retry-After": "1"}, PROBLEM_503)])
        try:
            client = Client(base_url=flaky.url, api_key="tmk_test")
            client.create_job({"source": {"type": "text", "content": "x"}, "output": {"profile": "raw_source"}})
        finally:
            flaky.close()
        (first, first_headers), (second, second_headers) = flaky.requests
        self.assertGreaterEqual(second - first, 0.95)
        self.assertEqual(first_headers["Idempotency-Key"], second_headers["Idempotency-Key"])

    def test_a_longer_retry_after_than_allowed_returns_the_error(self) -> None:
        flaky = FlakyServer([(503, {"Retry-After": "120"}, PROBLEM_503)])
        try:
            with self.assertRaises(TransmuteError) as caught:
                Client(base_url=flaky.url, api_key="tmk_test", max_retry_delay=5).get_usage()
        finally:
            flaky.close()
        self.assertEqual((caught.exception.code, caught.exception.retry_after), ("service_unavailable", 120.0))
        self.assertEqual(len(flaky.requests), 1)

    def test_a_proxy_429_without_a_problem_is_backed_off_and_gives_up_after_max_retries(self) -> None:
        flaky = FlakyServer([(429, {"Content-Type": "text/plain"}, b"slow down")] * 3)
        try:
            with self.assertRaises(TransmuteError) as caught:
                Client(base_url=flaky.url, api_key="tmk_test", max_retries=2, retry_base_delay=0.01).get_usage()
        finally:
            flaky.close()
        self.assertEqual((caught.exception.status, caught.exception.code), (429, "http_429"))
        self.assertEqual(len(flaky.requests), 3)

    def test_a_refused_connection_is_retried_then_raised_as_a_transmute_error(self) -> None:
        flaky = FlakyServer([])
        url = flaky.url
        flaky.close()
        sleeps: list = []
        client = Client(base_url=url, api_key="tmk_test", max_retries=2)
        client.transport.sleep = sleeps.append
        with self.assertRaises(TransmuteError) as caught:
            client.get_usage()
        self.assertEqual(len(sleeps), 2)
        error = caught.exception
        self.assertEqual((error.code, error.status, error.retryable), ("connection_failed", 0, True))
        self.assertIn(f"{url}/v1/usage", str(error))
        self.assertIn("refused", str(error).lower())
        # The cause is kept, for logs and for callers that need the socket error.
        self.assertIsInstance(error.__cause__, OSError)


class InstallTest(unittest.TestCase):
    def test_pip_installs_the_package_offline_into_a_fresh_venv(self) -> None:
        with tempfile.TemporaryDirectory(prefix="transmute-py-venv-") as directory:
            venv = os.path.join(directory, "venv")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=120)
            python = os.path.join(venv, "bin", "python")
            install = subprocess.run(
                [python, "-m", "pip", "install", "--no-index", "--disable-pip-version-check", os.path.dirname(HERE)],
                capture_output=True,
                text=True,
                timeout=300,
            )
            self.assertEqual(install.returncode, 0, install.stdout + install.stderr)
            probe = "import transmute, transmute.models; print(transmute.__file__)"
            shown = subprocess.run([python, "-c", probe], capture_output=True, text=True, cwd=directory, timeout=60)
            self.assertEqual(shown.returncode, 0, shown.stderr)
            self.assertIn(os.path.join(venv, "lib"), shown.stdout)


if __name__ == "__main__":
    unittest.main()

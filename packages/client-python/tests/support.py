"""A real ``transmute serve`` for the suite: started once per test run on a fresh SQLite data
directory (with ``--allow-private-networks``, so webhook deliveries reach loopback receivers), and
accounts made with the CLI, exactly as an operator would."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from transmute import Client  # noqa: E402  (after the path of the package in this repository)

#: The Node binary (the wrapper passes the pinned one); the CLI runs from its sources.
NODE = os.environ.get("TRANSMUTE_NODE", "node")
CLI = [NODE, "--conditions=development", "--import", "tsx", "packages/cli/src/bin.ts"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_cli(*args: str) -> str:
    done = subprocess.run([*CLI, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"transmute {' '.join(args)} exited {done.returncode}: {done.stderr}{done.stdout}")
    return done.stdout


@dataclass
class Server:
    base_url: str
    data_dir: str
    process: subprocess.Popen

    def new_client(self, **options: object) -> Client:
        """A client of a fresh developer account (so lists hold only what its test made)."""
        out = run_cli("accounts", "create", "--data-dir", self.data_dir, "--plan", "developer", "--json")
        key = json.loads(out.strip().splitlines()[-1])["api_key"]
        return Client(base_url=self.base_url, api_key=key, **options)  # type: ignore[arg-type]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.data_dir, ignore_errors=True)


_server: Optional[Server] = None
_failure: Optional[BaseException] = None
_lock = threading.Lock()


def server() -> Server:
    """The suite's server, started on first use and stopped when the run ends."""
    global _server, _failure
    with _lock:
        if _failure is not None:
            # Started once: a server that could not start fails every test at once, not again and again.
            raise RuntimeError("transmute serve did not start (see the first failure)") from _failure
        if _server is None:
            try:
                _server = _start()
            except BaseException as error:
                _failure = error
                raise
            atexit.register(_server.stop)
        return _server


def _start() -> Server:
    data_dir = tempfile.mkdtemp(prefix="transmute-py-")
    try:
        return _serve(data_dir)
    except BaseException:
        shutil.rmtree(data_dir, ignore_errors=True)
        raise


def _serve(data_dir: str) -> Server:
    # The first CLI call migrates the fresh database before serve opens it.
    run_cli("accounts", "create", "--data-dir", data_dir, "--plan", "developer", "--json")
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log = open(os.path.join(data_dir, "serve.log"), "w")
    args = ["serve", "--port", str(port), "--data-dir", data_dir, "--host", "127.0.0.1"]
    process = subprocess.Popen(
        [*CLI, *args, "--base-url", base_url, "--allow-private-networks"],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()  # the child holds its own descriptor
    deadline = time.monotonic() + 120
    while True:
        with open(os.path.join(data_dir, "serve.log")) as output:
            text = output.read()
        if "listening on" in text.lower():
            return Server(base_url, data_dir, process)
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"transmute serve did not start:\n{text}")
        time.sleep(0.1)


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


class Receiver:
    """A loopback HTTP server recording every request (webhook deliveries), answering 200."""

    def __init__(self) -> None:
        self.received: List[Received] = []
        self._changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver._changed:
                    receiver.received.append(Received(self.path, dict(self.headers.items()), body))
                    receiver._changed.notify_all()
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def wait_for(self, match: Callable[[Received], bool], timeout: float = 60) -> Received:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for one in self.received:
                    if match(one):
                        return one
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no matching request within {timeout} s; got {self.received!r}")
                self._changed.wait(remaining)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

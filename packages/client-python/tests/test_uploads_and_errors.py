"""Uploads refused for a wrong digest, idempotent replay, and errors as TransmuteError."""

from __future__ import annotations

import hashlib
import time
import unittest
import uuid

from support import server

from transmute import TransmuteError
from transmute._transport import send

DATA = b"Bytes of a small upload from the Python client.\n"
OTHER = hashlib.sha256(b"some other bytes of the same story").hexdigest()


class UploadTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()

    def put(self, intent: dict, data: bytes) -> None:
        send(self.client.transport, intent["upload_method"], intent["upload_url"], dict(intent["upload_headers"]), data)

    def test_bytes_upload_becomes_ready_with_their_digest(self) -> None:
        file = self.client.upload_file(DATA, name="note.txt", wait_until_validated=True)
        self.assertEqual(file["status"], "ready")
        self.assertEqual(file["media_type"], "text/plain")
        self.assertEqual(file["sha256"], hashlib.sha256(DATA).hexdigest())

    def test_bytes_that_do_not_match_the_declared_digest_are_rejected(self) -> None:
        intent = self.client.create_upload_intent(
            {"name": "note.txt", "media_type": "text/plain", "size_bytes": len(DATA), "sha256": OTHER}
        )
        self.put(intent, DATA)
        file = self.client.complete_file_upload(intent["file_id"], {"size_bytes": len(DATA), "sha256": OTHER})
        deadline = time.monotonic() + 60
        while file["status"] in ("uploaded", "validating") and time.monotonic() < deadline:
            time.sleep(0.2)
            file = self.client.get_file(file["id"])
        self.assertEqual(file["status"], "rejected")
        self.assertTrue(any(warning.startswith("digest_mismatch") for warning in file["warnings"]), file)

    def test_waiting_for_a_file_that_ends_rejected_raises_its_reason(self) -> None:
        # Not plain text: the bytes of a ZIP declared as text/plain fail the magic-byte check.
        with self.assertRaises(TransmuteError) as caught:
            self.client.upload_file(b"PK\x03\x04" + b"\x00" * 64, name="note.txt", wait_until_validated=True)
        error = caught.exception
        self.assertEqual(error.code, "file_rejected")
        self.assertTrue(error.problem["file"]["id"].startswith("file_"), error.problem)
        self.assertEqual(error.problem["file"]["status"], "rejected")
        self.assertIn(error.problem["file"]["warnings"][0], error.detail)

    def test_completing_with_another_digest_than_the_intent_is_refused(self) -> None:
        intent = self.client.create_upload_intent(
            {"name": "note.txt", "media_type": "text/plain", "size_bytes": len(DATA), "sha256": hashlib.sha256(DATA).hexdigest()}
        )
        self.put(intent, DATA)
        with self.assertRaises(TransmuteError) as caught:
            self.client.complete_file_upload(intent["file_id"], {"size_bytes": len(DATA), "sha256": OTHER})
        self.assertEqual((caught.exception.status, caught.exception.code), (422, "upload_mismatch"))


class IdempotencyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()

    body = {"source": {"type": "text", "content": "# Once\n\nCreated once however often sent."}, "output": {"profile": "source_summary"}}

    def test_the_same_key_replays_the_first_answer(self) -> None:
        key = f"py-{uuid.uuid4()}"
        first = self.client.create_job(self.body, idempotency_key=key)
        again = self.client.create_job(self.body, idempotency_key=key)
        self.assertEqual(first["id"], again["id"])
        self.assertEqual([job["id"] for job in self.client.iter_jobs()].count(first["id"]), 1)

    def test_the_same_key_with_another_body_is_refused(self) -> None:
        key = f"py-{uuid.uuid4()}"
        self.client.create_job(self.body, idempotency_key=key)
        with self.assertRaises(TransmuteError) as caught:
            self.client.create_job({**self.body, "output": {"profile": "raw_source"}}, idempotency_key=key)
        self.assertEqual((caught.exception.status, caught.exception.code), (422, "idempotency_key_reused"))

    def test_without_a_key_every_call_gets_a_fresh_one(self) -> None:
        first = self.client.create_job(self.body)
        second = self.client.create_job(self.body)
        self.assertNotEqual(first["id"], second["id"])


class ErrorTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()

    def test_a_missing_job_is_a_not_found_problem_with_its_request_id(self) -> None:
        with self.assertRaises(TransmuteError) as caught:
            self.client.get_job("job_000000000000000")
        error = caught.exception
        self.assertEqual((error.status, error.code, error.retryable), (404, "not_found", False))
        self.assertTrue(error.title)
        self.assertTrue(error.detail)
        self.assertGreaterEqual(len(error.request_id), 8)
        self.assertTrue(error.type.endswith("/not_found"), error.type)

    def test_an_invalid_body_lists_its_field_errors(self) -> None:
        with self.assertRaises(TransmuteError) as caught:
            self.client.create_job({"source": {"type": "text", "content": "x"}, "output": {"profile": "nope"}})  # type: ignore[typeddict-item]
        error = caught.exception
        self.assertEqual((error.status, error.code), (422, "validation_failed"))
        self.assertIn("output.profile", [field.get("field") for field in error.field_errors])

    def test_a_wrong_key_is_unauthenticated(self) -> None:
        from transmute import Client

        stranger = Client(base_url=server().base_url + "/v1/", api_key="tmk_not_a_real_key_at_all_000000000000")
        with self.assertRaises(TransmuteError) as caught:
            stranger.get_usage()
        self.assertEqual(caught.exception.status, 401)


if __name__ == "__main__":
    unittest.main()

"""The remaining operations, each through its method against the real server."""

from __future__ import annotations

import json
import unittest

from support import Receiver, server

from transmute import TransmuteError, job_failure

TEXT_JOB = {
    "source": {"type": "text", "content": "# Ops\n\nEvery operation through the Python client."},
    "output": {"profile": "source_summary"},
}


class AccountOperationsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()

    def test_capabilities_claim_the_python_sdk(self) -> None:
        capabilities = self.client.get_capabilities()
        self.assertEqual(capabilities["api_version"], "v1")
        self.assertIn("python_sdk", capabilities["plugins"][0]["surfaces"])

    def test_usage_of_the_period(self) -> None:
        usage = self.client.get_usage()
        self.assertEqual(usage["plan"], "developer")
        self.assertIn("jobs", [unit["unit"] for unit in usage["units"]])

    def test_a_terminal_job_is_deleted_and_a_finished_one_cannot_be_canceled(self) -> None:
        job = self.client.create_job_and_wait(TEXT_JOB, poll_interval=0.2, timeout=120)
        with self.assertRaises(TransmuteError) as caught:
            self.client.cancel_job(job["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "job_not_cancelable"))
        self.client.delete_job(job["id"])
        with self.assertRaises(TransmuteError) as gone:
            self.client.get_job(job["id"])
        self.assertEqual(gone.exception.code, "not_found")

    def test_a_failed_job_says_why(self) -> None:
        job = self.client.create_job_and_wait(
            {"source": {"type": "url", "url": "http://127.0.0.1:9/nothing-listens-here"}, "output": {"profile": "source_summary"}},
            poll_interval=0.2,
            timeout=120,
        )
        self.assertEqual(job["status"], "failed", job)
        failure = job_failure(job)
        self.assertIsNotNone(failure)
        self.assertEqual(failure.code, "source_unreachable", failure)  # type: ignore[union-attr]
        self.assertTrue(failure.detail)  # type: ignore[union-attr]
        self.assertIsNone(job_failure(self.client.create_job_and_wait(TEXT_JOB, poll_interval=0.2, timeout=120)))

    def test_a_file_is_read_and_deleted(self) -> None:
        file = self.client.upload_file(b"a file to delete\n", name="gone.txt")
        self.assertEqual(self.client.get_file(file["id"])["name"], "gone.txt")
        self.client.delete_file(file["id"])
        with self.assertRaises(TransmuteError) as gone:
            self.client.get_file(file["id"])
        self.assertEqual(gone.exception.code, "not_found")


class WebhookEndpointOperationsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()
        cls.receiver = Receiver()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.receiver.close()

    def test_update_pause_resume_deliveries_replay_and_delete(self) -> None:
        endpoint = self.client.create_webhook_endpoint({"url": f"{self.receiver.url}/ops", "events": ["job.failed"]})
        updated = self.client.update_webhook_endpoint(endpoint["id"], {"events": ["job.succeeded", "job.failed"]})
        self.assertEqual(sorted(updated["events"]), ["job.failed", "job.succeeded"])
        self.assertEqual(self.client.pause_webhook_endpoint(endpoint["id"])["status"], "paused")
        self.assertEqual(self.client.resume_webhook_endpoint(endpoint["id"])["status"], "active")
        sent = self.client.test_webhook_endpoint(endpoint["id"])
        self.receiver.wait_for(lambda r: r.path == "/ops" and json.loads(r.body).get("test") is True)
        deliveries = list(self.client.iter_webhook_deliveries(endpoint["id"], limit=1))
        self.assertIn(sent["id"], [delivery["id"] for delivery in deliveries])
        with self.assertRaises(TransmuteError) as caught:
            self.client.replay_webhook_delivery(endpoint["id"], sent["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "delivery_not_dead_lettered"))
        self.client.delete_webhook_endpoint(endpoint["id"])
        self.assertNotIn(endpoint["id"], [one["id"] for one in self.client.iter_webhook_endpoints()])


if __name__ == "__main__":
    unittest.main()

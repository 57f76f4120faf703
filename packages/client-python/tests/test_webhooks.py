"""verify_webhook on real deliveries: signed by the service (the TypeScript signer) and received by
a loopback receiver in Python."""

from __future__ import annotations

import base64
import json
import os
import time
import unittest

from support import Receiver, server

from transmute import WebhookVerificationError, verify_webhook


class WebhookDeliveryTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()
        cls.receiver = Receiver()
        cls.endpoint = cls.client.create_webhook_endpoint(
            {"url": f"{cls.receiver.url}/hook", "events": ["job.succeeded"]}
        )

    @classmethod
    def tearDownClass(cls) -> None:
        cls.receiver.close()

    def test_a_test_event_verifies_with_the_endpoint_secret(self) -> None:
        delivery = self.client.test_webhook_endpoint(self.endpoint["id"])
        received = self.receiver.wait_for(lambda r: json.loads(r.body).get("test") is True)
        envelope = verify_webhook(received.body, received.headers, self.endpoint["secret"])
        self.assertEqual(envelope["test"], True)
        self.assertEqual(envelope["api_version"], "v1")
        self.assertEqual(received.headers.get("webhook-id") or received.headers.get("Webhook-Id"), envelope["id"])
        self.assertEqual(delivery["endpoint_id"], self.endpoint["id"])

    def test_a_job_succeeded_delivery_verifies_and_carries_the_job(self) -> None:
        job = self.client.create_job(
            {"source": {"type": "text", "content": "# Hook\n\nA job whose end is announced."}, "output": {"profile": "source_summary"}}
        )
        received = self.receiver.wait_for(
            lambda r: json.loads(r.body).get("data", {}).get("object", {}).get("id") == job["id"], timeout=120
        )
        envelope = verify_webhook(received.body, received.headers, self.endpoint["secret"])
        self.assertEqual(envelope["type"], "job.succeeded")
        self.assertEqual(envelope["data"]["object"]["status"], "succeeded")

    def test_tampered_stale_or_foreign_deliveries_are_refused(self) -> None:
        self.client.test_webhook_endpoint(self.endpoint["id"])
        received = self.receiver.wait_for(lambda r: json.loads(r.body).get("test") is True)
        secret = self.endpoint["secret"]
        tampered = received.body.replace(b'"v1"', b'"v2"')
        foreign = "whsec_" + base64.b64encode(os.urandom(24)).decode("ascii")
        sent_at = int(received.headers.get("webhook-timestamp") or received.headers["Webhook-Timestamp"])
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(tampered, received.headers, secret)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(received.body, received.headers, foreign)
        with self.assertRaisesRegex(WebhookVerificationError, "too old"):
            verify_webhook(received.body, received.headers, secret, now=sent_at + 301)
        with self.assertRaisesRegex(WebhookVerificationError, "Missing"):
            verify_webhook(received.body, {}, secret)
        # The same delivery within the tolerance still verifies (the refusals above are not luck).
        verify_webhook(received.body, received.headers, secret, now=sent_at + 299)

    def test_after_rotation_both_secrets_verify_and_a_stranger_does_not(self) -> None:
        endpoint = self.client.create_webhook_endpoint({"url": f"{self.receiver.url}/rotated", "events": ["job.succeeded"]})
        rotated = self.client.rotate_webhook_endpoint_secret(endpoint["id"])
        self.assertNotEqual(rotated["secret"], endpoint["secret"])
        started = time.time()
        self.client.test_webhook_endpoint(endpoint["id"])
        received = self.receiver.wait_for(lambda r: r.path == "/rotated")
        signature = received.headers.get("webhook-signature") or received.headers["Webhook-Signature"]
        self.assertEqual(len(signature.split(" ")), 2, "the previous secret still signs")
        verify_webhook(received.body, received.headers, rotated["secret"])
        verify_webhook(received.body, received.headers, endpoint["secret"])
        verify_webhook(received.body, received.headers, ["whsec_" + base64.b64encode(b"x" * 24).decode(), rotated["secret"]])
        self.assertLess(time.time() - started, 60)


if __name__ == "__main__":
    unittest.main()

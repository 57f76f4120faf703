"""Cursor iterators over real lists."""

from __future__ import annotations

import unittest

from support import server


def text_job(index: int) -> dict:
    return {
        "source": {"type": "text", "content": f"# Note {index}\n\nPagination of the Python client, note {index}."},
        "output": {"profile": "source_summary"},
    }


class PaginationTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()
        cls.created = [cls.client.create_job(text_job(index))["id"] for index in range(5)]

    def test_iter_jobs_walks_every_page_newest_first(self) -> None:
        first = self.client.list_jobs(limit=2)
        self.assertEqual(len(first["data"]), 2)
        self.assertTrue(first["page"]["has_more"])
        self.assertIsNotNone(first["page"]["next_cursor"])
        ids = [job["id"] for job in self.client.iter_jobs(limit=2)]
        self.assertEqual(ids, list(reversed(self.created)))

    def test_iter_jobs_filters_by_status(self) -> None:
        for job_id in self.created:
            self.client.wait_for_job(job_id, poll_interval=0.2, timeout=120)
        succeeded = [job["id"] for job in self.client.iter_jobs(status="succeeded", limit=3)]
        self.assertEqual(sorted(succeeded), sorted(self.created))
        self.assertEqual(list(self.client.iter_jobs(status="canceled")), [])

    def test_iter_webhook_endpoints_walks_every_page(self) -> None:
        made = [
            self.client.create_webhook_endpoint(
                {"url": f"http://127.0.0.1:9/hook{index}", "events": ["job.succeeded"]}
            )["id"]
            for index in range(3)
        ]
        listed = [endpoint["id"] for endpoint in self.client.iter_webhook_endpoints(limit=1)]
        self.assertEqual(sorted(listed), sorted(made))


if __name__ == "__main__":
    unittest.main()

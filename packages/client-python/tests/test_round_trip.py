"""The whole round trip against a real server: upload → job → wait → outputs → content → download."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
import unittest
import zipfile

from support import ROOT, server

from transmute import ArtifactVerificationError

ARTICLE = os.path.join(ROOT, "fixtures", "text", "markdown-article", "input.md")


class RoundTripTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = server().new_client()
        cls.file = cls.client.upload_file(ARTICLE, wait_until_validated=True)
        cls.seen = []
        cls.job = cls.client.create_job_and_wait(
            {
                "source": {"type": "files", "file_ids": [cls.file["id"]]},
                "output": {"profile": "dataset_markdown", "format": "jsonl"},
            },
            on_progress=lambda job: cls.seen.append(job["status"]),
            poll_interval=0.2,
            timeout=120,
        )
        cls.directory = tempfile.mkdtemp(prefix="transmute-py-download-")

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.directory, ignore_errors=True)

    def test_upload_from_a_path_sends_its_name_type_and_digest(self) -> None:
        with open(ARTICLE, "rb") as source:
            expected = hashlib.sha256(source.read()).hexdigest()
        self.assertEqual(self.file["status"], "ready")
        self.assertEqual(self.file["name"], "input.md")
        self.assertEqual(self.file["media_type"], "text/markdown")
        self.assertEqual(self.file["sha256"], expected)

    def test_create_and_wait_reports_progress_until_the_job_succeeds(self) -> None:
        self.assertEqual(self.job["status"], "succeeded", self.job)
        self.assertEqual(self.seen[0], "queued")
        self.assertEqual(self.seen[-1], "succeeded")
        self.assertEqual(len(self.job["output_ids"]), 1)

    def test_outputs_content_pages_and_download_agree(self) -> None:
        # limit=1 walks a page per output (another test adds a second output to this job).
        listed = [output["id"] for output in self.client.iter_outputs(self.job["id"], limit=1)]
        self.assertIn(self.job["output_ids"][0], listed)
        self.assertEqual(len(listed), len(set(listed)))
        output = self.client.get_output(self.job["output_ids"][0])
        artifact = output["manifest"]["files"][0]
        pages = list(self.client.iter_output_content(output["id"], limit=500))
        self.assertGreater(len(pages), 1, "a small page limit gives several pages")
        whole = self.client.read_output_content(output["id"])
        self.assertEqual("".join(pages), whole)
        target = os.path.join(self.directory, artifact["name"])
        progress = []
        result = self.client.download_artifact(artifact, target, on_progress=lambda got, total: progress.append(got))
        with open(target, "rb") as written:
            data = written.read()
        self.assertEqual(result.sha256, artifact["sha256"])
        self.assertEqual(hashlib.sha256(data).hexdigest(), artifact["sha256"])
        self.assertEqual(data.decode("utf-8"), whole)
        self.assertEqual(progress[-1], artifact["size_bytes"])
        self.assertFalse(os.path.exists(target + ".part"))

    def test_a_second_output_as_zip_downloads_verified(self) -> None:
        second = self.client.create_job_output(self.job["id"], {"output": {"profile": "source_summary", "format": "zip"}})
        deadline = time.monotonic() + 120
        while second["status"] in ("queued", "processing") and time.monotonic() < deadline:
            time.sleep(0.2)
            second = self.client.get_output(second["id"])
        self.assertEqual(second["status"], "succeeded", second)
        artifact = second["manifest"]["files"][0]
        target = os.path.join(self.directory, "second.zip")
        self.client.download_artifact(artifact, target)
        with zipfile.ZipFile(target) as archive:
            self.assertGreater(len(archive.namelist()), 0)

    def test_a_partial_download_is_resumed_with_a_range(self) -> None:
        output = self.client.get_output(self.job["output_ids"][0])
        artifact = output["manifest"]["files"][0]
        whole = self.client.read_output_content(output["id"]).encode("utf-8")
        target = os.path.join(self.directory, "resumed.jsonl")
        with open(target + ".part", "wb") as partial:
            partial.write(whole[:100])
        result = self.client.download_artifact(artifact, target)
        self.assertTrue(result.resumed)
        with open(target, "rb") as written:
            self.assertEqual(written.read(), whole)

    def test_a_wrong_digest_in_the_manifest_fails_the_download_and_leaves_no_file(self) -> None:
        output = self.client.get_output(self.job["output_ids"][0])
        artifact = {**output["manifest"]["files"][0], "sha256": "0" * 64}
        target = os.path.join(self.directory, "refused.jsonl")
        with self.assertRaises(ArtifactVerificationError) as caught:
            self.client.download_artifact(artifact, target)
        self.assertEqual(caught.exception.reason, "digest_mismatch")
        self.assertFalse(os.path.exists(target))
        self.assertFalse(os.path.exists(target + ".part"))


if __name__ == "__main__":
    unittest.main()

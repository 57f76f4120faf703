"""Runs the suite for a test runner in another language (the vitest wrapper of `pnpm test`):

    python3 tests/report.py list            # the JSON list of test ids
    python3 tests/report.py run RESULT.json # runs them all, writes {id: {outcome, details}}

Outcomes are ``passed``, ``failed``, ``error`` and ``skipped``; a class or module whose setup
failed is reported under its own id (``setUpClass (module.Class)``), and its tests are absent.
"""

from __future__ import annotations

import json
import os
import sys
import unittest
from typing import Dict, Iterator

HERE = os.path.dirname(os.path.abspath(__file__))


def discover() -> unittest.TestSuite:
    return unittest.defaultTestLoader.discover(HERE, top_level_dir=HERE)


def each_test(suite: unittest.TestSuite) -> Iterator[unittest.TestCase]:
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from each_test(item)
        else:
            yield item


class RecordingResult(unittest.TextTestResult):
    """A text result that also keeps every outcome by test id."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.outcomes: Dict[str, Dict[str, str]] = {}

    def addSuccess(self, test: unittest.TestCase) -> None:  # noqa: N802 (unittest's naming)
        super().addSuccess(test)
        self.outcomes[test.id()] = {"outcome": "passed", "details": ""}

    def addFailure(self, test, err) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().addFailure(test, err)
        self.outcomes[test.id()] = {"outcome": "failed", "details": self.failures[-1][1]}

    def addError(self, test, err) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().addError(test, err)
        self.outcomes[test.id()] = {"outcome": "error", "details": self.errors[-1][1]}

    def addSkip(self, test, reason) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().addSkip(test, reason)
        self.outcomes[test.id()] = {"outcome": "skipped", "details": reason}


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "list":
        print(json.dumps([test.id() for test in each_test(discover())]))
        return 0
    if command == "run" and len(sys.argv) == 3:
        runner = unittest.TextTestRunner(stream=sys.stderr, verbosity=2, resultclass=RecordingResult)
        result = runner.run(discover())
        with open(sys.argv[2], "w", encoding="utf-8") as output:
            json.dump(result.outcomes, output, indent=1)  # type: ignore[attr-defined]
        return 0 if result.wasSuccessful() else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

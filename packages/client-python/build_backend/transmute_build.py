"""An in-tree PEP 517 build backend, standard library only: it needs nothing from PyPI, so
``pip install packages/client-python`` works offline (with build isolation, on any Python ≥ 3.9,
with or without setuptools and wheel installed). It builds a pure-Python wheel of ``transmute/``,
an sdist, and an editable wheel (a ``.pth`` pointing at this folder)."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from typing import Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "transmute-client"
PACKAGE = "transmute"
SUMMARY = "Python client of the Transmute v1 API (standard library only)."


def _version() -> str:
    with open(os.path.join(HERE, PACKAGE, "_version.py"), encoding="utf-8") as source:
        match = re.search(r'^VERSION = "([^"]+)"$', source.read(), re.M)
    if match is None:
        raise RuntimeError("transmute/_version.py has no VERSION")
    return match.group(1)


def _metadata() -> str:
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as readme:
        description = readme.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {_version()}\n"
        f"Summary: {SUMMARY}\n"
        "License: Apache-2.0\n"
        "Requires-Python: >=3.9\n"
        "Classifier: Programming Language :: Python :: 3\n"
        "Classifier: Typing :: Typed\n"
        "Description-Content-Type: text/markdown\n"
        f"\n{description}"
    )


def _package_files() -> List[str]:
    found = []
    for directory, folders, names in os.walk(os.path.join(HERE, PACKAGE)):
        folders[:] = [folder for folder in folders if folder != "__pycache__"]
        found += [os.path.relpath(os.path.join(directory, name), HERE) for name in names if not name.endswith(".pyc")]
    return sorted(found)


def _write_wheel(directory: str, entries: List[Tuple[str, bytes]]) -> str:
    dist = f"{NAME.replace('-', '_')}-{_version()}"
    info = f"{dist}.dist-info"
    entries = entries + [
        (f"{info}/METADATA", _metadata().encode("utf-8")),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: transmute_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
        (f"{info}/top_level.txt", f"{PACKAGE}\n".encode("utf-8")),
    ]
    record = []
    for path, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    filename = f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            wheel.writestr(path, data)
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return filename


def _read(relative: str) -> bytes:
    with open(os.path.join(HERE, relative), "rb") as source:
        return source.read()


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, str]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, str]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, str]] = None) -> List[str]:
    return []


def build_wheel(
    wheel_directory: str, config_settings: Optional[Dict[str, str]] = None, metadata_directory: Optional[str] = None
) -> str:
    return _write_wheel(wheel_directory, [(path.replace(os.sep, "/"), _read(path)) for path in _package_files()])


def build_editable(
    wheel_directory: str, config_settings: Optional[Dict[str, str]] = None, metadata_directory: Optional[str] = None
) -> str:
    return _write_wheel(wheel_directory, [(f"{PACKAGE}_editable.pth", f"{HERE}\n".encode("utf-8"))])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, str]] = None) -> str:
    root = f"{NAME.replace('-', '_')}-{_version()}"
    filename = f"{root}.tar.gz"
    members = ["pyproject.toml", "README.md", "build_backend/transmute_build.py", *_package_files()]
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        for relative in members:
            data = _read(relative)
            member = tarfile.TarInfo(f"{root}/{relative.replace(os.sep, '/')}")
            member.size = len(data)
            sdist.addfile(member, io.BytesIO(data))
        pkg_info = _metadata().encode("utf-8")
        member = tarfile.TarInfo(f"{root}/PKG-INFO")
        member.size = len(pkg_info)
        sdist.addfile(member, io.BytesIO(pkg_info))
    return filename

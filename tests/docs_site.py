"""The documentation site, built once per test session and served on 127.0.0.1 when asked.

The build is the one ``python3 dev.py docs --build`` runs (``mkdocs build --strict``), by this
interpreter, into a temporary folder; ``tests/test_docs_site.py`` checks it as files and
``tests/browser/test_docs_browser.py`` opens it in Chromium.
"""

from __future__ import annotations

import atexit
import functools
import http.server
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_for_docs", ROOT / "dev.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Build:
    """A finished strict build: where the site is, and what mkdocs said."""

    site: Path
    returncode: int
    output: str


@functools.cache
def built_site() -> Build:
    """The site, built strictly once for the whole session (the folder is removed at exit)."""
    site = Path(tempfile.mkdtemp(prefix="tool-outcomes-site-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    command = _load_dev().docs_command(["--build", str(site)])
    assert command[1:4] == ["build", "--strict", "--site-dir"], command
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's banner about its successor
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", *command[1:]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return Build(site, done.returncode, done.stdout + done.stderr)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """Serve ``site`` on a free port of 127.0.0.1; yields its base URL (ending in ``/``)."""
    handler = functools.partial(_Quiet, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            thread.join()

"""Starting the README's `python3 dev.py lab` for tests: a free loopback port, a throwaway HOME."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def lab_command(port: int, token: str) -> list[str]:
    """The README's lab command, headless, on ``port`` of 127.0.0.1, with a fixed token."""
    return [
        sys.executable,
        str(ROOT / "dev.py"),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
    ]


def lab_env(home: Path) -> dict[str, str]:
    """The environment with ``home`` as HOME and Jupyter's config under it."""
    return {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter")}


STARTUP_LIMIT_S = 90.0


def get(url: str, token: str) -> tuple[int, bytes]:
    """GET ``url`` from a test server with ``token``; the status and the body."""
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=5) as response:  # loopback only
        return int(response.status), bytes(response.read())


@contextmanager
def serving(command: list[str], env: dict[str, str], port: int, token: str) -> Iterator[str]:
    """Run ``command`` (a lab command listening on ``port`` with ``token``) until it answers;
    yield its base URL, then stop it. Fails the test if it exits or is not up in time."""
    import pytest

    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        started = time.monotonic()
        while True:  # bounded: the server answers within the limit or the test fails
            try:
                get(f"{base}/api/status", token)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if process.poll() is not None or time.monotonic() - started > STARTUP_LIMIT_S:
                    pytest.fail(f"JupyterLab did not start (exit code {process.poll()})")
                time.sleep(0.25)  # polling a real server's start-up, not a timing assertion
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

"""Starting the README's `python3 dev.py lab` for tests: a free loopback port, a throwaway HOME."""

from __future__ import annotations

import os
import socket
import sys
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

"""The README's lab command starts a JupyterLab that serves the workbook, as a new user sees it."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from lab_server import free_port, get, lab_command, lab_env, serving

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "tool-outcomes-test-token"


def _get(url: str) -> tuple[int, bytes]:
    return get(url, TOKEN)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python3 dev.py lab` with a throwaway HOME, on a free loopback port, without a browser."""
    port = free_port()
    env = lab_env(tmp_path_factory.mktemp("home"))
    with serving(lab_command(port, TOKEN), env, port, TOKEN) as base:
        yield base


def test_lab_serves_the_jupyterlab_page(lab: str) -> None:
    """The lab page itself loads."""
    status, body = _get(f"{lab}/lab")
    assert status == 200
    assert b"JupyterLab" in body


def test_lab_lists_every_learner_notebook(lab: str) -> None:
    """The file browser opens on the workbook: every learner notebook, from 00_start_here on."""
    _, body = _get(f"{lab}/api/contents")
    listed = {item["name"] for item in json.loads(body)["content"]}
    on_disk = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert "00_start_here.ipynb" in listed
    assert on_disk <= listed


def test_lab_offers_a_python_kernel_that_sees_the_package(lab: str) -> None:
    """The default kernel is the environment's own Python, where tool_outcomes is installed."""
    _, body = _get(f"{lab}/api/kernelspecs")
    specs = json.loads(body)
    assert specs["default"] in specs["kernelspecs"]
    argv = specs["kernelspecs"][specs["default"]]["spec"]["argv"]
    # The native kernel says "python": Jupyter runs it with the server's own interpreter.
    assert argv[0] in {"python", "python3"} or argv[0].startswith(str(ROOT / ".venv"))
    interpreter = ROOT / ".venv" / "bin" / "python"
    probe = subprocess.run(
        [str(interpreter), "-c", "import tool_outcomes, tool_outcomes.workbook; print('ok')"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.stdout.strip() == "ok", probe.stderr

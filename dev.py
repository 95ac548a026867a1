#!/usr/bin/env python3
"""Set up and run tool-outcomes with nothing but ``python3`` (3.11 or newer).

    python3 dev.py lab     # create .venv if needed, install the workbook, open JupyterLab
    python3 dev.py test    # create .venv if needed, install everything, run the whole suite

The virtual environment lives in ``.venv`` next to this file. It is (re)installed only when
``pyproject.toml`` changes, so the second run starts at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _run(*args: str | os.PathLike[str], env: dict[str, str] | None = None) -> None:
    printable = " ".join(str(a) for a in args)
    print(f"+ {printable}", flush=True)
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, env=env, check=False)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def ensure_env(extra: str) -> None:
    """Create ``.venv`` and install the package with ``extra``, unless already current."""
    if sys.version_info < (3, 11):  # noqa: UP036 -- dev.py runs on whatever python3 is here
        sys.exit(f"tool-outcomes needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        print(f"Creating a virtual environment in {VENV.name}/", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        _run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extra}-{digest}"
    if not stamp.exists():
        _run(PYTHON, "-m", "pip", "install", "--quiet", "--editable", f".[{extra}]")
        stamp.touch()
    _quiet_lab_settings()


def _quiet_lab_settings() -> None:
    """No news feed or update check in this environment's JupyterLab: nothing phones home."""
    settings = VENV / "share" / "jupyter" / "lab" / "settings"
    overrides = settings / "overrides.json"
    wanted = {
        "@jupyterlab/apputils-extension:notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        }
    }
    current = json.loads(overrides.read_text()) if overrides.exists() else {}
    if (
        current.get("@jupyterlab/apputils-extension:notification")
        != wanted["@jupyterlab/apputils-extension:notification"]
    ):
        settings.mkdir(parents=True, exist_ok=True)
        overrides.write_text(json.dumps({**current, **wanted}, indent=2) + "\n")


def lab(argv: list[str]) -> None:
    ensure_env("workbook")
    options = [a for a in argv if a.startswith("-")]
    paths = [a for a in argv if not a.startswith("-")] or ["notebooks/00_start_here.ipynb"]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in options:
        options.append("--allow-root")  # containers and CI run as root; Jupyter refuses otherwise
    command = [str(BIN / "jupyter"), "lab", *options, *paths]
    print("+ " + " ".join(command), flush=True)
    if os.name == "posix":  # become the server, so Ctrl-C and SIGTERM reach it directly
        os.chdir(ROOT)
        os.execv(command[0], command)
    _run(*command)


def test(argv: list[str]) -> None:
    ensure_env("dev")
    env = dict(os.environ)
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")
    _run(BIN / "mypy")
    _run(PYTHON, "-m", "pytest", *argv, env=env)
    # nbval runs in its own invocation: strict output comparison, no coverage plugins.
    if any((ROOT / "notebooks").rglob("*.ipynb")):
        _run(
            PYTHON,
            "-m",
            "pytest",
            "--nbval",
            "--nbval-sanitize-with",
            "notebooks/sanitize.cfg",
            "notebooks",
            env=env,
        )


def bench(argv: list[str]) -> None:
    ensure_env("dev")
    _run(PYTHON, "benchmarks/run.py", *argv)


COMMANDS = {"lab": lab, "test": test, "bench": bench}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()

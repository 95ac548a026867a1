#!/usr/bin/env python3
"""Set up and run tool-outcomes with nothing but ``python3`` (3.11 or newer).

    python3 dev.py lab [OPTIONS] [PATH]  # set up (first run only) and open the workbook
    python3 dev.py test [PYTEST ARGS]    # set up (first run only) and run the whole test suite
    python3 dev.py setup                 # set up the workbook now, open it later
    python3 dev.py reset NN              # put learner notebook NN back as released (yours is kept)
    python3 dev.py wheelhouse DIR        # download every wheel the workbook needs, for offline use
    python3 dev.py lock                  # re-pin constraints.txt to the newest allowed versions
    python3 dev.py bench [FIGURE ...]    # measure what the adapter costs (not part of the tests)
    python3 dev.py docs [--build [DIR]]  # serve the documentation site locally (or only build it)

lab passes every option to JupyterLab as given (--no-browser, --port 8899, --ServerApp.ip 0.0.0.0,
--notebook-dir DIR, ...) and opens notebooks/00_start_here.ipynb unless you name a notebook or a
folder yourself. lab and setup take --wheelhouse DIR: install from that folder alone, no network.
wheelhouse takes --this-platform to download for this machine only (quick; what CI tests).
docs serves the site on http://127.0.0.1:8000, rebuilt on every change (mkdocs serve's options
pass through: --dev-addr 127.0.0.1:8001); --build builds it strictly into DIR (default site/),
a broken link or a missing reference failing the build, as the test run does.
python3 dev.py --dry-run COMMAND ... prints what COMMAND would run, and runs nothing.

The virtual environment lives in .venv next to this file and gets the versions pinned in
constraints.txt. It is (re)installed only when pyproject.toml or constraints.txt changes, or when
.venv turns out to belong to another folder (copied or moved), so the second run starts at once.
"""

# Runs on whatever python3 is installed: nothing above the version check may need 3.11.
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request
import venv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
#: The pinned versions every install uses (pip constraints); ``python3 dev.py lock`` rewrites it.
LOCK = ROOT / "constraints.txt"
START_NOTEBOOK = "notebooks/00_start_here.ipynb"
LEARNER_NOTEBOOKS = ROOT / "notebooks"
#: Where ``reset`` keeps a learner's own version before putting the released one back.
BACKUPS = LEARNER_NOTEBOOKS / ".backup"


def scripts_dir(venv_dir: Path) -> Path:
    """The folder of a virtual environment's executables."""
    return venv_dir / ("Scripts" if os.name == "nt" else "bin")


def interpreter(venv_dir: Path) -> Path:
    """A virtual environment's Python."""
    return scripts_dir(venv_dir) / ("python.exe" if os.name == "nt" else "python")


BIN = scripts_dir(VENV)
PYTHON = interpreter(VENV)


class DevError(Exception):
    """Something the person at the keyboard can fix; the message says how."""


_dry_run = False  # set by ``--dry-run``: print every command, run none


def _show(command: list[str]) -> None:
    # A script given with -c is shown by name: PIP_AS_TARGET is the only one.
    shown = ("PIP_AS_TARGET" if "\n" in word else word for word in command)
    print("+ " + " ".join(shown), flush=True)


def _run(
    *args: str | os.PathLike[str],
    env: dict[str, str] | None = None,
    hint: str = "",
    quiet: bool = False,
) -> None:
    """Run a command in this folder, or exit with its status (and ``hint``) if it fails.
    ``quiet``: keep its output unless it fails (pip's explanation of a conflict, say)."""
    command = [str(a) for a in args]
    _show(command)
    if _dry_run:
        return
    completed = subprocess.run(
        command, cwd=ROOT, env=env, check=False, capture_output=quiet, text=quiet
    )
    if completed.returncode != 0:
        if quiet:
            print(completed.stdout[-6000:], completed.stderr[-6000:], sep="\n", file=sys.stderr)
        if hint:
            print(hint, file=sys.stderr, flush=True)
        sys.exit(completed.returncode)


def _check_python() -> None:
    if sys.version_info < MIN_PYTHON:
        found = sys.version.split()[0]
        raise DevError(
            f"tool-outcomes needs Python 3.11 or newer; this is {found}. Install a newer Python "
            "and run this file with it (for example python3.12 dev.py lab)."
        )


# -- the virtual environment ----------------------------------------------------------------------


def _read_pyvenv_cfg(venv_dir: Path) -> dict[str, str]:
    try:
        text = (venv_dir / "pyvenv.cfg").read_text(encoding="utf-8")
    except OSError:
        return {}
    pairs = (line.partition("=") for line in text.splitlines())
    return {key.strip().lower(): value.strip() for key, sep, value in pairs if sep}


# "command = /usr/bin/python3 -m venv --copies --clear /path/to/.venv" (Python 3.11 and newer).
_VENV_COMMAND = re.compile(r" -m venv (?:--[\w-]+(?:=\"[^\"]*\")? )*(?P<path>.+)$")
# A pip-made script runs "#!/path/python", or, when that path is long or has spaces,
# "#!/bin/sh" then "'''exec' /path/python "$0" "$@"".
_LONG_SHEBANG = re.compile(r"^'''exec' (?P<exe>\"[^\"]+\"|\S+) ")


def _same_place(a: Path, b: Path) -> bool:
    """Whether two paths name the same entry (the last part is compared as written, so two
    venvs whose ``python`` link to the same interpreter are still two places)."""
    try:
        return (a.parent.resolve(), a.name) == (b.parent.resolve(), b.name)
    except OSError:
        return False


def _script_interpreter(script: Path) -> Path | None:
    if os.name == "nt":  # Windows launchers are .exe files; pyvenv.cfg's command still tells
        return None
    try:
        head = script.read_bytes()[:1024].decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    if not head or not head[0].startswith("#!"):
        return None
    if head[0].strip() == "#!/bin/sh" and len(head) > 1:
        match = _LONG_SHEBANG.match(head[1])
        return Path(match["exe"].strip('"')) if match else None
    return Path(head[0][2:].strip().strip('"'))


def venv_problem(venv_dir: Path) -> str | None:
    """Why ``venv_dir`` cannot be used as it is, so that it must be created afresh.

    Args:
        venv_dir: A virtual environment's folder (``.venv``).

    Returns:
        None when it is usable; otherwise the reason, in words: there is none yet, the Python
        that made it is gone or too old, or it was made for another folder and copied or moved
        here (its ``pyvenv.cfg`` or its scripts name the other folder).
    """
    python = interpreter(venv_dir)
    if not python.exists():
        return (
            "No virtual environment yet" if not venv_dir.exists() else f"{venv_dir} has no Python"
        )
    config = _read_pyvenv_cfg(venv_dir)
    home = config.get("home", "")
    if not home or not Path(home).is_dir():
        return f"{venv_dir} was made by a Python that is not here any more ({home or 'unknown'})"
    version = config.get("version") or config.get("version_info") or ""
    numbers = re.match(r"(\d+)\.(\d+)", version)
    if numbers and (int(numbers[1]), int(numbers[2])) < MIN_PYTHON:
        return f"{venv_dir} was made with Python {version}; tool-outcomes needs 3.11 or newer"
    made_for = _VENV_COMMAND.search(config.get("command", ""))
    if made_for and not _same_place(Path(made_for["path"]), venv_dir):
        return f"{venv_dir} was made for {made_for['path']}, not for this folder (copied or moved)"
    runs = _script_interpreter(scripts_dir(venv_dir) / "pip")
    if runs is not None and not _same_place(runs, python):
        return f"{venv_dir}'s scripts run {runs}, not this folder's Python (copied or moved)"
    return None


def _installed_records(venv_dir: Path) -> list[Path]:
    pattern = "tool_outcomes-*.dist-info/direct_url.json"
    return sorted(venv_dir.glob(f"lib/python3*/site-packages/{pattern}")) + sorted(
        venv_dir.glob(f"Lib/site-packages/{pattern}")
    )


def install_problem(venv_dir: Path, checkout: Path) -> str | None:
    """Why the ``tool_outcomes`` in ``venv_dir`` is not this checkout's, so it must be reinstalled.

    Args:
        venv_dir: A virtual environment's folder.
        checkout: The folder whose ``src/tool_outcomes`` it must run (this file's folder).

    Returns:
        None when the package is an editable install of ``checkout`` (its ``direct_url.json``,
        PEP 610, says so); otherwise the reason, in words.
    """
    records = _installed_records(venv_dir)
    if not records:
        return f"tool-outcomes is not installed in {venv_dir.name}/"
    for record in records:
        try:
            origin = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return f"{record} cannot be read"
        url = str(origin.get("url", ""))
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme != "file" or not origin.get("dir_info", {}).get("editable"):
            return f"the tool-outcomes in {venv_dir.name}/ is not an editable install of a folder"
        where = Path(urllib.request.url2pathname(parsed.path))
        if not _same_place(where, checkout):
            return f"the tool-outcomes in {venv_dir.name}/ runs the code in {where}, not this one"
    return None


def install_digest() -> str:
    """What an install depends on: pyproject.toml and the pins. A change means reinstall."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(LOCK.read_bytes() if LOCK.exists() else b"")
    return digest.hexdigest()[:16]


def install_commands(
    extra: str, wheelhouse: Path | None = None, python: Path = PYTHON
) -> list[list[str]]:
    """The pip commands that install this checkout with ``extra``, at the pinned versions.

    Args:
        extra: ``workbook`` (a learner: the published extra) or ``dev`` (a contributor, CI: the
            PEP 735 dependency group, which names the workbook and every integration's extra).
        wheelhouse: A folder of wheels made by ``python3 dev.py wheelhouse``: install from it
            alone, with no network. None: the package index.
        python: The environment's interpreter.

    Returns:
        The commands, in order: pip itself at its pinned version, then the editable package.
        Neither is ``--quiet``: pip's own progress is the progress a first run shows.
    """
    source = ["--no-index", "--find-links", str(wheelhouse)] if wheelhouse else []
    pip = [str(python), "-m", "pip", "install", *source, "--constraint", str(LOCK)]
    package = [".", "--group", extra] if extra in _groups() else [f".[{extra}]"]
    return [[*pip, "pip"], [*pip, "--editable", *package]]


_LOCK_SUMMARY = re.compile(
    r"^# (?P<extra>\w+): (?P<count>\d+) packages, about (?P<mb>\d+) MB", re.M
)


def lock_summary() -> dict[str, tuple[int, int]]:
    """Per extra, how many packages the lock installs and about how many MB of wheels that is."""
    text = LOCK.read_text(encoding="utf-8") if LOCK.exists() else ""
    return {m["extra"]: (int(m["count"]), int(m["mb"])) for m in _LOCK_SUMMARY.finditer(text)}


def locked_versions() -> dict[str, str]:
    """The lock's pins: normalized name → version."""
    text = LOCK.read_text(encoding="utf-8") if LOCK.exists() else ""
    pins = (line.partition("==") for line in text.splitlines() if not line.startswith("#"))
    return {_canonical(name.strip()): version.strip() for name, sep, version in pins if sep}


def _announce(extra: str, wheelhouse: Path | None) -> None:
    count, megabytes = lock_summary().get(extra, (0, 0))
    size = f"{count} packages, about {megabytes} MB of wheels" if count else "its packages"
    source = f"from {wheelhouse}, with no network" if wheelhouse else "from the package index"
    print(
        f"Installing tool-outcomes for the {extra!r} extra into {VENV.name}/ {source}: {size}, "
        f"at the versions pinned in {LOCK.name}. pip shows each package below. This happens "
        "once; on a slow network it takes minutes (pip's cache makes a second install quick).",
        flush=True,
    )


def _create_venv(venv_dir: Path) -> None:
    if importlib.util.find_spec("ensurepip") is None:
        raise DevError(_NO_ENSUREPIP)
    _show([sys.executable, "-m", "venv", "--clear", str(venv_dir)])
    if _dry_run:
        return
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
    except subprocess.CalledProcessError as exc:
        raise DevError(_NO_ENSUREPIP) from exc


_NO_ENSUREPIP = (
    "this Python cannot make virtual environments with pip in them. On Debian or Ubuntu, "
    "install the package python3-venv (or python3.N-venv for your version), then run this again."
)


#: Per extra, the installs that include it (pyproject.toml's dev group names the workbook extra).
INSTALLED_WITH = {"workbook": ("workbook", "dev"), "dev": ("dev",)}


def ensure_env(extra: str, wheelhouse: Path | None = None) -> None:
    """Make ``.venv`` ready for ``extra``, doing only what is missing.

    Creates ``.venv`` when there is none or it belongs to another folder, and installs this
    checkout with ``extra`` at the pinned versions when that was not done for the current
    ``pyproject.toml`` and lock, or when the installed package is not this checkout's.

    Args:
        extra: ``workbook`` or ``dev``.
        wheelhouse: Install from this folder of wheels alone (no network); None: the index.
    """
    _check_python()
    if not LOCK.exists():
        raise DevError(f"{LOCK.name} is missing: restore it from git, or run python3 dev.py lock")
    problem = venv_problem(VENV)
    if problem is not None:
        print(f"{problem}: creating a fresh one in {VENV.name}/ (a few seconds)", flush=True)
        _create_venv(VENV)
    digest = install_digest()
    stamp = VENV / f".installed-{extra}-{digest}"
    done = problem is None and any(
        (VENV / f".installed-{e}-{digest}").exists() for e in INSTALLED_WITH[extra]
    )
    stale = install_problem(VENV, ROOT)
    if done and stale is None:
        _quiet_lab_settings()
        return
    if done:
        print(f"{stale}: reinstalling", flush=True)
    _announce(extra, wheelhouse)
    hint = (
        "The install failed. If pyproject.toml changed, re-pin with: python3 dev.py lock"
        if wheelhouse is None
        else f"The install failed: {wheelhouse} lacks a wheel (see above) for this machine; "
        "rebuild it with python3 dev.py wheelhouse DIR, or run without --wheelhouse."
    )
    for command in install_commands(extra, wheelhouse):
        _run(*command, hint=hint)
    if not _dry_run:
        stamp.touch()
    _quiet_lab_settings()


def _quiet_lab_settings() -> None:
    """No news feed or update check in this environment's JupyterLab: nothing phones home."""
    if _dry_run:
        return
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


def _take_option(argv: list[str], name: str) -> tuple[list[str], str | None]:
    """``argv`` without ``name VALUE`` / ``name=VALUE``, and VALUE (None when absent)."""
    rest: list[str] = []
    value: str | None = None
    words = iter(argv)
    for word in words:
        if word == name:
            value = next(words, None)
            if value is None:
                raise DevError(f"{name} needs a value: {name} DIR")
        elif word.startswith(name + "="):
            value = word[len(name) + 1 :]
        else:
            rest.append(word)
    return rest, value


def _take_wheelhouse(argv: list[str]) -> tuple[list[str], Path | None]:
    rest, value = _take_option(argv, "--wheelhouse")
    if value is None:
        return rest, None
    folder = Path(value).expanduser().resolve()  # relative to where the command was typed
    if not folder.is_dir() or not any(folder.glob("*.whl")):
        raise DevError(
            f"{value} is not a wheelhouse (no .whl files in it). A facilitator makes one with "
            "python3 dev.py wheelhouse DIR on a machine with internet."
        )
    return rest, folder


# -- lab ------------------------------------------------------------------------------------------

#: JupyterLab's options that take no value. Every other option takes the next word as its value
#: unless written ``--name=value`` (so ``--port 8899`` is one option), as JupyterLab parses them;
#: tests/test_dev.py checks this set against JupyterLab's own.
JUPYTER_FLAGS = frozenset(
    {
        *("--allow-root", "--autoreload", "--collaborative", "--core-mode", "--custom-css"),
        *("--debug", "--dev-mode", "--expose-app-in-browser", "--extensions-in-dev-mode"),
        *("--generate-config", "--no-browser", "--no-script", "--script", "--show-config"),
        *("--show-config-json", "--skip-dev-build", "--splice-source", "-y", "--y"),
        *("-h", "--help", "--help-all", "--version"),
    }
)
#: Options that choose the folder or file JupyterLab opens: with one, no start notebook is added.
OPENS_A_FOLDER = frozenset(
    {
        "--notebook-dir",
        "--ServerApp.root_dir",
        "--ServerApp.notebook_dir",
        "--ServerApp.file_to_run",
        "--ServerApp.preferred_dir",
    }
)


def chooses_what_opens(argv: list[str]) -> bool:
    """Whether JupyterLab arguments name a path (or a subcommand) or choose the folder to open.

    Args:
        argv: Arguments for ``jupyter lab``, as typed.

    Returns:
        True when a word is neither an option nor an option's value, or an option of
        ``OPENS_A_FOLDER`` is given.
    """
    value_next = False
    for word in argv:
        if value_next:
            value_next = False
        elif not word.startswith("-"):
            return True
        else:
            name, has_value, _ = word.partition("=")
            if name in OPENS_A_FOLDER:
                return True
            value_next = not has_value and name not in JUPYTER_FLAGS
    return False


def jupyter_lab_args(argv: list[str], *, as_root: bool) -> list[str]:
    """What ``jupyter lab`` receives for ``python3 dev.py lab ARGV``.

    Args:
        argv: The arguments after ``lab``, without dev.py's own ``--wheelhouse``.
        as_root: Whether this runs as root, where Jupyter refuses to start without
            ``--allow-root`` (containers, CI).

    Returns:
        ``argv`` unchanged and in order; ``--allow-root`` before it when ``as_root`` (unless
        given); the start notebook after it unless ``argv`` names what to open.
    """
    allow_root = ["--allow-root"] if as_root and "--allow-root" not in argv else []
    start = [] if chooses_what_opens(argv) else [START_NOTEBOOK]
    return [*allow_root, *argv, *start]


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab(argv: list[str]) -> None:
    jupyter_args, wheelhouse = _take_wheelhouse(argv)
    ensure_env("workbook", wheelhouse)
    command = [str(BIN / "jupyter"), "lab", *jupyter_lab_args(jupyter_args, as_root=_is_root())]
    _show(command)
    if _dry_run:
        return
    if os.name == "posix":  # become the server, so Ctrl-C and SIGTERM reach it directly
        os.chdir(ROOT)
        os.execv(command[0], command)
    _run(*command)


def setup(argv: list[str]) -> None:
    rest, wheelhouse = _take_wheelhouse(argv)
    if rest:
        raise DevError(f"setup takes only --wheelhouse DIR, not {' '.join(rest)}")
    ensure_env("workbook", wheelhouse)
    print("The workbook is set up. Open it with: python3 dev.py lab", flush=True)


def test(argv: list[str]) -> None:
    ensure_env("dev")
    env = dict(os.environ)
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")
    _run(BIN / "mypy")
    _run(PYTHON, "-m", "pytest", *argv, env=env)
    # nbval runs in its own invocations: strict output comparison, no coverage plugins.
    failed = [run for run in prove_notebooks(nbval_commands(), env=env) if run.returncode]
    if failed:
        sys.exit(failed[0].returncode)


#: What nbval reports when a notebook's kernel exits before answering its first request. That is
#: the machine's doing, never a notebook's output (nbval sends the kernel's stderr to /dev/null,
#: so the cause is not shown; a port taken by another process between jupyter_client's choice of
#: it and the kernel's bind is one that fits two runs starting kernels at once).
KERNEL_DIED = "Kernel died before replying to kernel_info"


def prove_notebooks(
    commands: dict[str, list[str]], env: dict[str, str] | None = None
) -> list[subprocess.CompletedProcess[str]]:
    """Run the nbval commands side by side; a run that failed because a kernel died as it
    started runs once more, alone, and its second status is the one that counts. Any other
    failure (an output that differs, an error in a cell) stands as it is."""
    done = run_side_by_side(commands, env=env)  # none when it is a dry run
    names = list(commands)
    for index, run in enumerate(done):
        name = names[index]
        if run.returncode and KERNEL_DIED in run.stdout:
            print(
                f"{name}: a kernel died as it started ({KERNEL_DIED!r}), which is no notebook's"
                " output: running it once more",
                flush=True,
            )
            done[index] = run_side_by_side({f"{name} (again)": commands[name]}, env=env)[0]
    return done


#: The notebooks strict nbval proves, in the groups that run side by side (one per core of a
#: 2-core machine): each notebook starts its own kernel, and most of a kernel's time is CPU.
NBVAL_GROUPS = {
    "learner notebooks": ["notebooks", "--ignore=notebooks/solutions"],
    "solutions": ["notebooks/solutions"],
}


def nbval_commands(*extra: str) -> dict[str, list[str]]:
    """Per group of notebooks, the strict nbval command that proves its committed outputs."""
    if not any(LEARNER_NOTEBOOKS.rglob("*.ipynb")):
        return {}
    strict = ["--nbval", "--nbval-sanitize-with", "notebooks/sanitize.cfg"]
    # No cache plugin: two runs at once must not write .pytest_cache together.
    base = [str(PYTHON), "-m", "pytest", "-p", "no:cacheprovider", *strict, *extra]
    return {group: [*base, *paths] for group, paths in NBVAL_GROUPS.items()}


def run_side_by_side(
    commands: dict[str, list[str]], env: dict[str, str] | None = None
) -> list[subprocess.CompletedProcess[str]]:
    """Run the named commands at once in this folder; print each one's output when it ends,
    under its name, so outputs never interleave."""
    import contextlib
    import tempfile

    for command in commands.values():
        _show(command)
    if _dry_run or not commands:
        return []
    print(f"running {' and '.join(commands)} side by side …", flush=True)
    done = []
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="tool-outcomes-"))
        running = []
        for index, (name, command) in enumerate(commands.items()):
            log = stack.enter_context(Path(tmp, f"{index}.log").open("w+", encoding="utf-8"))
            process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True
            )
            stack.enter_context(process)  # on an interrupt, each is waited for, none orphaned
            running.append((name, command, process, log))
        for name, command, process, log in running:
            returncode = process.wait()
            log.seek(0)
            output = log.read()
            print(f"== {name}", output, sep="\n", end="", flush=True)
            done.append(subprocess.CompletedProcess(command, returncode, output, ""))
    return done


def bench(argv: list[str]) -> None:
    ensure_env("dev")
    _run(PYTHON, "benchmarks/run.py", *argv)


#: Where ``docs --build`` writes the site when no folder is named.
SITE = ROOT / "site"


def docs_command(argv: list[str]) -> list[str]:
    """The mkdocs command for ``python3 dev.py docs ARGV``.

    Args:
        argv: The arguments after ``docs``: ``--build [DIR]`` builds the site strictly into DIR
            (``site/`` when none is named); anything else goes to ``mkdocs serve`` as given.

    Returns:
        ``mkdocs build --strict --site-dir DIR`` or ``mkdocs serve ARGV``, run by this
        environment's mkdocs.
    """
    mkdocs = str(BIN / "mkdocs")
    if argv[:1] != ["--build"]:
        return [mkdocs, "serve", *argv]
    rest = argv[1:]
    folder = SITE
    if rest and not rest[0].startswith("-"):
        folder, rest = Path(rest[0]).expanduser().resolve(), rest[1:]
    return [mkdocs, "build", "--strict", "--site-dir", str(folder), *rest]


def docs(argv: list[str]) -> None:
    ensure_env("dev")
    command = docs_command(argv)
    if command[1] == "build" or os.name != "posix":
        _run(*command)
        return
    _show(command)
    if _dry_run:
        return
    os.chdir(ROOT)  # become the server, so Ctrl-C and SIGTERM reach it directly
    os.execv(command[0], command)


# -- reset ----------------------------------------------------------------------------------------


def _released(relative: str) -> bytes:
    try:
        shown = subprocess.run(
            ["git", "show", f"HEAD:{relative}"], cwd=ROOT, capture_output=True, check=False
        )
    except FileNotFoundError:
        raise DevError(
            "reset needs git, which is not installed here. Instead, copy the notebook from a "
            "fresh download of the workbook over yours."
        ) from None
    if shown.returncode != 0:
        reason = shown.stderr.decode(errors="replace").strip()
        raise DevError(f"git cannot show the released {relative}: {reason}")
    return shown.stdout


def reset(argv: list[str]) -> None:
    """Put learner notebooks back as released; the learner's own version is kept beside."""
    if not argv:
        raise DevError("name the notebook by its number: python3 dev.py reset 03")
    for number in argv:
        if not re.fullmatch(r"\d{2}", number):
            raise DevError(f"{number!r} is not a notebook number; use two digits, as in 03")
        found = sorted(LEARNER_NOTEBOOKS.glob(f"{number}_*.ipynb"))
        if not found:
            numbers = sorted({p.name[:2] for p in LEARNER_NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")})
            raise DevError(f"no notebook numbered {number}; there are {', '.join(numbers)}")
        notebook = found[0]
        relative = notebook.relative_to(ROOT).as_posix()
        released = _released(relative)
        if notebook.read_bytes() == released:
            print(f"{relative} is already as released", flush=True)
            continue
        backup = next(
            BACKUPS / f"{notebook.stem}-{n}.ipynb"
            for n in range(1, 10_000)
            if not (BACKUPS / f"{notebook.stem}-{n}.ipynb").exists()
        )
        if _dry_run:
            print(f"would keep {relative} as {backup.relative_to(ROOT).as_posix()}", flush=True)
            continue
        BACKUPS.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, backup)
        notebook.write_bytes(released)
        print(
            f"{relative} is back as released; your version is kept as "
            f"{backup.relative_to(ROOT).as_posix()}. In JupyterLab, close its tab without "
            "saving (or use File > Reload Notebook from Disk).",
            flush=True,
        )


# -- the pins and the wheelhouse ------------------------------------------------------------------


@dataclass(frozen=True)
class Platform:
    """A platform a wheelhouse serves: pip's tags for it and its environment markers."""

    label: str
    tags: tuple[str, ...]
    sys_platform: str
    platform_system: str
    platform_machine: str

    def markers(self, python: str) -> dict[str, str]:
        """The PEP 508 marker values of this platform running CPython ``python`` ("3.12")."""
        return {
            "sys_platform": self.sys_platform,
            "os_name": "nt" if self.sys_platform == "win32" else "posix",
            "platform_system": self.platform_system,
            "platform_machine": self.platform_machine,
            "implementation_name": "cpython",
            "platform_python_implementation": "CPython",
            "python_version": python,
            "python_full_version": f"{python}.0",
            "implementation_version": f"{python}.0",
        }


def _manylinux(arch: str) -> tuple[str, ...]:
    # pip takes each --platform literally: glibc 2.28 (2018) down to manylinux2014's 2.17.
    return (
        *(f"manylinux_2_{minor}_{arch}" for minor in range(28, 16, -1)),
        f"manylinux2014_{arch}",
    )


#: Where participants' laptops are: wheels are fetched for each of these.
PLATFORMS = (
    Platform("Linux x86_64", _manylinux("x86_64"), "linux", "Linux", "x86_64"),
    Platform("Linux aarch64", _manylinux("aarch64"), "linux", "Linux", "aarch64"),
    # pip widens a macOS tag to every older release: macOS 12 or newer, Intel and Apple silicon.
    Platform("macOS x86_64", ("macosx_12_0_x86_64",), "darwin", "Darwin", "x86_64"),
    Platform("macOS arm64", ("macosx_12_0_arm64",), "darwin", "Darwin", "arm64"),
    Platform("Windows x86_64", ("win_amd64",), "win32", "Windows", "AMD64"),
)
PYTHONS = ("3.11", "3.12", "3.13", "3.14")

#: pip's --platform picks wheels for another platform, but pip still evaluates environment
#: markers for the machine it runs on, so a Windows wheelhouse made on Linux would lack
#: ``pywinpty; os_name == "nt"``. This runs pip with the target's markers, and stops if they
#: did not take (a pip whose internals moved).
PIP_AS_TARGET = """
import json, sys
from pip._vendor.packaging import markers
wanted = json.loads(sys.argv[1])
target = {**markers.default_environment(), **wanted}
markers.default_environment = lambda: dict(target)
for key, value in wanted.items():
    if not markers.Marker(f"{key} == {value!r}").evaluate():
        sys.exit(f"dev.py cannot make this pip evaluate markers for another platform ({key})")
from pip._internal.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pyproject() -> dict[str, Any]:
    import tomllib  # Python 3.11+, checked before any command that reads it

    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


#: What an editable install's build asks for beyond [build-system] requires: hatchling's
#: get_requires_for_build_editable names editables. An offline install needs its wheel too.
EDITABLE_BUILD_REQUIRES = ("editables",)


def project_requirements(*extras: str) -> list[str]:
    """The project's requirements with ``extras`` (its published extras, or its PEP 735
    dependency groups, by name), without references to the project itself, plus what building
    it for an editable install needs, and pip."""
    data = _pyproject()
    project = data["project"]
    own = _canonical(project["name"])
    wanted = [*project["dependencies"]]
    todo, seen = list(extras), set()
    while todo:  # an extra may name others of this project's: "tool-outcomes[workbook,mcp]"
        extra = todo.pop(0)
        if extra in seen:
            continue
        seen.add(extra)
        for requirement in _extra_or_group(data, extra):
            if isinstance(requirement, dict):  # {include-group = "name"} (PEP 735)
                todo.append(requirement["include-group"])
            elif _requirement_name(requirement) == own:
                named = _SELF_EXTRAS.search(requirement)
                todo += named["names"].replace(" ", "").split(",") if named else []
            elif requirement not in wanted:
                wanted.append(requirement)
    wanted += [*data["build-system"]["requires"], *EDITABLE_BUILD_REQUIRES, "pip"]
    return wanted


def _groups() -> dict[str, list[Any]]:
    """pyproject.toml's PEP 735 dependency groups: contributor tools, never published."""
    groups: dict[str, list[Any]] = _pyproject().get("dependency-groups", {})
    return groups


def _extra_or_group(data: dict[str, Any], name: str) -> list[Any]:
    extras: dict[str, list[str]] = data["project"].get("optional-dependencies", {})
    if name in extras:
        return list(extras[name])
    groups: dict[str, list[Any]] = data.get("dependency-groups", {})
    if name in groups:
        return list(groups[name])
    raise DevError(f"pyproject.toml has no extra or dependency group named {name!r}")


#: The extras named in a requirement on this project itself: ``tool-outcomes[a, b]``.
_SELF_EXTRAS = re.compile(r"\[(?P<names>[^\]]*)\]")


def _requirement_name(requirement: str) -> str:
    name = re.match(r"[A-Za-z0-9._-]+", requirement)
    return _canonical(name[0] if name else requirement)


def pip_for(python: Path, target: tuple[Platform, str] | None) -> list[str]:
    """The start of a pip command line, for this machine (None) or (platform, Python version)."""
    if target is None:
        return [str(python), "-m", "pip"]
    platform, version = target
    return [str(python), "-c", PIP_AS_TARGET, json.dumps(platform.markers(version))]


def target_options(target: tuple[Platform, str] | None) -> list[str]:
    """pip's options that select wheels for ``target`` (none for this machine), binary only."""
    if target is None:
        return ["--only-binary=:all:"]
    platform, version = target
    tags = [option for tag in platform.tags for option in ("--platform", tag)]
    return ["--only-binary=:all:", *tags, "--python-version", version, "--implementation", "cp"]


def wheelhouse_targets(this_platform_only: bool) -> list[tuple[Platform, str] | None]:
    """Every (platform, Python) a wheelhouse serves, or only this machine (None)."""
    if this_platform_only:
        return [None]
    return [(platform, version) for platform in PLATFORMS for version in PYTHONS]


def _describe(target: tuple[Platform, str] | None) -> str:
    if target is None:
        return f"this machine (Python {sys.version_info[0]}.{sys.version_info[1]})"
    return f"{target[0].label}, Python {target[1]}"


def wheelhouse(argv: list[str]) -> None:
    """Download every wheel the workbook needs into a folder, for set-up without the internet."""
    this_platform_only = "--this-platform" in argv
    rest = [a for a in argv if a != "--this-platform"]
    if len(rest) != 1 or rest[0].startswith("-"):
        raise DevError("usage: python3 dev.py wheelhouse DIR [--this-platform]")
    _check_python()
    dest = Path(rest[0]).expanduser().resolve()
    ensure_env("workbook")  # its pip, at the pinned version, does the downloading
    requirements = project_requirements("workbook")
    targets = wheelhouse_targets(this_platform_only)
    print(
        f"Downloading the workbook's wheels for {len(targets)} platform and Python "
        f"combination(s) into {dest}; files shared between them are downloaded once.",
        flush=True,
    )
    for index, target in enumerate(targets, start=1):
        print(f"[{index}/{len(targets)}] {_describe(target)}", flush=True)
        _run(
            *pip_for(PYTHON, target),
            "download",
            "--dest",
            dest,
            *target_options(target),
            "--constraint",
            LOCK,
            *requirements,
        )
    if _dry_run:
        return
    wheels = sorted(dest.glob("*.whl"))
    megabytes = sum(w.stat().st_size for w in wheels) / 1e6
    print(
        f"{len(wheels)} wheels, {megabytes:.0f} MB in {dest}. Hand the folder out with the "
        f"workbook; participants run: python3 dev.py lab --wheelhouse {rest[0]}",
        flush=True,
    )


def pins_from_report(report: dict[str, Any]) -> dict[str, str]:
    """Name → version of everything a ``pip install --dry-run --report`` would install,
    except the project itself."""
    install = report.get("install", [])
    assert isinstance(install, list)
    pins = {_canonical(i["metadata"]["name"]): i["metadata"]["version"] for i in install}
    pins.pop("tool-outcomes", None)
    return pins


def render_lock(pins: dict[str, str], summary: dict[str, tuple[int, int]], resolved_on: str) -> str:
    """The text of constraints.txt: a header that says what it is and how big each extra is,
    then one ``name==version`` a line, sorted."""
    sizes = "".join(
        f"# {extra}: {count} packages, about {mb} MB of wheels on {resolved_on}\n"
        for extra, (count, mb) in summary.items()
    )
    return (
        "# The versions tool-outcomes is installed, tested and released with. dev.py installs\n"
        "# with this file as pip constraints, so a new release of JupyterLab, ipywidgets,\n"
        "# pydantic or httpx cannot change a lesson in the middle of a workshop. Do not edit:\n"
        "# re-pin everything with `python3 dev.py lock`, then re-release the notebooks.\n"
        f"# Resolved on {resolved_on}; the packages only other platforms need (see\n"
        "# dev.py's PLATFORMS) are pinned too, so every wheelhouse has the same versions.\n"
        f"{sizes}" + "".join(f"{name}=={pins[name]}\n" for name in sorted(pins))
    )


def _resolve(
    python: Path,
    requirements: list[str],
    work: Path,
    target: tuple[Platform, str],
    constraints: Path | None = None,
) -> dict[str, str]:
    """What pip would install for ``requirements`` on ``target``: name → version."""
    report = work / "report.json"
    pinned = ["--constraint", str(constraints)] if constraints else []
    _run(
        *pip_for(python, target),
        "install",
        "--dry-run",
        "--ignore-installed",
        "--report",
        report,
        *target_options(target),
        *pinned,
        *requirements,
        quiet=True,
    )
    return {} if _dry_run else pins_from_report(json.loads(report.read_text(encoding="utf-8")))


def version_key(version: str) -> tuple[tuple[int, ...], int, str]:
    """Orders the final releases pip picks (and their ``.postN``), enough to take the lowest."""
    match = re.match(r"(\d+(?:\.\d+)*)(.*)", version)
    if not match:
        return ((), 0, version)
    release = tuple(int(part) for part in match[1].split("."))
    while release and release[-1] == 0:  # 1.0 is 1.0.0
        release = release[:-1]
    suffix = match[2]
    rank = 1 if not suffix else 2 if "post" in suffix else 0  # pre < final < post
    return (release, rank, suffix)


def lowest_common(found: list[dict[str, str]]) -> dict[str, str]:
    """Per package, the lowest of the versions pip chose on each platform: the newest that has
    wheels everywhere (a release that drops a platform or an old Python is not taken)."""
    pins: dict[str, str] = {}
    for versions in found:
        for name, version in versions.items():
            if name not in pins or version_key(version) < version_key(pins[name]):
                pins[name] = version
    return pins


def this_machine() -> Platform:
    """This machine as a wheelhouse platform: its own wheel tags and environment markers."""
    import platform

    system, machine = platform.system(), platform.machine()
    return Platform(f"{system} {machine}", (), sys.platform, system, machine)


def lock(argv: list[str]) -> None:
    """Re-pin constraints.txt: per package, the newest version pyproject.toml allows that has
    wheels on every platform a wheelhouse serves and on the oldest Python supported (3.11.0:
    some packages need a later 3.11.x, and Debian 12 has 3.11.2); then each platform is
    resolved again with the pins, and each extra's install is measured."""
    import tempfile

    if argv:
        raise DevError("lock takes no arguments")
    _check_python()
    here = (this_machine(), ".".join(str(n) for n in MIN_PYTHON))
    resolved_on = f"{here[0].label}, CPython {here[1]}.0"
    targets = [here, *(t for t in wheelhouse_targets(this_platform_only=False) if t)]
    everything = project_requirements("workbook", "dev")
    workbook = project_requirements("workbook")
    with tempfile.TemporaryDirectory(prefix="tool-outcomes-lock-") as tmp:
        work = Path(tmp)
        print(
            "Resolving in a fresh environment, with the newest pip (up to half an hour)", flush=True
        )
        _create_venv(work / "venv")
        python = interpreter(work / "venv")
        _run(python, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        found = []
        for target in targets:
            print(f"Newest versions for {_describe(target)}", flush=True)
            wanted = everything if target is here else workbook
            found.append(_resolve(python, wanted, work, target))
        pins = lowest_common(found)
        constraints = work / "constraints.txt"
        constraints.write_text(render_lock(pins, {}, resolved_on), encoding="utf-8")
        settled = []
        for target, chosen in zip(targets, found, strict=True):
            if all(pins[name] == version for name, version in chosen.items()):
                settled.append(chosen)  # its own choice is the pins: nothing to check
                continue
            print(f"Checking the pins install on {_describe(target)}", flush=True)
            wanted = everything if target is here else workbook
            settled.append(_resolve(python, wanted, work, target, constraints))
        pins = lowest_common([pins, *settled])
        constraints.write_text(render_lock(pins, {}, resolved_on), encoding="utf-8")
        for_contributor = settled[0]  # ``here``, with the dev extra
        for_learner = _resolve(python, workbook, work, here, constraints)
        print("Measuring each extra's download on this machine", flush=True)
        wheels = work / "wheels"
        _run(
            *pip_for(python, None),
            "download",
            "--dest",
            wheels,
            "--constraint",
            constraints,
            *everything,
            quiet=True,
        )
        if _dry_run:
            return
        sizes: dict[str, int] = {}
        for wheel in wheels.iterdir():
            name = _canonical(wheel.name.split("-")[0])
            sizes[name] = sizes.get(name, 0) + wheel.stat().st_size
        summary = {
            extra: (len(names), round(sum(sizes.get(n, 0) for n in names) / 1e6))
            for extra, names in (("workbook", for_learner), ("dev", for_contributor))
        }
        LOCK.write_text(render_lock(pins, summary, resolved_on), encoding="utf-8")
    print(
        f"Wrote {LOCK.name}: {len(pins)} pins. Reinstall (any dev.py command does), run "
        "python3 dev.py test, and re-release the notebooks: "
        ".venv/bin/python scripts/release_notebooks.py",
        flush=True,
    )


COMMANDS = {
    "lab": lab,
    "test": test,
    "setup": setup,
    "reset": reset,
    "wheelhouse": wheelhouse,
    "lock": lock,
    "bench": bench,
    "docs": docs,
}


def main(argv: list[str] | None = None) -> None:
    global _dry_run
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--dry-run"]:
        _dry_run, args = True, args[1:]
    if args[:1] in (["-h"], ["--help"], ["help"]):
        print(__doc__)
        return
    if not args or args[0] not in COMMANDS:
        sys.exit(__doc__)
    try:
        _check_python()
        COMMANDS[args[0]](args[1:])
    except DevError as exc:
        sys.exit(f"dev.py {args[0]}: {exc}")


if __name__ == "__main__":
    main()

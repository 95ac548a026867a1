"""Taking a design home: write its files into a folder, and run their tests there.

:func:`write_files` writes all or nothing it can check beforehand (:class:`WriteRefused` says
why). :func:`run_tests` runs pytest over the folder, in a fresh process by default (as a
project of its own would), or in this one (``in_process=True``: in a notebook's kernel, say),
and sums the run up in a :class:`PytestSummary` with no timings in it.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["PytestSummary", "WriteRefused", "run_tests", "write_files"]


class WriteRefused(ValueError):
    """The files could not be written where asked; the message says why and what to do."""


def _writable_folder(folder: str | os.PathLike[str]) -> Path:
    if not os.fspath(folder).strip():
        raise WriteRefused("no folder named: type the name of a folder to write into")
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise WriteRefused(f"{os.fspath(folder)!r} is a file, not a folder")
    if not target.exists() and not target.parent.is_dir():
        raise WriteRefused(
            f"{os.fspath(folder)!r}: its parent folder does not exist (only the last folder "
            "of the path is created)"
        )
    return target


def write_files(
    files: Mapping[str, str], folder: str | os.PathLike[str], *, overwrite: bool = False
) -> list[Path]:
    """Write ``files`` (name → text) into ``folder``, creating it if its parent exists.

    Args:
        files: File name → text, written in this order.
        folder: Where to write. Relative paths are taken from the working directory.
        overwrite: Replace files that exist with other content (unchanged ones are fine).

    Returns:
        The paths written, in ``files`` order.

    Raises:
        WriteRefused: No folder named, the folder's parent is missing, the path is a file, a
            file exists with other content (without ``overwrite``), or the system refused the
            folder or a write. Nothing is written in any of these cases but a write the
            system refused midway.
    """
    written: list[Path] = []
    try:
        target = _writable_folder(folder)
        clashes = [
            name
            for name, text in files.items()
            if (target / name).exists() and (target / name).read_bytes() != text.encode()
        ]
        if clashes and not overwrite:
            raise WriteRefused(
                f"{', '.join(clashes)} already exist{'s' if len(clashes) == 1 else ''} in "
                f"{os.fspath(folder)!r} with other content: allow overwriting, or pick "
                "another folder"
            )
        target.mkdir(exist_ok=True)
        for name, text in files.items():
            (target / name).write_text(text, encoding="utf-8", newline="\n")
            written.append(target / name)
    except WriteRefused:
        raise
    # The system's refusal (permissions, a full disk) or a path it cannot represent (a NUL
    # byte): the same clear refusal, never a traceback out of a button.
    except (OSError, ValueError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise WriteRefused(f"could not write into {os.fspath(folder)!r}: {why}") from None
    return written


@dataclass(frozen=True)
class PytestSummary:
    """What a run of pytest over a folder found: counts, and the names of failing tests."""

    passed: int
    failed: int
    errors: int
    skipped: int
    failures: tuple[str, ...]
    """The ids of failed or erroring tests, in the order pytest ran them."""
    output: str
    """pytest's own output, for a closer look (it holds timings: never compare it)."""

    @property
    def ok(self) -> bool:
        """True when tests ran and none failed or erred."""
        return self.passed > 0 and not (self.failed or self.errors)

    def summary(self) -> str:
        """One deterministic line, e.g. ``34 passed`` or ``2 failed, 32 passed: test_a, test_b``.

        Returns:
            The line (no timings).
        """
        counts = [
            f"{number} {word}"
            for number, word in (
                (self.failed, "failed"),
                (self.errors, "errors" if self.errors != 1 else "error"),
                (self.passed, "passed"),
                (self.skipped, "skipped"),
            )
            if number
        ]
        line = ", ".join(counts) or "no tests ran"
        return line + (": " + ", ".join(self.failures) if self.failures else "")

    def __repr__(self) -> str:
        return self.summary()

    __str__ = __repr__


def run_tests(
    folder: str | os.PathLike[str], *, in_process: bool = False, timeout_s: float = 300.0
) -> PytestSummary:
    """Run pytest over ``folder``, as a project of its own would, and sum the run up.

    The run ignores any pytest configuration around the folder (its rootdir is the folder, its
    configuration empty), loads no third-party pytest plugin, and writes no cache and no
    bytecode into the folder. It uses this Python, so this environment's ``tool_outcomes``.

    Args:
        folder: A folder holding generated files (see ``OutcomeTable.write_files``).
        in_process: Run pytest in this process (``pytest.main``) rather than a fresh one;
            the folder's modules are forgotten afterwards, so a second run sees edits. Use
            it where starting a Python is not possible; ``timeout_s`` does not apply.
        timeout_s: How long a fresh pytest process may run.

    Returns:
        The counts and the failing tests' ids. When pytest could not run at all (it is not
        installed, say) or ran out of time, one error whose id says why.

    Raises:
        WriteRefused: ``folder`` is not a folder.
    """
    target = Path(folder)
    if not target.is_dir():
        raise WriteRefused(f"{os.fspath(folder)!r} is not a folder")
    root = str(target.resolve())
    with tempfile.TemporaryDirectory() as scratch:
        ini = Path(scratch, "pytest.ini")
        ini.write_text("[pytest]\n", encoding="utf-8")
        args = ["-q", "-p", "no:cacheprovider", "-c", str(ini), "--rootdir", root]
        args += ["--confcutdir", root]
        if in_process:
            return _run_here([*args, root], root)
        report = Path(scratch, "report.xml")
        return _run_apart([*args, f"--junitxml={report}", "."], report, target, timeout_s)


# -- in a fresh process --------------------------------------------------------------------------


def _run_apart(args: list[str], report: Path, target: Path, timeout_s: float) -> PytestSummary:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_ADDOPTS", "PYTHONPATH"}}
    # Only pytest's own plugins: a fresh project has none of the ones installed here, and
    # loading them (notebook and browser plugins, say) takes longer than the tests.
    env |= {"PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", *args],
            cwd=target,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout_s,
        )
    except subprocess.TimeoutExpired:
        return PytestSummary(0, 0, 1, 0, (f"pytest did not finish in {timeout_s:g} s",), "")
    output = done.stdout + done.stderr
    if not report.exists():  # pytest did not run (not installed, a usage error, …)
        return _did_not_run(f"pytest exited {done.returncode}", output)
    counts = _Counts()
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        tags = {child.tag for child in case}
        state = next((s for s in ("error", "failure", "skipped") if s in tags), "passed")
        counts.add(case.get("name", "?"), state)
    return counts.summary(output)


def _did_not_run(why: str, output: str) -> PytestSummary:
    last = next((line for line in reversed(output.splitlines()) if line.strip()), "")
    return PytestSummary(0, 0, 1, 0, (why + (f": {last.strip()}" if last else ""),), output)


class _Counts:
    """Each test's final state, by id, in the order pytest reported them."""

    def __init__(self) -> None:
        self.states: dict[str, str] = {}

    def add(self, name: str, state: str) -> None:
        # A test's worst report wins: an error in teardown after a pass is an error.
        order = ("passed", "skipped", "failure", "error")
        if order.index(state) >= order.index(self.states.get(name, "passed")):
            self.states[name] = state

    def summary(self, output: str) -> PytestSummary:
        states = list(self.states.values())
        failures = tuple(n for n, s in self.states.items() if s in {"failure", "error"})
        return PytestSummary(
            states.count("passed"),
            states.count("failure"),
            states.count("error"),
            states.count("skipped"),
            failures,
            output,
        )


# -- in this process -----------------------------------------------------------------------------


class _Reporter:
    """A pytest plugin that records each test's state, as the junit report would."""

    def __init__(self) -> None:
        self.counts = _Counts()

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.counts.add(Path(report.nodeid).stem or "collection", "error")

    def pytest_runtest_logreport(self, report: Any) -> None:
        name = report.nodeid.split("::")[-1]
        if report.when == "call":
            state = {"passed": "passed", "failed": "failure"}.get(report.outcome, "skipped")
        elif report.failed:
            state = "error"
        else:
            state = "skipped" if report.skipped else "passed"
        self.counts.add(name, state)


def _run_here(args: list[str], root: str) -> PytestSummary:
    try:
        import pytest  # optional: only this way of running needs it in this process
    except ImportError:
        return PytestSummary(0, 0, 1, 0, ("pytest is not installed: pip install pytest",), "")
    reporter = _Reporter()
    output = io.StringIO()
    with _isolated(root), contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        code = pytest.main(args, plugins=[reporter])
    if not reporter.counts.states:
        return _did_not_run(f"pytest exited {int(code)}", output.getvalue())
    return reporter.counts.summary(output.getvalue())


@contextlib.contextmanager
def _isolated(root: str) -> Iterator[None]:
    """No plugins or options from the environment, no bytecode; the folder's own modules.

    A module imported before under the name of one of the folder's files (another folder's
    ``support_ticket_result``, say) is set aside for the run and put back after it; the
    folder's modules are forgotten, so the next run sees edits.
    """
    saved_env = {key: os.environ.get(key) for key in ("PYTEST_ADDOPTS", _AUTOLOAD)}
    saved_path, saved_bytecode = list(sys.path), sys.dont_write_bytecode
    names = {path.stem for path in Path(root).glob("*.py")}
    set_aside = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    os.environ.pop("PYTEST_ADDOPTS", None)
    os.environ[_AUTOLOAD] = "1"
    sys.dont_write_bytecode = True
    try:
        yield
    finally:
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        sys.path[:] = saved_path
        sys.dont_write_bytecode = saved_bytecode
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(root + os.sep):
                del sys.modules[name]
        sys.modules.update(set_aside)


_AUTOLOAD = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"

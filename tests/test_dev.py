"""dev.py, as a workshop uses it: arguments reach JupyterLab, installs come from the lock,
an environment from another folder is rebuilt, a wheelhouse has each platform's wheels, and
every command on the facilitator's page runs."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
import zipfile
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from lab_server import free_port, get, lab_env, serving

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "FACILITATORS.md"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    import dev
else:
    dev = _load("dev", ROOT / "dev.py")
release: Any = _load("release_notebooks", ROOT / "scripts" / "release_notebooks.py")

START = dev.START_NOTEBOOK


# -- lab: arguments pass through ------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--no-browser", "--port", "8899"],
        ["--port=8899"],
        ["--ServerApp.ip", "0.0.0.0"],
        ["--no-browser", "--port", "8899", "--ServerApp.ip", "0.0.0.0"],
        ["--port", "8899", "--no-browser", "--IdentityProvider.token", "secret"],
        [],
    ],
    ids=" ".join,
)
def test_lab_options_reach_jupyterlab_as_given_then_the_start_notebook(argv: list[str]) -> None:
    """Options and their values pass through unchanged and in order; the start notebook follows."""
    assert dev.jupyter_lab_args(argv, as_root=False) == [*argv, START]


@pytest.mark.parametrize(
    "argv",
    [
        ["notebooks/02_four_outcomes.ipynb"],
        ["--no-browser", "--port", "8899", "notebooks/02_four_outcomes.ipynb"],
        ["--notebook-dir", "x"],
        ["--notebook-dir=x", "--port", "8899"],
        ["--ServerApp.root_dir", "x"],
        ["list"],
    ],
    ids=" ".join,
)
def test_lab_opens_what_it_is_told_and_adds_no_start_notebook(argv: list[str]) -> None:
    """A path, a folder option or a subcommand means no start notebook is added."""
    assert dev.jupyter_lab_args(argv, as_root=False) == argv


def test_lab_as_root_adds_allow_root_once() -> None:
    """As root (containers, CI) --allow-root comes first, and is not repeated when given."""
    assert dev.jupyter_lab_args(["--port", "8899"], as_root=True) == [
        "--allow-root",
        "--port",
        "8899",
        START,
    ]
    given = ["--allow-root", "--port", "8899"]
    assert dev.jupyter_lab_args(given, as_root=True) == [*given, START]


def _jupyterlab_extra_args(argv: list[str]) -> list[str]:
    """The words JupyterLab's own parser leaves over as paths for ``jupyter lab ARGV``."""
    from jupyterlab.labapp import LabApp  # type: ignore[import-untyped] # ships no types
    from traitlets.config.loader import KVArgParseConfigLoader

    app = LabApp()
    loader = KVArgParseConfigLoader(
        argv=argv,
        aliases=app.aliases,
        flags=app.flags,
        classes=list(app._classes_with_config_traits()),
    )
    loader.load_config()
    return list(loader.extra_args)


@pytest.mark.parametrize(
    "argv",
    [
        ["--no-browser", "--port", "8899"],
        ["--no-browser", "nb.ipynb"],
        ["--port", "8899", "nb.ipynb"],
        ["--port=8899", "nb.ipynb"],
        ["-y", "nb.ipynb"],
        ["--watch", "nb.ipynb"],  # both a flag and an option: JupyterLab takes the value
        ["--ServerApp.open_browser", "nb.ipynb"],
        ["--ServerApp.ip", "0.0.0.0", "--debug"],
        ["--collaborative", "--ServerApp.allow_origin_pat", "a", "b"],
    ],
    ids=" ".join,
)
def test_dev_py_sees_a_path_exactly_where_jupyterlab_does(argv: list[str]) -> None:
    """dev.py's reading of the arguments agrees with JupyterLab's parser on what is a path."""
    assert dev.chooses_what_opens(argv) == bool(_jupyterlab_extra_args(argv))


def test_dev_py_knows_every_jupyterlab_option_that_takes_no_value() -> None:
    """JUPYTER_FLAGS is JupyterLab's own set of value-less options (a new one fails here)."""
    from jupyterlab.labapp import LabApp

    app = LabApp()
    flags = {name for name in app.flags if name not in app.aliases}
    expected = {f"--{name}" for name in flags} | {f"-{name}" for name in flags if len(name) == 1}
    help_options = {"-h", "--help", "--help-all", "--version"}
    assert dev.JUPYTER_FLAGS - help_options == expected


@pytest.mark.parametrize(
    ("argv", "rest"),
    [
        (["--wheelhouse", "WH", "--no-browser"], ["--no-browser"]),
        (["--no-browser", "--wheelhouse=WH", "--port", "8899"], ["--no-browser", "--port", "8899"]),
    ],
)
def test_the_wheelhouse_option_is_dev_pys_own(
    argv: list[str], rest: list[str], tmp_path: Path
) -> None:
    """--wheelhouse DIR is taken out, in either spelling; everything else is left for JupyterLab."""
    (tmp_path / "a-1-py3-none-any.whl").touch()
    words = [w.replace("WH", str(tmp_path)) for w in argv]
    assert dev._take_wheelhouse(words) == (rest, tmp_path.resolve())


def test_a_folder_without_wheels_is_refused_with_advice(tmp_path: Path) -> None:
    """--wheelhouse on a folder with no wheels says how to make one; a missing value is named."""
    with pytest.raises(dev.DevError, match=r"python3 dev\.py wheelhouse DIR"):
        dev._take_wheelhouse(["--wheelhouse", str(tmp_path)])
    with pytest.raises(dev.DevError, match="needs a value"):
        dev._take_wheelhouse(["--wheelhouse"])


# -- installs come from the lock ------------------------------------------------------------------


def test_installs_use_the_lock_and_show_pips_progress() -> None:
    """Every install command takes constraints.txt; none is --quiet; the package is editable."""
    commands = dev.install_commands("workbook")
    for command in commands:
        assert command[command.index("--constraint") + 1] == str(dev.LOCK)
        assert "--quiet" not in command
        assert "--no-index" not in command
    assert commands[-1][-2:] == ["--editable", ".[workbook]"]


def test_a_wheelhouse_install_never_reaches_the_network(tmp_path: Path) -> None:
    """With a wheelhouse, every pip command has --no-index and looks only in that folder."""
    for command in dev.install_commands("workbook", tmp_path):
        assert "--no-index" in command
        assert command[command.index("--find-links") + 1] == str(tmp_path)


def test_the_first_install_says_what_and_how_much(capsys: pytest.CaptureFixture[str]) -> None:
    """Before pip starts, the first run names the extra, the package count and the size."""
    count, megabytes = dev.lock_summary()["workbook"]
    dev._announce("workbook", None)
    said = capsys.readouterr().out
    assert f"{count} packages, about {megabytes} MB" in said
    assert "'workbook'" in said
    assert "constraints.txt" in said


def test_the_lock_records_the_size_of_each_install() -> None:
    """The lock's header gives each extra's package count and megabytes; dev is the larger."""
    summary = dev.lock_summary()
    assert set(summary) == {"workbook", "dev"}
    (wb_count, wb_mb), (dev_count, dev_mb) = summary["workbook"], summary["dev"]
    assert 0 < wb_count < dev_count
    assert 0 < wb_mb < dev_mb
    assert dev_count <= len(dev.locked_versions())


def test_the_lock_pins_every_requirement_at_a_version_pyproject_allows() -> None:
    """Each requirement of pyproject.toml (and the build's) has a pin inside its range."""
    pins = dev.locked_versions()
    for line in dev.project_requirements("workbook", "dev"):
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not pinned: run python3 dev.py lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), (line, pins[name])


def _installed_closure(name: str, extras: frozenset[str]) -> dict[str, str]:
    """Every installed distribution that ``name[extras]`` needs here, with its version."""
    found: dict[str, str] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [(canonicalize_name(name), extras)]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        dist = metadata.distribution(key[0])
        found[key[0]] = dist.version
        for line in dist.requires or []:
            requirement = Requirement(line)
            contexts = [{"extra": e} for e in key[1]] or [{"extra": ""}]
            if requirement.marker is None or any(requirement.marker.evaluate(c) for c in contexts):
                todo.append((canonicalize_name(requirement.name), frozenset(requirement.extras)))
    return found


def _dev_group() -> list[Requirement]:
    return [Requirement(line) for line in dev._pyproject()["dependency-groups"]["dev"]]


def test_this_environment_is_installed_from_the_lock() -> None:
    """Everything the dev group needs here is installed at exactly its locked version."""
    pins = dev.locked_versions()
    installed: dict[str, str] = {}
    for requirement in _dev_group():
        installed |= _installed_closure(requirement.name, frozenset(requirement.extras))
    installed.pop("tool-outcomes")
    wrong = {n: (v, pins.get(n)) for n, v in installed.items() if pins.get(n) != v}
    assert not wrong, f"installed (left) differs from constraints.txt (right): {wrong}"


def test_the_dev_install_includes_the_workbook_as_dev_py_assumes() -> None:
    """INSTALLED_WITH says a dev install covers the workbook: pyproject's dev group agrees."""
    assert any(r.name == "tool-outcomes" and "workbook" in r.extras for r in _dev_group())
    assert dev.INSTALLED_WITH == {"workbook": ("workbook", "dev"), "dev": ("dev",)}


def test_contributor_tools_are_a_dependency_group_never_a_published_extra() -> None:
    """The dev install is the PEP 735 group; no extra is named dev, and the group's install
    command asks pip for it by name."""
    assert "dev" not in dev._pyproject()["project"]["optional-dependencies"]
    assert dev.install_commands("dev")[-1][-4:] == ["--editable", ".", "--group", "dev"]
    assert "pytest" in {r.name for r in _dev_group()}


def test_pip_is_pinned_new_enough_for_dependency_groups() -> None:
    """pip installs a PEP 735 group with --group from 25.1 on."""
    assert dev.version_key(dev.locked_versions()["pip"]) >= dev.version_key("25.1")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], ["serve"]),
        (["--dev-addr", "127.0.0.1:8001"], ["serve", "--dev-addr", "127.0.0.1:8001"]),
        (["--build"], ["build", "--strict", "--site-dir", str(dev.SITE)]),
        (["--build", "out"], ["build", "--strict", "--site-dir", str(Path("out").resolve())]),
        (["--build", "--quiet"], ["build", "--strict", "--site-dir", str(dev.SITE), "--quiet"]),
    ],
    ids=" ".join,
)
def test_docs_serves_the_site_or_builds_it_strictly(argv: list[str], expected: list[str]) -> None:
    """docs runs mkdocs serve with the options given; --build [DIR] builds with --strict."""
    command = dev.docs_command(argv)
    assert command[0] == str(dev.BIN / "mkdocs")
    assert command[1:] == expected


def test_a_lock_is_rendered_from_a_pip_report_without_the_project_itself() -> None:
    """pins_from_report drops tool-outcomes and normalizes names; render_lock sorts them."""
    report = {
        "install": [
            {"metadata": {"name": "tool-outcomes", "version": "0.1.0"}},
            {"metadata": {"name": "Pydantic_Core", "version": "2.0"}},
            {"metadata": {"name": "anyio", "version": "4.0"}},
        ]
    }
    pins = dev.pins_from_report(report)
    assert pins == {"pydantic-core": "2.0", "anyio": "4.0"}
    text = dev.render_lock(pins, {"workbook": (2, 3)}, "Linux x86_64, CPython 3.11")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert lines == ["anyio==4.0", "pydantic-core==2.0"]
    assert "# workbook: 2 packages, about 3 MB of wheels on Linux x86_64" in text


def test_versions_order_as_pip_orders_final_releases() -> None:
    """1.9 < 1.10, 1.0 is 1, a pre-release comes before its release and a .post after it."""
    ordered = ["1.0rc1", "1", "1.0.post1", "1.9", "1.10", "2026.10.19.post1"]
    assert sorted(ordered, key=dev.version_key) == ordered
    assert dev.version_key("1.0") == dev.version_key("1.0.0")


def test_each_package_is_pinned_at_the_newest_version_every_platform_has() -> None:
    """A release that only some platforms have wheels for is not pinned: the lowest wins."""
    found = [
        {"argon2-cffi-bindings": "26.2.0", "numpy": "2.4.6"},  # Linux, Python 3.11
        {"argon2-cffi-bindings": "25.1.0", "numpy": "2.5.5"},  # macOS Intel, Python 3.13
        {"pywinpty": "3.1.2", "numpy": "2.5.5"},  # Windows only
    ]
    assert dev.lowest_common(found) == {
        "argon2-cffi-bindings": "25.1.0",
        "numpy": "2.4.6",
        "pywinpty": "3.1.2",
    }


# -- the release records what it ran with --------------------------------------------------------


def _recorded(path: Path) -> dict[str, str] | None:
    record = release.read_notebook(path).metadata.get("tool_outcomes", {})
    versions = record.get("released_with")
    return dict(versions) if versions is not None else None


def test_a_release_records_the_versions_it_ran_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Releasing a notebook writes the versions of its kernel's packages into its metadata,
    and here (installed from the lock) they are the locked ones."""
    solutions = tmp_path / "solutions"
    solutions.mkdir()
    monkeypatch.setattr(release, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(release, "SOLUTIONS", solutions)
    nb = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    nb.cells = [nbformat.v4.new_code_cell("print(6 * 7)")]  # type: ignore[no-untyped-call]
    source = solutions / "99_probe.ipynb"
    nbformat.write(nb, source)  # type: ignore[no-untyped-call]
    release.release_one(source, solutions=True, timeout_s=60)
    learner = _recorded(tmp_path / "99_probe.ipynb")
    assert learner is not None
    assert learner == _recorded(source)
    assert {"pydantic", "httpx", "jupyterlab", "ipywidgets", "ipykernel"} <= set(learner)
    pins = dev.locked_versions()
    assert {name: pins.get(name) for name in learner} == learner


RELEASED = sorted(
    [
        *ROOT.glob("notebooks/[0-9][0-9]_*.ipynb"),
        *ROOT.glob("notebooks/solutions/[0-9][0-9]_*.ipynb"),
    ]
)


def test_the_notebooks_were_released_with_the_locked_versions() -> None:
    """Every released notebook records its versions, and they are the lock's: a new lock
    without a re-release, or a release from an environment off the lock, fails here.

    Notebooks released before the release script recorded versions carry no record; until the
    next release of all of them this test has nothing to compare, and says so.
    """
    records = {path.relative_to(ROOT).as_posix(): _recorded(path) for path in RELEASED}
    if all(versions is None for versions in records.values()):
        pytest.skip("no notebook records its versions yet: the next release writes them")
    missing = [name for name, versions in records.items() if versions is None]
    assert not missing, f"released without a record of versions: {missing}"
    pins = dev.locked_versions()
    for name, versions in records.items():
        assert versions is not None
        differ = {p: (v, pins.get(p)) for p, v in versions.items() if pins.get(p) != v}
        assert not differ, f"{name} was released with (left), the lock has (right): {differ}"


# -- an environment from elsewhere is rebuilt -----------------------------------------------------


def _fake_venv(where: Path, *, made_for: Path | None = None, home: str = sys.base_prefix) -> Path:
    """A minimal venv folder: an interpreter file, pyvenv.cfg and a pip script."""
    made_for = made_for or where
    bin_dir = dev.scripts_dir(where)
    bin_dir.mkdir(parents=True)
    python = dev.interpreter(where)
    python.touch()
    (where / "pyvenv.cfg").write_text(
        f"home = {home}\nversion = 3.11.7\n"
        f"command = /usr/bin/python3 -m venv --copies --clear {made_for}\n"
    )
    (bin_dir / "pip").write_text(f"#!{dev.interpreter(made_for)}\nimport pip\n")
    return where


def test_a_healthy_venv_has_no_problem(tmp_path: Path) -> None:
    """A venv made for this folder, by a Python that is here, is used as it is."""
    assert dev.venv_problem(_fake_venv(tmp_path / ".venv")) is None


def test_a_missing_venv_is_created(tmp_path: Path) -> None:
    """No .venv at all is a reason to create one."""
    assert dev.venv_problem(tmp_path / ".venv") == "No virtual environment yet"


def test_a_copied_venv_is_recreated(tmp_path: Path) -> None:
    """A venv whose pyvenv.cfg names another folder was copied or moved: recreate it."""
    problem = dev.venv_problem(_fake_venv(tmp_path / ".venv", made_for=tmp_path / "other/.venv"))
    assert problem is not None
    assert "copied or moved" in problem


def test_a_venv_whose_scripts_run_another_python_is_recreated(tmp_path: Path) -> None:
    """Without a command line in pyvenv.cfg, the scripts' interpreter line gives a copy away,
    in pip's short and long (``#!/bin/sh`` + ``exec``) forms."""
    here = _fake_venv(tmp_path / ".venv")
    config = here / "pyvenv.cfg"
    config.write_text("\n".join(x for x in config.read_text().splitlines() if "command" not in x))
    pip = dev.scripts_dir(here) / "pip"
    pip.write_text("#!/elsewhere/.venv/bin/python\n")
    assert "copied or moved" in (dev.venv_problem(here) or "")
    pip.write_text("#!/bin/sh\n'''exec' \"/else where/.venv/bin/python\" \"$0\" \"$@\"\n' '''\n")
    assert "/else where/.venv/bin/python" in (dev.venv_problem(here) or "")
    pip.write_text(f"#!/bin/sh\n'''exec' {dev.interpreter(here)} \"$0\" \"$@\"\n' '''\n")
    assert dev.venv_problem(here) is None


def test_a_venv_whose_python_is_gone_or_too_old_is_recreated(tmp_path: Path) -> None:
    """A venv made by a Python no longer installed, or older than 3.11, is made afresh."""
    gone = _fake_venv(tmp_path / "a" / ".venv", home=str(tmp_path / "no-such-python"))
    assert "not here any more" in (dev.venv_problem(gone) or "")
    old = _fake_venv(tmp_path / "b" / ".venv")
    config = old / "pyvenv.cfg"
    config.write_text(config.read_text().replace("version = 3.11.7", "version = 3.10.12"))
    assert "3.11 or newer" in (dev.venv_problem(old) or "")


def _record_install(venv_dir: Path, url: str, *, editable: bool = True) -> None:
    site = venv_dir / "lib" / "python3.11" / "site-packages" / "tool_outcomes-0.1.0.dist-info"
    site.mkdir(parents=True, exist_ok=True)
    record = {"url": url, "dir_info": {"editable": True} if editable else {}}
    (site / "direct_url.json").write_text(json.dumps(record))


def test_the_install_must_be_an_editable_install_of_this_checkout(tmp_path: Path) -> None:
    """The package is reinstalled unless .venv runs this checkout's code, editable."""
    checkout, other = tmp_path / "checkout", tmp_path / "other"
    here = checkout / ".venv"
    here.mkdir(parents=True)
    assert "not installed" in (dev.install_problem(here, checkout) or "")
    _record_install(here, other.as_uri())
    assert str(other) in (dev.install_problem(here, checkout) or "")
    _record_install(here, checkout.as_uri(), editable=False)
    assert "not an editable install" in (dev.install_problem(here, checkout) or "")
    _record_install(here, checkout.as_uri())
    assert dev.install_problem(here, checkout) is None


def _checkout_copy(where: Path) -> Path:
    """What dev.py needs of this checkout, copied into ``where`` (no .venv)."""
    where.mkdir(parents=True, exist_ok=True)
    for name in ("dev.py", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, where / name)
    return where


def _dev_py(
    checkout: Path, *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(checkout / "dev.py"), *args],
        cwd=cwd or checkout,
        capture_output=True,
        text=True,
        check=False,
    )


def _installed_venv(checkout: Path, made_at: Path, installed_from: Path) -> None:
    """A real (pip-less) venv made at ``made_at``, placed in ``checkout``, whose record says the
    package was installed from ``installed_from`` for the current pyproject and lock."""
    venv.EnvBuilder(with_pip=False).create(made_at)
    if made_at != checkout / ".venv":
        shutil.copytree(made_at, checkout / ".venv", symlinks=True)
    (checkout / ".venv" / f".installed-workbook-{dev.install_digest()}").touch()
    _record_install(checkout / ".venv", installed_from.as_uri())


def test_setup_recreates_a_venv_copied_from_another_folder(tmp_path: Path) -> None:
    """A .venv copied from elsewhere (install stamp and all) is created afresh, then installed."""
    checkout = _checkout_copy(tmp_path / "b")
    _installed_venv(checkout, tmp_path / "a" / ".venv", installed_from=checkout)
    run = _dev_py(checkout, "--dry-run", "setup")
    assert run.returncode == 0, run.stderr
    assert "not for this folder (copied or moved): creating a fresh one" in run.stdout
    assert re.search(r"-m venv --clear \S*/b/\.venv", run.stdout)
    assert "--editable .[workbook]" in run.stdout


def test_setup_reinstalls_a_package_installed_from_another_folder(tmp_path: Path) -> None:
    """A .venv of this folder whose editable install runs another folder's code is reinstalled;
    the same .venv running this folder's code is left alone."""
    checkout = _checkout_copy(tmp_path / "b")
    _installed_venv(checkout, checkout / ".venv", installed_from=tmp_path / "a")
    run = _dev_py(checkout, "--dry-run", "setup")
    assert run.returncode == 0, run.stderr
    assert "-m venv" not in run.stdout
    assert f"runs the code in {tmp_path / 'a'}, not this one: reinstalling" in run.stdout
    assert "--editable .[workbook]" in run.stdout
    _record_install(checkout / ".venv", checkout.as_uri())
    again = _dev_py(checkout, "--dry-run", "setup")
    assert "pip" not in again.stdout
    assert "The workbook is set up" in again.stdout


# -- the wheelhouse --------------------------------------------------------------------------------


def test_the_wheelhouse_serves_the_common_platforms() -> None:
    """Linux x86_64/aarch64, macOS Intel/Apple silicon and Windows, Python 3.11 to 3.13 at least."""
    labels = {p.label for p in dev.PLATFORMS}
    assert labels == {
        "Linux x86_64",
        "Linux aarch64",
        "macOS x86_64",
        "macOS arm64",
        "Windows x86_64",
    }
    assert {"3.11", "3.12", "3.13"} <= set(dev.PYTHONS)
    assert len(dev.wheelhouse_targets(this_platform_only=False)) == len(labels) * len(dev.PYTHONS)
    assert dev.wheelhouse_targets(this_platform_only=True) == [None]


def _wheel(folder: Path, name: str, requires: list[str]) -> None:
    """A minimal pure-Python wheel named ``name`` 1.0 that requires ``requires``."""
    info = f"{name}-1.0.dist-info"
    lines = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0"]
    lines += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(folder / f"{name}-1.0-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"{info}/METADATA", "\n".join(lines) + "\n")
        wheel.writestr(
            f"{info}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        wheel.writestr(f"{info}/RECORD", "")


def _offline_pip_env() -> dict[str, str]:
    """This environment without any pip configuration: no index but the one a test names."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    return {**env, "PIP_CONFIG_FILE": os.devnull}


@pytest.fixture(scope="module")
def local_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of wheels whose dependencies depend on the platform and the Python."""
    index = tmp_path_factory.mktemp("index")
    _wheel(
        index,
        "workshop_app",
        [
            "common",
            'winonly; sys_platform == "win32"',
            'posixonly; os_name != "nt"',
            'armonly; platform_machine == "arm64"',
            'newpython; python_version >= "3.13"',
        ],
    )
    for name in ("common", "winonly", "posixonly", "armonly", "newpython"):
        _wheel(index, name, [])
    return index


@pytest.mark.parametrize(
    ("label", "python", "expected"),
    [
        ("Windows x86_64", "3.13", {"workshop_app", "common", "winonly", "newpython"}),
        ("macOS arm64", "3.11", {"workshop_app", "common", "posixonly", "armonly"}),
        ("Linux aarch64", "3.12", {"workshop_app", "common", "posixonly"}),
    ],
)
def test_a_wheelhouse_takes_each_platforms_own_dependencies(
    local_index: Path, tmp_path: Path, label: str, python: str, expected: set[str]
) -> None:
    """Downloading for another platform follows that platform's markers, not this machine's."""
    platform = next(p for p in dev.PLATFORMS if p.label == label)
    target = (platform, python)
    run = subprocess.run(
        [
            *dev.pip_for(Path(sys.executable), target),
            "download",
            "--quiet",
            "--dest",
            str(tmp_path),
            *dev.target_options(target),
            "--no-index",
            "--find-links",
            str(local_index),
            "workshop_app",
        ],
        env=_offline_pip_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert {w.name.split("-")[0] for w in tmp_path.glob("*.whl")} == expected


# -- reset ----------------------------------------------------------------------------------------

NOTEBOOK_03 = next(ROOT.glob("notebooks/03_*.ipynb")).relative_to(ROOT).as_posix()


@pytest.fixture
def scratch_repo(tmp_path: Path) -> Path:
    """A git repository holding this dev.py and learner notebook 03, committed."""
    repo = tmp_path / "workbook"
    (repo / "notebooks").mkdir(parents=True)
    shutil.copy2(ROOT / "dev.py", repo / "dev.py")
    shutil.copy2(ROOT / NOTEBOOK_03, repo / NOTEBOOK_03)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-C", str(repo)]
    subprocess.run([*git, "init", "--quiet"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "released"], check=True)
    return repo


def test_reset_puts_a_notebook_back_and_keeps_the_learners_version(scratch_repo: Path) -> None:
    """reset 03 restores the released notebook and keeps the learner's in notebooks/.backup."""
    notebook = scratch_repo / NOTEBOOK_03
    released = notebook.read_bytes()
    notebook.write_bytes(released.replace(b"raise NotImplementedError()", b"return 42"))
    mine = notebook.read_bytes()
    run = _dev_py(scratch_repo, "reset", "03")
    assert run.returncode == 0, run.stderr
    assert notebook.read_bytes() == released
    backups = list((scratch_repo / "notebooks" / ".backup").glob("03_*.ipynb"))
    assert [b.read_bytes() for b in backups] == [mine]
    again = _dev_py(scratch_repo, "reset", "03")
    assert "already as released" in again.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["99"], "there are 03"),
        (["3"], "two digits"),
        ([], "by its number: python3 dev.py reset 03"),
    ],
)
def test_reset_refuses_what_is_not_a_notebook_number(
    scratch_repo: Path, args: list[str], says: str
) -> None:
    """An unknown, malformed or missing number is refused with advice; nothing changes."""
    before = (scratch_repo / NOTEBOOK_03).read_bytes()
    run = _dev_py(scratch_repo, "reset", *args)
    assert run.returncode != 0
    assert says in run.stderr
    assert (scratch_repo / NOTEBOOK_03).read_bytes() == before


# -- the facilitator's page ----------------------------------------------------------------------

PAGE_TEXT = PAGE.read_text(encoding="utf-8")


def _page_commands() -> list[str]:
    """Every command in the page's ```bash blocks (comments and blank lines dropped)."""
    commands: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", PAGE_TEXT, re.S):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command and not command.startswith("#"):
                commands.append(command)
    return commands


#: How each command on the page is run, and what its output must show. "real": as written, in
#: this checkout. "serve": as written, a real JupyterLab on a free port, asked for the workbook.
#: "scratch": as written, in a git repository of dev.py and notebook 03. "dry-run": with
#: --dry-run in a fresh copy of the project, since a real run downloads hundreds of MB from the
#: internet, which tests may not use (CI runs the this-platform wheelhouse and the offline
#: install for real).
PAGE_RULES: list[tuple[str, str, str]] = [
    (r"python3 --version", "real", r"Python 3\.(1[1-9]|[2-9]\d)"),
    (r"python3 dev\.py lab( --no-browser)?( --port 8899)?", "serve", ""),
    (r"python3 dev\.py setup", "dry-run", r"--editable \.\[workbook\]"),
    (r"python3 dev\.py wheelhouse wheels", "dry-run", r"\[20/20\] Windows x86_64, Python 3\.14"),
    (r"python3 dev\.py (lab|setup) --wheelhouse wheels", "dry-run", r"--no-index --find-links"),
    (r"python3 dev\.py lock", "dry-run", r"--dry-run --ignore-installed"),
    (r"python3 dev\.py reset 03", "scratch", r"is back as released"),
    (r"git checkout -- notebooks/03_\w+\.ipynb", "scratch", ""),
]


def _rule(command: str) -> tuple[str, str, str]:
    matches = [rule for rule in PAGE_RULES if re.fullmatch(rule[0], command)]
    assert len(matches) == 1, f"the page's command {command!r} matches {len(matches)} rules"
    return matches[0]


def test_every_command_on_the_page_has_a_way_to_be_run() -> None:
    """Each command in the page's code blocks matches one rule here, and every rule is used."""
    commands = _page_commands()
    assert len(commands) >= 6
    used = {_rule(command)[0] for command in commands}
    assert used == {rule[0] for rule in PAGE_RULES}


def _words(command: str) -> list[str]:
    words = shlex.split(command)
    return [sys.executable, *words[1:]] if words[0] == "python3" else words


@pytest.fixture
def fresh_copy(tmp_path: Path) -> Path:
    """The project's set-up files in a folder with no .venv, and a one-wheel wheelhouse."""
    copy = _checkout_copy(tmp_path / "fresh")
    (copy / "wheels").mkdir()
    (copy / "wheels" / "placeholder-1.0-py3-none-any.whl").touch()
    return copy


@pytest.mark.parametrize("command", _page_commands())
def test_the_pages_command_runs(
    command: str, fresh_copy: Path, scratch_repo: Path, tmp_path: Path
) -> None:
    """Every command on the facilitator's page runs as its rule says, and shows what it should."""
    _, how, shows = _rule(command)
    words = _words(command)
    if how == "serve":
        _serve(words, tmp_path)
        return
    if how == "dry-run":
        words = [words[0], str(fresh_copy / "dev.py"), "--dry-run", *words[2:]]
    cwd = {"real": ROOT, "dry-run": fresh_copy, "scratch": scratch_repo}[how]
    if how == "scratch":  # a learner's changes, for the command to undo
        (scratch_repo / NOTEBOOK_03).write_text("{}")
    run = subprocess.run(words, cwd=cwd, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert re.search(shows, run.stdout + run.stderr), run.stdout
    if how == "scratch":
        unchanged = ["git", "-C", str(scratch_repo), "diff", "--quiet", "--", NOTEBOOK_03]
        assert subprocess.run(unchanged, check=False).returncode == 0


def _serve(words: list[str], tmp_path: Path) -> None:
    """Run a lab command from the page for real, on a free port, and ask it for the workbook."""
    port = free_port()
    token = "facilitator-page-test"
    words = [str(port) if word == "8899" else word for word in words]
    env = {
        **lab_env(tmp_path / "home"),
        "JUPYTER_TOKEN": token,
        "JUPYTER_PORT": str(port),  # the page's plain `lab` uses JupyterLab's default port
        "BROWSER": "true",  # "opening the browser" runs `true`
    }
    with serving(words, env, port, token) as base:
        _, body = get(f"{base}/api/contents", token)
    listed = {item["name"] for item in json.loads(body)["content"]}
    assert "00_start_here.ipynb" in listed


def test_the_page_gives_the_order_and_times_of_every_notebook() -> None:
    """Every learner notebook, parts (06b) and appendices (04a) included, has a row on the page,
    with its minutes (or "on demand" for an appendix)."""
    notebooks = sorted(ROOT.glob("notebooks/[0-9][0-9]*_*.ipynb"))
    assert any(n.name.startswith("06b_") for n in notebooks)
    for notebook in notebooks:
        number = notebook.name.split("_", 1)[0]
        row = rf"\| {number} \| `{notebook.stem}` \| (\d+|on demand) \|"
        assert re.search(row, PAGE_TEXT), f"{notebook.name} has no row with its minutes"


def _agenda(heading: str) -> list[tuple[str, str, int]]:
    """The rows (start, what, minutes) of the page's table under ``heading``."""
    section = PAGE_TEXT.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d\d:\d\d) \| (.+?) \| (\d+) \|$", section, re.MULTILINE)
    return [(start, what, int(minutes)) for start, what, minutes in rows]


def test_the_one_day_agenda_adds_up_and_holds_every_lesson() -> None:
    """Each row starts when the one before it ends, the day ends at 17:00, and every lesson and
    part of the workbook has a slot (an appendix is opened on demand)."""
    rows = _agenda("## A one-day workshop (09:00 to 17:00)")
    assert rows, "the one-day agenda is a table of start, what, minutes"

    def minute(clock: str) -> int:
        hours, minutes = clock.split(":")
        return int(hours) * 60 + int(minutes)

    for (start, what, length), (following, _, _) in itertools.pairwise(rows):
        assert minute(start) + length == minute(following), f"{what} does not end at {following}"
    last_start, _, last_length = rows[-1]
    assert (rows[0][0], minute(last_start) + last_length) == ("09:00", minute("17:00"))
    slots = " ".join(what for _, what, _ in rows)
    for notebook in sorted(ROOT.glob("notebooks/[0-9][0-9]*_*.ipynb")):
        if not notebook.stem.endswith("_reference"):
            assert f"`{notebook.stem}`" in slots, f"{notebook.name} has no slot in the day"


def test_the_page_gives_the_download_the_lock_measured() -> None:
    """The page's first-set-up download is the one recorded in constraints.txt by the lock."""
    count, megabytes = dev.lock_summary()["workbook"]
    assert f"downloads {count} packages, about {megabytes} MB of wheels" in " ".join(
        PAGE_TEXT.split()
    )


def test_the_readme_starts_with_the_two_commands_and_points_to_the_page() -> None:
    """The README's first code block is lab then test; the facilitator's page is linked."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = re.search(r"```bash\n(.*?)```", readme, re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block[1].splitlines()]
    assert commands[:2] == ["python3 dev.py lab", "python3 dev.py test"]
    assert "docs/FACILITATORS.md" in readme


# -- the test command's strict nbval runs ---------------------------------------------------------


def _collected_notebooks(command: list[str]) -> list[str]:
    """The notebooks a strict nbval command proves, by pytest's own collection (no kernel)."""
    collect = [sys.executable, *command[1:], "--collect-only", "-q"]
    done = subprocess.run(collect, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return sorted({line.split("::")[0] for line in done.stdout.splitlines() if "::" in line})


def test_the_nbval_runs_prove_every_notebook_exactly_once() -> None:
    """The groups that run side by side split the notebooks: none twice, none left out."""
    commands = dev.nbval_commands()
    assert len(commands) == 2
    for command in commands.values():
        assert command[command.index("--nbval-sanitize-with") + 1] == "notebooks/sanitize.cfg"
    collected = [_collected_notebooks(command) for command in commands.values()]
    every = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if not any(part.startswith(".") for part in p.parts)
    )
    assert all(collected), collected
    assert sorted(collected[0] + collected[1]) == every
    assert not set(collected[0]) & set(collected[1])


def test_runs_side_by_side_report_each_output_whole_and_each_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both run at once (each opens one end of a pipe, which blocks until the other end is
    open: run one after the other, the first would wait for its alarm); each output comes
    whole, under its name, with its own exit status."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    script = (
        "import signal, sys\n"
        "signal.alarm(60)  # run alone, the pipe never opens: fail rather than hang\n"
        "pipe, name, mode, status = sys.argv[1:]\n"
        "with open(pipe, mode) as end:\n"
        "    end.write('x') if mode == 'w' else end.read()\n"
        "print(name, 'line 1'); print(name, 'line 2')\n"
        "sys.exit(int(status))\n"
    )
    done = dev.run_side_by_side(
        {
            "first": [sys.executable, "-c", script, str(pipe), "a", "w", "0"],
            "second": [sys.executable, "-c", script, str(pipe), "b", "r", "3"],
        }
    )
    assert [run.returncode for run in done] == [0, 3]
    out = capsys.readouterr().out
    assert "== first\na line 1\na line 2\n== second\nb line 1\nb line 2\n" in out


def test_a_run_whose_kernel_died_as_it_started_runs_once_more_and_no_other_failure_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kernel that died before its first reply is the machine's doing: that run alone goes
    again and its second status counts. A notebook's own failure is never run again."""
    counts = tmp_path / "counts"
    counts.mkdir()
    script = (
        "import pathlib, sys\n"
        "counts, name, first_words, first_status = sys.argv[1:]\n"
        "mark = pathlib.Path(counts, name)\n"
        "again = mark.exists()\n"
        "mark.write_text(mark.read_text() + 'x' if again else 'x')\n"
        "print(name, 'ran again' if again else first_words)\n"
        "sys.exit(0 if again else int(first_status))\n"
    )

    def command(name: str, words: str, status: int) -> list[str]:
        return [sys.executable, "-c", script, str(counts), name, words, str(status)]

    done = dev.prove_notebooks(
        {
            "died": command("died", f"RuntimeError: {dev.KERNEL_DIED}", 1),
            "differs": command("differs", "Cell 3: output differs", 1),
            "passes": command("passes", "all passed", 0),
        }
    )
    assert [run.returncode for run in done] == [0, 1, 0]
    assert {p.name: p.read_text() for p in counts.iterdir()} == {
        "died": "xx",
        "differs": "x",
        "passes": "x",
    }
    out = capsys.readouterr().out
    assert "died: a kernel died as it started" in out
    assert "== died (again)\ndied ran again\n" in out
    assert "differs (again)" not in out


def test_a_kernel_that_dies_every_time_fails_the_run() -> None:
    """The second try is the last: a kernel that never starts fails the notebooks' run."""
    script = f"print({dev.KERNEL_DIED!r}); raise SystemExit(1)"
    done = dev.prove_notebooks({"never": [sys.executable, "-c", script]})
    assert [run.returncode for run in done] == [1]
    assert dev.KERNEL_DIED in done[0].stdout

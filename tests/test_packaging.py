"""What a release ships: the sdist, the wheel built from it, their metadata and their contents.

Built once per module with ``python -m build`` (the sdist, then the wheel from the unpacked sdist,
so a file the sdist forgets fails the wheel), without build isolation: the backend is the one
the dev group installs, and nothing is fetched from the network. ``twine check --strict`` reads
both as the package index would.
"""

from __future__ import annotations

import email
import email.message
import re
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import tool_outcomes

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
VERSION = tool_outcomes.__version__
EXTRAS = {"workbook", "testing", "mcp", "pydantic-ai", "langchain", "openai-agents", "otel"}
PYTHONS = ("3.11", "3.12", "3.13", "3.14")


@dataclass(frozen=True)
class Release:
    wheel: Path
    sdist: Path
    wheel_names: frozenset[str]
    sdist_names: frozenset[str]  # relative to the sdist's top folder
    meta: email.message.Message


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as archive:
        wheel_names = frozenset(archive.namelist())
        meta = email.message_from_bytes(archive.read(f"tool_outcomes-{VERSION}.dist-info/METADATA"))
    with tarfile.open(sdist) as archive:
        top = f"tool_outcomes-{VERSION}/"
        sdist_names = frozenset(
            m.name.removeprefix(top) for m in archive.getmembers() if m.isfile()
        )
    return Release(wheel, sdist, wheel_names, sdist_names, meta)


def test_twine_passes_both_files_strictly(release: Release) -> None:
    """twine check --strict: the metadata and the README render as the index renders them."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "twine",
            "check",
            "--strict",
            str(release.wheel),
            str(release.sdist),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2, done.stdout


def test_the_license_text_ships_in_both(release: Release) -> None:
    """MIT asks for its text to travel with the code: in the wheel's dist-info and the sdist."""
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License")
    assert f"tool_outcomes-{VERSION}.dist-info/licenses/LICENSE" in release.wheel_names
    assert "LICENSE" in release.sdist_names
    assert release.meta["License-Expression"] == "MIT"
    assert release.meta.get_all("License-File") == ["LICENSE"]


def test_the_metadata_names_where_to_read_report_and_follow(release: Release) -> None:
    """Project-URLs for the documentation, source, changelog and issues, all absolute."""
    urls = dict(line.split(", ", 1) for line in release.meta.get_all("Project-URL") or [])
    assert {"Documentation", "Source", "Changelog", "Issues"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())


def test_the_supported_pythons_are_declared(release: Release) -> None:
    """One classifier per supported Python, and Requires-Python from the oldest."""
    classifiers = set(release.meta.get_all("Classifier") or [])
    for version in PYTHONS:
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert release.meta["Requires-Python"] == f">={PYTHONS[0]}"
    assert "Typing :: Typed" in classifiers


def test_the_extras_are_the_users_and_no_contributor_tool_is_one(release: Release) -> None:
    """The published extras are the workbook and one per framework: no dev extra, and no
    contributor tool (ruff, mypy, mkdocs, playwright) in any requirement. pytest is the
    workbook's own (notebook 09 runs the tests its builder generates), and no other extra's."""
    assert set(release.meta.get_all("Provides-Extra") or []) == EXTRAS
    requires = release.meta.get_all("Requires-Dist") or []
    names = {canonicalize_name(Requirement(r).name) for r in requires}
    assert not names & {"ruff", "mypy", "mkdocs", "playwright", "build", "twine"}
    for extra in EXTRAS - {"workbook"}:
        assert "pytest" not in _extra_requirements(release, extra), extra


def _extra_requirements(release: Release, extra: str) -> set[str]:
    found: set[str] = set()
    for line in release.meta.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is not None and requirement.marker.evaluate({"extra": extra}):
            found.add(canonicalize_name(requirement.name))
    return found


#: The README's snippet for each framework, and the extra that must make it importable.
SNIPPET_EXTRA = {
    "mcp-stdio": "mcp",
    "pydantic-ai": "pydantic-ai",
    "langchain": "langchain",
    "openai-agents": "openai-agents",
}


@pytest.mark.parametrize(("label", "extra"), SNIPPET_EXTRA.items())
def test_each_extra_installs_what_the_readmes_snippet_imports(
    release: Release, label: str, extra: str
) -> None:
    """Every package the README's example imports (beyond tool_outcomes) is a requirement of
    its extra: `pip install "tool-outcomes[langchain]"` is enough to run `create_agent`."""
    block = re.search(rf"<!-- readme-example: {label} -->\s*```python\n(.*?)```", README, re.S)
    assert block is not None
    imported = set(re.findall(r"^(?:from|import) (\w+)", block[1], re.M)) - {"tool_outcomes"}
    assert imported
    distributions = metadata.packages_distributions()
    wanted = _extra_requirements(release, extra)
    for module in imported:
        providers = {canonicalize_name(d) for d in distributions[module]}
        assert providers & wanted, f"{module} comes from {providers}, not from [{extra}]: {wanted}"


# -- contents ---------------------------------------------------------------------------------


def test_the_wheel_ships_the_package_its_types_and_its_data(release: Release) -> None:
    """Every module of src/, py.typed, the workbook's fixtures and its Markdown."""
    source = {
        p.relative_to(ROOT / "src").as_posix()
        for p in (ROOT / "src" / "tool_outcomes").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert source <= release.wheel_names
    assert "tool_outcomes/py.typed" in release.wheel_names
    fixtures = {
        f"tool_outcomes/workbook/fixtures/{p.relative_to(ROOT / 'fixtures').as_posix()}"
        for p in (ROOT / "fixtures").rglob("*")
        if p.is_file()
    }
    assert fixtures
    assert fixtures <= release.wheel_names


@pytest.mark.parametrize(
    "pattern",
    [
        r"^tests/",
        r"^notebooks/",
        r"^docs/",
        r"^skills/",
        r"^scripts/",
        r"^benchmarks/",
        r"(^|/)dev\.py$",
        r"constraints\.txt$",
        r"^\.(?!gitignore$)",
        r"/\.",
        r"__pycache__",
        r"\.pyc$",
        r"mkdocs\.yml$",
        r"^site/",
    ],
)
def test_what_must_not_ship_is_in_neither(release: Release, pattern: str) -> None:
    """No tests, notebooks, docs, contributor scripts, caches or hidden files in a release
    (hatchling always puts .gitignore in an sdist, which tells what a checkout leaves out)."""
    rule = re.compile(pattern)
    assert not [n for n in release.wheel_names if rule.search(n)]
    assert not [n for n in release.sdist_names if rule.search(n)]


def test_the_sdist_carries_what_builds_the_wheel_and_its_history(release: Release) -> None:
    """pyproject.toml, the README it renders, the license, the changelog, src and fixtures."""
    for name in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "PKG-INFO"):
        assert name in release.sdist_names
    assert "src/tool_outcomes/__init__.py" in release.sdist_names
    assert any(n.startswith("fixtures/") for n in release.sdist_names)


# -- the README the package index shows ---------------------------------------------------------

_TARGET = re.compile(r"\]\(([^)\s]+)[^)]*\)|(?:href|src)=\"([^\"]+)\"")


def _index_readme(release: Release) -> str:
    assert release.meta.get_content_type() == "text/plain"  # the body of METADATA
    assert release.meta["Description-Content-Type"] == "text/markdown"
    body = release.meta.get_payload()
    assert isinstance(body, str)
    return body


def test_the_index_readme_has_no_relative_link(release: Release) -> None:
    """Every link and image on the index page is absolute: a relative one goes nowhere there."""
    body = _index_readme(release)
    targets = [a or b for a, b in _TARGET.findall(body)]
    assert targets, "the index README has no link at all"
    relative = [t for t in targets if not re.match(r"https://", t)]
    assert relative == []


def test_the_index_readme_is_for_pip_users(release: Release) -> None:
    """It opens with the title, has install and the example, and none of the contributor
    sections (dev.py, the workbook's set-up, the repository layout)."""
    body = _index_readme(release)
    assert body.startswith("# tool-outcomes")
    assert "pip install tool-outcomes" in body
    assert "<!-- readme-example: classify -->" in body
    for contributor in ("dev.py", "## Developing", "## Layout", "## The workbook"):
        assert contributor not in body
    assert "<!-- index:" not in body


def test_the_index_readme_links_docs_pages_to_the_site(release: Release) -> None:
    """A link to a page of docs/ goes to that page of the site, a folder's index to the folder."""
    body = _index_readme(release)
    assert "https://tool-outcomes.github.io/tool-outcomes/quickstart/)" in body
    assert "https://tool-outcomes.github.io/tool-outcomes/reference/)" in body
    assert "/blob/main/CHANGELOG.md)" in body

"""Every Python example on the documentation site and in the agent skill runs as written.

Each page's ```python blocks run top to bottom in one namespace (a module of its own), offline:
a connection to anything but 127.0.0.1 fails the page. A block preceded by the line
``<!-- docs: no-run -->`` (it needs a real model API or the network) is compiled, not run, and
reported as a skip with its page and line, so none hides. A new page is picked up by itself.
"""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NO_RUN = "<!-- docs: no-run -->"
#: Where examples live: the site's pages and the agent skill.
SOURCES = (ROOT / "docs", ROOT / "skills")

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)[^\n]*\n(?P<code>.*?)^(?P=indent)```", re.S | re.M
)


@dataclass(frozen=True)
class Block:
    """One fenced Python block of a page."""

    page: Path
    line: int  # the line of its opening fence, counted from 1
    code: str
    run: bool

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def python_blocks(page: Path) -> list[Block]:
    """The page's ```python blocks, in order; each marked whether it is run."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in _FENCE.finditer(text):
        if match["lang"] != "python":
            continue
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1].strip()
        indent = match["indent"]
        code = "".join(line.removeprefix(indent) for line in match["code"].splitlines(True))
        line = text.count("\n", 0, match.start()) + 1
        blocks.append(Block(page, line, code, run=before != NO_RUN))
    return blocks


def pages() -> list[Path]:
    return sorted(p for source in SOURCES for p in source.rglob("*.md"))


def _page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


PAGES_WITH_CODE = [p for p in pages() if any(b.run for b in python_blocks(p))]
NOT_RUN = [b for p in pages() for b in python_blocks(p) if not b.run]


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any connection to a host other than 127.0.0.1 (or ::1) fails."""
    connect = socket.socket.connect

    def loopback_only(self: socket.socket, address: Any) -> Any:
        host = address[0] if isinstance(address, tuple) else address
        if self.family in (socket.AF_INET, socket.AF_INET6) and host not in ("127.0.0.1", "::1"):
            raise ConnectionRefusedError(f"docs examples run offline: no connection to {host}")
        return connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", loopback_only)

    def no_lookup(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(f"docs examples run offline: no name lookup of {args[0]!r}")

    real_getaddrinfo = socket.getaddrinfo

    def loopback_lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host in ("127.0.0.1", "::1", "localhost", None):
            return real_getaddrinfo(host, *args, **kwargs)
        return no_lookup(host)

    monkeypatch.setattr(socket, "getaddrinfo", loopback_lookup)


@pytest.fixture
def page_module() -> Iterator[types.ModuleType]:
    """A fresh module to run a page in (pydantic resolves generics through sys.modules)."""
    module = types.ModuleType("docs_page")
    sys.modules[module.__name__] = module
    # A framework's run_sync may adopt the thread's event loop and leave it open on purpose:
    # give it one this test owns and closes.
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield module
    finally:
        del sys.modules[module.__name__]
        asyncio.set_event_loop(None)
        loop.close()


@pytest.mark.usefixtures("offline")
@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=_page_id)
def test_the_pages_python_runs_top_to_bottom(page: Path, page_module: types.ModuleType) -> None:
    """Each runnable block of the page runs after the ones above it, and its asserts hold."""
    for block in python_blocks(page):
        if not block.run:
            continue
        # Blank lines before the code, so a traceback names the line of the page.
        code = compile("\n" * block.line + block.code, str(block.page), "exec")
        exec(code, page_module.__dict__)


@pytest.mark.parametrize("block", NOT_RUN, ids=lambda b: b.where)
def test_a_block_marked_no_run_is_still_python(block: Block) -> None:
    """A block that cannot run offline still compiles; it is reported as skipped, by name."""
    compile(block.code, block.where, "exec")
    pytest.skip(f"{block.where}: marked {NO_RUN}")


def test_the_examples_are_found(tmp_path: Path) -> None:
    """The block finder sees a run block, a no-run block, an indented block, and no other
    language; the site has runnable examples at all."""
    page = tmp_path / "page.md"
    page.write_text(
        "# t\n\n```python\nx = 1\n```\n\n"
        f"{NO_RUN}\n```python\ny = 2\n```\n\n"
        "```bash\nls\n```\n\n"
        "!!! note\n    ```python\n    z = 3\n    ```\n",
        encoding="utf-8",
    )
    blocks = python_blocks(page)
    assert [(b.code, b.run, b.line) for b in blocks] == [
        ("x = 1\n", True, 3),
        ("y = 2\n", False, 8),
        ("z = 3\n", True, 17),
    ]
    assert len(PAGES_WITH_CODE) >= 8

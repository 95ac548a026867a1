"""Caps and decoders: a body's ``Content-Encoding`` undone with bounded output, counted to a cap.

The cap counts *decoded* bytes. The raw stream is read as it came off the wire and every
``Content-Encoding`` layer (``gzip``, ``deflate``, stacked ones included) is inflated here, at
most :data:`PIECE_BYTES` at a time, so a 3 KB gzip bomb costs the cap, not gigabytes. An encoding
this module cannot inflate that way is refused, and never advertised (:func:`accept_encoding`).
:class:`Body` gathers decoded bytes up to the cap; :class:`Whole` counts a body httpx already
read (a mock built from bytes) against the same two caps without a decoder.
"""

from __future__ import annotations

import functools
import itertools
import zlib
from collections.abc import Callable, Iterable, Iterator
from io import BytesIO
from typing import Protocol

import httpx

__all__ = [
    "ACCEPT_ENCODING",
    "DEFAULT_MAX_BODY_BYTES",
    "MAX_ENCODING_LAYERS",
    "PIECE_BYTES",
    "Body",
    "ContentDecoder",
    "Whole",
    "accept_encoding",
]

#: The default byte cap on a response body (decoded bytes): 10 MiB.
DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024
#: The most bytes one inflate step produces; what a bomb can cost beyond the cap, per layer.
PIECE_BYTES = 16 * 1024
#: The most ``Content-Encoding`` layers inflated; more is refused as a protocol failure.
MAX_ENCODING_LAYERS = 3
#: The codings this module inflates, as sent in ``Accept-Encoding``.
ACCEPT_ENCODING = "gzip, deflate"


class _Layer(Protocol):
    def feed(self, data: bytes) -> Iterator[bytes]: ...

    def flush(self) -> Iterator[bytes]: ...


_GZIP_MAGIC = b"\x1f\x8b"


class _Inflate:
    """One gzip or deflate layer, inflated at most :data:`PIECE_BYTES` per step."""

    def __init__(self, coding: str) -> None:
        self._gzip = coding in ("gzip", "x-gzip")
        self._wbits = zlib.MAX_WBITS | 16 if self._gzip else zlib.MAX_WBITS
        self._inflater = zlib.decompressobj(self._wbits)
        # "deflate" is meant to be zlib-wrapped, but some servers send raw deflate: as httpx
        # does, the first failure switches to raw once.
        self._may_switch_to_raw = not self._gzip
        self._done = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        while not self._done:
            try:
                out = self._inflater.decompress(data, PIECE_BYTES)
            except zlib.error as exc:
                if not self._may_switch_to_raw:
                    why = f"the body is not valid {self._name()}: {exc}"
                    raise httpx.DecodingError(why) from exc
                self._may_switch_to_raw = False
                self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                continue
            self._may_switch_to_raw = False
            if out:
                yield out
            data = self._inflater.unconsumed_tail
            if self._inflater.eof:
                data = self._next_member()
            if not data and len(out) < PIECE_BYTES:
                return  # all input taken and nothing pending

    def _next_member(self) -> bytes:
        """After a gzip member, another may follow (RFC 1952 §2.2); anything else is ignored."""
        rest = self._inflater.unused_data
        if self._gzip and rest.startswith(_GZIP_MAGIC):
            self._inflater = zlib.decompressobj(self._wbits)
            return rest
        self._done = True  # trailing bytes after the stream: ignored, as httpx ignores them
        return b""

    def flush(self) -> Iterator[bytes]:
        yield from self.feed(b"")

    def _name(self) -> str:
        return "gzip" if self._gzip else "deflate"


class _Identity:
    def feed(self, data: bytes) -> Iterator[bytes]:
        if data:
            yield data

    def flush(self) -> Iterator[bytes]:
        return iter(())


_LAYERS: dict[str, Callable[[str], _Layer]] = {
    "gzip": _Inflate,
    "x-gzip": _Inflate,
    "deflate": _Inflate,
}


class ContentDecoder:
    """The ``Content-Encoding`` of a response, undone layer by layer with bounded output.

    Feed it the raw body as it arrives; it yields decoded pieces of at most
    :data:`PIECE_BYTES`, so whoever counts them can stop at a cap before anything larger exists.
    """

    def __init__(self, headers: httpx.Headers) -> None:
        """Build the layers a response's ``Content-Encoding`` names.

        Raises:
            httpx.DecodingError: for a coding this module cannot inflate with bounded output,
                or more than :data:`MAX_ENCODING_LAYERS` of them.
        """
        codings = [
            value.strip().lower()
            for value in headers.get_list("content-encoding", split_commas=True)
            if value.strip() and value.strip().lower() != "identity"
        ]
        unknown = sorted({c for c in codings if c not in _LAYERS})
        if unknown:
            raise httpx.DecodingError(
                f"Content-Encoding {', '.join(unknown)} is not one this client inflates "
                f"(it asked for {ACCEPT_ENCODING})"
            )
        if len(codings) > MAX_ENCODING_LAYERS:
            raise httpx.DecodingError(
                f"Content-Encoding stacks {len(codings)} layers ({', '.join(codings)}); "
                f"at most {MAX_ENCODING_LAYERS} are inflated"
            )
        # The header lists codings in the order they were applied: undo the last first.
        self._layers: list[_Layer] = [_LAYERS[c](c) for c in reversed(codings)] or [_Identity()]

    def feed(self, raw: bytes) -> Iterator[bytes]:
        """The decoded pieces ``raw`` yields (each at most :data:`PIECE_BYTES`)."""
        pieces: Iterable[bytes] = (raw,)
        for layer in self._layers:
            pieces = _through(layer, pieces)
        yield from pieces

    def flush(self) -> Iterator[bytes]:
        """What the layers still hold once the raw stream has ended."""
        pieces: Iterable[bytes] = ()
        for layer in self._layers:
            pieces = itertools.chain(_through(layer, pieces), layer.flush())
        yield from pieces


def _through(layer: _Layer, pieces: Iterable[bytes]) -> Iterator[bytes]:
    for piece in pieces:
        yield from layer.feed(piece)


@functools.lru_cache(maxsize=64)  # a client sends the same value call after call
def accept_encoding(current: str | None) -> str:
    """The client's ``Accept-Encoding`` less the codings this module cannot bound."""
    if current is None:
        return ACCEPT_ENCODING
    kept = [
        part.strip()
        for part in current.split(",")
        if part.split(";")[0].strip().lower() in (*_LAYERS, "identity", "*")
    ]
    return ", ".join(kept) if kept else "identity"


def raw_cap(max_bytes: int | None) -> int | None:
    """The most raw bytes read for a cap on decoded ones: raw bytes that decode to nothing
    (empty gzip members, say) are bounded too."""
    return None if max_bytes is None else 2 * max_bytes + PIECE_BYTES


class Body:
    """Decoded bytes gathered up to a cap, without a copy at the end."""

    def __init__(self, max_bytes: int | None, headers: httpx.Headers | None) -> None:
        self.decoder = ContentDecoder(headers or httpx.Headers())
        self._max = max_bytes
        self._max_raw = raw_cap(max_bytes)
        self._raw = 0
        self._buffer = BytesIO()
        self.size = 0

    def add_raw(self, raw: bytes) -> bool:
        """Decode ``raw`` into the body; False once the cap is reached (stop reading)."""
        self._raw += len(raw)
        if self._max_raw is not None and self._raw > self._max_raw:
            return False
        return self._add(self.decoder.feed(raw))

    def finish(self) -> bool:
        """Take what the decoder still holds; False if that reached the cap."""
        return self._add(self.decoder.flush())

    def _add(self, pieces: Iterator[bytes]) -> bool:
        for piece in pieces:
            if self._max is not None and self.size + len(piece) > self._max:
                self._buffer.write(piece[: self._max - self.size])
                self.size = self._max
                return False
            self._buffer.write(piece)
            self.size += len(piece)
        return True

    def bytes(self) -> bytes:
        # BytesIO hands over its own buffer when nothing else shares it: no second copy.
        return self._buffer.getvalue()


class Whole:
    """A :class:`Body` for content httpx already read and decoded (a mock built from bytes).

    It keeps what :class:`Body` keeps with nothing to inflate, counting the same two caps,
    without a decoder or a buffer: a piece within the cap is kept as it is.
    """

    def __init__(self, max_bytes: int | None) -> None:
        self._max = max_bytes
        self._max_raw = raw_cap(max_bytes)
        self._raw = 0
        self._pieces: list[bytes] = []
        self.size = 0

    def add_raw(self, raw: bytes) -> bool:
        """Count ``raw`` into the body; False once the cap is reached (stop reading)."""
        self._raw += len(raw)
        if self._max_raw is not None and self._raw > self._max_raw:
            return False
        if not raw:
            return True
        if self._max is not None and self.size + len(raw) > self._max:
            self._pieces.append(raw[: self._max - self.size])
            self.size = self._max
            return False
        self._pieces.append(raw)
        self.size += len(raw)
        return True

    def finish(self) -> bool:
        """Nothing is held back: never at the cap."""
        return True

    def bytes(self) -> bytes:
        return self._pieces[0] if len(self._pieces) == 1 else b"".join(self._pieces)

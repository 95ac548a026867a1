"""Transport: send a tool's request and read its body with a byte cap and a deadline.

The only code that touches a socket. Its modules are the path a request takes, in order:

1. ``_rebuild``  — the handler's request put together again on the client that sends it
   (the client's base URL, headers and timeout; the deadline shortens the timeout;
   ``Accept-Encoding`` names only what ``_decode`` inflates);
2. ``_deadline`` — what is left of the overall deadline, and the watchdog thread that shuts a
   sync call's socket when it passes;
3. ``_send``     — send and read: stop at the byte cap, at the deadline, or where the stream
   broke, keeping what arrived (:func:`send_sync`, :func:`send_async`, :func:`read_sync`);
4. ``_decode``   — the caps and decoders it reads through: every ``Content-Encoding`` layer
   inflated with bounded output, the cap counted in decoded bytes;
5. ``_evidence`` — what came back, handed on as :class:`~tool_outcomes.evidence.Evidence`
   (how far a failed request got: :data:`STAGES`).

``_httpx_private`` holds the one reliance on httpx's and httpcore's private attributes (the
socket of a pooled connection, the client's private build methods), each with its fallback.

Three bounds hold whatever the upstream sends:

* **Memory.** The cap counts *decoded* bytes, inflated at most :data:`PIECE_BYTES` at a time, so
  a 3 KB gzip bomb costs the cap, not gigabytes.
* **Time.** The overall deadline covers connecting, the response headers and the body. Under
  asyncio every await is bounded by what is left of it; a sync call's blocked read is ended by
  the watchdog shutting its socket (or, where the socket cannot be found, by a check between
  chunks: one read timeout late at most).
* **Resources.** Every response is closed, and every watchdog alarm cancelled, on every path.
"""

from tool_outcomes.evidence import BodyCut

from ._deadline import DEADLINE_PASSED, remaining_s
from ._decode import (
    ACCEPT_ENCODING,
    DEFAULT_MAX_BODY_BYTES,
    MAX_ENCODING_LAYERS,
    PIECE_BYTES,
    ContentDecoder,
)
from ._evidence import STAGES, evidence_of, exception_evidence, response_evidence, stage_of
from ._rebuild import rebuild
from ._send import Read, read_sync, send_async, send_sync

__all__ = [
    "ACCEPT_ENCODING",
    "DEADLINE_PASSED",
    "DEFAULT_MAX_BODY_BYTES",
    "MAX_ENCODING_LAYERS",
    "PIECE_BYTES",
    "STAGES",
    "BodyCut",
    "ContentDecoder",
    "Read",
    "evidence_of",
    "exception_evidence",
    "read_sync",
    "rebuild",
    "remaining_s",
    "response_evidence",
    "send_async",
    "send_sync",
    "stage_of",
]

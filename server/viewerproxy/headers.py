"""HTTP header blocks read as the standard library reads them, without ``email.parser`` for the
plain ones.

``http.client.parse_headers`` (used by ``http.server`` for every request the proxy reads and by
``http.client`` for every answer of a file server) hands the block to ``email.parser``, whose
feed parser was a quarter of the proxy's CPU per replayed record (py-spy, issue 36). Nearly every
block is plain: ``Name: value`` lines, nothing folded, nothing odd. Those are parsed here into the
same ``HTTPMessage`` (the same ``(name, value)`` pairs, the same payload and no defects, as the
``compat32`` policy stores them); any other block (a folded line, a line without a name, a bare
CR, a line that is no header) goes to ``email.parser`` exactly as before. The
line and count limits are the standard library's (65,536 bytes, 100 headers) with its errors.

:func:`install` puts :func:`parse_headers` in ``http.client``'s place; only the proxy process
calls it (its own process: no other code shares that module there but the file server client).
"""
from __future__ import annotations

import email.parser
import http.client
import re
from typing import BinaryIO

MAX_LINE = 65536         # http.client._MAXLINE
MAX_HEADERS = 100        # http.client._MAXHEADERS

#: a plain header line as compat32 stores it: a name of printable ASCII without ``:`` (what the
#: feed parser takes for a header), the value after any spaces and tabs, up to the line's end
_PLAIN = re.compile(r"([\x21-\x39\x3b-\x7e]+):[ \t]*([^\r\n]*)(?:\r?\n)?")


def parse_headers(fp: BinaryIO, _class: type[http.client.HTTPMessage] = http.client.HTTPMessage
                  ) -> http.client.HTTPMessage:
    """``http.client.parse_headers``: the header block at ``fp``, up to and with its empty line."""
    lines = []
    while True:
        line = fp.readline(MAX_LINE + 1)
        if len(line) > MAX_LINE:
            raise http.client.LineTooLong("header line")
        lines.append(line)
        if len(lines) > MAX_HEADERS:
            raise http.client.HTTPException(f"got more than {MAX_HEADERS} headers")
        if line in (b"\r\n", b"\n", b""):
            break
    msg = _class()
    for line in lines[:-1]:
        m = _PLAIN.fullmatch(line.decode("iso-8859-1"))
        if m is None:
            return email.parser.Parser(_class=_class).parsestr(b"".join(lines).decode("iso-8859-1"))
        msg.set_raw(m[1], m[2])
    msg.set_payload("")
    return msg


def install() -> None:
    """Use :func:`parse_headers` for every header block ``http.client`` and ``http.server`` read in
    this process."""
    http.client.parse_headers = parse_headers

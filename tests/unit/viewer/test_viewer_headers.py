"""The proxy's header parsing (server/viewerproxy/headers.py) gives exactly what the standard
library's gives, for plain blocks and for every odd one it hands back to ``email.parser``."""
from __future__ import annotations

import http.client
import io
import random

import pytest

from server.viewerproxy.headers import parse_headers

BLOCKS = [
    b"\r\n",
    b"\n",
    b"",
    b"Host: a\r\n\r\n",
    b"Host: a\r\nAccept:  text/html  \r\nX-Empty:\r\nX-Tab:\tv\r\n\r\nbody",
    b"Host: a\nUser-Agent: x\n\n",
    b"Host: a\r\nX-Folded: one\r\n two\r\n\r\n",          # folded: email.parser's
    b" leading: space\r\nHost: a\r\n\r\n",
    b"No colon here\r\nHost: a\r\n\r\n",
    b"Host : a\r\n\r\n",                                   # space before the colon
    b"From nobody\r\nHost: a\r\n\r\n",
    b"Host: a\rX-Cr: b\r\n\r\n",                           # a bare CR splits the line there
    b"Host: a\r\r\n\r\n",
    b"X-Latin: caf\xe9\r\nHost: a\r\n\r\n",
    b"Host: a\r\nHost: b\r\n\r\n",                          # repeated names stay in order
    b"Host: a",                                            # cut short
    b":novalue\r\n\r\n",
    b"Set-Cookie: a=b; Path=/\r\nset-cookie: c=d\r\n\r\n",
]


def _same(block: bytes) -> None:
    ours = parse_headers(io.BytesIO(block))
    theirs = http.client.parse_headers(io.BytesIO(block))
    assert type(ours) is type(theirs)
    def state(msg):   # defects are objects without equality: compared by what they are
        return {k: (repr(v) if k == "defects" else v) for k, v in msg.__dict__.items()}

    assert state(ours) == state(theirs)
    assert ours.items() == theirs.items()
    assert ours.get("host") == theirs.get("host")


@pytest.mark.parametrize("block", BLOCKS)
def test_the_same_message_as_the_standard_library(block):
    _same(block)


def test_the_same_message_for_random_blocks():
    rnd = random.Random(36)
    alphabet = [b"a", b"B", b"-", b":", b" ", b"\t", b"\r", b"\n", b"\r\n", b"\xe9", b"From ", b"X: y\r\n"]
    for _ in range(3000):
        block = b"".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 30))) + b"\r\n\r\n"
        _same(block)


def test_the_standard_library_s_limits():
    with pytest.raises(http.client.LineTooLong):
        parse_headers(io.BytesIO(b"X: " + b"a" * 70000 + b"\r\n\r\n"))
    with pytest.raises(http.client.HTTPException):
        parse_headers(io.BytesIO(b"X: a\r\n" * 101 + b"\r\n"))


def test_the_rest_of_the_stream_is_left_unread():
    fp = io.BytesIO(b"Host: a\r\n\r\nbody")
    parse_headers(fp)
    assert fp.read() == b"body"

"""The HTTP client's connection protocol (``_Wire``): a response head is cut from its buffer
whatever pieces it arrives in, as the line-by-line reader did; reads time out after the idle
time or the fetch's deadline; a connection stops reading while much is left unread."""
from __future__ import annotations

import asyncio

import pytest

from server.crawler.http_client import _HIGH_WATER, _BadResponse, _Wire

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Folded: a\r\n b\r\nContent-Length: 2\r\n\r\n"
BARE = b"HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 2\n\n"


class _Transport:
    def __init__(self) -> None:
        self.paused = False
        self.closed = False

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


async def _feed_then_read(pieces: list[bytes], reused: bool = False, limit: int = 65536):
    wire = _Wire(limit)
    wire.connection_made(_Transport())
    wire.expect(5, asyncio.get_running_loop().time() + 5)

    async def feed() -> None:
        for piece in pieces:
            await asyncio.sleep(0)
            wire.data_received(piece)

    feeder = asyncio.create_task(feed())
    try:
        head = await wire.read_head(limit, reused)
        await feeder
        return head, bytes(wire.buf)
    finally:
        wire.done()


@pytest.mark.parametrize("head", [HEAD, BARE], ids=["crlf", "bare-lf"])
def test_a_head_split_anywhere_is_read_whole_and_the_body_stays(head):
    data = head + b"ok"
    for cut in range(1, len(data)):
        assert asyncio.run(_feed_then_read([data[:cut], data[cut:]])) == (head, b"ok")
    assert asyncio.run(_feed_then_read([bytes([b]) for b in data])) == (head, b"ok")


def test_stray_blank_lines_before_a_reused_connections_head_are_skipped():
    assert asyncio.run(_feed_then_read([b"\r\n", b"\n\r", b"\n" + HEAD + b"ok"], reused=True)) == (HEAD, b"ok")
    with pytest.raises(_BadResponse):  # a fresh connection has no previous body to excuse them
        asyncio.run(_feed_then_read([b"\r\n" + HEAD]))


def test_a_bad_status_line_fails_as_soon_as_it_is_complete():
    # no blank line ever follows: the reader must not wait for one
    with pytest.raises(_BadResponse, match="malformed status line"):
        asyncio.run(_feed_then_read([b"SSH-2.0-OpenSSH\r\n", b"more"]))


def test_a_head_longer_than_its_limit_is_refused():
    with pytest.raises(asyncio.LimitOverrunError):
        asyncio.run(_feed_then_read([b"HTTP/1.1 200 OK\r\n", b"X: " + b"y" * 500 + b"\r\n\r\n"], limit=200))
    with pytest.raises(asyncio.LimitOverrunError):  # no end in sight, the buffer past the limit
        asyncio.run(_feed_then_read([b"HTTP/1.1 200 OK\r\nX: " + b"y" * 500], limit=200))


def test_readuntil_and_read_as_streams_do():
    async def go():
        wire = _Wire(100)
        wire.connection_made(_Transport())
        wire.data_received(b"5\r\nhello\r\n0\r\n")
        assert await wire.readuntil(b"\n") == b"5\r\n"
        assert await wire.read(3) == b"hel"
        assert await wire.read(100) == b"lo\r\n0\r\n"
        wire.data_received(b"x" * 150)
        with pytest.raises(asyncio.LimitOverrunError):
            await wire.readuntil(b"\n")
        wire.buf.clear()
        wire.data_received(b"partial")
        wire.eof_received()
        with pytest.raises(asyncio.IncompleteReadError):
            await wire.readuntil(b"\n")
        assert await wire.read(10) == b""
        assert wire.at_eof()

    asyncio.run(go())


def test_a_lost_connection_raises_its_error_to_the_reader():
    async def go():
        wire = _Wire(100)
        wire.connection_made(_Transport())
        reader = asyncio.create_task(wire.read(10))
        await asyncio.sleep(0)
        wire.connection_lost(ConnectionResetError("reset"))
        with pytest.raises(ConnectionResetError):
            await reader

    asyncio.run(go())


def test_reads_time_out_when_idle_but_not_while_data_keeps_coming():
    async def go():
        loop = asyncio.get_running_loop()
        wire = _Wire(100)
        wire.connection_made(_Transport())
        wire.expect(0.2, loop.time() + 30)
        got = b""
        for _ in range(6):  # 0.6 s in all, never 0.2 s without data: the timer is set again
            loop.call_later(0.1, wire.data_received, b"x")
            got += await wire.read(10)
        assert got == b"xxxxxx"
        started = loop.time()
        with pytest.raises(TimeoutError):
            await wire.read(10)
        assert loop.time() - started >= 0.19
        with pytest.raises(TimeoutError):  # an expired fetch stays expired
            await wire.read(10)
        wire.done()

    asyncio.run(go())


def test_reads_end_at_the_fetch_deadline_even_while_data_comes():
    async def go():
        loop = asyncio.get_running_loop()
        wire = _Wire(100)
        wire.connection_made(_Transport())
        wire.expect(10, loop.time() + 0.3)
        with pytest.raises(TimeoutError):
            while True:
                loop.call_later(0.05, wire.data_received, b"x")
                await wire.read(10)
        wire.done()

    asyncio.run(go())


def test_a_kept_alive_connections_timer_serves_its_next_fetch():
    """A fetch leaves its timer set; the next fetch on the connection uses it when it is due
    first (else sets its own), and times out at its own idle time or deadline all the same."""
    async def go():
        loop = asyncio.get_running_loop()
        wire = _Wire(100)
        wire.connection_made(_Transport())
        wire.expect(0.1, loop.time() + 30)
        loop.call_later(0.01, wire.data_received, b"x")
        assert await wire.read(10) == b"x"
        wire.done()
        timer = wire._timer
        wire.expect(0.3, loop.time() + 30)  # at once: the first timer is due sooner, and serves
        assert wire._timer is timer
        started = loop.time()
        with pytest.raises(TimeoutError):
            await wire.read(10)
        assert 0.29 <= loop.time() - started < 1.5  # this fetch's idle time, not the first one's
        wire.done()
        wire.expect(0.1, loop.time() + 30)
        wire.done()
        await asyncio.sleep(0.3)  # that fetch's timer fires meanwhile, and does nothing
        assert not wire._expired
        wire.expect(0.2, loop.time() + 30)  # the next fetch: idle 0.2 s
        started = loop.time()
        with pytest.raises(TimeoutError):
            await wire.read(10)
        assert 0.19 <= loop.time() - started < 1.5
        wire.done()
        wire.expect(5, loop.time() + 0.2)  # a deadline sooner than the timer still set (5 s idle)
        wire.expect(5, loop.time() + 0.1)
        started = loop.time()
        with pytest.raises(TimeoutError):
            await wire.read(10)
        assert 0.09 <= loop.time() - started < 1.5
        wire.stop_timer()
        assert wire._timer is None

    asyncio.run(go())


def test_reading_pauses_while_much_is_unread_and_resumes_when_read():
    async def go():
        wire = _Wire(100)
        transport = _Transport()
        wire.connection_made(transport)
        wire.data_received(b"x" * (_HIGH_WATER + 1))
        assert transport.paused
        while wire.buf:
            await wire.read(256 * 1024)
        reader = asyncio.create_task(wire.read(10))
        await asyncio.sleep(0)
        assert not transport.paused  # waiting for more: reading goes on
        wire.data_received(b"y")
        assert await reader == b"y"

    asyncio.run(go())

"""Every address a name resolves to is tried in turn (issue #18: Debian's ``::1 localhost`` line
made the crawler use only ::1 and never reach a server listening on 127.0.0.1)."""
from __future__ import annotations

import asyncio
import socket

import pytest

from server.crawler import status_codes as sc
from server.crawler.http_client import HttpClient
from server.crawler.spec import Fetch


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_an_address_that_does_not_answer_is_skipped_for_the_next(web):
    async def go():
        client = HttpClient(Fetch(connect_timeout_s=10), "test-agent")
        try:
            # ::1 first, where nothing listens on this port (or no IPv6 at all), then 127.0.0.1.
            return await client.fetch(f"http://localhost:{web.port}/page/3", "::1,127.0.0.1")
        finally:
            await client.close()

    capture = asyncio.run(go())
    assert capture.status == 200 and capture.ip == "127.0.0.1"


def test_when_no_address_answers_the_connection_fails():
    from server.crawler.http_client import FetchError

    port = _closed_port()

    async def go():
        client = HttpClient(Fetch(connect_timeout_s=10, max_retries=0), "test-agent")
        try:
            return await client.fetch(f"http://localhost:{port}/", "::1,127.0.0.1")
        finally:
            await client.close()

    with pytest.raises(FetchError) as exc:
        asyncio.run(go())
    assert exc.value.code == sc.S_CONNECT_FAILED

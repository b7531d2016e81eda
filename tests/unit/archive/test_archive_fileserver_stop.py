"""The file server ends when it is stopped, without waiting for a poll interval, and a server
that could not bind says why (its wake-up pipe is made only for a server that listens)."""
from __future__ import annotations

import socket
import urllib.request

import pytest

from server.archive.fileserver import FileServer


def test_a_stopped_server_served_until_then_and_listens_no_more(tmp_path):
    path = tmp_path / "f.warc"
    path.write_bytes(b"abc")
    server = FileServer("127.0.0.1:0").start()
    url = server.offer(str(path))
    with urllib.request.urlopen(url, timeout=10) as r:
        assert r.read() == b"abc"
    port, thread = server._server.server_address[1], server._thread
    server.stop()
    thread.join(10)
    assert not thread.is_alive()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=5):
        pass


def test_a_server_stopped_at_once_after_starting_ends_too():
    for _ in range(20):                     # stop() before or after the serving thread got going
        server = FileServer("127.0.0.1:0").start()
        thread = server._thread
        server.stop()
        thread.join(10)
        assert not thread.is_alive()


def test_a_server_that_cannot_bind_raises_the_os_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            FileServer(f"127.0.0.1:{taken.getsockname()[1]}").start()

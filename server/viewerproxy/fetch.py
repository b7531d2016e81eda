"""Kept-alive connections from the proxy to the bitarchives' file servers, for record fetches.

A replayed record costs one GET to a file server. Through ``requests`` that GET cost the proxy
about a fifth of its CPU per request (preparing and merging the request, cookie and hook
machinery, urllib3's pool bookkeeping; measured with py-spy in issue 36), more than reading and
verifying the record itself. On a busy host the proxy's CPU per request is its latency, so record
fetches over ``http://`` go through :class:`FileServerConnections`: ``http.client`` connections kept
per file server, one request at a time each, nothing else. Other schemes (a file server behind
TLS) keep going through the ``requests`` session, whose certificate handling is the proven one.

Only what :func:`server.viewerproxy.records.open_record` and
:func:`server.archive.remotefile.raise_typed_refusal` read of a response is offered
(:class:`Fetched`: ``status_code``, ``headers``, ``raw``, ``json()``, ``close()``); errors are
``OSError`` or ``http.client.HTTPException``, which the caller says as Unavailable.
"""
from __future__ import annotations

import http.client
import json
import socket
import threading
import urllib.parse
from typing import Any

#: seconds to open a connection to a file server (reads wait up to the fetch timeout)
CONNECT_TIMEOUT = 10.0


class Fetched:
    """One file server answer; ``close()`` gives its connection back when the body was read
    whole, and closes it otherwise (a half-read body cannot share the connection)."""

    def __init__(self, pool: FileServerConnections, key: tuple[str, int], conn: http.client.HTTPConnection,
                 resp: http.client.HTTPResponse):
        self._pool, self._key, self._conn = pool, key, conn
        self.raw = resp
        self.status_code = resp.status
        self.headers = resp.headers

    def json(self) -> Any:
        return json.loads(self.raw.read())

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        if self.raw.isclosed() and not self.raw.will_close:
            self._pool.give_back(self._key, conn)   # the whole body was read: the connection is free
        else:
            self.raw.close()
            conn.close()


class FileServerConnections:
    """At most ``per_server`` idle connections kept for each file server (host, port)."""

    def __init__(self, per_server: int = 64):
        self.per_server = max(1, per_server)
        self._idle: dict[tuple[str, int], list[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()

    def get(self, url: str, timeout: float) -> Fetched:
        """GET ``url`` (``http://`` only); the answer's headers are in, its body is ``raw``. A
        kept connection the file server closed meanwhile is replaced once (a GET is safe to send
        again); any other failure is raised."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not a file server's http URL: {parts.scheme}://{parts.hostname}")
        key = (parts.hostname, parts.port or 80)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        conn = self._take(key)
        if conn is not None:
            try:
                return Fetched(self, key, conn, self._ask(conn, target, key, timeout))
            except (http.client.RemoteDisconnected, ConnectionError, http.client.BadStatusLine):
                conn.close()     # closed by the file server while kept (its idle timeout, a restart)
        conn = self._connect(key, timeout)
        try:
            return Fetched(self, key, conn, self._ask(conn, target, key, timeout))
        except BaseException:
            conn.close()
            raise

    @staticmethod
    def _ask(conn: http.client.HTTPConnection, target: str, key: tuple[str, int],
             timeout: float) -> http.client.HTTPResponse:
        conn.sock.settimeout(timeout)
        host = f"[{key[0]}]" if ":" in key[0] else key[0]
        conn.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if key[1] == 80 else f"{host}:{key[1]}")
        conn.endheaders()
        return conn.getresponse()

    @staticmethod
    def _connect(key: tuple[str, int], timeout: float) -> http.client.HTTPConnection:
        conn = http.client.HTTPConnection(key[0], key[1], timeout=min(timeout, CONNECT_TIMEOUT))
        conn.connect()
        # the request is one small write; without this it could wait for the ACK of the last one
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn

    def _take(self, key: tuple[str, int]) -> http.client.HTTPConnection | None:
        with self._lock:
            idle = self._idle.get(key)
            return idle.pop() if idle else None

    def give_back(self, key: tuple[str, int], conn: http.client.HTTPConnection) -> None:
        with self._lock:
            idle = self._idle.setdefault(key, [])
            if len(idle) < self.per_server:
                idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, {}
        for conns in idle.values():
            for conn in conns:
                conn.close()

"""A raw HTTP/1.1 client on an asyncio protocol that keeps the exact bytes exchanged.

Library clients (aiohttp, httpx) decode chunked transfer encoding and rebuild header lines; an
archive must instead hold what the server sent. This client writes a request it built itself,
reads the status line and headers byte for byte, then reads the body according to its framing
(Content-Length, chunked, or until close) without undoing any encoding. The caller gets a
``Capture`` with the request and response bytes ready for WARC records.

The connection is a plain ``asyncio.Protocol`` (``_Wire``) with one byte buffer, not asyncio's
streams: a response head is cut from the buffer in one piece instead of line by line, and a
fetch's read timeout is one timer that is only re-armed when it fires, instead of a timeout
context rescheduled before every read. Both were a large part of the crawler's CPU per URI.

Connections are kept alive and reused per origin. HTTPS certificates are checked first; a host
whose certificate fails is fetched anyway (an archival crawl must not lose a site to an expired
certificate) and every capture from it carries the verification error.
"""
from __future__ import annotations

import asyncio
import collections
import functools
import hashlib
import socket
import ssl
import time
import zlib
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from server.crawler import status_codes as sc
from server.crawler.disk_space import is_no_space
from server.crawler.spec import Fetch
from server.crawler.spool import DEFAULT_THRESHOLD, Spool, b32_digest, open_body, remove_spool

_BODYLESS = (204, 304)
_READ_CHUNK = 256 * 1024
_MAX_DECODED = 32 * 1024 * 1024  # link extraction never inflates more than this
_HIGH_WATER = 1024 * 1024  # a connection stops reading while this much waits unread


class FetchError(Exception):
    """A fetch that produced no usable HTTP response; ``code`` is a Heritrix status code."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


@dataclass
class Capture:
    """One HTTP exchange as it happened on the wire."""

    url: str
    request: bytes
    head: bytes  # status line and header lines, with the blank line, as received
    body: bytes  # as received: chunk framing and content coding intact (b"" when spooled to a file)
    status: int
    headers: list[tuple[str, str]]
    ip: str | None = None
    truncated: str | None = None  # WARC-Truncated reason: length, time, disconnect
    cert_error: str | None = None
    started: float = 0.0  # epoch seconds
    duration: float = 0.0  # seconds
    reused_connection: bool = False
    spool_path: str | None = None  # the body's file when it was too large to hold in memory
    body_size: int = -1  # bytes of body (-1: len(body))
    # digests computed while the body arrived (None: computed from ``body`` when asked for). The
    # payload digest is over the entity body: chunk framing removed, content coding kept (WARC 1.1).
    payload_sha1: str | None = None
    block_sha1: str | None = None
    stored_sha1: str | None = None  # a chunked body's digest as stored, framing included (older indexes)
    _lower: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.body_size < 0:
            self.body_size = len(self.body)

    def open_body(self):
        """A binary file object over the body as received (the caller closes it)."""
        return open_body(self.body, self.spool_path)

    def body_prefix(self, n: int) -> bytes:
        """The first ``n`` bytes of the body as received."""
        if self.spool_path is None:
            return self.body[:n]
        with open(self.spool_path, "rb") as fh:
            return fh.read(n)

    def discard(self) -> None:
        """Remove the spool file once the capture is recorded."""
        remove_spool(self.spool_path)

    def header(self, name: str) -> str | None:
        if not self._lower:
            self._lower = {k.lower(): v for k, v in reversed(self.headers)}
        return self._lower.get(name.lower())

    @property
    def mime(self) -> str:
        value = self.header("content-type")
        if not value:
            return "unknown" if self.body_size else "no-type"
        return value.split(";", 1)[0].strip().lower() or "unknown"

    @property
    def size(self) -> int:
        return len(self.head) + self.body_size

    @property
    def chunked(self) -> bool:
        return "chunked" in (self.header("transfer-encoding") or "").lower() and self.status not in _BODYLESS

    def payload_digest(self) -> str:
        """``WARC-Payload-Digest``: SHA-1 of the entity body (transfer coding removed, content coding
        kept), in the ``sha1:BASE32`` form."""
        if self.payload_sha1 is None:
            self.payload_sha1 = b32_digest(hashlib.sha1(self.entity_body()).digest())
        return self.payload_sha1

    def stored_digest(self) -> str | None:
        """SHA-1 of the body as stored when that differs from the entity (a chunked body), else None:
        what the crawler wrote as payload digest before it removed chunk framing."""
        if self.stored_sha1 is None and self.chunked and self.spool_path is None:
            self.stored_sha1 = b32_digest(hashlib.sha1(self.body).digest())
        return self.stored_sha1

    def entity_body(self) -> bytes:
        """The body with its chunk framing removed (content coding kept); for a body held in memory."""
        return dechunk(self.body) if self.chunked else self.body

    def decoded_body(self) -> bytes:
        """The entity as a browser would see it: chunks joined and gzip/deflate undone.
        A broken encoding yields what could be decoded, never an exception."""
        # a spooled body is read only as far as link extraction ever looks
        body = self.body if self.spool_path is None else self.body_prefix(_MAX_DECODED)
        if self.chunked:
            body = dechunk(body)
        encoding = (self.header("content-encoding") or "").lower().strip()
        if encoding in ("gzip", "x-gzip", "deflate"):
            wbits = 47 if encoding != "deflate" else 15
            try:
                d = zlib.decompressobj(wbits)
                body = d.decompress(body, _MAX_DECODED)
            except zlib.error:
                try:  # raw deflate, as some servers send it (of the dechunked body, not the framing)
                    body = zlib.decompressobj(-15).decompress(body, _MAX_DECODED)
                except zlib.error:
                    body = b""
        return body


def dechunk(raw: bytes) -> bytes:
    """Join the chunks of a chunked body; tolerant of a truncated or malformed tail."""
    out = bytearray()
    pos = 0
    while pos < len(raw):
        eol = raw.find(b"\n", pos)
        if eol < 0:
            break
        try:
            size = int(raw[pos:eol].split(b";", 1)[0].strip() or b"0", 16)
        except ValueError:
            break
        if size == 0:
            break
        start = eol + 1
        out += raw[start:start + size]
        pos = start + size
        if raw[pos:pos + 2] == b"\r\n":
            pos += 2
        elif raw[pos:pos + 1] == b"\n":
            pos += 1
    return bytes(out)


class _Wire(asyncio.Protocol):
    """One connection's receiving side: the bytes received and not yet taken, and whoever waits
    for more. Reading is paused while more than ``_HIGH_WATER`` bytes wait (bounded memory).

    A fetch arms ``expect(idle, deadline)``: reads then fail with TimeoutError once nothing has
    arrived for ``idle`` seconds or ``deadline`` (loop time) has passed. One timer serves the
    whole fetch; when it fires early (data came meanwhile) it is set again for the new time."""

    def __init__(self, limit: int) -> None:
        self.limit = limit  # the longest line readuntil accepts (the response head's bound)
        self.buf = bytearray()
        self.eof = False
        self.exc: BaseException | None = None
        self.transport: asyncio.Transport | None = None
        self._waiter: asyncio.Future | None = None
        self._paused = False
        self._loop = asyncio.get_running_loop()
        self._idle = 0.0
        self._deadline = 0.0
        self._last = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        self._timing = False  # a fetch is being timed
        self._expired = False

    # -- asyncio.Protocol ------------------------------------------------------------------
    def connection_made(self, transport) -> None:  # noqa: D102
        self.transport = transport

    def data_received(self, data: bytes) -> None:  # noqa: D102
        self.buf += data
        self._last = self._loop.time()
        if len(self.buf) > _HIGH_WATER and not self._paused and self.transport is not None:
            self._paused = True
            self.transport.pause_reading()
        self._wake()

    def eof_received(self) -> bool:  # noqa: D102
        self.eof = True
        self._wake()
        return False  # the transport closes itself

    def connection_lost(self, exc: BaseException | None) -> None:  # noqa: D102
        self.eof = True
        self.exc = exc
        self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    # -- timeouts --------------------------------------------------------------------------
    def expect(self, idle: float, deadline: float) -> None:
        """Time reads from now: at most ``idle`` seconds without data, nothing after ``deadline``."""
        self._idle, self._deadline, self._expired = idle, deadline, False
        self._timing = True
        self._last = self._loop.time()
        due = min(self._last + idle, deadline)
        if self._timer is not None:
            if self._timer_at <= due:
                return  # the last fetch's timer fires first, and is set again for this one then
            self._timer.cancel()
        self._arm(due)

    def _arm(self, due: float) -> None:
        self._timer, self._timer_at = self._loop.call_at(due, self._on_timer), due

    def _on_timer(self) -> None:
        self._timer = None
        if not self._timing:
            return  # the fetch it timed is over
        due = min(self._last + self._idle, self._deadline)
        if self._loop.time() < due:
            self._arm(due)  # data came meanwhile: wait again from the last arrival
            return
        self._expired = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            self._waiter = None
            waiter.set_exception(TimeoutError())

    def done(self) -> None:
        """The fetch is over. Its timer stays set: a kept-alive connection's next fetch uses it
        (one timer less to make and cancel per fetch), and when it fires meanwhile it does nothing."""
        self._timing = False

    def stop_timer(self) -> None:
        """The connection is closed: its timer goes."""
        self._timing = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- reading ---------------------------------------------------------------------------
    async def _more(self) -> None:
        """Wait for more data (or the end of the connection)."""
        if self._expired:
            raise TimeoutError()
        if self._paused and self.transport is not None:
            self._paused = False
            self.transport.resume_reading()
        self._waiter = self._loop.create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None

    def _take(self, n: int) -> bytes:
        data = bytes(self.buf[:n])
        del self.buf[:n]
        return data

    def _check_end(self, wanted: int | None) -> None:
        """At the end of the connection: its error, or the bytes that were still missing."""
        if self.exc is not None:
            raise self.exc
        raise asyncio.IncompleteReadError(self._take(len(self.buf)), wanted)

    async def readuntil(self, sep: bytes = b"\n") -> bytes:
        """Bytes up to and including ``sep``, as StreamReader.readuntil: LimitOverrunError past
        ``limit`` bytes, IncompleteReadError when the connection ends first."""
        start = 0
        while True:
            i = self.buf.find(sep, start)
            if i >= 0:
                return self._take(i + len(sep))
            if len(self.buf) > self.limit:
                raise asyncio.LimitOverrunError("separator not found within the limit", len(self.buf))
            if self.eof:
                self._check_end(None)
            start = max(0, len(self.buf) - len(sep) + 1)
            await self._more()

    async def read(self, n: int) -> bytes:
        """Up to ``n`` bytes as soon as any are there; b"" at the end of the connection."""
        while not self.buf:
            if self.eof:
                if self.exc is not None:
                    raise self.exc
                return b""
            await self._more()
        return self._take(n)

    async def read_head(self, limit: int, reused: bool) -> bytes:
        """Status line and header lines up to the blank line, as received. Lines may end in CRLF
        or a bare LF (wget, curl and browsers read both); the whole head is bounded by ``limit``.
        On a reused connection, blank lines before the status line are skipped (a stray CRLF
        after the previous body: RFC 9112 §2.2 allows that)."""
        while True:
            buf = self.buf
            if reused:  # the stray blank lines, as far as they have arrived
                skip = 0
                while True:
                    if buf.startswith(b"\r\n", skip):
                        skip += 2
                    elif buf.startswith(b"\n", skip):
                        skip += 1
                    else:
                        break
                if skip:
                    del buf[:skip]
            eol = buf.find(b"\n")
            if eol >= 0:
                if not buf.startswith(b"HTTP/"):
                    raise _BadResponse(f"malformed status line {bytes(buf[:min(eol + 1, 80)])!r}")
                end = _head_end(buf, eol)
                if end >= 0:
                    if end > limit:
                        raise asyncio.LimitOverrunError("response headers too long", end)
                    return self._take(end)
            if len(buf) > limit:
                raise asyncio.LimitOverrunError("response headers too long", len(buf))
            if self.eof:
                self._check_end(None)
            await self._more()

    def buffered(self) -> bool:
        """Whether the server already sent bytes beyond the response just read."""
        return bool(self.buf)

    def at_eof(self) -> bool:
        return self.eof and not self.buf


def _head_end(buf: bytearray, eol: int) -> int:
    """The length of the head in ``buf`` (its blank line included) whose status line ends at
    ``eol``, or -1 while incomplete: the first line after it that is empty (CRLF or LF)."""
    crlf = buf.find(b"\n\r\n", eol)
    lf = buf.find(b"\n\n", eol)
    if crlf >= 0 and (lf < 0 or crlf < lf):
        return crlf + 3
    return lf + 2 if lf >= 0 else -1


@dataclass
class _Conn:
    key: str
    wire: _Wire
    ip: str | None
    cert_error: str | None = None
    uses: int = 0

    def write(self, data: bytes) -> None:
        assert self.wire.transport is not None
        self.wire.transport.write(data)

    def usable(self) -> bool:
        """Not closed by either side (an idle connection the server closed is not reused)."""
        t = self.wire.transport
        return t is not None and not self.wire.at_eof() and not self.wire.eof and not t.is_closing()

    def close(self) -> None:
        self.wire.stop_timer()
        try:
            if self.wire.transport is not None:
                self.wire.transport.close()
        except Exception:  # noqa: BLE001 - closing a broken socket must never fail a crawl
            pass


class _Partial:
    """What has been read so far, so that a timeout or disconnect can keep it."""

    def __init__(self, spool: Spool) -> None:
        self.head = b""
        self.status = 0
        self.headers: list[tuple[str, str]] = []
        self.body = spool
        self.truncated: str | None = None
        self.reusable = False


class HttpClient:
    """Fetches URLs over HTTP/1.1, directly or through an upstream HTTP proxy."""

    def __init__(self, fetch: Fetch, user_agent: str, contact: str = "", proxy: str | None = None,
                 max_idle_connections: int = 512, spool_dir: str | None = None,
                 spool_threshold: int = DEFAULT_THRESHOLD):
        self.fetch_settings = fetch
        self.user_agent = user_agent
        self.contact = contact
        self.proxy: tuple[str, int] | None = None
        if proxy:
            p = urlsplit(proxy)
            self.proxy = (p.hostname or "127.0.0.1", p.port or 8080)
        self._idle: dict[str, list[_Conn]] = collections.defaultdict(list)
        self._idle_order: collections.deque[_Conn] = collections.deque()
        self._max_idle = max_idle_connections
        self._bad_certs: dict[str, str] = {}
        self.bytes_received = 0
        self.spool_dir = spool_dir
        self.cookies: dict[str, dict[str, str]] = {}  # netloc → cookies, only for hosts with a form login
        self.spool_threshold = spool_threshold

    # -- requests -------------------------------------------------------------------------
    def build_request(self, url: str, via_proxy: bool, headers: dict[str, str] | None = None,
                      form: bytes | None = None) -> bytes:
        """The request as sent: a GET, or a POST of ``form`` (urlencoded) for a form login;
        ``headers`` (Authorization) come last, and the host's login cookies are sent."""
        scheme, netloc, _host, _port, path = _split(url)
        target = url if via_proxy and scheme == "http" else path
        lines = [
            f"{'POST' if form is not None else 'GET'} {target} HTTP/1.1",
            f"Host: {netloc}",
            f"User-Agent: {self.user_agent}",
            "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            "Accept-Encoding: gzip, deflate",
            "Connection: keep-alive",
        ]
        if "@" in self.contact and "/" not in self.contact:
            lines.append(f"From: {self.contact}")
        jar = self.cookies.get(netloc) if self.cookies else None
        if jar:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in jar.items()))
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if form is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(form)}"]
            return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii", "replace") + form
        return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii", "replace")

    def keep_cookies(self, netloc: str) -> None:
        """Remember the cookies ``netloc`` sets from now on and send them back (after a form login)."""
        self.cookies.setdefault(netloc, {})

    def _store_cookies(self, url: str, headers: list[tuple[str, str]]) -> None:
        jar = self.cookies.get(_split(url)[1]) if self.cookies else None
        if jar is None:
            return
        for name, value in headers:
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, sep, val = pair.partition("=")
                if sep and key.strip():
                    jar[key.strip()] = val.strip()

    async def fetch(self, url: str, ip: str | None = None, max_body: int = -1, headers: dict[str, str] | None = None,
                    form: bytes | None = None) -> Capture:
        """Fetch ``url`` once (a stale kept-alive connection is replaced transparently).
        ``ip`` is the address DNS gave, or several separated by commas, tried in order (None: let the
        socket layer or the proxy resolve)."""
        for attempt in (0, 1):
            conn = await self._acquire(url, ip)
            reused = conn.uses > 0
            try:
                return await self._exchange(conn, url, max_body, reused, headers, form)
            except _StaleConnection:
                conn.close()
                if attempt == 1:
                    raise FetchError(sc.S_CONNECT_LOST, "connection closed before any response") from None
        raise AssertionError("unreachable")  # pragma: no cover

    async def _exchange(self, conn: _Conn, url: str, max_body: int, reused: bool,
                        headers: dict[str, str] | None = None, form: bytes | None = None) -> Capture:
        request = self.build_request(url, self.proxy is not None, headers, form)
        part = _Partial(Spool(self.spool_dir, self.spool_threshold))
        started = time.time()
        t0 = time.perf_counter()
        try:
            await self._read_into(conn, part, request, max_body, reused)
        except BaseException:
            part.body.discard()  # no capture (or a cancelled crawl): its spool file goes too
            raise
        self.bytes_received += len(part.head) + part.body.size
        self._release(conn, part.reusable)
        self._store_cookies(url, part.headers)
        body, spool_path = part.body.finish()
        payload_sha1, block_sha1 = part.body.digests()
        return Capture(url=url, request=request, head=part.head, body=body, status=part.status,
                       headers=part.headers, ip=conn.ip, truncated=part.truncated, cert_error=conn.cert_error,
                       started=started, duration=time.perf_counter() - t0, reused_connection=reused,
                       spool_path=spool_path, body_size=part.body.size, payload_sha1=payload_sha1,
                       block_sha1=block_sha1, stored_sha1=part.body.stored_digest())

    async def _read_into(self, conn: _Conn, part: _Partial, request: bytes, max_body: int, reused: bool) -> None:
        """Send ``request`` and read the response into ``part``; a response cut short after its head
        is kept (``part.truncated`` says why), anything earlier raises."""
        settings = self.fetch_settings
        wire = conn.wire
        conn.uses += 1
        try:
            wire.expect(settings.read_timeout_s, wire._loop.time() + settings.fetch_timeout_s)
            conn.write(request)
            await self._read_response(wire, part, max_body, reused)
        except TimeoutError:
            if not part.head:
                conn.close()
                raise FetchError(sc.S_TIMEOUT, "no response before the read timeout") from None
            part.truncated, part.reusable = "time", False
        except (ConnectionError, asyncio.IncompleteReadError, OSError) as exc:
            if is_no_space(exc):  # the spool file met a full disk: no network fault, no truncated capture
                conn.close()
                raise
            if not part.head:
                conn.close()
                if reused:
                    raise _StaleConnection() from None
                raise FetchError(sc.S_CONNECT_LOST, f"connection lost: {exc.__class__.__name__}") from None
            part.truncated, part.reusable = "disconnect", False
        except asyncio.LimitOverrunError:
            if not part.head:
                conn.close()
                raise FetchError(sc.S_RUNTIME_EXCEPTION, "response headers too long") from None
            part.truncated, part.reusable = "unspecified", False  # an endless chunk-size or trailer line
        except _BadResponse as exc:
            conn.close()
            if reused and not part.head:
                raise _StaleConnection() from None  # junk left by the previous response: retry fresh
            raise FetchError(sc.S_RUNTIME_EXCEPTION, str(exc)) from None
        finally:
            wire.done()

    async def _read_response(self, wire: _Wire, part: _Partial, max_body: int, reused: bool = False) -> None:
        while True:  # skip 1xx interim responses, keeping their bytes in the record
            head = await wire.read_head(self.fetch_settings.max_header_bytes, reused)
            part.head += head
            status, headers, version = _parse_head(head)
            if not 100 <= status < 200 or status == 101:
                break
        part.status, part.headers = status, headers
        lower = {k.lower(): v.lower() for k, v in headers}
        chunked = "chunked" in lower.get("transfer-encoding", "") and status not in _BODYLESS
        part.body.begin(part.head, chunked)
        keep_alive = "close" not in lower.get("connection", "") and (
            version == "HTTP/1.1" or "keep-alive" in lower.get("connection", ""))
        if status in _BODYLESS or 100 <= status < 200:
            part.reusable = keep_alive
            return
        if chunked:
            if await _read_chunked(wire, part, max_body):
                part.reusable = keep_alive and not wire.buffered()
            return
        length_header = lower.get("content-length")
        remaining = -1  # no (usable) length: the body ends when the connection does
        if length_header is not None:
            try:
                remaining = int(length_header.split(",")[0])
            except ValueError:
                pass
        if await _read_plain(wire, part, max_body, remaining):
            # bytes beyond the declared length: the connection's framing is lost, so it is not reused
            part.reusable = keep_alive and not wire.buffered()

    # -- connections ----------------------------------------------------------------------
    async def _acquire(self, url: str, ip: str | None) -> _Conn:
        scheme, netloc, host, port, _path = _split(url)
        key = f"{scheme}://{netloc}"
        idle = self._idle.get(key)
        while idle:
            conn = idle.pop()
            try:
                self._idle_order.remove(conn)
            except ValueError:
                pass
            if conn.usable():
                return conn
            conn.close()
        return await self._connect(key, scheme, host, port, ip)

    async def _connect(self, key: str, scheme: str, host: str, port: int | None, ip: str | None) -> _Conn:
        port = port or (443 if scheme == "https" else 80)
        limit = self.fetch_settings.max_header_bytes
        timeout = self.fetch_settings.connect_timeout_s
        verify = scheme == "https" and host not in self._bad_certs
        try:
            async with asyncio.timeout(timeout):
                wire, peer = await self._open(scheme, host, port, ip, limit, verify)
        except ssl.SSLCertVerificationError as exc:
            self._bad_certs[host] = _cert_reason(exc)
            try:
                async with asyncio.timeout(timeout):
                    wire, peer = await self._open(scheme, host, port, ip, limit, False)
            except (OSError, TimeoutError, ssl.SSLError) as exc2:
                raise _connect_error(exc2) from None
        except (OSError, TimeoutError, ssl.SSLError) as exc:
            raise _connect_error(exc) from None
        return _Conn(key, wire, peer, self._bad_certs.get(host) if scheme == "https" else None)

    async def _open(self, scheme: str, host: str, port: int, ip: str | None, limit: int,
                    verify: bool) -> tuple[_Wire, str | None]:
        loop = asyncio.get_running_loop()
        tls = None
        if scheme == "https":
            tls = ssl.create_default_context() if verify else _insecure_context()
        if self.proxy is None:
            # Every address DNS gave, in its order, as browsers do: with Debian's "::1 localhost"
            # the first may be an IPv6 address nothing listens on while 127.0.0.1 answers.
            last: OSError | None = None
            for address in (ip.split(",") if ip else [host]):
                try:
                    transport, wire = await loop.create_connection(
                        lambda: _Wire(limit), address, port, ssl=tls, server_hostname=host if tls else None)
                except ssl.SSLError:
                    raise
                except OSError as exc:
                    last = exc
                    continue
                peer = transport.get_extra_info("peername")
                return wire, (peer[0] if peer else address)
            assert last is not None
            raise last
        transport, wire = await loop.create_connection(lambda: _Wire(limit), *self.proxy)
        if tls is not None:
            try:
                transport.write(f"CONNECT {host}:{port} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
                head = await wire.readuntil(b"\r\n\r\n")
                status = _parse_head(head)[0]
                if status != 200:
                    raise ConnectionRefusedError(f"proxy refused CONNECT with {status}")
                wire.transport = await loop.start_tls(transport, wire, tls, server_hostname=host)
            except BaseException:
                transport.close()
                raise
        return wire, None

    def _release(self, conn: _Conn, reusable: bool) -> None:
        if not reusable:
            conn.close()
            return
        idle = self._idle[conn.key]
        idle.append(conn)
        self._idle_order.append(conn)
        while len(self._idle_order) > self._max_idle:
            old = self._idle_order.popleft()
            try:
                self._idle[old.key].remove(old)
            except ValueError:
                pass
            old.close()

    def forget_host(self, key_prefix: str) -> None:
        """Close the idle connections of an origin whose queue is finished."""
        for conn in self._idle.pop(key_prefix, []):
            try:
                self._idle_order.remove(conn)
            except ValueError:
                pass
            conn.close()

    async def close(self) -> None:
        for conns in self._idle.values():
            for conn in conns:
                conn.close()
        self._idle.clear()
        self._idle_order.clear()


@functools.lru_cache(maxsize=4096)
def _split_origin(origin: str) -> tuple[str, str, str, int | None]:
    p = urlsplit(origin)
    return p.scheme, p.netloc, p.hostname or "", p.port


def _split(url: str) -> tuple[str, str, str, int | None, str]:
    """(scheme, netloc, hostname, port, path and query) of a URL, as urlsplit gives them; a fetch
    URL (plain ASCII, a path, no fragment) is cut with str.find and its origin parsed once."""
    i = url.find("://")
    j = url.find("/", i + 3) if i > 0 else -1
    if j > 0 and url.isascii() and " " not in url and "#" not in url and "?" not in url[:j] \
            and not url.endswith("?"):
        return (*_split_origin(url[:j]), url[j:])
    p = urlsplit(url)
    return p.scheme, p.netloc, p.hostname or "", p.port, (p.path or "/") + ("?" + p.query if p.query else "")


class _StaleConnection(Exception):
    pass


class _BadResponse(Exception):
    pass


def _parse_head(head: bytes) -> tuple[int, list[tuple[str, str]], str]:
    lines = head.decode("latin-1").split("\n")  # latin-1: one character per byte, as received
    status_line = lines[0].strip()
    bits = status_line.split(None, 2)
    if len(bits) < 2 or not bits[0].startswith("HTTP/") or not bits[1].isdigit():
        raise _BadResponse(f"malformed status line {status_line[:80]!r}")
    headers = []
    for raw in lines[1:]:
        line = raw.rstrip("\r")
        if not line:
            continue
        if line[0] in " \t" and headers:  # obsolete line folding
            name, value = headers[-1]
            headers[-1] = (name, value + " " + line.strip())
            continue
        name, sep, value = line.partition(":")
        if sep:
            headers.append((name.strip(), value.strip()))
    return int(bits[1]), headers, bits[0]


def _room(body: Spool, limit: int, n: int) -> int:
    """How much of ``n`` more bytes fits under ``limit`` (-1: no limit), at least one."""
    return n if limit < 0 else max(1, min(n, limit - body.size))


async def _read_chunked(wire: _Wire, part: _Partial, limit: int) -> bool:
    """A chunked body into ``part``, framing kept; True when it ended with its last chunk
    (the connection may then be reused), False when it was cut short (``part.truncated``)."""
    body = part.body
    while True:
        line = await wire.readuntil(b"\n")
        body.write(line, framing=True)
        try:
            size = int(line.split(b";", 1)[0].strip() or b"0", 16)
        except ValueError:
            # a browser shows what arrived; so does the archive, marked as cut short
            part.truncated, part.reusable = "unspecified", False
            return False
        if size == 0:
            while True:  # trailers up to the blank line
                trailer = await wire.readuntil(b"\n")
                body.write(trailer, framing=True)
                if trailer in (b"\r\n", b"\n"):
                    return True
        remaining = size + 2
        while remaining:
            if limit >= 0 and body.size >= limit:
                part.truncated = "length"
                return False
            data = await wire.read(_room(body, limit, min(_READ_CHUNK, remaining)))
            if not data:
                raise asyncio.IncompleteReadError(b"", remaining)
            entity = max(0, min(len(data), remaining - 2))  # the chunk's data, then its CRLF
            if entity:
                body.write(data[:entity])
            if entity < len(data):
                body.write(data[entity:], framing=True)
            remaining -= len(data)


async def _read_plain(wire: _Wire, part: _Partial, limit: int, remaining: int) -> bool:
    """A body of ``remaining`` bytes (-1: up to the end of the connection) into ``part``; True
    when it was read to its declared end, False when cut short or delimited by the close."""
    body = part.body
    while remaining != 0:
        if limit >= 0 and body.size >= limit:
            part.truncated = "length"
            return False
        want = _READ_CHUNK if remaining < 0 else min(_READ_CHUNK, remaining)
        data = await wire.read(_room(body, limit, want))
        if not data:
            if remaining > 0:
                raise asyncio.IncompleteReadError(b"", remaining)
            return False  # body delimited by connection close
        body.write(data)
        if remaining > 0:
            remaining -= len(data)
    return True


def _insecure_context() -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    try:
        ctx.set_ciphers("ALL:@SECLEVEL=0")  # old servers are part of the web too
    except ssl.SSLError:  # pragma: no cover - depends on the OpenSSL build
        pass
    return ctx


def _cert_reason(exc: ssl.SSLCertVerificationError) -> str:
    reason = (exc.verify_message or exc.reason or "verification failed").replace(",", ";").replace(" ", "-")
    return reason


def _connect_error(exc: BaseException) -> FetchError:
    if isinstance(exc, TimeoutError):
        return FetchError(sc.S_TIMEOUT, "connect timed out")
    if isinstance(exc, socket.gaierror):
        return FetchError(sc.S_DOMAIN_PREREQUISITE_FAILURE, f"host name did not resolve: {exc}")
    return FetchError(sc.S_CONNECT_FAILED, f"connect failed: {exc}")

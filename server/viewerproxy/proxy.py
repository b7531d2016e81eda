"""The viewerproxy's HTTP(S) proxy process: ``python -m server.viewerproxy.proxy CONFIG_JSON``.

Browsers use it as their HTTP and HTTPS proxy; it answers every request from the archive alone.
The library is the standard library's ``http.server`` (threads) with ``ssl`` for CONNECT: no
eventlet (Nameko's green threads and blocking TLS termination do not mix well), no extra
dependency, and each connection's thread streams one record at a time with bounded memory
(docs/decisions/viewerproxy-process-and-server.md).

- Authentication: ``Proxy-Authorization: Basic <session id>:<token>`` (407 otherwise); a CONNECT
  tunnel belongs to the session that opened it. Sessions are kept in memory
  (:class:`~server.viewerproxy.caches.SessionCache`): the service announces every change and stop
  on the control channel (:func:`serve_control`) before its RPC answers, so a stopped session is
  refused from the next request on.
- CONNECT to any host is answered by the proxy itself: TLS terminated with a leaf certificate for
  exactly that host from the installation's CA; nothing is ever tunnelled.
- ``viewerproxy.invalid``: data commands (``getFile``, ``getRecord``, ``getMetadata``,
  ``getStatus``, ``ca.pem``). Control commands are RPCs only: asked for here they are refused,
  so an archived page cannot change a session.
- Everything else: the capture of the URL closest to the session's moment (``Accept-Datetime``
  overrides it), with ``Memento-Datetime``, ``Link`` (the archived URL as ``original``, whatever
  scheme the browser asked with) and the record's file and offset; the archived headers as pywb
  replays them (``Date``, ``Server`` and the like renamed ``X-Archive-Orig-*``, records.py), so
  the proxy's own ``Date`` and ``Server`` are the only ones; not in the archive: a 404 page, and
  the URL recorded when the session records.
"""
from __future__ import annotations

import base64
import contextlib
import html
import json
import logging
import os
import re
import socket
import socketserver
import ssl
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from server.viewerproxy import sessions as core
from server.viewerproxy.backend import ArchiveBackend
from server.viewerproxy.ca import CertificateAuthority, check_host
from server.viewerproxy.caches import ActiveSession, LookupCache, RecordCache, SessionCache
from server.viewerproxy.records import VERIFY_MAX, Record, replay_headers, ts14
from server.viewerproxy.resolve import accept_datetime, http_date, is_revisit, ordered, originals
from server.viewerproxy.waiting import WaitingConnections
from shared.dto.viewer import RESERVED_HOST
from shared.errors import IndexNotReady, InvalidInput, NasError, Unavailable
from shared.warc.cdx import surt

log = logging.getLogger("server.viewerproxy.proxy")

CHUNK = 64 * 1024
MAX_TRIES = 8                    # captures tried for one request before giving up
MAX_REQUEST_BODY = 1 << 20       # a POST body is read and dropped (replay never forwards it)
INDEX_RETRY_S = 5                # Retry-After of the "index is being built" answer (marked X-Archive-Index)
CONTROL_COMMANDS = {"startrecordinguris", "stoprecordinguris", "clearrecordeduris", "getrecordeduris",
                    "changeindex"}
DEST_KINDS = {"document": "page", "iframe": "page", "frame": "page", "image": "image", "script": "script",
              "style": "style", "font": "font", "audio": "media", "video": "media", "track": "media",
              "worker": "script", "sharedworker": "script", "serviceworker": "script"}
EXT_KINDS = {"png": "image", "jpg": "image", "jpeg": "image", "gif": "image", "webp": "image", "svg": "image",
             "ico": "image", "js": "script", "mjs": "script", "css": "style", "woff": "font", "woff2": "font",
             "ttf": "font", "otf": "font", "mp4": "media", "webm": "media", "mp3": "media", "ogg": "media",
             "html": "page", "htm": "page", "php": "page", "asp": "page", "aspx": "page"}


def request_kind(url: str, headers) -> str:
    dest = (headers.get("Sec-Fetch-Dest") or "").lower()
    if dest in DEST_KINDS:
        return DEST_KINDS[dest]
    accept = (headers.get("Accept") or "").lower()
    if accept.startswith("text/html"):
        return "page"
    if accept.startswith("image/"):
        return "image"
    if accept.startswith("text/css"):
        return "style"
    path = urllib.parse.urlsplit(url).path
    ext = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    if ext in EXT_KINDS:
        return EXT_KINDS[ext]
    return "page" if not ext else "other"


class ViewerProxyServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], ca: CertificateAuthority, backend: ArchiveBackend,
                 db: sessionmaker[Session], ignore: list[str], threads: int = 64, session_ttl: float = 5.0,
                 header_timeout: float = 20.0, waiting_per_client: int = 32):
        super().__init__(address, Handler)
        self.ca = ca
        self.backend = backend
        self.db = db
        self.sessions = SessionCache(self._load_session, session_ttl)
        self.ignore = [re.compile(p) for p in ignore]
        # at most ``threads`` requests served at once; a connection takes a slot only once its
        # request line and headers are in (waiting.py: idle clients cannot hold the slots)
        self.slots = threading.BoundedSemaphore(threads)
        self.waiting = WaitingConnections(header_timeout, waiting_per_client, max(waiting_per_client, 8 * threads))

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        with self.slots:
            yield

    def server_close(self) -> None:
        self.waiting.stop()
        super().server_close()

    def ignored(self, url: str) -> bool:
        return any(p.search(url) for p in self.ignore)

    def _load_session(self, session_id: str) -> ActiveSession | None:
        with self.db() as db:
            return core.active_view(db, session_id)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "nas-viewerproxy"
    sys_version = ""
    timeout = 120
    server: ViewerProxyServer

    def handle_one_request(self) -> None:
        """As BaseHTTPRequestHandler's, but the request is read while the connection waits
        (:mod:`.waiting`: bounded in time and per client address) and only then a slot taken."""
        if not self._read_request():
            return
        method = getattr(self, "do_" + self.command, None)
        if method is None:
            self.send_error(HTTPStatus.NOT_IMPLEMENTED, f"Unsupported method ({self.command!r})")
            return
        try:
            with self.server.serving():
                method()
                self.wfile.flush()
        except TimeoutError as exc:
            self.log_error("Request timed out: %r", exc)
            self.close_connection = True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True        # the client went before its answer: nothing to tell

    def _read_request(self) -> bool:
        waiter = self.server.waiting.enter(self.client_address[0], self.connection)
        try:
            ok = self._request_line_and_headers()
        except OSError:        # timed out, or closed while waiting
            ok = False
            self.close_connection = True
        if not self.server.waiting.leave(waiter):
            self.close_connection = True
            return False
        return ok

    def _request_line_and_headers(self) -> bool:
        self.raw_requestline = self.rfile.readline(65537)
        if len(self.raw_requestline) > 65536:
            self.requestline = self.request_version = self.command = ""
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
            return False
        if not self.raw_requestline:
            self.close_connection = True
            return False
        return self.parse_request()     # reads the headers; answers a bad request itself

    def setup(self) -> None:
        super().setup()
        # Headers and body go out as separate writes: with Nagle's algorithm the body waits for
        # the browser's (delayed) ACK of the headers, about 40 ms per answer
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.tunnel: tuple[str, int] | None = None
        self.tunnel_session: str | None = None

    def log_message(self, fmt: str, *args: Any) -> None:
        log.debug("%s %s", self.address_string(), fmt % args)

    # --- entry points -------------------------------------------------------------------------

    def do_CONNECT(self) -> None:
        session = self._credentials()
        if session is None:
            self._need_auth()
            return
        host, _, port = self.path.rpartition(":")
        if not (port.isascii() and port.isdigit() and 0 < int(port) <= 65535):
            # CONNECT to port 99999 was "established" (#29): a port is 1..65535, in ASCII digits
            self._page(400, "Bad CONNECT", f"Cannot open a tunnel to {self.path!r}: no such port.")
            return
        try:
            host = check_host(host)
            port_n = int(port)
            ctx = self.server.ca.server_context(host)
        except (InvalidInput, ValueError):
            self._page(400, "Bad CONNECT", f"Cannot open a tunnel to {self.path!r}.")
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        try:
            tls = ctx.wrap_socket(self.connection, server_side=True)
        except (ssl.SSLError, OSError) as exc:
            log.info("TLS for %s failed (the browser may not trust the viewer CA): %s", host, exc)
            self.close_connection = True
            return
        self.connection = tls
        self.rfile = tls.makefile("rb", -1)
        self.wfile = socketserver._SocketWriter(tls)
        self.tunnel = (host, port_n)
        self.tunnel_session = session.id
        self.close_connection = False

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def do_POST(self) -> None:
        self._drain()
        self._serve(body=True)

    do_PUT = do_DELETE = do_PATCH = do_POST

    def do_OPTIONS(self) -> None:
        self._serve(body=False)

    # --- one request --------------------------------------------------------------------------

    def _target(self) -> str | None:
        if self.tunnel is not None:
            host, port = self.tunnel
            h = f"[{host}]" if ":" in host else host
            return f"https://{h}{'' if port == 443 else f':{port}'}{self.path}"
        if self.path.startswith(("http://", "https://")):
            return self.path
        return None

    def _serve(self, body: bool) -> None:
        url = self._target()
        if url is None:   # a request to the proxy itself, not through it
            if self.path.split("?")[0] == "/ca.pem":
                self._bytes(200, self.server.ca.certificate_pem, "application/x-pem-file", body)
            else:
                self._page(400, "This is a proxy", "Point your browser's HTTP and HTTPS proxy here.")
            return
        if "websocket" in (self.headers.get("Upgrade") or "").lower():
            self._page(403, "No websockets", "The archive holds no live connections: websocket upgrades are refused.")
            return
        try:
            parts = urllib.parse.urlsplit(url)
            host = (parts.hostname or "").lower()
        except ValueError:
            self._page(400, "Bad URL", "The URL cannot be read.")
            return
        if host == RESERVED_HOST and parts.path == "/ca.pem":
            self._bytes(200, self.server.ca.certificate_pem, "application/x-pem-file", body)
            return
        # a tunnel's session is looked up again for every request: it may have been stopped since
        session = self.server.sessions.get(self.tunnel_session) if self.tunnel_session else self._credentials()
        if session is None:
            self._need_auth()
            return
        if host == RESERVED_HOST:
            self._command(parts, session.id, list(session.job_ids), body)
            return
        wanted = accept_datetime(self.headers.get("Accept-Datetime") or "") or session.timestamp
        self._replay(url, session.id, list(session.job_ids), wanted, session.recording, body)

    def _credentials(self) -> ActiveSession | None:
        """The active session valid proxy credentials name, or None."""
        value = self.headers.get("Proxy-Authorization") or ""
        scheme, _, data = value.partition(" ")
        if scheme.lower() != "basic":
            return None
        try:
            user, _, password = base64.b64decode(data.strip(), validate=True).decode("utf-8").partition(":")
        except (ValueError, UnicodeDecodeError):
            return None
        return self.server.sessions.authenticate(user, password)

    # --- replay -------------------------------------------------------------------------------

    def _replay(self, url: str, sid: str, jobs: list[int], moment: str, recording: bool, body: bool) -> None:
        backend = self.server.backend
        try:
            caps = backend.captures(url, jobs)
        except IndexNotReady:
            self._page(503, "The index is being built",
                       "The index of this session's jobs is being built. Try again in a few seconds.",
                       extra=[("Retry-After", str(INDEX_RETRY_S)), ("X-Archive-Index", "building")])
            return
        except NasError as exc:
            self._page(502, "The archive does not answer", html.escape(exc.message))
            return
        tried = 0
        for cap in ordered(caps, moment, url):
            if tried >= MAX_TRIES:
                break
            tried += 1
            try:
                found = self._open(cap, caps, jobs)
            except NasError as exc:
                log.info("capture %s %s:%s cannot be read (%s): trying the next", cap.url, cap.filename,
                         cap.offset, exc)
                continue
            rec, payload, how = found
            if 300 <= payload.status < 400 and self._self_redirect(url, payload.header("Location")):
                rec.close()
                payload.close()
                continue   # pywb's rule: a redirect to itself would loop the browser
            try:
                self._send_record(url, cap, rec, payload, how, body)
            finally:
                rec.close()
                payload.close()
            return
        if tried:
            self._page(502, "The archived copy cannot be read",
                       f"The archive holds {html.escape(url)}, but none of its records could be read.")
            return
        self._not_archived(url, sid, recording, body)

    def _open(self, cap, caps: list, jobs: list[int]) -> tuple[Record, Record, str]:
        """(the capture's record, the record holding the payload, how a revisit was resolved)."""
        backend = self.server.backend
        rec = backend.open_record(cap.filename, cap.offset, cap.length) if cap.offset is not None else None
        if rec is not None and not rec.is_revisit:
            return rec, rec, ""
        if rec is None and not is_revisit(cap):
            raise Unavailable("the capture has no record", {"url": cap.url})
        refers_uri = rec.refers_to_uri if rec else ""
        refers_date = ts14(rec.refers_to_date) if rec else ""
        refers_caps = caps
        if refers_uri and surt(refers_uri) != surt(cap.url):
            try:
                refers_caps = backend.captures(refers_uri, jobs)
            except NasError:
                refers_caps = []
        for how, filename, offset in originals(cap, caps, refers_uri, refers_date, refers_caps,
                                               rec.payload_digest if rec else ""):
            try:
                original = backend.open_record(filename, offset)
            except NasError:
                continue
            if original.is_revisit:
                original.close()
                continue
            original.extra.update(file=filename, offset=str(offset))
            return (rec or original), original, how
        if rec is not None:
            rec.close()
        raise Unavailable(f"the original of the revisit of {cap.url} is not in the archive", {"url": cap.url})

    @staticmethod
    def _self_redirect(url: str, location: str) -> bool:
        if not location:
            return False
        try:
            return surt(urllib.parse.urljoin(url, location)) == surt(url)
        except ValueError:
            return False

    def _send_record(self, url: str, cap, rec: Record, payload: Record, how: str, body: bool) -> None:
        status, reason = payload.status, payload.reason
        headers = replay_headers(payload)
        length = payload.length
        skip = 0
        rng = self.headers.get("Range") or ""
        m = re.fullmatch(r"bytes=(\d*)-(\d*)", rng.strip())
        if m and status == 200 and length is not None and not payload.encoded and (m.group(1) or m.group(2)):
            a, b = m.group(1), m.group(2)
            if a:
                start, end = int(a), min(int(b) if b else length - 1, length - 1)
            else:
                start, end = max(0, length - int(b)), length - 1
            if start >= length or start > end:
                self._page(416, "Range not satisfiable", "", extra=[("Content-Range", f"bytes */{length}")])
                return
            status, reason, skip = 206, "Partial Content", start
            headers = [(k, v) for k, v in headers if k.lower() != "content-range"]
            headers.append(("Content-Range", f"bytes {start}-{end}/{length}"))
            length = end - start + 1
        self.send_response(status, reason)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Memento-Datetime", http_date(cap.timestamp))
        # the original is the archived URL (an https request may be answered by an http capture)
        self.send_header("Link", f'<{cap.url}>; rel="original timegate"')
        self.send_header("Vary", "Accept-Datetime")
        self.send_header("Accept-Ranges", "bytes" if length is not None and not payload.encoded else "none")
        self.send_header("X-Archive-Capture", cap.timestamp)
        self.send_header("X-Archive-File", cap.filename if cap.offset is not None else (cap.revisit_of_filename or ""))
        self.send_header("X-Archive-Offset", str(cap.offset if cap.offset is not None else cap.revisit_of_offset))
        if how:
            self.send_header("X-Archive-Revisit-Of", f"{payload.extra['file']}:{payload.extra['offset']}")
            self.send_header("X-Archive-Revisit-Resolved-By", how)
        no_body = status in (204, 304) or status < 200 or self.command == "HEAD"
        chunked = length is None and not no_body
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif not no_body:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        if not body or no_body:
            return
        while skip > 0:
            data = payload.read(min(CHUNK, skip))
            if not data:
                break
            skip -= len(data)
        left = length
        # A record in memory goes out in one write: each write lets another of the proxy's
        # threads take the GIL, and under load getting it back cost up to its 5 ms switch
        # interval per 64 KiB (the whole-answer p99 at 16 clients, issue 36). A streamed one
        # keeps 64 KiB reads: memory stays bounded by threads x CHUNK.
        step = VERIFY_MAX if payload.in_memory else CHUNK
        while left is None or left > 0:
            data = payload.read(step if left is None else min(step, left))
            if not data:
                break
            if left is not None:
                left -= len(data)
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data) if chunked else data)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        elif left:
            self.close_connection = True   # the record was shorter than it said: end the connection

    def _not_archived(self, url: str, sid: str, recording: bool, body: bool) -> None:
        if recording and not self.server.ignored(url):
            try:
                with self.server.db() as db:
                    core.record_missing(db, sid, url, request_kind(url, self.headers),
                                        self.headers.get("Referer") or "")
            except Exception:  # noqa: BLE001 - the page must still be answered; the log says why
                log.exception("recording the missing URL %s failed", url)
        self._page(404, "Not in the archive",
                   f"<p><code>{html.escape(url)}</code> is not in the archive of this session's jobs.</p>",
                   extra=[("X-Archive-Missing", "1")], body=body)

    # --- viewerproxy.invalid ------------------------------------------------------------------

    def _command(self, parts: urllib.parse.SplitResult, sid: str, jobs: list[int], body: bool) -> None:
        """A command on the reserved host, answered only for the session's own jobs (#29: a
        session's getFile, getRecord and getMetadata answered for any file and job)."""
        command = parts.path.strip("/")
        q = dict(urllib.parse.parse_qsl(parts.query))
        if command.lower() in CONTROL_COMMANDS:
            self._page(403, "Control commands are RPCs only",
                       "Recording and the session's jobs are changed through the viewerproxy service's RPCs "
                       "(the desktop or nas viewer), never by a page.")
            return
        backend = self.server.backend
        try:
            if command == "getStatus":
                with self.server.db() as db:
                    dto = core.describe(db, sid)
                data = {"session_id": dto.session_id, "user": dto.user, "job_ids": dto.job_ids,
                        "timestamp": dto.timestamp, "recording": dto.recording, "missing_count": dto.missing_count}
                self._bytes(200, json.dumps(data).encode(), "application/json", body)
            elif command == "getFile":
                name = _session_file(q.get("arcFile", ""), jobs)
                resp = backend.open_file(name)
                self._stream(resp, "application/octet-stream", name, body)
            elif command == "getRecord":
                name = _session_file(q.get("arcFile", ""), jobs)
                offset = q.get("arcOffset", "")
                if not offset.isdigit():
                    raise InvalidInput("arcOffset must be a non-negative whole number", {"arcOffset": offset})
                rec = backend.open_record(name, int(offset))
                try:
                    self._record_as_is(rec, body)
                finally:
                    rec.close()
            elif command == "getMetadata":
                job = q.get("jobID") or q.get("jobId") or ""
                if not (job.isascii() and job.isdigit()):
                    raise InvalidInput("jobID must be a job number", {"jobID": job})
                if int(job) not in jobs:
                    self._outside_session(f"job {int(job)}", jobs, body)
                    return
                names = backend.metadata_files(int(job))
                if not names:
                    self._page(404, "No metadata", f"The archive holds no metadata of job {int(job)}.", body=body)
                    return
                self._concatenated(names, body)
            else:
                self._page(404, "Unknown command", f"{html.escape(command)} is no viewerproxy command "
                           "(getFile, getRecord, getMetadata, getStatus, ca.pem).", body=body)
        except OutsideSession as exc:
            self._outside_session(exc.what, jobs, body)
        except InvalidInput as exc:
            self._page(400, "Bad command", html.escape(exc.message), body=body)
        except NasError as exc:
            self._page(404 if exc.code.endswith("not_found") else 502, "Cannot answer", html.escape(exc.message),
                       body=body)

    def _outside_session(self, what: str, jobs: list[int], body: bool) -> None:
        self._page(403, "Not in this session", f"{html.escape(what)} is not one of this session's jobs "
                   f"({', '.join(str(j) for j in jobs)}): the viewer answers for those only.", body=body)

    def _record_as_is(self, rec: Record, body: bool) -> None:
        """The archived response of a record (status, headers, payload), for QA."""
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if not body:
            return
        head = f"{rec.status} {rec.reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in rec.headers) + "\r\n"
        self._chunk(head.encode("utf-8", "replace"))
        while data := rec.read(CHUNK):
            self._chunk(data)
        self.wfile.write(b"0\r\n\r\n")

    def _concatenated(self, names: list[str], body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/warc")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if not body:
            return
        for name in names:
            resp = self.server.backend.open_file(name)
            try:
                for data in resp.iter_content(CHUNK):
                    self._chunk(data)
            finally:
                resp.close()
        self.wfile.write(b"0\r\n\r\n")

    def _stream(self, resp, ctype: str, name: str, body: bool) -> None:
        try:
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Disposition", f'attachment; filename="{name}"')
            length = resp.headers.get("Content-Length")
            if length:
                self.send_header("Content-Length", length)
            else:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            if body:
                for data in resp.iter_content(CHUNK):
                    self._chunk(data) if not length else self.wfile.write(data)
                if not length:
                    self.wfile.write(b"0\r\n\r\n")
        finally:
            resp.close()

    # --- small answers ------------------------------------------------------------------------

    def _chunk(self, data: bytes) -> None:
        if data:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def _drain(self) -> None:
        length = self.headers.get("Content-Length") or "0"
        n = int(length) if length.isdigit() else 0
        if n > MAX_REQUEST_BODY:
            self.close_connection = True
            return
        while n > 0:
            data = self.rfile.read(min(CHUNK, n))
            if not data:
                break
            n -= len(data)

    def _need_auth(self) -> None:
        self._page(407, "Viewer session needed",
                   "Sign in with the viewer session's id as user name and its token as password.",
                   extra=[("Proxy-Authenticate", 'Basic realm="viewerproxy"')])

    def _bytes(self, status: int, data: bytes, ctype: str, body: bool = True,
               extra: list[tuple[str, str]] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for k, v in extra or []:
            self.send_header(k, v)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(data)

    def _page(self, status: int, title: str, text: str, extra: list[tuple[str, str]] | None = None,
              body: bool = True) -> None:
        page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
                f"<body><h1>{html.escape(title)}</h1><p>{text}</p>"
                "<p><small>NetarchiveSuite viewerproxy</small></p></body></html>").encode()
        self._bytes(status, page, "text/html; charset=utf-8", body, extra)


def _arc_name(name: str) -> str:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise InvalidInput(f"arcFile must be a file name without a path, not {name!r}", {"arcFile": name})
    return name


class OutsideSession(Exception):
    """A command named a file or job that is not one of the session's jobs."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


#: an archive file's job: the number its name starts with (``<job>-<harvest>-…``,
#: ``<job>-metadata-<n>…``), the rule the index server uses for a job's files
_JOB_PREFIX = re.compile(r"([0-9]+)-")


def _session_file(name: str, jobs: list[int]) -> str:
    """``name`` (checked as :func:`_arc_name` does) when it is a file of one of ``jobs``; else
    OutsideSession."""
    name = _arc_name(name)
    m = _JOB_PREFIX.match(name)
    if m is None or int(m.group(1)) not in jobs:
        raise OutsideSession(f"file {name}")
    return name


# --- the process ------------------------------------------------------------------------------

#: seconds a record URL the proxy signs itself is valid: it is fetched at once
RECORD_TOKEN_TTL = 300.0


def build(config: dict[str, Any]) -> ViewerProxyServer:
    """The server from the JSON the service writes (its nameko config and resolved settings)."""
    from server.archive.fileserver import UrlSigner
    from server.db.engine import make_engine
    from server.runtime.tokens import installation_key

    s = config["settings"]
    host, _, port = s["viewerproxy.address"].rpartition(":")
    engine = make_engine(config["database_url"], 10)
    lookups = LookupCache(s["viewerproxy.lookup_cache_entries"], s["viewerproxy.lookup_cache_seconds"])
    records = RecordCache(s["viewerproxy.record_cache_mb"] << 20)
    key_file = (config["nameko"].get("security") or {}).get("key_file")
    signer = UrlSigner(installation_key({"security.key_file": key_file}), RECORD_TOKEN_TTL) if key_file else None
    backend = ArchiveBackend(config["nameko"], s["viewerproxy.rpc_clients"], s["viewerproxy.rpc_timeout"],
                             s["viewerproxy.fetch_timeout"], s["viewerproxy.replica"] or None, lookups,
                             s["viewerproxy.threads"], signer, records)
    return ViewerProxyServer((host or "127.0.0.1", int(port)), CertificateAuthority(config["ca_dir"]), backend,
                             sessionmaker(engine, expire_on_commit=False), s["viewerproxy.missing.ignore"],
                             s["viewerproxy.threads"], s["viewerproxy.session_cache_seconds"],
                             s["viewerproxy.header_timeout"], s["viewerproxy.waiting_per_client"])


def serve_control(server: ViewerProxyServer, commands, answers) -> None:
    """The control channel from the viewerproxy service (the proxy's standard input and a copy of
    its standard output): ``forget N SESSION_ID`` (``*``: every session) drops the session from
    the cache and is answered ``ok N``, after which the next request reads the session's new state.
    The end of the input means the service is gone: the proxy ends too, rather than serve on
    without the service that owns it."""
    for line in commands:
        parts = line.split()
        if len(parts) == 3 and parts[0] == "forget":
            server.sessions.forget(None if parts[2] == "*" else parts[2])
            answers.write(f"ok {parts[1]}\n")
            answers.flush()
        else:
            log.warning("unknown control line %r", line[:200])
    log.info("the control channel closed (the viewerproxy service ended): stopping")
    server.shutdown()


def log_connections(path: str) -> None:
    """Append every socket connection and name lookup of this process to ``path`` (an audit hook;
    ``NAS_VIEWER_CONNECTION_LOG``): the evidence that the proxy contacts nothing but the archive."""
    lock = threading.Lock()
    out = open(path, "a", buffering=1)

    def hook(event: str, args: tuple) -> None:
        if event == "socket.connect":
            line = f"connect {args[1]!r}\n"
        elif event == "socket.getaddrinfo":
            line = f"getaddrinfo {args[0]!r}\n"
        else:
            return
        with lock:
            out.write(line)

    sys.addaudithook(hook)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if os.environ.get("NAS_VIEWER_CONNECTION_LOG"):
        log_connections(os.environ["NAS_VIEWER_CONNECTION_LOG"])
    with open(argv[0]) as fh:
        config = json.load(fh)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from server.viewerproxy import headers

    headers.install()   # plain header blocks without email.parser: a quarter of the CPU per request
    server = build(config)
    if config.get("control") == "stdio":
        answers = os.fdopen(os.dup(1), "w", buffering=1)
        os.dup2(2, 1)   # a stray print must not be read as an answer: standard output goes to the log
        threading.Thread(target=serve_control, args=(server, sys.stdin, answers), name="control",
                         daemon=True).start()
    host, port = server.server_address[:2]
    ready = config["ready_file"]
    with open(ready + ".tmp", "w") as fh:
        json.dump({"host": host, "port": port, "pid": os.getpid()}, fh)
    os.replace(ready + ".tmp", ready)
    log.info("viewerproxy listening on %s:%s", host, port)
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.backend.close()
        server.server_close()
    return 0


if __name__ == "__main__":
    socket.setdefaulttimeout(None)
    sys.exit(main())

"""The test web's HTTP server: an origin server for any host name that also works as an HTTP
proxy (absolute-URI requests, and CONNECT for https with a throw-away self-signed certificate).
Loopback only; every response is bounded in size and time."""
from __future__ import annotations

import asyncio
import os
import shutil
import ssl
import subprocess
import tempfile
from urllib.parse import urlsplit

from testweb.site import REASONS, Response, SiteConfig, respond

_IDLE_TIMEOUT = 30.0
_CERT: tuple[str, str] | None = None


def self_signed_cert() -> tuple[str, str] | None:
    """(cert, key) files of a self-signed certificate made with the openssl tool, or None."""
    global _CERT
    if _CERT is None and shutil.which("openssl"):
        folder = tempfile.mkdtemp(prefix="testweb-tls-")
        cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                        "-days", "2", "-subj", "/CN=testweb.invalid"], check=True, capture_output=True, timeout=60)
        _CERT = (cert, key)
    return _CERT


class TestWebServer:
    """asyncio server; ``await start()`` then ``port``; ``requests`` counts every request."""

    def __init__(self, config: SiteConfig, tls: bool = True):
        self.config = config
        self.port = 0
        self.requests = 0
        self.log: list[str] = []  # "host path" of each request, newest last (bounded)
        self._server: asyncio.base_events.Server | None = None
        self._tls: ssl.SSLContext | None = None
        if tls:
            pair = self_signed_cert()
            if pair:
                self._tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                self._tls.load_cert_chain(*pair)

    async def start(self, port: int = 0) -> int:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", port, limit=256 * 1024, backlog=1024)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        scheme, tunnel_host = "http", None
        try:
            while True:
                try:
                    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), _IDLE_TIMEOUT)
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ConnectionError):
                    return
                lines = head.decode("latin-1").split("\r\n")
                parts = lines[0].split(" ")
                if len(parts) != 3:
                    return
                method, target, _version = parts
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                if method == "CONNECT":
                    if self._tls is None:
                        writer.write(b"HTTP/1.1 501 Not Implemented\r\nContent-Length: 0\r\n\r\n")
                        return
                    writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                    await writer.drain()
                    await writer.start_tls(self._tls)
                    scheme, tunnel_host = "https", target.rsplit(":", 1)[0]
                    continue
                self.requests += 1
                if target.startswith(("http://", "https://")):
                    url = urlsplit(target)
                    host, path, query = url.hostname or "", url.path or "/", url.query
                else:
                    host = tunnel_host or headers.get("host", "localhost").rsplit(":", 1)[0]
                    path, _, query = target.partition("?")
                if len(self.log) > 100_000:
                    del self.log[:50_000]
                self.log.append(f"{scheme}://{host}{path}{'?' + query if query else ''}")
                response = respond(host.lower(), path, query, self.config)
                if self.config.delay_ms:
                    await asyncio.sleep(self.config.delay_ms / 1000)
                keep = await self._send(writer, response, method == "HEAD")
                if not keep or headers.get("connection", "").lower() == "close":
                    return
        except (ConnectionError, ssl.SSLError, OSError):
            return
        finally:
            try:
                writer.close()
            except Exception:  # noqa: BLE001
                pass

    async def _send(self, writer: asyncio.StreamWriter, r: Response, head_only: bool) -> bool:
        headers = list(r.headers)
        names = {k.lower() for k, _ in headers}
        if r.mode == "huge":
            headers.append(("Content-Length", str(r.arg)))
        elif r.mode != "chunked" and "content-length" not in names:
            headers.append(("Content-Length", str(len(r.body))))
        head = f"HTTP/1.1 {r.status} {REASONS.get(r.status, 'Status')}\r\nServer: testweb\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers) + "\r\n"
        writer.write(head.encode("latin-1"))
        if head_only:
            await writer.drain()
            return True
        if r.mode == "slow":
            await writer.drain()
            await asyncio.sleep(r.arg / 1000)
            writer.write(r.body)
        elif r.mode == "broken":
            writer.write(r.body)
            await writer.drain()
            return False  # close with the body incomplete
        elif r.mode == "huge":
            block = (b"0123456789abcdef" * 4096)
            sent = 0
            while sent < r.arg:
                piece = block[: min(len(block), r.arg - sent)]
                writer.write(piece)
                sent += len(piece)
                await writer.drain()
        elif r.mode == "chunked":
            body = r.body
            for i in range(0, len(body), 300):
                piece = body[i:i + 300]
                writer.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            writer.write(b"0\r\n\r\n")
        else:
            writer.write(r.body)
        await writer.drain()
        return True

"""A local test web for crawler and harvester tests.

    from testweb import TestWeb
    with TestWeb(pages_per_host=20) as web:          # a thread in this process
        spec["profile"]["upstream_proxy"] = web.proxy_url
        seeds = [web.seed("www.example1.test")]      # http://www.example1.test/

``TestWeb(mode="process")`` runs the server in a child process instead (benchmarks: the
crawler and the server then do not share one interpreter). The server listens on 127.0.0.1 on
a free port and serves a generated site for *any* host name when used as an HTTP proxy; see
``testweb.site`` for the paths (redirect chains and loops, 404/500, slow, broken, huge,
chunked, gzip, robots.txt, a calendar trap, every link kind).
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from dataclasses import asdict

from testweb.server import TestWebServer, self_signed_cert
from testweb.site import SiteConfig

__all__ = ["TestWeb", "SiteConfig", "self_signed_cert"]


class TestWeb:
    """Start/stop the test web; use as a context manager."""

    __test__ = False  # not a pytest test class

    def __init__(self, mode: str = "thread", tls: bool = True, **config):
        self.config = SiteConfig(**config)
        self.mode = mode
        self.tls = tls
        self.port = 0
        self._server: TestWebServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._proc: subprocess.Popen | None = None

    # -- addresses ------------------------------------------------------------------------
    @property
    def proxy_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        """The server as a plain origin (http://127.0.0.1:PORT), for crawls without a proxy."""
        return f"http://127.0.0.1:{self.port}"

    def seed(self, host: str, path: str = "/", scheme: str = "http") -> str:
        return f"{scheme}://{host}{path}"

    @property
    def requests(self) -> int:
        return self._server.requests if self._server else -1

    @property
    def request_log(self) -> list[str]:
        return list(self._server.log) if self._server else []

    # -- life cycle -----------------------------------------------------------------------
    def start(self) -> TestWeb:
        if self.mode == "process":
            env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "testweb", json.dumps(asdict(self.config)), "1" if self.tls else "0"],
                stdout=subprocess.PIPE, env=env, text=True)
            line = self._proc.stdout.readline() if self._proc.stdout else ""
            if not line.strip().isdigit():
                self.stop()
                raise RuntimeError(f"test web did not start: {line!r}")
            self.port = int(line)
            return self
        started = threading.Event()
        self._server = TestWebServer(self.config, self.tls)

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(self._server.start())
            self.port = self._server.port
            started.set()
            self._loop.run_forever()
            self._loop.run_until_complete(self._server.stop())
            self._loop.close()

        self._thread = threading.Thread(target=run, name="testweb", daemon=True)
        self._thread.start()
        if not started.wait(30):
            raise RuntimeError("test web did not start")
        return self

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(10)
            self._proc = None
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop = None

    def __enter__(self) -> TestWeb:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

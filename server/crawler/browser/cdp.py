"""A small client of the Chrome DevTools Protocol over Chromium's debugging *pipe*.

Chromium started with ``--remote-debugging-pipe`` reads protocol messages on file descriptor 3
and writes its own on 4, each a JSON text ended by a NUL byte. That needs no websocket, no port
(nothing else on the machine can drive our browser) and no package beyond the standard library;
when the browser dies the pipe closes and every waiting call fails at once rather than timing out
(docs/decisions/browser-capture.md says why this and not Playwright).

One :class:`Chromium` is one browser process. Tabs are targets attached in *flat* mode: every
command and event carries the tab's ``sessionId``, and :meth:`Chromium.on` routes a session's
events to its handler.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

CHROMIUM = "/usr/bin/chromium"
_MAX_MESSAGE = 256 * 1024 * 1024  # a full-page screenshot of a long page, base64, fits

EventHandler = Callable[[str, dict[str, Any]], None]


class BrowserError(Exception):
    """The browser refused a command, did not answer in time, or is gone."""


class BrowserGone(BrowserError):
    """The browser process ended (crashed or was killed): its pipe closed."""


def chromium_args(user_data_dir: str, *, window: tuple[int, int] = (1280, 800),
                  features_off: tuple[str, ...] = ()) -> list[str]:
    """Command-line switches of our headless Chromium (``features_off``: more features to turn
    off; Chromium reads only one ``--disable-features``, so they are added to ours here).

    Every request is answered by the crawler through the Fetch domain, so the browser itself must
    reach nothing: its proxy is a closed port and loopback is not exempt from it. Whatever the
    Fetch domain cannot hold back (websockets, a service worker's own fetches) fails instead of
    leaking past the crawler's scope, robots and WARC writer."""
    args = [
        "--headless=new", "--remote-debugging-pipe", f"--user-data-dir={user_data_dir}",
        "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
        "--disable-features=" + ",".join(("Translate", "MediaRouter", "OptimizationHints",
                                           "InterestFeedContentSuggestions", *features_off)),
        # every tab renders as if in front: a background tab's frames, timers and scroll events
        # are throttled, and its infinite scroll would never load its next page
        "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--metrics-recording-only", "--password-store=basic", "--use-mock-keychain",
        "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        f"--window-size={window[0]},{window[1]}",
    ]
    if os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to start as root with its sandbox on
    return args


class Chromium:
    """A running Chromium and its protocol connection. Start with :meth:`launch`."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self._writer: asyncio.WriteTransport | None = None
        self._reader: asyncio.StreamReader | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._handlers: dict[str, EventHandler] = {}  # sessionId ("" = the browser) → handler
        self._read_task: asyncio.Task | None = None
        self._profile_dir = ""
        self.gone = False

    @classmethod
    async def launch(cls, executable: str = CHROMIUM, *, log_path: str | None = None,
                     extra_args: list[str] | None = None, features_off: tuple[str, ...] = ()) -> Chromium:
        """Start a headless Chromium with a fresh profile; raises BrowserError when it cannot."""
        if not (os.path.isfile(executable) and os.access(executable, os.X_OK)):
            raise BrowserError(f"no browser at {executable} (Debian: apt-get install chromium)")
        self = cls()
        self._profile_dir = tempfile.mkdtemp(prefix="nas-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # The browser expects the pipe on fds 3 and 4 exactly; a shell puts them there (bash: dash
        # takes only one-digit descriptors, and a busy process's pipes have larger numbers).
        script = (f'exec "$0" "$@" 3<&{to_browser_r} 4>&{from_browser_w} '
                  f'{to_browser_r}<&- {from_browser_w}>&-')
        err = open(log_path, "ab") if log_path else asyncio.subprocess.DEVNULL
        # In the crawler's process group: the harvester freezes, thaws and kills the crawler's
        # group, and the browser with it. A crawler killed outright closes the pipe, and Chromium
        # quits when its pipe closes.
        try:
            self.proc = await asyncio.create_subprocess_exec(
                "/bin/bash", "-c", script, executable,
                *chromium_args(self._profile_dir, features_off=features_off), *(extra_args or []),
                "about:blank", stdin=asyncio.subprocess.DEVNULL, stdout=err, stderr=err,
                pass_fds=(to_browser_r, from_browser_w))
        except OSError as exc:
            shutil.rmtree(self._profile_dir, ignore_errors=True)
            raise BrowserError(f"cannot start {executable}: {exc}") from exc
        finally:
            os.close(to_browser_r)
            os.close(from_browser_w)
            if log_path:
                err.close()  # type: ignore[union-attr]
        loop = asyncio.get_running_loop()
        self._reader = asyncio.StreamReader(limit=_MAX_MESSAGE)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(self._reader),
                                     os.fdopen(from_browser_r, "rb", 0))
        self._writer, _ = await loop.connect_write_pipe(asyncio.Protocol, os.fdopen(to_browser_w, "wb", 0))
        self._read_task = asyncio.create_task(self._read_loop())
        try:
            await self.send("Browser.getVersion", timeout=30)
        except BrowserError:
            await self.close()
            raise
        return self

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def on(self, session: str, handler: EventHandler | None) -> None:
        """Route the events of ``session`` ("" for the browser's own) to ``handler`` (None: drop them)."""
        if handler is None:
            self._handlers.pop(session, None)
        else:
            self._handlers[session] = handler

    async def send(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None,
                   timeout: float = 30.0) -> dict[str, Any]:
        """Send one command and wait for its result; raises BrowserError (BrowserGone when the
        browser died) on an error answer, a dead browser or no answer within ``timeout``."""
        if self.gone or self._writer is None or self._writer.is_closing():
            raise BrowserGone("the browser is gone")
        msg_id = next(self._ids)
        message: dict[str, Any] = {"id": msg_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        future = asyncio.get_running_loop().create_future()
        self._waiting[msg_id] = future
        try:
            self._writer.write(json.dumps(message).encode() + b"\0")
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise BrowserError(f"{method}: no answer in {timeout:g} s") from None
        finally:
            self._waiting.pop(msg_id, None)

    def post(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None) -> None:
        """Send a command without waiting for its answer (answers to paused requests): an error
        answer is only logged."""
        if self.gone or self._writer is None or self._writer.is_closing():
            return
        message: dict[str, Any] = {"id": next(self._ids), "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._writer.write(json.dumps(message).encode() + b"\0")

    async def _read_loop(self) -> None:
        assert self._reader is not None
        try:
            while True:
                raw = await self._reader.readuntil(b"\0")
                try:
                    message = json.loads(raw[:-1])
                except ValueError:
                    log.warning("browser sent a message that is not JSON: %r", raw[:200])
                    continue
                self._dispatch(message)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, OSError) as exc:
            log.info("browser pipe closed: %s", type(exc).__name__)
        finally:
            self.gone = True
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(BrowserGone("the browser is gone"))
            for handler in list(self._handlers.values()):
                try:
                    handler("Browser.gone", {})
                except Exception:  # noqa: BLE001 - a handler's fault must not hide the others
                    log.exception("browser-gone handler failed")

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            future = self._waiting.get(message["id"])
            if future is None or future.done():
                if "error" in message:
                    log.debug("browser: %s", message["error"])
                return
            if "error" in message:
                error = message["error"]
                future.set_exception(BrowserError(f"{error.get('message', error)} ({error.get('code')})"))
            else:
                future.set_result(message.get("result", {}))
            return
        handler = self._handlers.get(message.get("sessionId", ""))
        if handler is not None:
            try:
                handler(message.get("method", ""), message.get("params", {}))
            except Exception:  # noqa: BLE001 - one bad event must not end the connection
                log.exception("handling %s failed", message.get("method"))

    async def close(self) -> None:
        """Ask the browser to quit, then end it by its process group if it does not."""
        if self.proc is not None and self.proc.returncode is None:
            if not self.gone:
                try:
                    await self.send("Browser.close", timeout=5)
                except BrowserError:
                    pass
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                try:
                    self.proc.kill()  # its renderers and helpers end with it (they watch it)
                except ProcessLookupError:
                    pass
                await self.proc.wait()
        if self._writer is not None:
            self._writer.close()
        if self._read_task is not None:
            try:
                await asyncio.wait_for(self._read_task, 5)
            except (TimeoutError, asyncio.CancelledError):
                self._read_task.cancel()
        if self._profile_dir:
            shutil.rmtree(self._profile_dir, ignore_errors=True)
            self._profile_dir = ""

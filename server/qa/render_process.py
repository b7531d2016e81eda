"""The engine's renderer in an OS process of its own, for the qa service.

The service is an eventlet-patched Nameko process; the renderer is asyncio code driving Chromium
over a pipe, and asyncio on patched sockets, selectors and locks cannot run in any thread of such
a process (a green lock woken from another OS thread fails with "Cannot switch to a different
thread"). So the service starts ``python -m server.qa.render_process`` (plain Python, nothing
patched) and talks to it over its standard input and output, one JSON line per page each way, as
the viewerproxy does with its proxy process. Chromium is that process's child: both are in the
qa service's cgroup (the systemd unit's MemoryMax and CPUQuota hold for them), and the service
ends the process (by its PID) when the run ends or is cancelled.

Protocol: the first line is the configuration (``target``: the ReplayTarget's fields, ``tabs``,
``page_seconds``, ``executable``); the process answers ``{"ready": true}`` or ``{"error": ...}``.
Then each line ``{"url", "source", "timestamp"}`` is answered by one line with the Rendered
fields (``screenshot_png`` as base64) or ``{"error": ...}``, in the order the pages came. A page
starts rendering as soon as its line is read, so a caller that sends ``tabs`` pages ahead
(:meth:`RenderProcess.send`, then :meth:`RenderProcess.receive`) has them rendered together.
"""
from __future__ import annotations

import base64
import dataclasses
import io
import json
import logging
import os
import queue
import subprocess
import sys
import threading
from typing import Any

from server.qa.pages import PageRef
from server.qa.render import Rendered, ReplayError, ReplayRenderer, ReplayTarget

log = logging.getLogger(__name__)

#: a line longer than this is no answer of ours (a screenshot is a few MB at most)
MAX_LINE = 64 << 20


def _encode(r: Rendered) -> dict[str, Any]:
    d = dataclasses.asdict(r)
    d["screenshot_png"] = base64.b64encode(r.screenshot_png).decode("ascii")
    return d


def _decode(d: dict[str, Any]) -> Rendered:
    fields = {f.name for f in dataclasses.fields(Rendered)}
    values = {k: v for k, v in d.items() if k in fields}
    values["screenshot_png"] = base64.b64decode(values.get("screenshot_png") or "")
    values["failed"] = [tuple(x) for x in values.get("failed") or []]
    return Rendered(**values)


class RenderProcess:
    """:class:`server.qa.render.ReplayRenderer`'s interface (start, render, close) over a child
    process. Raises ReplayError when the process cannot start or dies."""

    def __init__(self, target: ReplayTarget, tabs: int = 2, page_seconds: float = 20.0,
                 executable: str | None = None, log_path: str | None = None):
        self.config = {"target": dataclasses.asdict(target), "tabs": tabs, "page_seconds": page_seconds,
                       "executable": executable}
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None
        self._answers: io.BufferedReader | None = None

    def start(self) -> None:
        from eventlet.green import subprocess as green_subprocess

        err = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        try:
            # green pipes: waiting for a page must not block the service's other green threads
            self.proc = green_subprocess.Popen([sys.executable, "-m", "server.qa.render_process"],
                                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                               close_fds=True, env={**os.environ, "NAS_TEST_EVENTLET": ""})
        finally:
            if err is not subprocess.DEVNULL:
                err.close()
        # eventlet's green pipe is unbuffered: its readline reads one byte per call, 5 s for a
        # page's answer of 200 KB (a base64 screenshot); buffered, it is read in 64 KB reads
        self._answers = io.BufferedReader(self.proc.stdout, 1 << 16)
        answer = self._ask(self.config)
        if not answer.get("ready"):
            self.close()
            raise ReplayError(str(answer.get("error") or "the render process did not start"))

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        self._write(message)
        return self._read()

    def _write(self, message: dict[str, Any]) -> None:
        if self.proc is None or self.proc.poll() is not None:
            raise ReplayError("the render process is not running")
        try:
            self.proc.stdin.write(json.dumps(message).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise ReplayError(f"the render process broke off: {exc}") from None

    def _read(self) -> dict[str, Any]:
        if self.proc is None or self._answers is None:
            raise ReplayError("the render process is not running")
        try:
            line = self._answers.readline(MAX_LINE)
        except (OSError, ValueError) as exc:
            raise ReplayError(f"the render process broke off: {exc}") from None
        if not line:
            raise ReplayError(f"the render process ended (exit {self.proc.poll()})")
        return json.loads(line)

    def send(self, page: PageRef) -> None:
        """Have the page rendered; its result is a later :meth:`receive` (results come in the
        order the pages were sent)."""
        self._write({"url": page.url, "source": page.source, "timestamp": page.timestamp})

    def receive(self) -> Rendered:
        """The result of the oldest page sent and not received yet."""
        answer = self._read()
        if "error" in answer:
            raise ReplayError(str(answer["error"]))
        return _decode(answer)

    def render(self, page: PageRef) -> Rendered:
        self.send(page)
        return self.receive()

    def kill(self) -> None:
        """End the process (and with its pipe closed, its Chromium) at once: the service stops."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(10)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()          # the process closes its renderer (and Chromium) and ends
            proc.wait(60)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait(10)


def main() -> int:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    first = sys.stdin.readline()
    out = sys.stdout
    try:
        config = json.loads(first)
        renderer = ReplayRenderer(ReplayTarget(**config["target"]), tabs=int(config["tabs"]),
                                  page_seconds=float(config["page_seconds"]), executable=config.get("executable"))
        renderer.start()
    except (ValueError, KeyError, TypeError, ReplayError) as exc:
        out.write(json.dumps({"error": f"{exc.__class__.__name__}: {exc}"}) + "\n")
        out.flush()
        return 1
    out.write('{"ready": true}\n')
    out.flush()
    # each page starts as its line comes (the renderer runs ``tabs`` at once); a thread of its
    # own writes the answers in the pages' order as each is done
    answers: queue.Queue = queue.Queue()
    writer = threading.Thread(target=_write_answers, args=(answers, out), name="qa-answers", daemon=True)
    writer.start()
    try:
        for line in sys.stdin:
            try:
                p = json.loads(line)
                answers.put(renderer.submit(PageRef(p["url"], p["source"], p.get("timestamp") or "")))
            except (ValueError, KeyError, TypeError, ReplayError) as exc:
                answers.put({"error": f"{exc.__class__.__name__}: {exc}"})
    finally:
        answers.put(None)
        writer.join()
        renderer.close()
    return 0


def _write_answers(answers: queue.Queue, out) -> None:
    while (item := answers.get()) is not None:
        if isinstance(item, dict):
            answer = item
        else:
            try:
                answer = _encode(item.result())
            except Exception as exc:  # noqa: BLE001 - every page gets its line, or the caller's order slips
                answer = {"error": f"{exc.__class__.__name__}: {exc}"}
        try:
            out.write(json.dumps(answer) + "\n")
            out.flush()
        except (OSError, ValueError):   # the caller is gone: the pages left are nobody's
            return


if __name__ == "__main__":
    sys.exit(main())

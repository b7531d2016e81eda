"""The parts of a crawl run over several processes, forked from the coordinator.

A part used to be a new interpreter (``python -m server.crawler <part>``), which imported the
crawler again before its first fetch: on the 2-core target that cost each part about 0.24
CPU-s and the crawl about 0.2 s before anything was fetched (#36,
docs/decisions/crawler-production-scale.md, "Parts forked"). The coordinator now imports the
crawler once and forks the parts before it starts its event loop or any thread, so each part
begins with the modules (and the public suffix list) already loaded.

A part is what it was: its own process in the coordinator's process group, with its own event
loop, frontier, crawl.log and crawler.log; it gets SIGTERM when the coordinator dies; its
standard output (its progress lines) is a pipe the coordinator reads; the site logins reach it
in memory instead of on its standard input.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from collections.abc import Callable


class ForkedPart:
    """A forked part as the coordinator sees it: what it used of an asyncio subprocess
    (``stdout.readline()``, ``wait()``, ``returncode``, ``send_signal``)."""

    def __init__(self, pid: int, stdout_fd: int):
        self.pid = pid
        self.returncode: int | None = None
        self.stdout: asyncio.StreamReader | None = None
        self._stdout_fd = stdout_fd
        self._ended: asyncio.Future | None = None

    async def attach(self, limit: int = 1 << 20) -> None:
        """Start reading the part's standard output and watching for its end on this loop."""
        loop = asyncio.get_running_loop()
        self.stdout = asyncio.StreamReader(limit=limit, loop=loop)
        pipe = os.fdopen(self._stdout_fd, "rb", buffering=0)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(self.stdout, loop=loop), pipe)
        self._watch()

    def _watch(self) -> None:
        # A thread of its own per part waits for the process (the loop's default executor has a
        # few threads, and a job may have up to 64 parts). Nothing else reaps a part, so its PID
        # stays its own, a zombie at worst, until that thread has its status.
        if self._ended is None:
            loop = asyncio.get_running_loop()
            ended = self._ended = loop.create_future()

            def reap() -> None:
                code = self._reap()
                try:
                    loop.call_soon_threadsafe(lambda: ended.done() or ended.set_result(code))
                except RuntimeError:
                    pass                     # the loop is closed: nobody waits any more

            threading.Thread(target=reap, name=f"reap-{self.pid}", daemon=True).start()

    def _reap(self) -> int:
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            status = 0                       # reaped elsewhere: nothing more to learn
        self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    async def wait(self) -> int:
        self._watch()
        assert self._ended is not None
        return await asyncio.shield(self._ended)

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)


def fork_parts(dirs: list[str], run_part: Callable[[str], int]) -> list[ForkedPart]:
    """Fork one process per directory in ``dirs``; each runs ``run_part(dir)`` in that directory
    and exits with what it returns (1 if it raised). Call it before any thread or event loop
    exists in this process. If a fork fails, the parts already forked are stopped and waited for
    before the error goes on."""
    from server.runtime.lifeline import term_with_parent

    sys.stdout.flush()
    sys.stderr.flush()
    parent = os.getpid()
    parts: list[ForkedPart] = []
    try:
        for d in dirs:
            r, w = os.pipe()
            try:
                pid = os.fork()
            except OSError:
                os.close(r)
                os.close(w)
                raise
            if pid == 0:                                           # the part
                code = 1
                try:
                    os.close(r)
                    for sibling in parts:
                        os.close(sibling._stdout_fd)
                    term_with_parent()
                    if os.getppid() != parent:                     # the coordinator died already
                        os._exit(1)
                    _become_part(d, w)
                    code = run_part(d)
                except BaseException:  # noqa: BLE001 - reported; the part never returns to the coordinator's code
                    import traceback

                    traceback.print_exc()
                finally:
                    try:
                        sys.stdout.flush()
                        sys.stderr.flush()
                    finally:
                        os._exit(code)
            os.close(w)
            parts.append(ForkedPart(pid, r))
    except BaseException:
        for p in parts:
            os.kill(p.pid, signal.SIGTERM)
        for p in parts:
            os.waitpid(p.pid, 0)
            os.close(p._stdout_fd)
        raise
    return parts


def _become_part(job_dir: str, stdout_w: int) -> None:
    """The forked part's own standard streams and directory: its progress lines go to the pipe,
    it reads nothing on standard input (its logins came in memory)."""
    os.dup2(stdout_w, 1)
    os.close(stdout_w)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.chdir(job_dir)

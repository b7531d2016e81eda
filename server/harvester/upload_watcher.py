"""Which WARC files has the crawler closed? A watchdog observer in its own, plain process.

watchdog's observer threads do not work in an eventlet-patched process, so the service runs
``python -m server.harvester.upload_watcher JOB_DIR`` and reads one line per closed file from
its stdout: ``closed <file name>``. Files already closed when it starts are announced first.
The watcher ends when its stdin closes (the service went away) or on SIGTERM.

:class:`WatcherProcess` is the service's side: start, take the names announced so far, stop.
"""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading

log = logging.getLogger(__name__)

SUFFIX = ".warc.gz"


def is_closed_warc(name: str) -> bool:
    return name.endswith(SUFFIX) and "-metadata-" not in name


def main(argv: list[str] | None = None) -> int:
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not os.path.isdir(args[0]):
        print("usage: python -m server.harvester.upload_watcher JOB_DIR", file=sys.stderr)
        return 2
    job_dir = os.path.abspath(args[0])
    seen: set[str] = set()
    lock = threading.Lock()

    def announce(path: str) -> None:
        name = os.path.basename(path)
        if os.path.dirname(os.path.abspath(path)) != job_dir or not is_closed_warc(name):
            return
        with lock:
            if name in seen:
                return
            seen.add(name)
            sys.stdout.write(f"closed {name}\n")
            sys.stdout.flush()

    class Handler(FileSystemEventHandler):
        def on_moved(self, event):  # the crawler renames <name>.open to <name> when it closes it
            if not event.is_directory:
                announce(os.fsdecode(event.dest_path))

        def on_created(self, event):
            if not event.is_directory:
                announce(os.fsdecode(event.src_path))

    observer = Observer()
    observer.schedule(Handler(), job_dir, recursive=False)
    observer.start()
    for name in sorted(os.listdir(job_dir)):  # closed before we watched
        announce(os.path.join(job_dir, name))
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())

    def wait_stdin() -> None:
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except (OSError, ValueError):
            pass
        done.set()

    threading.Thread(target=wait_stdin, daemon=True).start()
    try:
        done.wait()
    except KeyboardInterrupt:
        pass
    observer.stop()
    observer.join(5)
    return 0


class WatcherProcess:
    """The service's handle on one watcher process. Under eventlet the pipe and the reader thread
    are green (subprocess and threading are monkey-patched), so reading never blocks the hub."""

    def __init__(self, job_dir: str):
        self.job_dir = job_dir
        self.proc: subprocess.Popen | None = None
        self._names: list[str] = []
        self._lock = threading.Lock()
        self._reader: threading.Thread | None = None

    def start(self) -> WatcherProcess:
        repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (repo, os.environ.get("PYTHONPATH", "")) if p)}
        self.proc = subprocess.Popen([sys.executable, "-m", "server.harvester.upload_watcher", self.job_dir],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self._reader = threading.Thread(target=self._read, name="upload-watcher-reader", daemon=True)
        self._reader.start()
        return self

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").strip()
            if line.startswith("closed "):
                with self._lock:
                    self._names.append(line[len("closed "):])

    def take(self) -> list[str]:
        """Names of closed WARC files announced since the last call."""
        with self._lock:
            out, self._names = self._names, []
        return out

    def stop(self, timeout: float = 5.0) -> None:
        if self.proc is None:
            return
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self._reader is not None:
            self._reader.join(timeout)


if __name__ == "__main__":
    sys.exit(main())

"""Worker processes for the index server's CPU work (DESIGN.md: heavy CPU work never runs under
the service's eventlet hub).

``python -m server.index.worker`` reads one task a line on stdin — ``{"task": "job"|"set",
"args": [...], "kwargs": {...}}`` — runs it (builders.TASKS) and writes one line back:
``{"ok": result}`` or ``{"error": {"code", "message", "details"}}``. It ends when stdin closes,
so also when its parent dies (not by PR_SET_PDEATHSIG: that signal follows the thread that
started the child, and pool threads come and go). :class:`Workers` keeps a few of them and hands
each task to an idle one; a typed error comes back as the same class.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import subprocess
import sys
import threading
import traceback
from typing import Any

from shared.errors import NasError, Unavailable, error_from_dict

log = logging.getLogger(__name__)


class _Worker:
    def __init__(self) -> None:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.pop("NAS_TEST_EVENTLET", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "server.index.worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=root)

    def call(self, task: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write((json.dumps({"task": task, "args": args, "kwargs": kwargs}) + "\n").encode())
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except OSError:
            line = b""
        if not line:
            code = self.proc.wait()
            raise Unavailable(f"an index worker process ended ({code}) during a {task} task", {"task": task})
        answer = json.loads(line)
        if "error" in answer:
            raise error_from_dict(answer["error"])
        return answer["ok"]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class Workers:
    """Up to ``size`` worker processes, started when first needed."""

    def __init__(self, size: int):
        self.size = max(1, size)
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._started = 0
        self._lock = threading.Lock()
        self._all: list[_Worker] = []

    def _take(self) -> _Worker:
        while True:
            with self._lock:
                if self._idle.empty() and self._started < self.size:
                    self._started += 1
                    w = _Worker()
                    self._all.append(w)
                    return w
            w = self._idle.get()
            if w.alive():
                return w
            self._replace(w)

    def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` (a function of builders.TASKS) in a worker process."""
        from server.index.builders import TASKS

        task = next(name for name, f in TASKS.items() if f is fn)
        w = self._take()
        try:
            result = w.call(task, list(args), {})
        except NasError:
            self._give_back(w)
            raise
        except Exception:
            self._replace(w)
            raise
        self._give_back(w)
        return result

    def _give_back(self, w: _Worker) -> None:
        if w.alive():
            self._idle.put(w)
        else:
            self._replace(w)

    def _replace(self, w: _Worker) -> None:
        with self._lock:
            self._started -= 1
            if w in self._all:
                self._all.remove(w)
        w.close()

    def close(self) -> None:
        with self._lock:
            workers, self._all = self._all, []
            self._started = 0
        for w in workers:
            w.close()


def main() -> int:  # pragma: no cover - exercised through Workers in tests
    from server.index.builders import TASKS

    logging.basicConfig(level=logging.WARNING, format="index worker: %(message)s")
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing but answers on the answer channel
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            result = TASKS[req["task"]](*req.get("args", []), **req.get("kwargs", {}))
            answer = {"ok": result}
        except NasError as exc:
            answer = {"error": exc.to_dict()}
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which records it
            traceback.print_exc()
            answer = {"error": {"code": "internal_error", "message": f"{exc.__class__.__name__}: {exc}",
                                "details": {}}}
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""SIGTERM and SIGINT over a crawler process's whole life: one Python-level handler, installed
first thing and never taken away.

A stop can come at any moment: before the event loop exists (a job cancelled as it starts, or
a start slowed by a loaded host), while the crawl runs, and again after the crawl has ended. The
last case is common: a harvester may send SIGTERM twice, and a part whose coordinator is killed
gets SIGTERM once for each of the coordinator's threads it is handed on to as they exit (Linux
re-sends the parent-death signal at each reparenting). The event loop's own signal handlers
were taken away when the loop closed, leaving the default action: such a late SIGTERM killed a
crawl that had stopped cleanly, with exit status -15 and sometimes before its crawler.log said
how it ended. So the loop's ``add_signal_handler`` is not used: this handler stays in place
and does what the current phase says (``on_stop``), or, between phases, only records the stop.
Once the crawl has ended and said so in crawler.log, stops are ignored (``ignore``).

The handler runs in the main thread between two bytecodes, also while the event loop waits
there (uvloop installs a wake-up fd for any signal; the standard loop's wait is interrupted by
it), and the actions hand their work to the loop with ``call_soon_threadsafe``, which wakes it.
"""
from __future__ import annotations

import os
import signal
from collections.abc import Callable

#: stops received while no action was set: (signal, the PID that received it). A forked part
#: keeps only its own (keep_own); a stop the coordinator got before the fork is its to pass on.
received: list[tuple[int, int]] = []

_action: Callable[[], None] | None = None


def install() -> None:
    """Handle SIGTERM and SIGINT in this process from now on (main thread only)."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _on_signal)


def on_stop(action: Callable[[], None] | None) -> None:
    """What a stop does from now on; None: only recorded (before a crawl, and after it)."""
    global _action
    _action = action


def ignore() -> None:
    """The crawl has ended: ignore stops from now on. Python's finalization puts back the default
    action for signals with a Python handler (a stop then would kill the process as it exits);
    it leaves an ignored one ignored."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)


def keep_own() -> None:
    """Forget the stops another process (the coordinator, before the fork) received."""
    pid = os.getpid()
    for stop in [s for s in received if s[1] != pid]:
        received.remove(stop)          # in place: a stop arriving meanwhile is kept


def _on_signal(signum, _frame) -> None:
    action = _action
    if action is None:
        received.append((signum, os.getpid()))
        return
    try:
        action()
    except RuntimeError:
        pass        # the loop closed after the action was set: the crawl is ending anyway

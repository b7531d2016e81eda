"""Polling with a deadline, for tests that wait on services and processes."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_for(fn: Callable[[], T], timeout: float = 30.0, interval: float = 0.1,
             sleep: Callable[[float], object] = time.sleep) -> T:
    """Call ``fn`` until it returns something truthy and return that; an exception counts as
    "not yet" (services still starting). Fails the test after ``timeout`` seconds, saying what
    ``fn`` last gave. A test that runs green threads without eventlet's monkey patching passes
    ``sleep=eventlet.sleep``, so that they run while it waits."""
    deadline = time.monotonic() + timeout
    last: object = None
    while time.monotonic() < deadline:
        try:
            last = fn()
            if last:
                return last  # type: ignore[return-value]
        except Exception as exc:  # noqa: BLE001
            last = exc
        sleep(interval)
    raise AssertionError(f"condition not met within {timeout}s (last: {last!r})")

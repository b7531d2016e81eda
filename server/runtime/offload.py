"""Run blocking disk or CPU work (hashing, copying, indexing) off the eventlet hub when the
process is monkey-patched; every service uses this one helper."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def offload(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args)`` in a native thread (eventlet's tpool) so heartbeats and other workers go on
    while a large file is hashed or copied; called directly in an unpatched process."""
    try:
        from eventlet import patcher, tpool
    except ImportError:  # pragma: no cover
        return fn(*args, **kwargs)
    if patcher.is_monkey_patched("thread"):
        return tpool.execute(fn, *args, **kwargs)
    return fn(*args, **kwargs)

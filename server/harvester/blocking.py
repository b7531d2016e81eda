"""Run blocking disk or CPU work (copying, indexing, compressing) off the eventlet hub."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def offload(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args)`` in a native thread when the process is monkey-patched (so heartbeats and the
    crawl watch go on), else directly."""
    try:
        from eventlet import patcher, tpool
    except ImportError:  # pragma: no cover
        return fn(*args, **kwargs)
    if patcher.is_monkey_patched("thread"):
        return tpool.execute(fn, *args, **kwargs)
    return fn(*args, **kwargs)

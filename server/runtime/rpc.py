"""Our ``@rpc``: Nameko's, with every :class:`shared.errors.NasError` declared as expected.

Expected exceptions are the caller's fault (bad input, unknown domain): Nameko logs them
without a traceback at warning level and the caller receives the typed error.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nameko.rpc import rpc as nameko_rpc

from shared.errors import NasError


def rpc(fn: Callable[..., Any] | None = None, **kwargs: Any):
    """Use as ``@rpc`` or ``@rpc(sensitive_arguments=("password",))``."""
    kwargs.setdefault("expected_exceptions", (NasError,))
    if fn is None:
        return nameko_rpc(**kwargs)
    return nameko_rpc(**kwargs)(fn)

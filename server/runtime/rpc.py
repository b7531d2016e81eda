"""Our ``@rpc``: Nameko's, with every :class:`shared.errors.NasError` declared as expected, and
answers encoded by their declared type (:mod:`shared.contracts`).

Expected exceptions are the caller's fault (bad input, unknown domain): Nameko logs them
without a traceback at warning level and the caller receives the typed error.

An RPC method is annotated with what it returns (``-> DomainDto``, ``-> Page[JobDto]``) and
returns DTO instances; the entrypoint turns them into JSON-safe dicts just before the reply, so
the core and ``worker_factory`` tests deal in typed objects and only the wire sees dicts.
"""
from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import Any

from nameko.rpc import Rpc as NamekoRpc

from shared import contracts
from shared.errors import NasError


class Rpc(NamekoRpc):
    _declared: Any = None

    def declared_return(self) -> Any:
        if self._declared is None:
            fn = getattr(self.container.service_cls, self.method_name)
            try:
                self._declared = typing.get_type_hints(fn).get("return", Any)
            except Exception:  # noqa: BLE001 - an annotation that cannot be resolved: no check
                self._declared = Any
        return self._declared

    def handle_result(self, message, worker_ctx, result, exc_info):
        if exc_info is None:
            try:
                result = contracts.encode(result, self.declared_return(),
                                          f"{self.container.service_name}.{self.method_name}")
            except Exception:  # noqa: BLE001 - the caller gets the failure instead of a hang
                result, exc_info = None, sys.exc_info()
        return super().handle_result(message, worker_ctx, result, exc_info)


def rpc(fn: Callable[..., Any] | None = None, **kwargs: Any):
    """Use as ``@rpc`` or ``@rpc(sensitive_arguments=("password",))``."""
    kwargs.setdefault("expected_exceptions", (NasError,))
    if fn is None:
        return Rpc.decorator(**kwargs)
    return Rpc.decorator(**kwargs)(fn)

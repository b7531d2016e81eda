"""Nameko logs every expected exception of an RPC (our typed errors: a curator's bad input, an
unknown domain) at WARNING, with a traceback and the worker's ``<WorkerContext … 0x7f…>`` repr.
Those are answers, not problems: the caller got a typed error. The warning list is for
operators, so this filter rewrites such records to one INFO line naming the service, the method
and the error code. A typed error that does mean trouble on the server side (``Unavailable``:
a service it depends on does not answer) stays a WARNING, still without the traceback.
"""
from __future__ import annotations

import logging

from shared.errors import NasError, Unavailable

NAMEKO_LOGGER = "nameko.containers"
_PREFIX = "(expected) error handling worker"


class ExpectedErrorFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not isinstance(record.msg, str) or not record.msg.startswith(_PREFIX):
            return True
        args = record.args if isinstance(record.args, tuple) else ()
        worker, exc = (args + (None, None))[:2]
        if not isinstance(exc, NasError):
            return True
        service = getattr(worker, "service_name", "?")
        method = getattr(getattr(worker, "entrypoint", None), "method_name", "?")
        record.msg = "%s.%s answered %s: %s"
        record.args = (service, method, exc.code, exc.message or exc.code)
        record.exc_info = None
        record.exc_text = None
        level = logging.WARNING if isinstance(exc, Unavailable) else logging.INFO
        record.levelno, record.levelname = level, logging.getLevelName(level)
        return logging.getLogger(record.name).isEnabledFor(level)


def install() -> None:
    """Add the filter to Nameko's container logger once (idempotent)."""
    logger = logging.getLogger(NAMEKO_LOGGER)
    if not any(isinstance(f, ExpectedErrorFilter) for f in logger.filters):
        logger.addFilter(ExpectedErrorFilter())

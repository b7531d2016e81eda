"""Log lines that journald reads well.

Under systemd (``JOURNAL_STREAM`` is set) each line starts with the syslog priority in angle
brackets (``<4>`` for a warning), which journald turns into the entry's priority, and carries no
timestamp (journald adds its own). Elsewhere lines get an ISO timestamp and the level name.
Generated configs put :func:`logging_config` under the ``LOGGING`` key, which ``nameko run``
hands to ``logging.config.dictConfig``.
"""
from __future__ import annotations

import logging
import os
from typing import Any

_PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3, logging.CRITICAL: 2}


class JournalFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__()
        self.journal = bool(os.environ.get("JOURNAL_STREAM"))

    def format(self, record: logging.LogRecord) -> str:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        if self.journal:
            prio = _PRIORITY.get(record.levelno, 6)
            # journald reads the prefix per line, so continuation lines get it too.
            return "\n".join(f"<{prio}>{line}" for line in text.splitlines())
        return f"{self.formatTime(record, '%Y-%m-%dT%H:%M:%S')} {record.levelname} {text}"


def logging_config(level: str = "INFO") -> dict[str, Any]:
    """A ``LOGGING`` document for service config files."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"journal": {"()": "server.runtime.logging_setup.JournalFormatter"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "journal"}},
        "root": {"level": level, "handlers": ["stderr"]},
        # kombu is chatty at INFO about every reconnect attempt; amqp warns about harmless
        # close-handshake races of short-lived RPC connections.
        "loggers": {"kombu": {"level": "WARNING"}, "amqp": {"level": "ERROR"}},
    }

"""Work-arounds for defects of the Qt binding, applied once when the desktop package is imported.

``Signal.emit`` of PySide6 6.12.0 returns ``True`` without a reference of its own, so every
``emit`` called from Python takes one reference away from ``True``. On Python 3.11 ``True`` is
not immortal: a desktop left running (timers poll, calls finish, tables repaint — thousands of
emits an hour) ends with "Fatal Python error: bool_dealloc: deallocating True or False", and so
did a test run with a few archive-browser tabs. Older releases (6.11) were right, but their
translation extractor does not see plural forms written with ``QCoreApplication.translate``,
which the desktop uses; so we keep 6.12.0 and make the lost references harmless.

How: ``True`` and ``False`` get 2**60 extra references, which is what Python 3.12 does for every
immortal object; ``emit`` would have to run for millennia to use them up. Wrapping ``emit``
instead was tried: a Python ``emit`` breaks signal-to-signal connections (``a.connect(b.emit)``
must be the binding's own method). The defect is measured, not assumed from the version: a
binding that keeps its references is left alone. ``tests/desktop/test_qt_binding.py`` checks it.
"""
from __future__ import annotations

import ctypes
import sys

CUSHION = 1 << 60
_applied = False


def emit_loses_references() -> bool:
    """Whether ``Signal.emit`` of this binding takes references away from ``True``."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(20):
        probe.ping.emit()
    return sys.getrefcount(True) - before <= -20


def apply() -> None:
    global _applied
    if _applied:
        return
    _applied = True
    if not emit_loses_references():
        return
    for value in (True, False):
        # ob_refcnt is the first field of every object (CPython); id() is the object's address
        ctypes.c_ssize_t.from_address(id(value)).value += CUSHION

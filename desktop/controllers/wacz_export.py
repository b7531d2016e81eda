"""Exporting a WACZ from the desktop: jobs (job details, the archive browser's session) or a
search's result set (its URLs in the jobs of its hits) into one file the user chose.

The export is the one ``nas export wacz`` runs (:mod:`shared.wacz`): it runs here in a worker
thread of its own, reading through the desktop's RPC backend (a connection of that thread, closed
at the end) and fetching the URLs the arcrepository hands out. The package is written beside the
target and moved into place only when complete (:func:`shared.wacz.run.export_to_file`), so a
cancelled or failed export leaves no file. No widgets: the dialog in
``desktop/widgets/wacz_dialog.py`` shows what this says.
"""
from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from desktop.errors import describe
from desktop.rpc.outcome import classify
from shared import contracts
from shared.errors import IndexNotReady, Unavailable
from shared.wacz.selection import result_set
from shared.wacz.source import ArchiveSource, ExportCancelled

CHUNK = 1 << 20


class NothingToExport(Exception):
    """The selection is empty: the message is the sentence to show."""


@dataclasses.dataclass
class ExportOutcome:
    """How an export ended: ``ok`` with the file's facts, ``cancelled``, or ``error`` (a sentence)."""

    path: str
    ok: bool = False
    cancelled: bool = False
    error: str = ""
    size: int = 0
    records: int = 0
    files: int = 0
    pages: int = 0
    jobs: list[int] = dataclasses.field(default_factory=list)
    unresolved_revisits: int = 0


def fetch_url(url: str, cancelled: Callable[[], bool], timeout: float = 60.0) -> Iterator[bytes]:
    """The body of a URL the arcrepository handed out, in pieces; Unavailable when it cannot be
    fetched (the source then tries the next replica)."""
    import requests

    def shown() -> str:     # the signed query never goes into a message
        return url.split("?", 1)[0]

    try:
        resp = requests.get(url, stream=True, timeout=timeout)
    except requests.RequestException as exc:
        raise Unavailable(f"cannot fetch {shown()}: {exc.__class__.__name__}", {"url": shown()}) from None
    if resp.status_code >= 400:
        resp.close()
        raise Unavailable(f"{shown()}: HTTP {resp.status_code}", {"url": shown(), "status": resp.status_code})

    def body() -> Iterator[bytes]:
        try:
            for chunk in resp.iter_content(CHUNK):
                if cancelled():
                    raise ExportCancelled()
                yield chunk
        except requests.RequestException as exc:
            raise Unavailable(f"transfer from {shown()} broke off: {exc.__class__.__name__}",
                              {"url": shown()}) from None
        finally:
            resp.close()

    return body()


def _network(exc: OSError) -> bool:
    import socket

    import requests

    from shared.client import Unreachable

    return isinstance(exc, (ConnectionError, TimeoutError, socket.gaierror, Unreachable, requests.RequestException))


class WaczExport(QObject):
    """One export at a time. ``progress(done, total)`` in bytes of the jobs' files (total 0: not
    known, as for a URL list); ``fileChanged(name)`` as each file goes in; ``finished(ExportOutcome)``
    once, at the end. All delivered in the GUI thread (queued from the worker)."""

    progress = Signal(object, object)
    fileChanged = Signal(str)
    finished = Signal(object)

    def __init__(self, client, parent: QObject | None = None):
        super().__init__(parent)
        self.client = client
        self._cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.outcome: ExportOutcome | None = None

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def cancel(self) -> None:
        """Stop at the next piece; the partial file is removed and ``finished`` says cancelled."""
        self._cancel.set()

    def export_jobs(self, path: str, job_ids: list[int], title: str = "") -> None:
        self._start(path, lambda call: (list(job_ids), None), title)

    def export_search(self, path: str, query: str, job_ids: list[int], sort: str = "relevance") -> None:
        """The query's result set: its URLs' captures in the jobs of its hits."""
        def select(call):
            rs = result_set(call, query, job_ids, sort, self._cancel.is_set)
            if rs.missing:      # never a partial result set without a word
                raise IndexNotReady(f"jobs {', '.join(str(m.job_id) for m in rs.missing)} are not searched yet",
                                    {"job_ids": [m.job_id for m in rs.missing]})
            if not rs.urls:
                raise NothingToExport(QCoreApplication.translate("WaczExport", "The search has no hits to export."))
            return rs.jobs, rs.urls
        title = QCoreApplication.translate("WaczExport", "Search: {query}").format(query=query)
        self._start(path, select, title)

    def _start(self, path: str, select, title: str) -> None:
        if self.running:
            raise RuntimeError("an export is running")
        self._cancel.clear()
        self.outcome = None
        self.thread = threading.Thread(target=self._run, args=(path, select, title), name="wacz-export",
                                       daemon=True)
        self.thread.start()

    def _run(self, path: str, select, title: str) -> None:
        from shared.wacz.run import export_to_file

        backend = self.client.backend
        outcome = ExportOutcome(path)

        def call(service: str, method: str, *args: Any) -> Any:
            return contracts.decode(service, method, backend.call(service, method, args, {}, None))

        done = [0]
        whole_files = [True]     # a URL list fetches records: no total known in advance

        def moved(n: int) -> None:
            done[0] += n
            self.progress.emit(done[0], sum(source.sizes.values()) if whole_files[0] else 0)

        source = ArchiveSource(call, lambda url: fetch_url(url, self._cancel.is_set), None, moved,
                               self._cancel.is_set)
        try:
            jobs, urls = select(call)
            outcome.jobs, whole_files[0] = jobs, urls is None
            summary = export_to_file(path, source, jobs, title, None, urls, self.fileChanged.emit,
                                     os.path.dirname(os.path.abspath(path)))
            outcome.ok = True
            outcome.size = os.path.getsize(path)
            outcome.records, outcome.files, outcome.pages = summary.records, len(summary.files), summary.pages
            outcome.unresolved_revisits = summary.unresolved_revisits
        except ExportCancelled:
            outcome.cancelled = True
        except NothingToExport as exc:
            outcome.error = str(exc)
        except OSError as exc:
            # the target (or the temporary files beside it): no room, no right to write, no folder;
            # a broken connection is an OSError too, and is said as such
            outcome.error = describe(classify(exc)) if _network(exc) else QCoreApplication.translate(
                "WaczExport", "The file could not be written: {reason}").format(reason=exc.strerror or str(exc))
        except BaseException as exc:  # noqa: BLE001 - every failure is said in words
            outcome.error = describe(classify(exc))
        finally:
            release = getattr(backend, "release", None)
            if release is not None:
                release()       # this thread's connection: the thread ends now
        self.outcome = outcome
        self.finished.emit(outcome)


def outcome_text(o: ExportOutcome) -> str:
    """The outcome in one sentence (or two)."""
    from desktop import formatting

    translate = QCoreApplication.translate
    if o.cancelled:
        return translate("WaczExport", "The export was cancelled; no file was written.")
    if not o.ok:
        return translate("WaczExport", "The export failed; no file was written. {reason}").format(reason=o.error)
    text = translate("WaczExport", "Saved {file} ({size}): %Ln record(s).", "", o.records).format(
        file=os.path.basename(o.path), size=formatting.size(o.size))
    text += " " + translate("WaczExport", "Job(s): {jobs}.", "", len(o.jobs)).format(jobs=", ".join(map(str, o.jobs)))
    if o.unresolved_revisits:
        text += " " + translate("WaczExport", "%Ln revisited payload(s) have no original in the package.", "",
                                o.unresolved_revisits)
    return text

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
from shared.wacz.source import ArchiveSource, ExportCancelled

CHUNK = 1 << 20
#: a result set is at most the search's ranked hits (the index server's limit)
RESULT_LIMIT = 1000
RESULT_PAGE = 100


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


def result_set(call: Callable[..., Any], query: str, job_ids: list[int], sort: str = "relevance",
               cancelled: Callable[[], bool] = lambda: False) -> tuple[list[str], list[int], int]:
    """A search's result set as ``nas search --url-list`` gives it: every hit's URL once, in the
    order of the hits, page after page up to the ranked-hit limit; with the jobs of the hits and
    the total. IndexNotReady when jobs are still being indexed (an export is never partial
    without saying so)."""
    urls: dict[str, None] = {}
    jobs: dict[int, None] = {}
    page, total = 1, 0
    while True:
        if cancelled():
            raise ExportCancelled()
        result = call("index_server", "search", query, job_ids, sort, page, RESULT_PAGE, False)
        if result.missing:
            raise IndexNotReady(f"jobs {', '.join(str(m.job_id) for m in result.missing)} are not searched yet",
                                {"job_ids": [m.job_id for m in result.missing]})
        total = result.total
        for h in result.hits:
            urls[h.url] = None
            jobs[h.job_id] = None
        if not result.hits or page * RESULT_PAGE >= min(total, RESULT_LIMIT):
            break
        page += 1
    return list(urls), sorted(jobs), total


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
            urls, jobs, _total = result_set(call, query, job_ids, sort, self._cancel.is_set)
            if not urls:
                raise NothingToExport(QCoreApplication.translate("WaczExport", "The search has no hits to export."))
            return jobs, urls
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

        def moved(n: int) -> None:
            done[0] += n
            self.progress.emit(done[0], sum(source.sizes.values()))

        source = ArchiveSource(call, lambda url: fetch_url(url, self._cancel.is_set), None, moved,
                               self._cancel.is_set)
        try:
            jobs, urls = select(call)
            outcome.jobs = jobs
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
        except OSError as exc:      # the target: no room, no right to write
            outcome.error = QCoreApplication.translate("WaczExport", "The file could not be written: {reason}").format(
                reason=exc.strerror or str(exc))
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

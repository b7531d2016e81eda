"""The job details screen's controller: one job's status history, per-domain statistics, files and
where they are stored, its crawl log (paged, filtered off the GUI thread) and reports from its
metadata WARC in the archive, resubmitting a failed job, and "browse this job"."""
from __future__ import annotations

import dataclasses
import datetime as dt
import threading
from array import array
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QThread,
    QThreadPool,
    Signal,
)

from desktop import formatting, jobdata
from desktop.controllers.base import Controller, Work
from desktop.rpc.outcome import Failure, FailureKind
from shared import job_states
from shared.dto import Page
from shared.dto.archive import ArchiveFileDto, FileUrlDto
from shared.dto.jobs import JobDetailsDto

PAGE_SIZE = 500


@dataclasses.dataclass
class HistoryEvent:
    what: str              # created, submitted, started, confirmed, reported, ended, resubmitted
    at: dt.datetime | None
    detail: str = ""


def history_of(j: JobDetailsDto) -> list[HistoryEvent]:
    """The job's status history from its timestamps, in order (only what happened)."""
    events = [HistoryEvent("created", j.created_at), HistoryEvent("submitted", j.submitted_at),
              HistoryEvent("claimed", j.confirmed_at, j.harvester_id or ""), HistoryEvent("started", j.started_at),
              HistoryEvent("reported", j.reported_at),
              HistoryEvent("ended", j.ended_at, str(j.status.value if hasattr(j.status, "value") else j.status))]
    out = [e for e in events if e.at is not None]
    out.sort(key=lambda e: e.at)
    if j.resubmitted_as:
        out.append(HistoryEvent("resubmitted", None, str(j.resubmitted_as)))
    return out


def history_text(e: HistoryEvent) -> str:
    names = {
        "created": QCoreApplication.translate("JobDetails", "created"),
        "submitted": QCoreApplication.translate("JobDetails", "submitted to its channel"),
        "claimed": QCoreApplication.translate("JobDetails", "claimed by harvester {detail}"),
        "started": QCoreApplication.translate("JobDetails", "crawl started"),
        "reported": QCoreApplication.translate("JobDetails", "reported by the harvester"),
        "ended": QCoreApplication.translate("JobDetails", "ended: {detail}"),
        "resubmitted": QCoreApplication.translate("JobDetails", "resubmitted as job {detail}"),
    }
    detail = e.detail
    if e.what == "ended":
        from desktop import vocab

        detail = vocab.job_status(detail)
    text = names.get(e.what, e.what).format(detail=detail)
    return f"{formatting.date_time(e.at)}  {text}" if e.at else text




class CrawlLogModel(QAbstractTableModel):
    """One page of a crawl log's matching lines. Filtering runs in a worker thread; a newer
    filter makes an older result be dropped. ``filtered(total_matching)`` after each filter."""

    filtered = Signal(int)
    problem = Signal(str)
    _result = Signal(bool, object)

    COLUMNS = ((0, "time"), (1, "status"), (2, "size"), (3, "url"), (6, "mime"), (5, "referrer"),
               (11, "annotations"))

    def __init__(self, pool: QThreadPool, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = pool
        self.lines: list[str] = []
        self.matching = array("l")
        self.page = 0
        self.page_size = PAGE_SIZE
        self.filter = jobdata.CrawlLogFilter()
        self._generation = 0
        self._cancel = threading.Event()
        self.filtering = False
        self.worker_threads: set[int] = set()   # which threads filtered (never the GUI's)
        self._result.connect(self._on_result, Qt.ConnectionType.QueuedConnection)

    # --- the view's questions ------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return max(0, min(self.page_size, len(self.matching) - self.page * self.page_size))

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def line_at(self, row: int) -> list[str] | None:
        i = self.page * self.page_size + row
        if 0 <= row < self.rowCount() and i < len(self.matching):
            return jobdata.split_line(self.lines[self.matching[i]])
        return None

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        fields = self.line_at(index.row())
        if fields is None:
            return None
        pos, key = self.COLUMNS[index.column()]
        value = fields[pos]
        if key == "size" and value.isdigit() and role == Qt.ItemDataRole.DisplayRole:
            return formatting.number(int(value))
        return value

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            i = self.page * self.page_size + section
            return self.matching[i] + 1 if i < len(self.matching) else None   # the line's number in crawl.log
        titles = {
            "time": QCoreApplication.translate("JobDetails", "Time"),
            "status": QCoreApplication.translate("JobDetails", "Status"),
            "size": QCoreApplication.translate("JobDetails", "Size"),
            "url": QCoreApplication.translate("JobDetails", "URL"),
            "mime": QCoreApplication.translate("JobDetails", "MIME type"),
            "referrer": QCoreApplication.translate("JobDetails", "Referrer"),
            "annotations": QCoreApplication.translate("JobDetails", "Annotations"),
        }
        return titles[self.COLUMNS[section][1]]

    # --- what the controller does --------------------------------------------------------------

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.matching) // self.page_size))

    def set_lines(self, lines: list[str]) -> None:
        self.lines = lines
        self.apply(self.filter)

    def apply(self, flt: jobdata.CrawlLogFilter) -> None:
        """Filter in a worker thread; the current page stays until the result is here."""
        self._cancel.set()
        self._cancel = cancel = threading.Event()
        self._generation += 1
        gen, lines = self._generation, self.lines
        self.filter = flt
        self.filtering = True

        def work():
            self.worker_threads.add(threading.get_ident())
            return gen, jobdata.filter_lines(lines, flt, cancel.is_set)
        self.pool.start(Work(work, self._result))

    def _on_result(self, ok: bool, value: Any) -> None:
        if not ok:
            self.filtering = False
            self.problem.emit(str(value))
            return
        gen, matching = value
        if gen != self._generation:
            return
        self.beginResetModel()
        self.matching = matching
        self.page = 0
        self.endResetModel()
        self.filtering = False
        self.filtered.emit(len(matching))

    def go_to_page(self, page: int) -> None:
        page = max(0, min(page, self.pages - 1))
        if page != self.page:
            self.beginResetModel()
            self.page = page
            self.endResetModel()


class JobDetailsController(Controller):
    """Signals: ``jobChanged(JobDetailsDto)``, ``filesChanged(list[ArchiveFileDto])``,
    ``metadataLoaded(JobMetadata)``, ``metadataProblem(str)`` (translated), ``browseRequested(list)``
    (the job ids to browse), ``resubmitted(int)`` (the new job's id)."""

    service = "scheduler"
    jobChanged = Signal(object)
    filesChanged = Signal(list)
    metadataLoaded = Signal(object)
    # what makes the sentence, not the sentence: the screen says it again after a language switch
    metadataProblem = Signal(object)
    browseRequested = Signal(list)
    resubmitted = Signal(int)
    qaChanged = Signal(object, str)       # the job's QaSummaryDto (or None), and why not in words
    reviewRequested = Signal(int)
    _metadata = Signal(bool, object)

    def __init__(self, client, call=None, parent=None, archive_call=None):
        super().__init__(client, call, parent)
        archive = archive_call or (lambda method, *a, **kw: client.call("arcrepository", method, *a, **kw))
        self._archive = lambda method, *a, **kw: archive(method, *a, **kw).bind(self)
        self.job: JobDetailsDto | None = None
        self.files: list[ArchiveFileDto] = []
        self.metadata: jobdata.JobMetadata | None = None
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(2)
        self.crawl_log = CrawlLogModel(self.pool, self)
        self.loading_metadata = False
        self._metadata.connect(self._on_metadata, Qt.ConnectionType.QueuedConnection)
        self.gui_thread = QThread.currentThread()
        self._qa_job: int | None = None

    # --- loading -----------------------------------------------------------------------------

    def open(self, job_id: int) -> None:
        """Load the job, its files, and its metadata (crawl log and reports) from the archive."""
        if self.job is None or self.job.id != job_id:
            self.metadata = None
            self.crawl_log.set_lines([])
        self.rpc("job", job_id).on(self._job, self.failure.emit)
        self.load_qa(job_id)
        # the archive matches the regex against the whole name
        self._archive("list_files", offset=0, limit=1000, regex=f"{job_id}-.*").on(
            lambda page, job_id=job_id: self._files(job_id, page), self._archive_failed)

    def _job(self, j: JobDetailsDto) -> None:
        self.job = j
        self.jobChanged.emit(j)

    def follow(self):
        """A job not ended yet: its state again (the screen's poll), and once it has ended, its
        files and crawl log too (``open``). Returns the call, or None when there is nothing to follow."""
        j = self.job
        if j is None or j.ended_at is not None:
            return None
        c = self.rpc("job", j.id)
        c.on(self._followed, self.failure.emit)
        return c

    def _followed(self, new: JobDetailsDto) -> None:
        if self.job is None or self.job.id != new.id:
            return        # another job was opened meanwhile
        self._job(new)
        if new.ended_at is not None:
            self.open(new.id)

    def _files(self, job_id: int, page: Page[ArchiveFileDto]) -> None:
        self.files = sorted(page.items, key=lambda f: f.name)
        self.filesChanged.emit(self.files)
        meta = jobdata_name(job_id)
        if any(f.name == meta for f in self.files):
            self.load_metadata(meta)
        else:
            self.metadataProblem.emit(lambda: QCoreApplication.translate(
                "JobDetails", "The archive holds no metadata file of this job ({file}) yet.").format(file=meta))

    def _archive_failed(self, f: Failure) -> None:
        from desktop.errors import describe

        self.metadataProblem.emit(lambda: QCoreApplication.translate(
            "JobDetails", "The job's files cannot be listed: {reason}").format(reason=describe(f)))

    def load_metadata(self, name: str) -> None:
        self.loading_metadata = True
        self._archive("get_file", name).on(self._fetch, lambda f: (setattr(self, "loading_metadata", False),
                                                                   self._archive_failed(f)))

    def _fetch(self, where: FileUrlDto) -> None:
        # the download and the WARC parsing run in a worker thread: the window stays responsive
        self.pool.start(Work(lambda: jobdata.fetch_metadata(where.url, where.checksum, where.name),
                              self._metadata))

    def _on_metadata(self, ok: bool, value: Any) -> None:
        self.loading_metadata = False
        if not ok:
            if isinstance(value, jobdata.JobDataError):
                def text(code=value.code, detail=value.detail) -> str:
                    said = {
                        "checksum_mismatch": QCoreApplication.translate(
                            "JobDetails", "The metadata file arrived damaged (its checksum differs)."),
                        "invalid_warc": QCoreApplication.translate("JobDetails", "The metadata file cannot be read."),
                        "too_large": QCoreApplication.translate(
                            "JobDetails", "The metadata file is too large to show."),
                        "unavailable": QCoreApplication.translate(
                            "JobDetails", "The archive did not hand out the metadata file."),
                    }.get(code, code)
                    return f"{said} ({detail})"
                self.metadataProblem.emit(text)
            else:
                self.metadataProblem.emit(lambda message=str(value): message)
            return
        self.metadata = value
        self.crawl_log.set_lines(value.crawl_log)
        self.metadataLoaded.emit(value)

    # --- actions -----------------------------------------------------------------------------

    def filter_crawl_log(self, status: str, mime: str, url: str) -> bool:
        try:
            flt = jobdata.CrawlLogFilter(status, mime, url)
        except jobdata.FilterProblem as p:
            self.problem.emit("crawl_log", "status", QCoreApplication.translate(
                "JobDetails", "Not a status filter: {text} (use e.g. 200, 4xx, -2 or <0).").format(text=p.text))
            return False
        self.cleared.emit("crawl_log")
        self.crawl_log.apply(flt)
        return True

    @property
    def can_resubmit(self) -> bool:
        """A failed or cancelled job not yet resubmitted (shared/job_states.py, as the CLI)."""
        return self.job is not None and job_states.can_resubmit(self.job.status, self.job.resubmitted_as)

    def resubmit(self) -> None:
        if not self.can_resubmit:
            return
        old = self.job.id

        def done(new: JobDetailsDto) -> None:
            self.status.emit(QCoreApplication.translate("JobDetails", "Resubmitted as job {id}").format(id=new.id))
            self.resubmitted.emit(new.id)
            self.open(old)
        self.rpc("resubmit_job", old).on(done, self.failure.emit)

    def browse(self) -> None:
        if self.job is not None:
            self.browseRequested.emit([self.job.id])

    def review(self) -> None:
        """QA review of the job shown (the one asked for, even before the scheduler answered)."""
        job = self._qa_job if self._qa_job is not None else (self.job.id if self.job is not None else None)
        if job is not None:
            self.reviewRequested.emit(job)

    def load_qa(self, job_id: int):
        """The job's QA summary (``qa.summary``). Called on the qa service directly, not through
        the screen: an installation without QA still shows its jobs (the line says QA is not
        there)."""
        self._qa_job = job_id     # the answer for a job opened before this one is dropped

        def failed(f: Failure) -> None:
            from desktop.errors import describe

            if self._qa_job == job_id:
                missing = f.kind in (FailureKind.SERVICE_MISSING, FailureKind.TIMEOUT)
                self.qaChanged.emit(None, QCoreApplication.translate(
                    "JobDetails", "No QA service answers here.") if missing else describe(f))
        c = self.client.call("qa", "summary", job_id).bind(self)
        c.on(lambda s: self._qa_job == job_id and self.qaChanged.emit(s, ""), failed)
        return c


def jobdata_name(job_id: int) -> str:
    """The metadata WARC's name (as the harvester names it)."""
    return f"{job_id}-metadata-1.warc.gz"

"""One harvester's work, as plain Python: claim, crawl, finish off (metadata WARC, uploads, report),
and recover leftovers. The Nameko service runs :meth:`Harvester.run_forever` in a managed green
thread; the ``nas harvester`` command and the tests call the same methods directly."""
from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from server.harvester import crawl_process, job_spec, jobdir, metadata_warc
from server.harvester import report as reports
from server.harvester.archive_client import ArchiveClient
from server.harvester.crawl_process import CrawlProcess, CrawlWatch
from server.harvester.index_client import IndexClient
from server.harvester.job_spec import crawl_spec, normalise
from server.harvester.jobdir import CRAWLED, CRAWLING, REPORTED, REPORTING, UPLOADING, JobDir, JobState
from server.harvester.late_uploads import LateUploads
from server.harvester.logins_client import LoginsClient, job_domains, logins_payload
from server.harvester.scheduler_client import Scheduler
from server.harvester.upload_watcher import WatcherProcess
from server.harvester.uploads import Uploader
from server.runtime.offload import offload
from shared.errors import Conflict, IllegalTransition, JobCancelled, JobNotFound, NasError, Unavailable

log = logging.getLogger(__name__)

DEDUP_DIR = "dedup-index"
CUT_SHORT = ("the crawl was cut short: the harvester ended while the crawler was running "
             "(job finished off when the harvester started again)")


#: seconds a pause for disk space waits for the crawler's next progress line (it writes one every
#: ``progress_interval_s``, 5 s by default), so the paused job reports current figures
PAUSE_GRACE_S = 6.0


@dataclasses.dataclass
class HarvesterConfig:
    harvester_id: str
    channel: str
    work_dir: str
    failed_dir: str
    min_space_left: int = 400_000_000
    no_response_timeout: float = 1800.0
    inactivity_timeout: float = 1800.0
    process_timeout: float = 300.0
    max_job_running_time: float = 0.0
    status_interval: float = 20.0
    poll_interval: float = 0.5
    claim_interval: float = 10.0
    crawler_command: list[str] = dataclasses.field(default_factory=list)
    crawler_overrides: dict[str, Any] = dataclasses.field(default_factory=dict)
    dedup_index_timeout: float = 600.0
    upload_retry_interval: float = 60.0
    upload_retry_max_interval: float = 3600.0
    cancel_grace: float = 7.0

    @classmethod
    def from_settings(cls, settings, harvester_id: str) -> HarvesterConfig:
        work = settings["harvester.work_dir"] or os.path.join(settings["data_dir"], "harvester")
        work = os.path.abspath(work)
        failed = os.path.abspath(settings["harvester.failed_uploads_dir"] or os.path.join(work, "failed-uploads"))
        h = "harvester."
        return cls(harvester_id, settings[h + "channel"], work, failed, settings[h + "min_space_left"],
                   settings[h + "no_response_timeout"], settings[h + "inactivity_timeout"],
                   settings[h + "process_timeout"], settings[h + "max_job_running_time"],
                   settings[h + "status_interval"], settings[h + "poll_interval"], settings[h + "claim_interval"],
                   list(settings[h + "crawler_command"]), dict(settings[h + "crawler_overrides"]),
                   settings[h + "dedup.index_timeout"], settings[h + "upload_retry_interval"],
                   settings[h + "upload_retry_max_interval"], settings[h + "cancel_grace"])


class Harvester:
    """``on_state(state, reason)`` and ``on_progress(details)`` tell the service what to put in its
    status and heartbeats; ``stopping`` ends the loop and any crawl cleanly."""

    def __init__(self, config: HarvesterConfig, archive: ArchiveClient, scheduler: Scheduler,
                 on_state: Callable[[str, str], None] | None = None,
                 on_progress: Callable[[dict[str, Any]], None] | None = None,
                 index: IndexClient | None = None, logins: LoginsClient | None = None):
        self.config = config
        self.archive = archive
        self.scheduler = scheduler
        self.index = index
        self.logins = logins
        self._job_domains: dict[str, list[str]] = {}  # job dir → its domains (for the site logins)
        self.on_state = on_state or (lambda state, reason: None)
        self.on_progress = on_progress or (lambda details: None)
        self.late = LateUploads(archive, scheduler, config.failed_dir, config.harvester_id,
                                config.upload_retry_interval, config.upload_retry_max_interval)
        self.stopping = threading.Event()
        self.current: JobDir | None = None

    # -- the loop -----------------------------------------------------------------------------
    def space_left(self) -> tuple[bool, str]:
        free = jobdir.free_space(self.config.work_dir)
        if free <= self.config.min_space_left:
            return False, (f"not enough free disk in {self.config.work_dir}: {free} bytes free, "
                           f"min_space_left is {self.config.min_space_left}")
        return True, ""

    @property
    def absence(self) -> SchedulerAbsence:
        if getattr(self, "_absence", None) is None:
            self._absence = SchedulerAbsence()
        return self._absence

    def run_forever(self) -> None:
        """Finish leftovers, then claim and run jobs one at a time until ``stopping`` is set."""
        self.on_state("running", "finishing leftover jobs")
        self.recover()
        c = self.config
        while not self.stopping.is_set():
            if self.late.due():
                try:
                    self.late.run()
                except Exception:  # noqa: BLE001 - a retry round must not end the harvester
                    log.exception("retrying the failed uploads failed")
            ok, reason = self.space_left()
            if not ok:
                self.on_state("dormant", reason)
                self.stopping.wait(c.claim_interval)
                continue
            self.on_state("running", f"idle, waiting for a job on channel {c.channel}")
            try:
                job = self.scheduler.claim(c.channel, c.harvester_id)
                self.absence.answered()
            except Unavailable as exc:
                self.absence.missing(exc)
                job = None
            except Exception as exc:  # noqa: BLE001 - a scheduler fault must not end the harvester
                log.warning("cannot claim a job: %s: %s", exc.__class__.__name__, exc)
                job = None
            if not job:
                self.stopping.wait(c.claim_interval)
                continue
            try:
                self.run_job(job)
            except Exception:  # noqa: BLE001 - one broken job must not end the harvester
                log.exception("job %s could not be run", job.get("job_id") or job.get("id"))
                self.stopping.wait(c.claim_interval)

    # -- one job ------------------------------------------------------------------------------
    def run_job(self, job: dict[str, Any]) -> reports.HarvestReport | None:
        """Create the job directory, crawl, finish off. Returns the report (None if it could not
        be sent; the job is then finished at the next start)."""
        c = self.config
        job = normalise(job)
        log.info("claimed job %s (harvest %s) on channel %s", job.get("job_id"), job.get("harvest_id"), c.channel)
        spec, seeds = crawl_spec(job, c.crawler_overrides)
        jd = jobdir.create(c.work_dir, job, spec, seeds, harvester=c.harvester_id)
        self._job_domains[jd.path] = job_domains(job)
        self.current = jd
        try:
            state = jd.state()
            state.notes = job_spec.overridden(job, c.crawler_overrides)
            for note in state.notes:
                log.warning("job %s: %s", jd.job_id, note)
            self.prepare_dedup(jd, job, spec, state)
            self.crawl(jd, state)
            return self.finish(jd, state)
        finally:
            self.current = None

    def _logins_for(self, jd: JobDir) -> bytes | None:
        """The site logins of the job's domains for the crawler's stdin (None: none, or the
        definitions service did not answer: the crawl goes on without them)."""
        domains = self._job_domains.pop(jd.path, None)
        if self.logins is None or not domains:
            return None
        try:
            found = self.logins.site_logins(domains)
        except Exception as exc:  # noqa: BLE001 - a crawl without logins beats no crawl
            log.warning("job %s is crawled without site logins: %s: %s", jd.job_id, exc.__class__.__name__, exc)
            return None
        if not found:
            return None
        jd.write_spec({**jd.spec(), "logins_stdin": True})  # the flag only; the logins go through the pipe
        log.info("job %s: %d site logins handed to the crawler", jd.job_id, len(found))
        return logins_payload(found)

    def prepare_dedup(self, jd: JobDir, job: dict[str, Any], spec: dict[str, Any], state: JobState) -> None:
        """Fetch the deduplication index of the jobs the scheduler chose into the job directory
        and point the crawler at it. Without it (no index server, not ready in time, nothing to
        cover) the crawl runs without deduplication and a warning says why: never a failed job."""
        ids = job_spec.dedup_job_ids(job)
        state.dedup_jobs = None
        if not ids or not job_spec.dedup_wanted(job):
            jd.save_state(state)
            return
        if self.index is None:
            state.dedup_note = "no index server is configured"
        else:
            self.on_state("running", f"fetching the deduplication index for job {jd.job_id}")
            # The first progress report confirms the claim: the index may take longer to come
            # than the scheduler waits for an unconfirmed claim.
            self._send_progress(jd, {"status_text": "fetching the deduplication index"})
            try:
                covered = self.index.dedup_index(ids, jd.file(DEDUP_DIR), self.config.dedup_index_timeout)
            except Exception as exc:  # noqa: BLE001 - any failure means: crawl without deduplication
                state.dedup_note = f"{exc.__class__.__name__}: {exc}"
            else:
                spec = {**jd.spec(), "dedup": {**(spec.get("dedup") or {}), "enabled": True, "index": DEDUP_DIR}}
                jd.write_spec(spec)
                state.dedup_jobs = covered
                log.info("job %s deduplicates against jobs %s (%d asked for)", jd.job_id, covered, len(ids))
        if state.dedup_jobs is None:
            log.warning("job %s is crawled without deduplication against jobs %s: %s", jd.job_id, ids[:20],
                        state.dedup_note)
        jd.save_state(state)

    def crawl(self, jd: JobDir, state: JobState) -> None:
        c = self.config
        self.on_state("running", f"crawling job {jd.job_id}")
        proc = CrawlProcess(jd, c.crawler_command)
        state.crawler_pid = proc.start(self._logins_for(jd))
        jd.save_state(state)
        watcher = WatcherProcess(jd.path).start()
        uploader = Uploader(self.archive, c.failed_dir)
        start = time.monotonic()
        watch = CrawlWatch(c.no_response_timeout, c.inactivity_timeout, c.max_job_running_time, started=start)
        latest: dict[str, Any] = {}
        # The first progress report confirms the claim to the scheduler.
        not_running = self._send_progress(jd, {"status_text": "crawler started"})
        last_status = start
        cause = None
        paused_at: float | None = None   # the crawler is frozen while the disk is short (#20)
        crawler_full = False             # the crawler met a full disk itself and waits for space
        said_paused = False              # the last progress sent said the crawl is paused
        lines_seen = 0                   # progress lines read: a pause waits for a fresh one
        self._pause_wanted: tuple[float, int] | None = None
        try:
            while True:
                now = time.monotonic()
                # the crawler's latest figures first: a pause or a resume reports them
                for line in proc.progress():
                    watch.feed(line, now)
                    latest = line
                    lines_seen += 1
                paused_at = self._pause_for_space(jd, proc, watch, paused_at, now, latest, lines_seen)
                if bool(latest.get("disk_full")) != crawler_full:
                    crawler_full = not crawler_full
                    self._crawler_disk_full(jd, latest, crawler_full, paused_at is not None)
                if said_paused and paused_at is None and not crawler_full:
                    # the crawl goes on: say so now, not at the next status interval
                    last_status = now
                    not_running = self._send_progress(jd, {**latest, "status_text": "crawling"}) or not_running
                said_paused = paused_at is not None or crawler_full
                if latest:
                    self.on_progress({"job": jd.job_id, **latest})
                for name in watcher.take():
                    self._upload_closed(jd, state, uploader, name)
                if proc.exit_code is not None:
                    break
                if self.stopping.is_set():
                    cause = crawl_process.SERVICE_STOPPED
                elif not_running == crawl_process.JOB_CANCELLED:
                    cause = crawl_process.JOB_CANCELLED
                elif not_running:
                    cause = crawl_process.JOB_NOT_RUNNING
                elif paused_at is None:
                    cause = watch.stop_cause(now)   # a paused crawl is not inactive: its rules wait
                if cause:
                    # a curator's cancel is everyday work, not something for the operator
                    log.log(logging.INFO if cause == crawl_process.JOB_CANCELLED else logging.WARNING,
                            "stopping the crawl of job %s: %s", jd.job_id, watch.describe(cause))
                    state.stop_cause = cause
                    jd.save_state(state)
                    if paused_at is not None:
                        proc.resume()   # a frozen crawler cannot act on SIGTERM
                        paused_at = None
                    grace = (min(c.cancel_grace, c.process_timeout) if cause == crawl_process.JOB_CANCELLED
                             else c.process_timeout)
                    proc.stop(grace, poll=min(0.2, c.poll_interval))
                    break
                if now - last_status >= c.status_interval:
                    last_status = now
                    self._status_line(jd, latest, now - start)
                    text = ("paused: not enough free disk" if paused_at is not None
                            else "paused: the crawler met a full disk" if crawler_full else "crawling")
                    not_running = self._send_progress(jd, {**latest, "status_text": text})
                time.sleep(c.poll_interval)
            for line in proc.progress():
                latest = line
            time.sleep(min(0.3, c.poll_interval))  # let the watcher announce the last rename
            for name in watcher.take():
                self._upload_closed(jd, state, uploader, name)
        finally:
            watcher.stop()
        code = proc.exit_code
        state.crawler_exit = code
        state.crawl_end = str(latest.get("finished") or (cause or "unfinished"))
        self._judge_crawl(jd, state, proc, cause, code, watch)
        state.phase = CRAWLED
        jd.save_state(state)
        self._status_line(jd, latest, time.monotonic() - start, ended=reports.exit_text(code))

    def _pause_for_space(self, jd: JobDir, proc: CrawlProcess, watch: CrawlWatch, paused_at: float | None,
                         now: float, latest: dict[str, Any], lines_seen: int) -> float | None:
        """Freeze the crawler when free disk in the work directory falls to ``min_space_left``
        (before the crawler meets ENOSPC mid-record) and report the job blocked by disk (the
        instance dormant, DISK_LOW from the service); thaw it when space returns. Returns when
        the current pause began (None: not paused).

        The freeze waits for the crawler's next progress line (at most ``PAUSE_GRACE_S``): a
        frozen crawler writes none, and its last one may be a progress interval old (a pause
        reported "0 URIs done" with 3 in crawl.log). ``min_space_left`` is the margin for it."""
        ok, reason = self.space_left()
        if ok:
            self._pause_wanted = None
        elif paused_at is None:
            if self._pause_wanted is None:
                self._pause_wanted = (now, lines_seen)
            since, seen = self._pause_wanted
            if lines_seen == seen and now - since < PAUSE_GRACE_S:
                return None
            self._pause_wanted = None
            log.warning("job %s: %s; the crawl is paused until space returns", jd.job_id, reason)
            proc.pause()
            self.on_state("dormant", f"{reason}; the crawl of job {jd.job_id} is paused until space returns")
            self._send_progress(jd, {**latest, "status_text": "paused: not enough free disk"})
            return now
        if ok and paused_at is not None:
            log.info("job %s: disk space is back after %.0f s; the crawl goes on", jd.job_id, now - paused_at)
            proc.resume()
            watch.paused(now - paused_at)
            self.on_state("running", f"crawling job {jd.job_id}")
            return None
        return paused_at

    def _crawler_disk_full(self, jd: JobDir, latest: dict[str, Any], full: bool, frozen: bool) -> None:
        """The crawler says it met a full disk (space vanished between two of our checks, or the
        quota ran out) and waits for space; or that space is back. Reported as our own pause is:
        the instance dormant (DISK_LOW) and the job's progress paused; CrawlWatch holds the
        timeouts meanwhile."""
        if full:
            reason = (f"not enough free disk: the crawler of job {jd.job_id} met a full disk "
                      f"({latest.get('disk_full')}) and waits for space")
            log.warning("job %s: %s", jd.job_id, reason)
            self.on_state("dormant", reason)
            self._send_progress(jd, {**latest, "status_text": "paused: the crawler met a full disk"})
        else:
            log.info("job %s: the crawler has disk space again; the crawl goes on", jd.job_id)
            if not frozen:
                self.on_state("running", f"crawling job {jd.job_id}")

    def _judge_crawl(self, jd: JobDir, state: JobState, proc: CrawlProcess, cause: str | None,
                     code: int | None, watch: CrawlWatch) -> None:
        """Turn how the crawler ended into harvest errors (short and detailed)."""
        tail = reports.stderr_tail(jd)
        if cause == crawl_process.SERVICE_STOPPED:
            state.harvest_errors.append("the crawl was cut short: the harvester service was stopped")
            state.harvest_details.append(f"the crawler was asked to stop and ended with {reports.exit_text(code)}")
        elif cause == crawl_process.JOB_CANCELLED:
            state.crawl_end = "cancelled"  # not an error: what was harvested is stored and reported
            if proc.killed:
                grace = min(self.config.cancel_grace, self.config.process_timeout)
                state.harvest_details.append(
                    f"the cancelled crawler did not end within {grace:g} s and was killed; "
                    "its open WARC file was closed after its last complete record")
        elif cause == crawl_process.JOB_NOT_RUNNING:
            state.harvest_errors.append("the crawl was stopped: the scheduler says the job is not running any more")
            state.harvest_details.append(f"the crawler was asked to stop and ended with {reports.exit_text(code)}")
        elif proc.killed:
            state.harvest_errors.append(f"the crawler did not end within {self.config.process_timeout:g} s "
                                        "after being asked to stop, and was killed")
            state.harvest_details.append(f"asked to stop because {watch.describe(cause or '')}; {tail}")
        elif cause is None and code not in (0, None):
            if code < 0:
                state.harvest_errors.append(f"the crawler was {reports.exit_text(code)} (from outside the "
                                            "harvester); the crawl is incomplete")
            else:
                state.harvest_errors.append(f"the crawler failed ({reports.exit_text(code)})")
            state.harvest_details.append(f"crawler {reports.exit_text(code)}; its stderr ends:\n{tail}"
                                         if tail else f"crawler {reports.exit_text(code)}; no stderr output")
        elif cause:
            state.crawl_end = f"stopped: {cause}"

    def _upload_closed(self, jd: JobDir, state: JobState, uploader: Uploader, name: str) -> None:
        path = jd.file(name)
        if not os.path.exists(path):
            return
        if self._index_or_repair(jd, state, path):
            uploader.upload(jd, state, path)

    def _index_or_repair(self, jd: JobDir, state: JobState, path: str) -> bool:
        """Index ``path`` for the metadata WARC; a damaged WARC (ENOSPC, a crash) is truncated
        to its last complete record first and the loss noted as a harvest error, instead of
        ending the job with an exception (the harvester's "job None could not be run").
        Returns whether there is a file left to upload."""
        try:
            offload(metadata_warc.index_warc, jd, path)
            return True
        except Exception as exc:  # noqa: BLE001 - any unreadable WARC is repaired, not fatal
            from server.crawler.resume import repair_warc

            name = os.path.basename(path)
            kept, size = offload(repair_warc, path)
            what = (f"{name} was damaged ({exc.__class__.__name__}: {exc}); "
                    + (f"truncated to its last complete record ({kept} of {size} bytes kept)" if kept
                       else f"no complete record in it, removed ({size} bytes)"))
            log.warning("job %s: %s", jd.job_id, what)
            state.harvest_errors.append(f"a damaged WARC file was repaired: {name}")
            state.harvest_details.append(what)
            jd.save_state(state)
        if not os.path.exists(path):
            return False
        try:
            offload(metadata_warc.index_warc, jd, path)
        except Exception as exc:  # noqa: BLE001 - stored all the same: its bytes are the harvest
            state.harvest_details.append(f"{os.path.basename(path)} could not be indexed after its repair: {exc}")
        return True

    def _status_line(self, jd: JobDir, p: dict[str, Any], elapsed: float, ended: str = "") -> None:
        log.info("job %s: %s URIs done, %s queued, %s bytes, %s URIs/s, %s active hosts, %.0f s%s",
                 jd.job_id, p.get("uris_done", 0), p.get("queued", 0), p.get("bytes", 0), p.get("rate", 0),
                 p.get("active_hosts", 0), elapsed, f"; crawler ended: {ended}" if ended else "")

    def _send_progress(self, jd: JobDir, progress: dict[str, Any]) -> str:
        """Send progress; returns why the crawl must stop when the scheduler says the job is not
        this harvester's running job any more, else ""."""
        try:
            self.scheduler.progress(jd.job_id, self.config.harvester_id, progress)
        except JobCancelled as exc:
            log.info("job %s: %s; stopping the crawl, storing what was harvested", jd.job_id, exc)
            return crawl_process.JOB_CANCELLED
        except (IllegalTransition, Conflict, JobNotFound) as exc:
            log.warning("the scheduler says job %s is not running here: %s", jd.job_id, exc)
            return str(exc)
        except NasError as exc:
            log.info("progress of job %s not sent: %s", jd.job_id, exc)
        return ""

    # -- finishing off -------------------------------------------------------------------------
    def finish(self, jd: JobDir, state: JobState) -> reports.HarvestReport | None:
        """Close what a killed crawler left open, upload the WARCs, build and upload the metadata
        WARC, report to the scheduler, remove the directory."""
        from server.crawler.resume import open_files, recover_open_file
        from server.crawler.shards import merge_outputs

        if state.phase in (CRAWLING, CRAWLED):
            try:
                # a crawl run over several processes whose coordinator did not end cleanly:
                # its parts' crawl.logs and reports become the job's (nothing for one process)
                offload(merge_outputs, jd.path)
            except Exception as exc:  # noqa: BLE001 - keep going: the WARC files matter most
                state.harvest_details.append(f"the crawl's parts could not be merged: {exc}")
            for path in open_files(jd.path):
                try:
                    offload(recover_open_file, path)
                except Exception as exc:  # noqa: BLE001 - keep the bytes, note the problem
                    state.harvest_details.append(f"{os.path.basename(path)} could not be closed: {exc}")
            state.phase = UPLOADING
            jd.save_state(state)
        uploader = Uploader(self.archive, self.config.failed_dir)
        if state.phase == UPLOADING:
            for path in jd.warcs():
                if self._index_or_repair(jd, state, path):
                    uploader.upload(jd, state, path)
            meta_name = os.path.basename(jd.metadata_warc())
            if meta_name not in state.uploaded and meta_name not in state.failed_uploads:
                try:
                    path = offload(metadata_warc.build, jd)
                except Exception as exc:  # noqa: BLE001 - report it rather than lose the job
                    log.exception("metadata WARC of job %s not built", jd.job_id)
                    state.harvest_errors.append(f"the metadata WARC could not be built: {exc}")
                else:
                    uploader.upload(jd, state, path)
            state.phase = REPORTING
            jd.save_state(state)
        report = reports.build(jd, state)
        reports.save(jd, report)
        try:
            self.scheduler.report(jd.job_id, reports.as_message(report))
        except Unavailable as exc:
            log.warning("report of job %s not delivered (%s): it is sent again when the harvester next "
                        "starts", jd.job_id, exc)
            return None
        except NasError as exc:
            # Refused for good (e.g. the job was failed meanwhile): sending again cannot help.
            log.error("report of job %s refused by the scheduler: %s (the report is %s)", jd.job_id, exc,
                      report.to_dict())
        log.info("job %s reported %s%s%s", jd.job_id, report.status,
                 f"; harvest error: {report.harvest_error}" if report.harvest_error else "",
                 f"; upload error: {report.upload_error}" if report.upload_error else "")
        state.phase = REPORTED
        jd.save_state(state)
        jd.remove()
        return report

    def recover(self) -> list[reports.HarvestReport | None]:
        """Finish every job directory an earlier run left behind, then retry failed uploads."""
        out = []
        for jd in jobdir.leftovers(self.config.work_dir):
            try:
                out.append(self.recover_one(jd))
            except Exception:  # noqa: BLE001 - the next leftover must still be finished
                log.exception("leftover job directory %s could not be finished", jd.path)
        stored = self.late.run()
        if stored:
            log.info("%d earlier failed uploads are now stored", len(stored))
        if self.late.waiting():
            log.warning("%d files in %s still not stored (tried again every %.0f s or more)",
                        len(self.late.waiting()), self.config.failed_dir, self.late.delay)
        return out

    def recover_one(self, jd: JobDir) -> reports.HarvestReport | None:
        state = jd.state()
        if state.phase == REPORTED:
            jd.remove()
            return None
        log.warning("finishing leftover job %s (%s, left in phase %s)", jd.job_id, jd.path, state.phase)
        state.recovered = True
        if state.phase == CRAWLING:
            crawl_process.stop_orphan(state.crawler_pid, jd, self.config.process_timeout)
            state.harvest_errors.append(CUT_SHORT)
            state.harvest_details.append(
                f"harvester {state.harvester or '?'} ended while crawler pid {state.crawler_pid} ran; "
                f"what the crawler wrote was kept. Its stderr ends:\n{reports.stderr_tail(jd)}")
            state.crawl_end = state.crawl_end or "unfinished"
            state.phase = CRAWLED
            jd.save_state(state)
        return self.finish(jd, state)



class SchedulerAbsence:
    """A scheduler that does not answer yet is start-up ordering (the harvester came up first),
    or a restart: info, not an operator's warning. Only a scheduler silent for ``warn_after``
    seconds is warned about, once, and its return is noted."""

    def __init__(self, warn_after: float = 300.0, clock=time.monotonic):
        self.warn_after = warn_after
        self.clock = clock
        self.since: float | None = None
        self.warned = False

    def missing(self, exc: Exception) -> None:
        now = self.clock()
        if self.since is None:
            self.since = now
            log.info("the scheduler does not answer (yet): %s; asking again", exc)
        elif not self.warned and now - self.since >= self.warn_after:
            self.warned = True
            log.warning("the scheduler has not answered for %.0f s: %s", now - self.since, exc)

    def answered(self) -> None:
        if self.since is not None:
            log.info("the scheduler answers again")
        self.since, self.warned = None, False

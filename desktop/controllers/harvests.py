# ruff: noqa: E501
"""The harvest definitions screen's controller: the open definition, checking and saving what the
curator changed (configurations, schedule, channel, comments, and a snapshot's limits), and
"harvest now"; and the jobs screen's controller for cancelling a queued or running job.

An edit sends only what changed (``update_harvest`` with the edition the definition was read
at), so a curator who changes the comments does not also resend — and possibly overwrite — a
configuration list another curator changed meanwhile: that gives the server's edition conflict.
Configurations are typed one a line, ``domain`` or ``domain configuration`` (as when creating);
the schedule of a selective or event harvest is picked from the schedules; a snapshot's limits are
empty for "no limit". Event and selective definitions have no limits of their own (their
configurations carry them), as the server says.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller, Problem, limit_value, text_lines
from desktop.errors import describe
from desktop.rpc.outcome import Failure, FailureKind
from shared.dto.definitions import HarvestDto
from shared.dto.jobs import HarvestNowDto, JobDetailsDto
from shared.enums import HarvestKind, JobStatus
from shared.runs import shown_run

EDIT = "edit"
NO_LIMIT = -1

# jobs that can still be cancelled (queued, or being crawled)
CANCELLABLE = (JobStatus.NEW, JobStatus.SUBMITTED, JobStatus.STARTED)


def configuration_lines(h: HarvestDto) -> str:
    """A definition's configurations as the edit field shows them: ``domain configuration``."""
    return "\n".join(f"{c.domain} {c.configuration}" for c in (h.configurations or []))


# a snapshot's limits and their kind (shared/limits.py)
SNAPSHOT_LIMITS = (("max_bytes", "size"), ("max_objects", "size"), ("max_job_running_time_s", "time"))


def limits_typed(texts: dict[str, str]) -> tuple[dict[str, int], dict[str, str]]:
    """The limits typed (field → text; empty: no limit) as values, and the problems (field →
    translated text): one check for creating and editing, the server's own rule."""
    kinds = dict(SNAPSHOT_LIMITS)
    values: dict[str, int] = {}
    problems: dict[str, str] = {}
    for field, text in texts.items():
        try:
            values[field] = limit_value(text, field, kinds.get(field, "size"))
        except Problem as p:
            problems[field] = str(p)
    return values, problems


def parse_configurations(text: str) -> list[dict[str, str]]:
    """``domain`` or ``domain configuration`` a line; raises Problem for a line of more words."""
    out = []
    for n, line in enumerate(text_lines(text), start=1):
        parts = line.split()
        if len(parts) > 2:
            raise Problem(QCoreApplication.translate("HarvestsController", "Line {line}: give a domain, and a configuration if not the default.").format(line=n))
        out.append({"domain": parts[0], **({"configuration": parts[1]} if len(parts) > 1 else {})})
    return out


class HarvestsController(Controller):
    """Signals: ``harvestChanged(HarvestDto | None)``, ``listChanged()``,
    ``harvestStarted(HarvestNowDto)``."""

    service = "definitions"
    harvestChanged = Signal(object)
    listChanged = Signal()
    harvestStarted = Signal(object)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.harvest: HarvestDto | None = None

    # --- reading -------------------------------------------------------------------------------

    def open(self, name: str) -> None:
        self.cleared.emit(EDIT)
        self.rpc("get_harvest", name).on(self._show, self.failure.emit)

    def _show(self, h: HarvestDto) -> None:
        self.harvest = h
        self.harvestChanged.emit(h)

    # --- saving --------------------------------------------------------------------------------

    def changes(self, comments: str, schedule: str | None, channel: str | None, configurations: str = "",
                max_bytes: str = "", max_objects: str = "", max_time: str = "") -> dict[str, Any] | None:
        """What differs from the open definition, checked: a dict for ``update_harvest`` (empty
        when nothing changed), or None after reporting each bad field."""
        h = self.harvest
        if h is None:
            return None
        out: dict[str, Any] = {}
        ok = True
        if comments != (h.comments or ""):
            out["comments"] = comments
        if channel and channel != h.channel:
            out["channel"] = channel
        if h.kind == HarvestKind.SNAPSHOT:
            values, problems = limits_typed({"max_bytes": max_bytes, "max_objects": max_objects,
                                             "max_job_running_time_s": max_time})
            for key, text in problems.items():
                self.problem.emit(EDIT, key, text)
                ok = False
            out.update({k: v for k, v in values.items() if v != getattr(h, k)})
        else:
            if schedule and schedule != h.schedule:
                out["schedule"] = schedule
            try:
                refs = parse_configurations(configurations)
            except Problem as p:
                self.problem.emit(EDIT, "configurations", str(p))
                return None
            if not refs:
                self.problem.emit(EDIT, "configurations", QCoreApplication.translate("HarvestsController", "Give at least one domain."))
                return None
            if configurations.split() != configuration_lines(h).split():
                out["configurations"] = refs
        return out if ok else None

    def save(self, comments: str, schedule: str | None, channel: str | None, configurations: str = "",
             max_bytes: str = "", max_objects: str = "", max_time: str = "") -> bool:
        """Send the changes; True when something was sent."""
        self.cleared.emit(EDIT)
        h = self.harvest
        changes = self.changes(comments, schedule, channel, configurations, max_bytes, max_objects, max_time)
        if h is None or changes is None:
            return False
        if not changes:
            self.status.emit(QCoreApplication.translate("HarvestsController", "Nothing to save: {name} is as shown.").format(name=h.name))
            return False

        def saved(new: HarvestDto) -> None:
            self._show(new)
            self.listChanged.emit()
            self.status.emit(QCoreApplication.translate("HarvestsController", "Saved {name}.").format(name=new.name))

        self.rpc("update_harvest", h.name, h.edition, changes).on(saved, lambda f: self.fail(
            EDIT, f, tuple(changes), {"domain_not_found": "configurations", "not_found": "configurations",
                                      "conflict": "channel", "edition_conflict": ""}, default=""))
        return True

    # --- harvest now ---------------------------------------------------------------------------

    def harvest_now(self) -> bool:
        """One run of the open definition now, besides its schedule (the scheduler's RPC)."""
        h = self.harvest
        if h is None:
            return False
        self.cleared.emit(EDIT)

        def started(out: HarvestNowDto) -> None:
            self.harvestStarted.emit(out)
            if not out.started:
                self.problem.emit(EDIT, "", QCoreApplication.translate("HarvestsController", "Not harvested: another scheduler is making its jobs right now."))
            elif out.error:
                self.problem.emit(EDIT, "", QCoreApplication.translate("HarvestsController", "Run {run} failed: {reason}").format(run=shown_run(out.run),
                                                                                    reason=out.error))
            else:
                self.status.emit(QCoreApplication.translate("HarvestsController", "Run {run} of {name} is being made; its jobs appear on the jobs screen.")
                                 .format(run=shown_run(out.run), name=out.harvest))
                self.open(h.name)
                self.listChanged.emit()

        # the scheduler's RPC, called past the screen's own (definitions) service: a scheduler
        # that is not running is said on the form, not by turning the whole screen unavailable
        self.client.call("scheduler", "harvest_now", h.name).bind(self).on(started, self._failed_now)
        return True

    def _failed_now(self, f: Failure) -> None:
        if f.kind is FailureKind.UNREACHABLE:
            self.failure.emit(f)
        else:
            self.problem.emit(EDIT, "", describe(f))


class JobsController(Controller):
    """The jobs screen's actions on one job. Signals: ``jobChanged(JobDetailsDto)``."""

    service = "scheduler"
    jobChanged = Signal(object)

    @staticmethod
    def can_cancel(job: JobDetailsDto | None) -> bool:
        return job is not None and job.status in CANCELLABLE and not job.cancel_requested_at

    def cancel(self, job: JobDetailsDto | None, reason: str = "") -> bool:
        """Cancel a queued job (it ends at once) or a running one (its harvester stops the crawl,
        uploads what it harvested and reports the job cancelled)."""
        if not self.can_cancel(job):
            return False

        def done(j: JobDetailsDto) -> None:
            self.jobChanged.emit(j)
            if j.status in CANCELLABLE:
                self.status.emit(QCoreApplication.translate("HarvestsController", "Job {id}: cancelling; the harvester stops at its next report.").format(id=j.id))
            else:
                self.status.emit(QCoreApplication.translate("HarvestsController", "Job {id} cancelled.").format(id=j.id))

        self.rpc("cancel_job", job.id, reason.strip()).on(done, self.failure.emit)
        return True

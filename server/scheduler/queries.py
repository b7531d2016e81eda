"""Job queries for the desktop and the command line, filtered, paged and sorted in SQL."""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from server.db import query
from server.definitions.models import Domain, DomainConfiguration, HarvestDefinition, HarvestHistory
from server.scheduler.models import Job, JobConfiguration, JobProgress, SchedulingState
from shared import job_states
from shared.dto import Page
from shared.dto.jobs import (
    AliasDto,
    ClaimedDomainDto,
    ClaimedJobDto,
    DayStatusCountDto,
    JobDetailsDto,
    JobDomainDto,
    JobDto,
    JobProgressDto,
    RunningJobDto,
    RunStatisticsDto,
    SchedulingStateDto,
)
from shared.enums import JobOutcome, JobStatus, StopReason
from shared.errors import InvalidInput, JobNotFound, NotFound

HD = HarvestDefinition
JC = JobConfiguration

SORT = {"id": Job.id, "created_at": Job.created_at, "started_at": Job.started_at, "ended_at": Job.ended_at,
        "status": Job.status, "channel": Job.channel, "harvest": HD.name, "harvest_run": Job.harvest_run,
        "configuration_count": Job.configuration_count, "expected_objects": Job.expected_objects}

FILTERS = ("status", "harvest_id", "harvest", "harvest_run", "channel", "created_from", "created_to",
           "id_from", "id_to", "domain", "harvester_id", "outcome")


def _summary(job: Job, harvest_name: str) -> JobDto:
    return JobDto(job.id, job.harvest_id, harvest_name, job.harvest_run, JobStatus(job.status), job.channel,
                  job.snapshot, job.profile_name, job.configuration_count, job.expected_objects,
                  job.max_bytes_per_domain, job.max_objects_per_domain, job.created_at, job.submitted_at,
                  job.started_at, job.ended_at, job.harvester_id, job.failure_reason, job.harvest_error,
                  job.upload_error, job.resubmitted_from_id, job.resubmitted_as_id,
                  JobOutcome(job.outcome) if job.outcome else None, job.failure_code or "")


def _time(value: Any, name: str) -> dt.datetime:
    try:
        t = value if isinstance(value, dt.datetime) else dt.datetime.fromisoformat(str(value))
    except ValueError:
        raise InvalidInput(f"{name} must be an ISO-8601 date or time, not {value!r}", {"field": name}) from None
    return t if t.tzinfo else t.replace(tzinfo=dt.UTC)


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput(f"{name} must be a whole number, not {value!r}", {"field": name})
    return value


def list_jobs(session: Session, filters: dict[str, Any] | None = None, offset: int = 0, limit: int = 100,
              sort: str | None = None, max_limit: int = 1000) -> Page[JobDto]:
    """Jobs matching every given filter: ``status`` (one word or a list, from the vocabulary of
    :mod:`shared.job_states`: queued, running, done, failed, cancelled...), ``harvest_id``, ``harvest``
    (name), ``harvest_run``, ``channel``, ``created_from``/``created_to`` (ISO times, inclusive
    from, exclusive to), ``id_from``/``id_to`` (inclusive), ``domain`` (jobs that harvest it),
    ``harvester_id``. Newest first unless ``sort`` says otherwise. Raises InvalidInput."""
    offset, limit = query.check_paging(offset, limit, max_limit)
    f = dict(filters or {})
    unknown = set(f) - set(FILTERS)
    if unknown:
        raise InvalidInput(f"unknown job filter(s) {', '.join(sorted(unknown))}; choose from {', '.join(FILTERS)}",
                           {"filters": sorted(unknown)})
    conds = []
    if f.get("status"):
        # the words people use (queued, running, failed, cancelled...) and the stored values
        conds.append(Job.status.in_([s.value for s in job_states.states_for(f["status"])]))
    if f.get("harvest_id") is not None:
        conds.append(Job.harvest_id == _int(f["harvest_id"], "harvest_id"))
    if f.get("harvest"):
        conds.append(HD.name == f["harvest"])
    if f.get("harvest_run") is not None:
        conds.append(Job.harvest_run == _int(f["harvest_run"], "harvest_run"))
    if f.get("channel"):
        conds.append(Job.channel == f["channel"])
    if f.get("harvester_id"):
        conds.append(Job.harvester_id == f["harvester_id"])
    if f.get("outcome"):
        outcomes = [f["outcome"]] if isinstance(f["outcome"], str) else list(f["outcome"])
        valid = {o.value for o in JobOutcome}
        bad = [o for o in outcomes if o not in valid]
        if bad:
            raise InvalidInput(f"unknown job outcome {bad[0]!r}; one of {', '.join(sorted(valid))}",
                               {"field": "outcome"})
        conds.append(Job.outcome.in_(outcomes))
    if f.get("created_from"):
        conds.append(Job.created_at >= _time(f["created_from"], "created_from"))
    if f.get("created_to"):
        conds.append(Job.created_at < _time(f["created_to"], "created_to"))
    if f.get("id_from") is not None:
        conds.append(Job.id >= _int(f["id_from"], "id_from"))
    if f.get("id_to") is not None:
        conds.append(Job.id <= _int(f["id_to"], "id_to"))
    if f.get("domain"):
        conds.append(exists().where(JC.job_id == Job.id, JC.domain_id == Domain.id,
                                    Domain.name == str(f["domain"]).lower()))
    return _page_of_jobs(session, conds, sort or "-id", offset, limit, needs_hd=bool(f.get("harvest")))


def _page_of_jobs(session: Session, conds: list, sort: str, offset: int, limit: int,
                  needs_hd: bool) -> Page[JobDto]:
    """One page of jobs at national scale (500,000 and more).

    The page's ids are found first in the jobs table alone (its indexes cover every sort key;
    the definition's table is joined only to sort by harvest name or filter by it), then those
    rows are read with their harvest's name: the join never walks the rows skipped by the
    offset. A page nearer the end than the start is read from the end in reverse order, so
    jumping to the last page costs what the first page costs."""
    key = sort.lstrip("-+")
    if key not in SORT:
        raise InvalidInput(f"cannot sort by {key!r}; choose one of {', '.join(sorted(SORT))}",
                           {"sort": sort, "choices": sorted(SORT)})
    join_hd = needs_hd or key == "harvest"

    def ids_stmt(order: str):
        stmt = select(Job.id)
        if join_hd:
            stmt = stmt.join(HD, HD.id == Job.harvest_id)
        return query.order_by(stmt.where(*conds), order, SORT, "-id", Job.id)

    def count() -> int:
        stmt = select(func.count()).select_from(Job)
        if needs_hd:
            stmt = stmt.join(HD, HD.id == Job.harvest_id)
        return session.execute(stmt.where(*conds)).scalar_one()

    if offset == 0:
        ids = list(session.execute(ids_stmt(sort).limit(limit)).scalars())
        total = len(ids) if len(ids) < limit else count()
    else:
        total = count()
        dense = _dense_ids(session, total) if not conds and key == "id" else None
        if offset >= total:
            ids = []
        elif dense is not None:
            # every id from the first to the last exists: the page's first id is known, no walk
            lo, hi = dense
            stmt = select(Job.id).limit(limit)
            stmt = (stmt.where(Job.id <= hi - offset).order_by(Job.id.desc()) if sort.startswith("-")
                    else stmt.where(Job.id >= lo + offset).order_by(Job.id.asc()))
            ids = list(session.execute(stmt).scalars())
        elif offset > total // 2:   # nearer the end: read it backwards from there
            flipped = sort[1:] if sort.startswith("-") else "-" + sort.lstrip("+")
            n = min(limit, total - offset)
            ids = list(session.execute(ids_stmt(flipped).offset(total - offset - n).limit(n)).scalars())
            ids.reverse()
        else:
            ids = list(session.execute(ids_stmt(sort).offset(offset).limit(limit)).scalars())
    rows = {}
    if ids:
        rows = {j.id: (j, name) for j, name in session.execute(
            select(Job, HD.name).join(HD, HD.id == Job.harvest_id).where(Job.id.in_(ids)))}
    items = [_summary(*rows[i]) for i in ids if i in rows]
    return Page(items=items, total=total, offset=offset, limit=limit)


def _dense_ids(session: Session, total: int) -> tuple[int, int] | None:
    """(first, last) job id when every id between them exists (no job was ever removed: the
    usual case), else None. Then the unfiltered history by id pages by key, whatever the offset:
    the middle of 500,000 jobs costs what the first page costs."""
    lo = session.execute(select(func.min(Job.id))).scalar()
    hi = session.execute(select(func.max(Job.id))).scalar()
    return (lo, hi) if lo is not None and hi - lo + 1 == total else None


def _get(session: Session, job_id: int) -> tuple[Job, str]:
    row = session.execute(select(Job, HD.name).join(HD, HD.id == Job.harvest_id).where(Job.id == job_id)).first()
    if row is None:
        raise JobNotFound(f"there is no job {job_id}", {"job_id": job_id})
    return row[0], row[1]


def job_details(session: Session, job_id: int) -> JobDetailsDto:
    """One job with its settings, seeds, metadata, errors, totals and latest progress."""
    job, name = _get(session, job_id)
    s = _summary(job, name)
    totals = session.execute(select(func.coalesce(func.sum(HarvestHistory.objects), 0),
                                    func.coalesce(func.sum(HarvestHistory.bytes), 0))
                             .where(HarvestHistory.job_id == job_id)).one()
    reasons = dict(session.execute(select(HarvestHistory.stop_reason, func.count())
                                   .where(HarvestHistory.job_id == job_id).group_by(HarvestHistory.stop_reason)).all())
    prog = session.get(JobProgress, job_id)
    dups = session.execute(select(func.coalesce(func.sum(JC.duplicates), 0),
                                  func.coalesce(func.sum(JC.duplicate_bytes), 0)).where(JC.job_id == job_id)).one()
    return JobDetailsDto(
        **{k: getattr(s, k) for k in s.__dataclass_fields__},
        max_running_time_s=job.max_running_time_s, confirmed_at=job.confirmed_at, reported_at=job.reported_at,
        claims=job.claims, harvest_error_details=job.harvest_error_details,
        upload_error_details=job.upload_error_details, settings=json.loads(job.settings or "{}"),
        seeds=[u for u in (job.seeds or "").split("\n") if u], aliases=_aliases(job),
        dedup_job_ids=json.loads(job.dedup_job_ids or "[]"), objects=int(totals[0]), bytes=int(totals[1]),
        duplicates=int(dups[0]), duplicate_bytes=int(dups[1]), stop_reasons=reasons,
        progress=_progress(prog) if prog else None, cancel_requested_at=job.cancel_requested_at,
        cancel_reason=job.cancel_reason or "")


def _progress(p: JobProgress) -> JobProgressDto:
    return JobProgressDto(p.updated_at, p.harvester_id, p.uris_done, p.uris_queued, p.bytes, p.rate, p.bytes_rate,
                          p.active_hosts, p.status_text)


def _aliases(job: Job) -> list[AliasDto]:
    return [AliasDto(a["domain"], a["alias_of"]) for a in json.loads(job.aliases or "[]")]


DOMAIN_SORT = {"domain": Domain.name, "expected_objects": JC.expected_objects, "objects": HarvestHistory.objects,
               "bytes": HarvestHistory.bytes, "stop_reason": HarvestHistory.stop_reason,
               "duplicates": JC.duplicates, "duplicate_bytes": JC.duplicate_bytes}


def job_domains(session: Session, job_id: int, offset: int = 0, limit: int = 100, sort: str | None = None,
                max_limit: int = 1000) -> Page[JobDomainDto]:
    """The domain configurations of a job with their results, paged."""
    offset, limit = query.check_paging(offset, limit, max_limit)
    _get(session, job_id)
    stmt = (select(Domain.name, DomainConfiguration.name, JC.expected_objects, JC.max_bytes, JC.max_objects,
                   HarvestHistory.objects, HarvestHistory.bytes, HarvestHistory.stop_reason, JC.duplicates,
                   JC.duplicate_bytes)
            .select_from(JC).join(Domain, Domain.id == JC.domain_id)
            .join(DomainConfiguration, DomainConfiguration.id == JC.configuration_id)
            .outerjoin(HarvestHistory, (HarvestHistory.job_id == JC.job_id)
                       & (HarvestHistory.configuration_id == JC.configuration_id))
            .where(JC.job_id == job_id))
    stmt = query.order_by(stmt, sort, DOMAIN_SORT, "domain", JC.configuration_id)
    rows = session.execute(stmt.offset(offset).limit(limit)).all()
    total = session.execute(select(func.count()).select_from(JC).where(JC.job_id == job_id)).scalar_one()
    return Page(items=[_job_domain(*r) for r in rows], total=total, offset=offset, limit=limit)


def _job_domain(domain: str, configuration: str, expected: int, max_bytes: int, max_objects: int,
                objects: int | None, nbytes: int | None, reason: str | None, duplicates: int | None,
                duplicate_bytes: int | None) -> JobDomainDto:
    reported = reason is not None
    return JobDomainDto(domain, configuration, expected, max_bytes, max_objects, objects, nbytes,
                        StopReason(reason) if reported else None,
                        duplicates if reported else None, duplicate_bytes if reported else None)


def claimed_job(session: Session, job: Job) -> ClaimedJobDto:
    name = session.execute(select(HD.name).where(HD.id == job.harvest_id)).scalar_one()
    domains = [ClaimedDomainDto(d, c, mb, mo, rate)
               for d, c, mb, mo, rate in session.execute(
                   select(Domain.name, DomainConfiguration.name, JC.max_bytes, JC.max_objects,
                          DomainConfiguration.max_request_rate)
                   .select_from(JC).join(Domain, Domain.id == JC.domain_id)
                   .join(DomainConfiguration, DomainConfiguration.id == JC.configuration_id)
                   .where(JC.job_id == job.id).order_by(Domain.name))]
    return ClaimedJobDto(job.id, job.harvest_id, name, job.harvest_run, job.channel, job.snapshot, job.profile_name,
                         json.loads(job.settings or "{}"), [u for u in (job.seeds or "").split("\n") if u], domains,
                         job.max_bytes_per_domain, job.max_objects_per_domain, job.max_running_time_s,
                         _aliases(job), json.loads(job.dedup_job_ids or "[]"), job.claims)


def running_jobs(session: Session) -> list[RunningJobDto]:
    """Started jobs with their latest progress, oldest first."""
    rows = session.execute(
        select(Job, HD.name, JobProgress).join(HD, HD.id == Job.harvest_id)
        .outerjoin(JobProgress, JobProgress.job_id == Job.id)
        .where(Job.status == JobStatus.STARTED.value).order_by(Job.id)).all()
    out = []
    for job, name, p in rows:
        dto = RunningJobDto(job.id, name, job.harvest_run, job.channel, job.harvester_id, job.started_at,
                            job.confirmed_at is not None, job.configuration_count)
        if p is not None:
            for key in ("updated_at", "uris_done", "uris_queued", "bytes", "rate", "bytes_rate", "active_hosts",
                        "status_text"):
                setattr(dto, key, getattr(p, key))
        out.append(dto)
    return out


def status_counts(session: Session) -> dict[str, int]:
    """How many jobs are in each status."""
    return {s: n for s, n in session.execute(select(Job.status, func.count()).group_by(Job.status))}


def _day(value: Any, name: str) -> dt.date:
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be an ISO-8601 date (YYYY-MM-DD), not {value!r}", {"field": name})
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise InvalidInput(f"{name} must be an ISO-8601 date (YYYY-MM-DD), not {value!r}", {"field": name}) from None


def status_counts_by_day(session: Session, date_from: str | None = None, date_to: str | None = None,
                         today: dt.date | None = None) -> list[DayStatusCountDto]:
    """Per day (UTC) and status, the number of jobs created that day, counted in SQL. Both ends are
    inclusive; the default is the last 30 days up to today. Days without jobs are left out."""
    end = _day(date_to, "date_to") if date_to is not None else (today or utcnow_date())
    start = _day(date_from, "date_from") if date_from is not None else end - dt.timedelta(days=29)
    if start > end:
        raise InvalidInput(f"date_from ({start}) is after date_to ({end})", {"field": "date_from"})
    lo = dt.datetime.combine(start, dt.time(), dt.UTC)
    hi = dt.datetime.combine(end + dt.timedelta(days=1), dt.time(), dt.UTC)
    day = func.date(Job.created_at)
    rows = session.execute(select(day, Job.status, func.count())
                           .where(Job.created_at >= lo, Job.created_at < hi)
                           .group_by(day, Job.status).order_by(day, Job.status))
    return [DayStatusCountDto(dt.date.fromisoformat(str(d)[:10]), JobStatus(s), int(n)) for d, s, n in rows]


def utcnow_date() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def run_statistics(session: Session, harvest_id: int) -> list[RunStatisticsDto]:
    """Per run of a definition: jobs by status, domains, objects and bytes harvested, stop reasons."""
    if session.get(HD, harvest_id) is None:
        raise NotFound(f"there is no harvest definition {harvest_id}", {"harvest_id": harvest_id})
    runs: dict[int, RunStatisticsDto] = {}
    for run, status, n, first, last in session.execute(
            select(Job.harvest_run, Job.status, func.count(), func.min(Job.created_at), func.max(Job.ended_at))
            .where(Job.harvest_id == harvest_id).group_by(Job.harvest_run, Job.status)):
        r = runs.setdefault(run, RunStatisticsDto(run, 0, {}, 0, 0, 0, {}, first, last))
        r.jobs += n
        r.jobs_by_status[status] = n
        if first is not None:
            r.first_created_at = min(r.first_created_at or first, first)
        if last is not None:
            r.last_ended_at = max(r.last_ended_at or last, last)
    H = HarvestHistory
    for run, reason, domains, objects, nbytes in session.execute(
            select(Job.harvest_run, H.stop_reason, func.count(), func.coalesce(func.sum(H.objects), 0),
                   func.coalesce(func.sum(H.bytes), 0))
            .join(Job, Job.id == H.job_id).where(Job.harvest_id == harvest_id)
            .group_by(Job.harvest_run, H.stop_reason)):
        r = runs.get(run)
        if r is None:
            continue
        r.domains += domains
        r.objects += int(objects)
        r.bytes += int(nbytes)
        r.stop_reasons[reason] = domains
    return [runs[k] for k in sorted(runs)]


def scheduling_states(session: Session, harvest_id: int | None = None,
                      served: dict[str, bool] | None = None) -> list[SchedulingStateDto]:
    """Each definition the scheduler has handled: who schedules it now, the last outcome and
    (if it failed) why it was deactivated; its channel and (``served``: channel → served)
    whether a harvester serves it."""
    from server.definitions.models import HarvestChannel

    stmt = (select(SchedulingState, HD.name, HD.active, HarvestChannel.name)
            .join(HD, HD.id == SchedulingState.harvest_id).join(HarvestChannel, HarvestChannel.id == HD.channel_id))
    if harvest_id is not None:
        stmt = stmt.where(SchedulingState.harvest_id == harvest_id)
    served = served or {}
    return [SchedulingStateDto(s.harvest_id, name, active, s.owner, s.last_started_at, s.last_ended_at, s.last_jobs,
                               s.last_error, s.last_error_at, channel, served.get(channel))
            for s, name, active, channel in session.execute(stmt.order_by(HD.name))]


"""Screens stay current by themselves: a job created, claimed or ended elsewhere shows up on the
jobs screen and in a domain's harvest history without F5, the selection and scroll position stay,
and a hidden screen asks nothing (docs/decisions/desktop-refresh.md)."""
from __future__ import annotations

import uuid

import pytest

from shared.enums import JobStatus

pytestmark = pytest.mark.rabbit

POLL_MS = 300   # the screens poll every 5-10 s; the test shortens that, not its meaning


def _uid() -> str:
    return uuid.uuid4().hex[:8]


def _new_job(direct, u: str) -> tuple[str, int]:
    """A selective harvest of one new domain and the job the real scheduler made for it."""
    domain = f"fresh{u}.dk"
    direct.definitions.create_domain(domain)
    schedule = direct.definitions.list_schedules()["items"][0]["name"]
    h = direct.definitions.create_selective(f"fresh-{u}", schedule, [{"domain": domain}])
    direct.definitions.set_harvest_active(f"fresh-{u}", True)
    assert h["id"] in direct.scheduler.run_once(wait=True)["started"]
    jobs = direct.scheduler.list_jobs({"harvest_id": h["id"]})["items"]
    assert jobs
    return domain, jobs[0]["id"]


def _finish(direct, job_id: int, domain: str) -> None:
    """A stand-in harvester claims jobs until it has ours, and reports it done."""
    who = f"fresh-harvester-{_uid()}"
    while True:
        job = direct.scheduler.claim_job("FOCUSED", who)
        assert job is not None
        direct.scheduler.report_progress(job["id"], who, {"uris_done": 1})
        mine = job["id"] == job_id
        direct.scheduler.report_job(job["id"], who, [{"domain": domain, "objects": 2, "bytes": 2048,
                                                      "stop_reason": "completed"}] if mine else [])
        if mine:
            return


def _row_of(model, job_id: int) -> int | None:
    for r in range(model.rowCount()):
        row = model.row_at(r)
        if row is not None and row.id == job_id:
            return r
    return None


def test_the_jobs_screen_follows_new_and_changed_jobs_and_keeps_the_selection(qtbot, window, direct):
    s = window.open_screen("jobs")
    s.poll_timer.setInterval(POLL_MS)
    qtbot.waitUntil(lambda: s.model.last_load_seconds is not None, timeout=20000)
    domain, job_id = _new_job(direct, _uid())
    # the new job appears by itself (the list is sorted newest first)
    qtbot.waitUntil(lambda: _row_of(s.model, job_id) is not None, timeout=20000)
    row = _row_of(s.model, job_id)
    s.table.selectRow(row)
    s.open_job(job_id)
    qtbot.waitUntil(lambda: s.job is not None and s.job.id == job_id, timeout=20000)
    # another curator's newer job comes in above ours: the selection follows our job
    _new_job(direct, _uid())
    qtbot.waitUntil(lambda: _row_of(s.model, job_id) == row + 1, timeout=20000)
    qtbot.waitUntil(lambda: s.table.selectionModel().isRowSelected(row + 1), timeout=20000)
    assert not s.table.selectionModel().isRowSelected(row)
    # the job ends elsewhere: its status in the list and in the details change without F5
    _finish(direct, job_id, domain)
    qtbot.waitUntil(lambda: s.job.status == JobStatus.DONE, timeout=20000)
    qtbot.waitUntil(lambda: s.model.row_at(_row_of(s.model, job_id)).status == JobStatus.DONE, timeout=20000)
    assert s.table.selectionModel().isRowSelected(_row_of(s.model, job_id))
    assert s.job_domains.rowCount() == 1
    # hidden: no timer, so nothing is asked of the services
    window.open_screen("schedules")
    assert not s.poll_timer.isActive()
    window.open_screen("jobs")
    assert s.poll_timer.isActive()


def test_a_domains_harvest_history_shows_a_job_that_ended_meanwhile(qtbot, window, direct):
    u = _uid()
    domain, job_id = _new_job(direct, u)
    s = window.open_screen("domains")
    s.poll_timer.setInterval(POLL_MS)
    s.open_domain(domain)
    qtbot.waitUntil(lambda: s.history.started and s.history.last_load_seconds is not None, timeout=20000)
    assert s.history.rowCount() == 0
    _finish(direct, job_id, domain)
    qtbot.waitUntil(lambda: s.history.rowCount() == 1 and s.history.row_at(0) is not None, timeout=20000)
    assert s.history.row_at(0).job_id == job_id


def test_job_details_follow_a_job_until_it_ends(qtbot, window, direct):
    domain, job_id = _new_job(direct, _uid())
    s = window.open_screen("job_details")
    s.poll_timer.setInterval(POLL_MS)
    s.open_job(job_id)
    qtbot.waitUntil(lambda: s.controller.job is not None and s.controller.job.id == job_id, timeout=20000)
    assert s.controller.job.ended_at is None
    _finish(direct, job_id, domain)
    qtbot.waitUntil(lambda: s.controller.job.status == JobStatus.DONE, timeout=20000)
    assert str(job_id) in s.heading.text()
    # an ended job is not asked for again
    assert s.controller.follow() is None


def test_the_overview_keeps_the_selected_instance_while_it_refreshes(qtbot, window):
    s = window.open_screen("overview")
    s.poll_timer.setInterval(POLL_MS)
    qtbot.waitUntil(lambda: len(s.instances.rows) >= 3, timeout=20000)
    s.instance_view.selectRow(1)
    chosen = s.selected_instance()
    first = {r.instance_id: r.last_heartbeat for r in s.instances.rows}
    # heartbeats come every second: the rows change by themselves, the selection stays
    qtbot.waitUntil(lambda: any(first.get(r.instance_id) != r.last_heartbeat for r in s.instances.rows),
                    timeout=20000)
    assert s.selected_instance() == chosen

""""Browse this harvest run" and "browse this domain's history": the jobs collected page by page
(controller without widgets), and the buttons of the harvests and domains screens opening a tab of
the archive browser on them (the frame's wiring, widgets with a recording backend)."""
from __future__ import annotations

import datetime as dt

import pytest
from test_controllers import Recording, domain_wire
from test_harvest_editing import harvest_wire, job_wire

from desktop.controllers import browse_scope
from desktop.controllers.browse_scope import BrowseScope
from desktop.rpc import RpcClient
from shared import contracts
from shared.errors import DomainNotFound


def history_wire(job_id, name="kb.dk"):
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).isoformat()
    return {"domain": name, "configuration": "default", "harvest": "news", "harvest_id": 7, "job_id": job_id,
            "objects": 10, "bytes": 1000, "stop_reason": "completed", "started_at": when, "ended_at": when}


def page(items, offset, total):
    return {"items": items, "total": total, "offset": offset, "limit": len(items)}


@pytest.fixture
def scope(qtbot):
    clients, kept = [], []

    def build(answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        s = BrowseScope(client)
        kept.append(s)
        events = {"browse": [], "status": [], "failure": []}
        s.browseRequested.connect(lambda ids, title: events["browse"].append((ids, title)))
        s.status.connect(events["status"].append)
        s.failure.connect(events["failure"].append)
        return s, backend, events
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()


def test_a_run_is_its_ended_jobs(qtbot, scope):
    s, backend, ev = scope({"list_jobs": page([job_wire("done", id=12), job_wire("failed", id=11)], 0, 2)})
    s.run(7, 2, "news, run 3")
    qtbot.waitUntil(lambda: bool(ev["browse"]), timeout=10_000)
    assert ev["browse"] == [([11, 12], "news, run 3")]
    service, method, args, kwargs = backend.calls[0]
    assert (service, method) == ("scheduler", "list_jobs")
    assert args[0]["harvest_id"] == 7 and args[0]["harvest_run"] == 2
    assert set(args[0]["status"]) == {"done", "failed", "resubmitted", "failed_rejected"}   # never a queued job


def test_a_long_history_is_read_page_by_page_and_capped(qtbot, scope, monkeypatch):
    monkeypatch.setattr(browse_scope, "MAX_JOBS", 5)
    monkeypatch.setattr(browse_scope, "PAGE", 2)
    # 9 history rows, two of them for the same job (two configurations of one harvest)
    rows = [history_wire(j) for j in (30, 29, 29, 28, 27, 26, 25, 24, 23)]
    s, backend, ev = scope({"domain_history": lambda name, offset, limit: page(rows[offset:offset + limit], offset,
                                                                              len(rows))})
    s.domain("kb.dk", "History of kb.dk")
    qtbot.waitUntil(lambda: bool(ev["browse"]), timeout=10_000)
    assert ev["browse"] == [([26, 27, 28, 29, 30], "History of kb.dk")]   # the newest five
    assert any("newest 5" in t for t in ev["status"])
    assert [k["offset"] for _s, m, _a, k in backend.calls if m == "domain_history"] == [0, 2, 4]


def test_nothing_to_browse_and_a_failure_are_said(qtbot, scope):
    s, _b, ev = scope({"domain_history": page([], 0, 0)})
    s.domain("kb.dk", "History of kb.dk")
    qtbot.waitUntil(lambda: bool(ev["status"]), timeout=10_000)
    assert ev["browse"] == [] and "no ended job" in ev["status"][0]
    s, _b, ev = scope({"domain_history": DomainNotFound("no domain kb.dk", {"name": "kb.dk"})})
    s.domain("kb.dk", "History of kb.dk")
    qtbot.waitUntil(lambda: bool(ev["failure"]), timeout=10_000)
    assert ev["browse"] == [] and not s.busy


def test_the_domain_and_harvest_screens_open_the_archive_browser(qtbot, monkeypatch):
    """The frame's wiring: a button on each screen, a tab named after what it browses."""
    from desktop.screens.archive_browser import ArchiveBrowserScreen
    from desktop.screens.domains import DomainsScreen
    from desktop.screens.harvests import HarvestsScreen

    opened = []
    monkeypatch.setattr(ArchiveBrowserScreen, "browse", lambda self, ids, title="": opened.append((ids, title)))
    backend = Recording({
        "get_domain": domain_wire(), "domain_history": page([history_wire(5), history_wire(4)], 0, 2),
        "list_domains": page([], 0, 0), "list_profiles": [], "list_jobs": page([job_wire("done", id=9)], 0, 1),
        "list_harvests": page([], 0, 0), "list_schedules": page([], 0, 0), "list_channels": [],
    })
    client = RpcClient(backend)
    try:
        browser = ArchiveBrowserScreen(client)
        domains = DomainsScreen(client)
        harvests = HarvestsScreen(client)
        for s in (domains, harvests):
            qtbot.addWidget(s)
            s.can_browse = True
            s.browseJobs.connect(lambda ids, title: browser.browse(ids, title))
        qtbot.addWidget(browser)
        domains.controller.open("kb.dk")
        qtbot.waitUntil(lambda: domains.domain is not None, timeout=10_000)
        assert not domains.browse_history.isHidden()       # on the history tab
        domains.browse_history.click()
        qtbot.waitUntil(lambda: bool(opened), timeout=10_000)
        assert opened[-1] == ([4, 5], "History of kb.dk")

        harvests.show_harvest(contracts.decode("definitions", "get_harvest", harvest_wire(runs=3)))
        assert harvests.browse_run_button.isEnabled() and harvests.browse_run_number.value() == 3
        harvests.browse_run_number.setValue(2)
        harvests.browse_run_button.click()
        qtbot.waitUntil(lambda: len(opened) == 2, timeout=10_000)
        assert opened[-1] == ([9], "news, run 2")
        jobs_call = [a for _s, m, a, _k in backend.calls if m == "list_jobs"][-1]
        assert jobs_call[0]["harvest_run"] == 1          # run 2 as people count it is stored 1
    finally:
        client.shutdown()

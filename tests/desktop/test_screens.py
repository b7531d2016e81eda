"""Every screen against the real services: opened, filled in, saved, read back through RPC;
each form's error path shows the problem next to the field and saves nothing."""
from __future__ import annotations

import re
import uuid

import pytest
from PySide6.QtCore import Qt

from desktop import formatting
from desktop.main_window import MainWindow
from shared import contracts

pytestmark = pytest.mark.rabbit


def _uid() -> str:
    return uuid.uuid4().hex[:8]


def _wait_saved(qtbot, w: MainWindow, timeout: int = 20000) -> None:
    qtbot.waitUntil(lambda: w.client.in_flight == 0, timeout=timeout)


def test_system_overview_lists_every_instance(qtbot, window, shots):
    s = window.open_screen("overview")
    qtbot.waitUntil(lambda: {"monitor-test", "definitions-test", "scheduler-test"} <=
                    {r.instance_id for r in s.instances.rows}, timeout=20000)
    states = {r.instance_id: r.state for r in s.instances.rows}
    assert states["definitions-test"] == "running"
    assert re.match(r"\d+ service instances, \d+ lost\.", s.summary.text())
    shots(window, "01-system-overview")


def test_domains_create_edit_and_errors(qtbot, window, direct, shots):
    s = window.open_screen("domains")
    name = f"d{_uid()}.dk"
    # error path: a public suffix is not a domain; shown under the field, nothing saved
    s.new_name.setText("co.uk")
    s.create_button.click()
    qtbot.waitUntil(lambda: "name" in s.create_form.visible_errors(), timeout=20000)
    assert "kb.dk" in s.create_form.visible_errors()["name"]
    assert direct.definitions.search_domains("co.uk")["total"] == 0
    # create, then read back
    s.new_name.setText(name)
    s.create_button.click()
    qtbot.waitUntil(lambda: s.domain is not None and s.domain.name == name, timeout=20000)
    assert direct.definitions.get_domain(name)["name"] == name
    # seeds
    s.seed_lists.setCurrentIndex(s.seed_lists.count() - 1)     # (new seed list)
    s.seed_list_name.setText("extra")
    s.seeds.setPlainText(f"https://www.{name}/news\nhttps://elsewhere.org/")
    s.save_seeds()
    qtbot.waitUntil(lambda: "seeds" in s.seeds_form.visible_errors(), timeout=20000)
    assert not any(sl["name"] == "extra" for sl in direct.definitions.get_domain(name)["seed_lists"])
    s.seeds.setPlainText(f"https://www.{name}/news")
    s.save_seeds()
    qtbot.waitUntil(lambda: any(sl.name == "extra" for sl in (s.domain.seed_lists if s.domain else [])),
                    timeout=20000)
    # crawler traps: a bad expression is refused with its position
    s.traps.setPlainText(".*calendar.*\n(unclosed")
    s.save_traps()
    qtbot.waitUntil(lambda: "traps" in s.traps_form.visible_errors(), timeout=20000)
    assert direct.definitions.get_domain(name)["crawler_traps"] == []
    s.traps.setPlainText(".*calendar.*")
    s.save_traps()
    qtbot.waitUntil(lambda: s.domain.crawler_traps == [".*calendar.*"], timeout=20000)
    # configuration: a bad number is caught before sending
    s.cfg_name.setText("deep")
    qtbot.waitUntil(lambda: s.cfg_profile.findText("default") >= 0, timeout=20000)   # a picker, not free text
    s.cfg_profile.setCurrentIndex(s.cfg_profile.findText("default"))
    s.check_seed_lists(["extra"])
    s.cfg_max_objects.setText("many")
    s.save_configuration()
    assert "max_objects" in s.config_form.visible_errors()
    s.cfg_max_objects.setText("5000")
    s.save_configuration()
    qtbot.waitUntil(lambda: any(c.name == "deep" for c in s.domain.configurations), timeout=20000)
    deep = [c for c in direct.definitions.get_domain(name)["configurations"] if c["name"] == "deep"][0]
    assert deep["max_objects"] == 5000 and deep["seed_lists"] == ["extra"]
    assert deep["max_bytes"] == -1     # left empty: "no limit", shown so in the table
    row = [i for i in range(s.configs.rowCount()) if s.configs.row_at(i).name == "deep"][0]
    assert s.configs.index(row, 4).data() == "no limit"
    # owner info and a site login
    s.owner_text.setText("Contact: webmaster")
    s.add_owner_info()
    qtbot.waitUntil(lambda: len(s.domain.owner_info) == 1, timeout=20000)
    s.cred_url.setText(f"https://www.{name}/login")
    s.cred_user.setText("harvester")
    s.cred_password.setText("secret")
    s.add_credential()
    qtbot.waitUntil(lambda: len(s.domain.credentials) == 1, timeout=20000)
    back = direct.definitions.get_domain(name)
    assert back["owner_info"][0]["info"] == "Contact: webmaster"
    assert back["credentials"][0]["username"] == "harvester"
    # search finds it, through server paging
    s.pattern.setText(name[:5] + "*")
    s.search()
    qtbot.waitUntil(lambda: not s.model.loading and s.model.row_at(0) is not None, timeout=20000)
    assert s.model.row_at(0).name == name
    shots(window, "02-domains")


def test_domain_mass_ingest_reports_skipped_and_invalid_lines(qtbot, window, direct, tmp_path):
    s = window.open_screen("domains")
    u = _uid()
    f = tmp_path / "domains.txt"
    f.write_text(f"# a list\nalpha{u}.dk\nbeta{u}.dk\n\nalpha{u}.dk\nnot a domain\nco.uk\n")
    s.start_ingest(str(f))
    qtbot.waitUntil(lambda: s.ingest is None and s.ingest_summary.text() != "", timeout=30000)
    text = s.ingest_summary.text()
    assert "Created: 2" in text and "duplicates: 1" in text and "invalid: 2" in text
    assert "line 6" in text
    assert direct.definitions.search_domains(f"*{u}.dk")["total"] == 2


def test_crawl_profiles_upload_errors_by_path_download_activate(qtbot, window, direct, tmp_path, shots):
    s = window.open_screen("profiles")
    name = f"p{_uid()}"
    s.name.setText(name)
    s.content_edit.setPlainText("politeness:\n  delay_factor: -5\nno_such_key: 1\n")
    s.upload()
    qtbot.waitUntil(lambda: s.problems.count() > 0, timeout=20000)
    assert "content" in s.form.visible_errors()
    with pytest.raises(Exception):   # noqa: B017 - nothing saved: the service says not found
        direct.definitions.get_profile(name)
    content = direct.definitions.download_profile("default")["content"]
    s.content_edit.setPlainText(content)
    s.upload()
    qtbot.waitUntil(lambda: s.selected is not None and s.selected.name == name, timeout=20000)
    assert direct.definitions.download_profile(name)["content"] == content
    s.set_active(False)
    qtbot.waitUntil(lambda: s.selected.active is False, timeout=20000)
    assert direct.definitions.get_profile(name)["active"] is False
    out = tmp_path / "p.yaml"
    s.download(name, str(out))
    qtbot.waitUntil(lambda: out.exists(), timeout=20000)
    assert out.read_text() == content
    shots(window, "03-crawl-profiles")


def test_crawl_profile_says_its_browser_capture_in_words(qtbot, window, direct, languages):
    """#34: the document is edited as a whole; what its browser section does is said below it, from
    the settings the service read (defaults filled in), in the user's language."""
    s = window.open_screen("profiles")
    name = f"b{_uid()}"
    s.name.setText(name)
    s.content_edit.setPlainText("browser:\n  render: seeds\n  tabs: 4\n  click_budget: 0\n")
    s.upload()
    qtbot.waitUntil(lambda: not s.browser_summary.isHidden(), timeout=20000)
    assert s.browser_summary.text() == ("Browser capture: renders the seeds; tabs: 4, 30 s a page, "
                                        "scrolls (at most 20 times), screenshots, text.")
    languages.set_language("da")      # the screens retranslate on the LanguageChange event
    qtbot.waitUntil(lambda: s.browser_summary.text().startswith(
        "Browserhøstning: gengiver seeds; faneblade: 4, 30 s pr. side"), timeout=20000)
    languages.set_language("en")
    qtbot.waitUntil(lambda: s.browser_summary.text().startswith("Browser capture:"), timeout=20000)
    # choosing another profile in the list: the default one renders nothing
    s.model.reload()
    qtbot.waitUntil(lambda: any(s.model.row_at(r).name == "default" for r in range(s.model.rowCount())),
                    timeout=20000)
    row = next(r for r in range(s.model.rowCount()) if s.model.row_at(r).name == "default")
    s.table.clicked.emit(s.model.index(row, 0))
    qtbot.waitUntil(lambda: s.browser_summary.text() == "Browser capture: off (no page is rendered).",
                    timeout=20000)
    assert direct.definitions.get_profile(name)["effective"]["browser"]["tabs"] == 4


def test_schedules_create_with_preview_and_errors(qtbot, window, direct, shots):
    s = window.open_screen("schedules")
    name = f"s{_uid()}"
    s.new_schedule()
    s.name.setText(name)
    s.every.setText("two")
    s.save()
    assert "every" in s.form.visible_errors()
    s.every.setText("2")
    s.unit.setCurrentIndex(s.unit.findData("days"))
    s.start_at.setText("tomorrow")
    s.save()
    qtbot.waitUntil(lambda: "start_at" in s.form.visible_errors(), timeout=20000)
    assert direct.definitions.list_schedules(pattern=name)["total"] == 0
    s.start_at.setText("")
    s.hour.setText("3")
    s.save()
    qtbot.waitUntil(lambda: direct.definitions.list_schedules(pattern=name)["total"] == 1, timeout=20000)
    qtbot.waitUntil(lambda: s.current is not None and s.preview.count() == 5, timeout=20000)
    back = direct.definitions.get_schedule(name)
    assert back["every"] == 2 and back["unit"] == "days" and back["hour"] == 3
    shots(window, "04-schedules")


def test_schedule_preview_follows_the_fields_while_editing(qtbot, window, direct):
    s = window.open_screen("schedules")
    name = f"p{_uid()}"
    s.new_schedule()
    s.name.setText(name)
    s.unit.setCurrentIndex(s.unit.findData("days"))
    s.every.clear()
    qtbot.keyClicks(s.every, "3")
    qtbot.keyClicks(s.hour, "4")
    qtbot.keyClicks(s.minute, "5")
    expected = direct.definitions.preview_schedule(
        {"unit": "days", "every": 3, "hour": 4, "minute": 5, "weekday": None, "day_of_month": None,
         "start_at": None, "end_at": None, "max_runs": None})
    want = [formatting.date_time(t) for t in expected["upcoming"]]
    qtbot.waitUntil(lambda: [s.preview.item(i).text() for i in range(s.preview.count())] == want, timeout=20000)
    assert s.preview_note.text() == ""
    qtbot.keyClicks(s.hour, "9")            # 49: the server refuses it, shown under the preview
    qtbot.waitUntil(lambda: s.preview.count() == 0 and s.preview_note.text() != "", timeout=20000)
    assert s.form.visible_errors() == {}    # editing shows no field errors; saving does
    s.hour.clear()
    qtbot.keyClicks(s.hour, "x")            # not a number: no call at all
    qtbot.waitUntil(lambda: s.preview_note.text() == "Not a valid schedule yet.", timeout=20000)
    assert direct.definitions.list_schedules(pattern=name)["total"] == 0


def test_harvest_definitions_selective_event_snapshot(qtbot, window, direct, shots):
    u = _uid()
    direct.definitions.create_domain(f"sel{u}.dk")
    s = window.open_screen("harvests")
    qtbot.waitUntil(lambda: s.sel_schedule.count() > 0 and s.snap_channel.count() > 1, timeout=20000)
    # selective: an unknown domain is refused next to the domain list
    s.sel_name.setText(f"sel-{u}")
    s.sel_configs.setPlainText(f"nosuch{u}.dk")
    s.create_selective()
    qtbot.waitUntil(lambda: "configurations" in s.sel.visible_errors(), timeout=20000)
    s.sel_configs.setPlainText(f"sel{u}.dk")
    s.create_selective()
    _wait_saved(qtbot, window)
    h = direct.definitions.get_harvest(f"sel-{u}")
    assert h["kind"] == "selective" and h["configurations"][0]["domain"] == f"sel{u}.dk"
    # event: bad lines named, nothing created; then good
    s.ev_name.setText(f"ev-{u}")
    s.ev_urls.setPlainText(f"https://www.ev{u}.dk/a\nnot a url at all\n")
    assert f"ev{u}.dk" in s.ev_domains.text()
    s.create_event()
    qtbot.waitUntil(lambda: "urls" in s.ev.visible_errors(), timeout=20000)
    assert "line 2" in s.ev.visible_errors()["urls"]
    assert direct.definitions.search_domains(f"ev{u}.dk")["total"] == 0
    s.ev_urls.setPlainText(f"https://www.ev{u}.dk/a\nhttps://news.ev{u}.dk/")
    s.create_event()
    _wait_saved(qtbot, window)
    assert direct.definitions.get_harvest(f"ev-{u}")["kind"] == "event"
    assert direct.definitions.search_domains(f"ev{u}.dk")["total"] == 1
    # snapshot
    s.snap_name.setText(f"snap-{u}")
    s.snap_max_bytes.setText("lots")
    s.create_snapshot()
    assert "max_bytes" in s.snap.visible_errors()
    s.snap_max_bytes.setText("100000000")
    s.create_snapshot()
    _wait_saved(qtbot, window)
    snap = direct.definitions.get_harvest(f"snap-{u}")
    assert snap["kind"] == "snapshot" and snap["max_bytes"] == 100000000
    # activate the selective one from the list
    s.selected = contracts.decode("definitions", "get_harvest", direct.definitions.get_harvest(f"sel-{u}"))
    s.set_active(True)
    qtbot.waitUntil(lambda: direct.definitions.get_harvest(f"sel-{u}")["active"] is True, timeout=20000)
    s.refresh()
    _wait_saved(qtbot, window)
    shots(window, "05-harvest-definitions")


def test_global_crawler_traps(qtbot, window, direct, shots):
    s = window.open_screen("traps")
    name = f"t{_uid()}"
    s.new_list()
    s.name.setText(name)
    s.expressions.setPlainText(".*/calendar/.*\n[unclosed")
    s.save()
    qtbot.waitUntil(lambda: "expressions" in s.form.visible_errors(), timeout=20000)
    assert direct.definitions.list_trap_lists(pattern=name)["total"] == 0
    s.expressions.setPlainText(".*/calendar/.*")
    s.save()
    qtbot.waitUntil(lambda: s.current is not None, timeout=20000)
    assert direct.definitions.get_trap_list(name)["expressions"] == [".*/calendar/.*"]
    shots(window, "06-global-crawler-traps")


def test_harvest_channels(qtbot, window, direct, shots):
    s = window.open_screen("channels")
    qtbot.waitUntil(lambda: len(s.model.rows) >= 2, timeout=20000)
    name = f"CH{_uid()}".upper()
    s.name.setText(name)
    s.create()
    qtbot.waitUntil(lambda: any(r.name == name for r in s.model.rows), timeout=20000)
    assert any(c["name"] == name for c in direct.definitions.list_channels())
    s.name.setText(name)
    s.create()
    qtbot.waitUntil(lambda: "name" in s.form.visible_errors(), timeout=20000)
    shots(window, "07-harvest-channels")


def _harvested_run(direct, u: str, nbytes: int) -> dict:
    """A selective harvest of one domain, scheduled by the real scheduler, its job claimed and
    reported with ``nbytes`` bytes."""
    direct.definitions.create_domain(f"chart{u}.dk")
    schedule = direct.definitions.list_schedules()["items"][0]["name"]
    h = direct.definitions.create_selective(f"chart-{u}", schedule, [{"domain": f"chart{u}.dk"}])
    direct.definitions.set_harvest_active(f"chart-{u}", True)
    out = direct.scheduler.run_once(wait=True)
    assert h["id"] in out["started"]
    while True:
        job = direct.scheduler.claim_job("FOCUSED", f"chart-harvester-{u}")
        assert job is not None
        direct.scheduler.report_progress(job["id"], f"chart-harvester-{u}", {"uris_done": 1})
        domains = [{"domain": f"chart{u}.dk", "objects": 3, "bytes": nbytes, "stop_reason": "completed"}] \
            if job["harvest_id"] == h["id"] else []
        direct.scheduler.report_job(job["id"], f"chart-harvester-{u}", domains)
        if job["harvest_id"] == h["id"]:
            return h


def test_charts_show_series_from_the_real_scheduler(qtbot, window, direct, shots):
    u = _uid()
    h = _harvested_run(direct, u, 5_000_000)
    today = direct.scheduler.job_status_counts_by_day()
    assert any(r["status"] == "done" and r["jobs"] >= 1 for r in today)
    c = window.open_screen("charts")
    qtbot.waitUntil(lambda: c.harvest.findData(h["id"]) >= 0, timeout=20000)
    c.harvest.setCurrentIndex(c.harvest.findData(h["id"]))
    _wait_saved(qtbot, window)
    qtbot.waitUntil(lambda: bool(c.runs) and c.runs[0].bytes == 5_000_000, timeout=20000)
    assert not c.is_unavailable
    # jobs per status over time: one stacked set per status present, a bar per day of the range
    assert len(c.day_list) == 30
    sets = {b.label(): b for b in c.status_series.barSets()}
    assert "done" in sets
    assert sets["done"].at(29) >= 1 and sets["done"].count() == 30
    # bytes per run of the chosen definition, scaled to megabytes
    (bars,) = c.runs_series.barSets()
    assert bars.count() == 1 and bars.at(0) == pytest.approx(5.0)
    assert c.runs_view.chart().axes(Qt.Orientation.Vertical)[0].titleText() == "Megabytes"
    c.days.setValue(7)
    _wait_saved(qtbot, window)
    qtbot.waitUntil(lambda: len(c.day_list) == 7, timeout=20000)
    window.set_language("de")
    qtbot.waitUntil(lambda: c.status_view.chart().title() == "Jobs pro Status im Zeitverlauf", timeout=20000)
    window.set_language("en")
    qtbot.waitUntil(lambda: c.status_view.chart().title() == "Jobs per status over time", timeout=20000)
    shots(window, "09b-charts-with-data")


def test_jobs_and_charts_screens_against_the_scheduler(qtbot, window, shots):
    s = window.open_screen("jobs")
    qtbot.waitUntil(lambda: s.model.last_load_seconds is not None, timeout=20000)
    assert not s.is_unavailable
    s.id_from.setText("10")
    s.id_to.setText("2")
    s.apply_filters()
    assert "larger" in s.filter_error.text()
    s.id_from.setText("")
    s.id_to.setText("")
    s.status.setCurrentIndex(s.status.findData("failed"))
    s.apply_filters()
    _wait_saved(qtbot, window)
    assert s.model.filters == {"status": "failed"}
    shots(window, "08-jobs")
    c = window.open_screen("charts")
    _wait_saved(qtbot, window)
    assert not c.is_unavailable
    shots(window, "09-charts")


def test_screen_of_a_missing_service_says_so(qtbot, connection, languages, shots):
    from desktop.rpc import RpcClient, ServiceBackend
    from desktop.screens.jobs import JobsScreen

    class Elsewhere(JobsScreen):
        service = "no_such_scheduler"

    client = RpcClient(ServiceBackend(connection.amqp_uri(), 10))
    w = MainWindow(client, languages, connection, screen_factories=[Elsewhere])
    qtbot.addWidget(w)
    w.show()
    w.check_connection()
    qtbot.waitUntil(lambda: w.screens[0].is_unavailable, timeout=20000)
    assert "no_such_scheduler" in w.screens[0].unavailable.heading.text()
    shots(w, "10-service-not-available")
    client.shutdown()


def test_a_screen_without_a_title_is_refused_when_defined():
    import pytest

    from desktop.screens.base import Screen

    with pytest.raises(TypeError, match="screen Untitled must define title"):
        class Untitled(Screen):
            key = "untitled"

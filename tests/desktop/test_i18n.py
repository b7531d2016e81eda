"""Translations: complete .ts files, nothing missing from them, live switching, locale formats."""
from __future__ import annotations

import glob
import os
import shutil
import xml.etree.ElementTree as ET

import pytest

from desktop import i18n_build

LANGS = ("en", "da", "de", "fr", "it")


def _problems(ts_path: str) -> list[str]:
    out = []
    root = ET.parse(ts_path).getroot()
    for ctx in root.iter("context"):
        cname = ctx.findtext("name")
        for msg in ctx.iter("message"):
            src = msg.findtext("source")
            tr = msg.find("translation")
            kind = tr.get("type") if tr is not None else "missing"
            forms = tr.findall("numerusform") if tr is not None else []
            text = "".join(f.text or "" for f in forms) if forms else (tr.text or "" if tr is not None else "")
            if kind in ("unfinished", "vanished", "obsolete", "missing") or not text.strip() or \
                    any(not (f.text or "").strip() for f in forms):
                out.append(f"{os.path.basename(ts_path)}: {cname}: {src!r} ({kind or 'empty'})")
            elif any(src.count("{") != t.count("{") for t in ([f.text or "" for f in forms] if forms else [text])):
                out.append(f"{os.path.basename(ts_path)}: {cname}: {src!r}: placeholders differ in {text!r}")
    return out


def test_every_language_has_a_ts_file():
    present = {os.path.basename(p)[4:-3] for p in glob.glob(os.path.join(i18n_build.TS_DIR, "nas_*.ts"))}
    assert present == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_ts_file_is_complete(lang):
    problems = _problems(os.path.join(i18n_build.TS_DIR, f"nas_{lang}.ts"))
    assert problems == [], "\n".join(problems[:40])


def test_no_source_string_is_missing_from_the_ts_files(tmp_path):
    """lupdate over the current sources, on a copy: any new string would come back unfinished."""
    copies = []
    for lang in LANGS:
        dst = tmp_path / f"nas_{lang}.ts"
        shutil.copy(os.path.join(i18n_build.TS_DIR, f"nas_{lang}.ts"), dst)
        copies.append(str(dst))
    i18n_build.lupdate(copies)
    problems = [p for c in copies for p in _problems(c)]
    assert problems == [], "strings missing from i18n/*.ts (run python -m desktop.i18n_build --refresh):\n" + \
        "\n".join(problems[:40])


def test_language_switch_changes_visible_texts_and_locale(qtbot, languages):
    from PySide6.QtCore import QLocale

    from desktop import formatting
    from desktop.main_window import MainWindow
    from desktop.rpc import RpcClient
    from desktop.settings import ConnectionSettings

    class Offline:
        def call(self, *a):
            raise ConnectionRefusedError(111, "refused")

        def close_all(self):
            pass

    client = RpcClient(Offline())
    w = MainWindow(client, languages, ConnectionSettings())
    qtbot.addWidget(w)
    w.show()
    assert w.file_menu.title() == "&File"
    overview_row = w._nav_rows[w.screens.index(w.screen("overview"))]

    def nav_text() -> str:
        return w.nav.item(overview_row).text().strip()
    assert nav_text() == "System overview"
    assert w.nav.item(0).text() == "Curate: start here"     # the navigation says where to start
    for code, file_menu, overview in (("da", "&Filer", "Systemoversigt"), ("de", "&Datei", "Systemübersicht"),
                                      ("fr", "&Fichier", "Vue d’ensemble du système"),
                                      ("it", "&File", "Panoramica del sistema")):
        w.set_language(code)
        qtbot.waitUntil(lambda overview=overview: nav_text() == overview, timeout=20000)
        assert w.file_menu.title() == file_menu
        assert QLocale().name().startswith(code)
    assert formatting.number(1234567) == "1.234.567"    # Italian grouping
    w.set_language("en")
    qtbot.waitUntil(lambda: nav_text() == "System overview", timeout=20000)
    assert formatting.number(1234567) == "1,234,567"
    client.shutdown()


@pytest.mark.parametrize(("code", "one", "two", "ago"), [
    ("en", "1 domain", "2 domains", "3 seconds ago"),
    ("da", "1 domæne", "2 domæner", "for 3 sekunder siden"),
    ("de", "1 Domain", "2 Domains", "vor 3 Sekunden"),
    ("fr", "1 domaine", "2 domaines", "il y a 3 secondes"),
    ("it", "1 dominio", "2 domini", "3 secondi fa"),
])
def test_plurals_are_right_in_every_language(qtbot, languages, code, one, two, ago):
    from PySide6.QtCore import QCoreApplication

    from desktop import formatting

    languages.set_language(code)
    assert QCoreApplication.translate("DomainsScreen", "%Ln domain(s)", "", 1) == one
    assert QCoreApplication.translate("DomainsScreen", "%Ln domain(s)", "", 2) == two
    assert formatting.seconds_ago(3.2) == ago
    big = QCoreApplication.translate("JobsScreen", "%Ln job(s)", "", 1234567)
    assert big.startswith(formatting.number(1234567))          # numbers in the language's format


def test_server_reasons_are_precise_and_translated(qtbot, languages):
    from desktop.errors import describe
    from desktop.rpc.outcome import Failure, FailureKind
    from shared.errors import DomainNotFound, InvalidUrl, NotFound

    missing = Failure(FailureKind.SERVER, DomainNotFound("no domain 'x.dk'", {"name": "x.dk"}))
    outside = Failure(FailureKind.SERVER, InvalidUrl("the seed 'https://a.org/' is outside the domain netarkivet.dk",
                                                     {"url": "https://a.org/", "reason": "outside_domain",
                                                      "domain": "netarkivet.dk"}))
    profile = Failure(FailureKind.SERVER, NotFound("no crawl profile 'deep'", {"object": "crawl profile",
                                                                                 "name": "deep"}))
    odd = Failure(FailureKind.SERVER, NotFound("no such thing: 42", {}))
    assert describe(missing) == "There is no domain x.dk."
    assert describe(outside) == "The seed https://a.org/ is outside the domain netarkivet.dk."
    assert describe(profile) == "Not found: crawl profile 'deep'."
    assert describe(odd).endswith("Details: no such thing: 42")       # no sentence of ours: the server's words
    languages.set_language("da")
    assert describe(missing) == "Domænet x.dk findes ikke."
    assert describe(outside) == "Frøet https://a.org/ ligger uden for domænet netarkivet.dk."
    assert describe(profile) == "Findes ikke: høstprofil 'deep'."


@pytest.mark.parametrize(("code", "weekly", "runs"), [
    ("en", "every 2 weeks on Monday at 4:00 AM", "every day at 4:30 AM, 3 times"),
    ("da", "hver 2. uge om mandagen kl. 04.00", "hver dag kl. 04.30, 3 gange"),
    ("de", "alle 2 Wochen am Montag um 04:00", "jeden Tag um 04:30, 3-mal"),
])
def test_schedule_rules_are_rendered_in_the_users_language(qtbot, languages, code, weekly, runs):
    """From the rule's fields, not the server's English description."""
    import datetime as dt

    from desktop import formatting
    from shared.dto.definitions import ScheduleDto

    languages.set_language(code)
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    a = ScheduleDto(1, "w", "", "weeks", 2, 0, 4, 1, None, now, None, None, 1, "every 2 weeks on Monday at 04:00")
    b = ScheduleDto(2, "d", "", "days", 1, 30, 4, None, None, now, None, 3, 1, "every day at 04:30, 3 times")
    assert formatting.schedule_rule(a).replace("\u202f", " ") == weekly
    assert formatting.schedule_rule(b).replace("\u202f", " ") == runs

"""Every screen in English, Danish and German as a user sees it: a screenshot of each (for a
person to look at: ``packaging/dev/screenshots.sh`` runs this under Xvfb) and a check that no
label, button, tab or column heading is cut short in any of the three languages."""
from __future__ import annotations

import os
import re
import uuid
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTabBar,
    QTableView,
)

pytestmark = pytest.mark.rabbit

SHOWN_LANGUAGES = ("en", "da", "de")


def _clipped(screen) -> list[str]:
    """What of ``screen`` shows less than its text: a one-line label or a button narrower than
    its text needs, a tab cut short, a column heading narrower than its title."""
    out = []
    for w in screen.findChildren(QLabel):
        if w.isVisibleTo(screen) and w.text() and not w.wordWrap() and w.width() + 1 < w.sizeHint().width():
            out.append(f"label {w.text()!r}: {w.width()} < {w.sizeHint().width()}")
    for w in screen.findChildren(QAbstractButton):
        if isinstance(w, QCheckBox) or not w.isVisibleTo(screen) or not w.text():
            continue
        if w.width() + 1 < w.sizeHint().width():
            out.append(f"button {w.text()!r}: {w.width()} < {w.sizeHint().width()}")
    for bar in screen.findChildren(QTabBar):
        if bar.isVisibleTo(screen):
            for i in range(bar.count()):
                if bar.tabRect(i).width() + 1 < bar.tabSizeHint(i).width() or bar.elideMode() and \
                        bar.tabRect(i).width() < bar.fontMetrics().horizontalAdvance(bar.tabText(i)):
                    out.append(f"tab {bar.tabText(i)!r}")
    for view in screen.findChildren(QTableView):
        if not view.isVisibleTo(screen) or view.model() is None:
            continue
        header: QHeaderView = view.horizontalHeader()
        last = header.count() - 1
        for col in range(header.count()):
            if header.isSectionHidden(col) or (col == last and header.stretchLastSection()):
                continue
            title = str(view.model().headerData(col, header.orientation()) or "")
            if title and header.sectionSize(col) + 1 < header.sectionSizeFromContents(col).width():
                out.append(f"column {title!r}: {header.sectionSize(col)} < "
                           f"{header.sectionSizeFromContents(col).width()}")
    return out


def _narrow_fields(screen) -> list[str]:
    """One-line text fields too narrow to show a plain value (a broker URL, a domain name)."""
    return [f"field {w.objectName() or w.placeholderText()!r}: {w.width()}"
            for w in screen.findChildren(QLineEdit)
            if w.isVisibleTo(screen) and 0 < w.width() < 60 and w.objectName() != "qt_spinbox_lineedit"]


def _settle(qtbot, window) -> None:
    # Generous: on a loaded machine (CI runs six shards on two cores beside Chromium) a screen's
    # calls have taken over 30 s in all; the wait ends as soon as they are answered.
    try:
        qtbot.waitUntil(lambda: window.client.in_flight == 0, timeout=120000)
    except qtbot.TimeoutError:
        raise AssertionError(f"calls still unanswered after 120 s: {sorted(map(repr, window.client._calls))}") from None
    qtbot.wait(50)   # let queued column fitting (one event-loop turn) run; nothing is timed on it


def _with_data(direct, archive, tmp_path, qa_db: str = "") -> tuple[str, int]:
    """Something on every screen: a domain with a harvested job, a definition, a stored file,
    the job's QA results (``qa_db``: the qa service's database)."""
    from nas_command import nas_cli
    from qa_seed import SeedPage, png, seed_run
    from test_refresh import _finish, _new_job

    domain, job_id = _new_job(direct, uuid.uuid4().hex[:8])
    _finish(direct, job_id, domain)
    _new_job(direct, uuid.uuid4().hex[:8])            # one waiting to be harvested too
    src = tmp_path / f"{job_id}-1-shots.warc.gz"
    src.write_bytes(os.urandom(3000))
    nas_cli(archive[0], "upload", str(src))
    if qa_db:
        host = f"https://www.{domain}"
        seed_run(qa_db, job_id, [
            SeedPage(f"{host}/", "seed", title="Forside", score=0.97, visual=0.95, text=1.0,
                     crawl_png=png("#3070b0"), replay_png=png("#3070b0")),
            SeedPage(f"{host}/nyheder/valg-2026", "browser", title="Valg 2026", score=0.55, visual=0.6, requested=14,
                     missing_urls=[f"{host}/billeder/{i}.jpg" for i in range(4)], crawl_png=png("#b03030"),
                     replay_png=png("#d0d0d0")),
            SeedPage(f"{host}/arkiv?side=2", "sample", score=0.0, requested=0, errors=["net::ERR_TIMED_OUT"],
                     load_state="timeout")])
    return domain, job_id


def _open_qa(qtbot, window, job_id: int) -> None:
    """The QA screen on the job, its page missing images chosen (thumbnails and missing list shown)."""
    qa = window.screen("qa_review")
    qa.open_job(job_id)
    qtbot.waitUntil(lambda: qa.controller.model.row_at(1) is not None, timeout=30000)
    qa.table.selectRow(1)


def test_every_screen_in_three_languages_is_readable(qtbot, window, direct, archive, qa_service, shots, tmp_path):
    domain, job_id = _with_data(direct, archive, tmp_path, qa_service)
    window.resize(1280, 800)
    window.open_screen("domains").open_domain(domain)
    window.open_screen("jobs").open_job(job_id)
    window.open_screen("job_details").open_job(job_id)
    window.open_screen("qa_review")
    _settle(qtbot, window)
    _open_qa(qtbot, window, job_id)
    _settle(qtbot, window)
    problems: dict[str, list[str]] = {}
    try:
        for lang in SHOWN_LANGUAGES:
            window.set_language(lang)
            for i, screen in enumerate(window.screens):
                window.show_screen(i)
                _settle(qtbot, window)
                shown = screen.unavailable if screen.is_unavailable else screen.content
                found = _clipped(shown) + _narrow_fields(shown)
                if found:
                    problems[f"{lang} {screen.key}"] = found
                shots(window, f"{lang}-{i + 1:02d}-{screen.key}")
            # the connection settings (the login dialog with its server fields)
            dialog = window.edit_connection()
            qtbot.waitExposed(dialog)
            _settle(qtbot, window)
            found = _clipped(dialog) + _narrow_fields(dialog)
            if found:
                problems[f"{lang} connection settings"] = found
            shots(dialog, f"{lang}-00-connection-settings")
            dialog.reject()
            # the navigation: every entry and heading whole
            nav = window.nav
            for row in range(nav.count()):
                item = nav.item(row)
                need = QFontMetrics(item.font()).horizontalAdvance(item.text())
                if nav.viewport().width() < need:
                    problems.setdefault(f"{lang} navigation", []).append(item.text())
    finally:
        window.set_language("en")
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())


def _english_templates() -> list[tuple[re.Pattern, str]]:
    """Every English text of the catalogue whose German differs, as a pattern matching it once
    filled in ({name} and %n stand for anything), with the German."""
    from desktop import i18n_build

    def forms(msg, path):
        tr = msg.find("translation")
        if tr is None:
            return []
        found = [f.text or "" for f in tr.findall("numerusform")]
        return found or [tr.text or ""]

    de, en = {}, {}
    for lang, into in (("de", de), ("en", en)):
        root = ET.parse(os.path.join(i18n_build.TS_DIR, f"nas_{lang}.ts")).getroot()
        for ctx in root.iter("context"):
            for msg in ctx.iter("message"):
                into[(ctx.findtext("name"), msg.findtext("source"))] = forms(msg, lang)
    out = []
    for key, german in de.items():
        english = en.get(key) or [key[1]]
        for text in english:
            if not text.strip() or text in german or len(text) < 4:
                continue
            pattern = re.escape(text)
            pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+?", pattern)
            pattern = pattern.replace("%Ln", r"[\d.,\s]+").replace("%n", r"\d+").replace("%1", ".+?")
            out.append((re.compile(pattern, re.S), german[0]))
    return out


def _texts(root) -> dict[int, tuple[str, str]]:
    out = {}
    for w in root.findChildren(QLabel) + root.findChildren(QAbstractButton):
        if w.isVisibleTo(root) and w.text():
            out[id(w)] = (type(w).__name__, w.text().replace("&", ""))
    for bar in root.findChildren(QTabBar):
        for i in range(bar.count()):
            out[id(bar) * 100 + i] = ("tab", bar.tabText(i).replace("&", ""))
    for view in root.findChildren(QTableView):
        if view.model() is not None:
            for col in range(view.model().columnCount()):
                title = view.model().headerData(col, view.horizontalHeader().orientation())
                out[id(view) * 1000 + col] = ("column", str(title or ""))
    return out


def test_text_already_on_screen_switches_language(qtbot, window, direct, archive, qa_service, tmp_path):
    """Every screen is shown in English, with data, then German is chosen: no text that has a
    German translation may still be English anywhere (labels, buttons, tabs, column titles)."""
    domain, job_id = _with_data(direct, archive, tmp_path, qa_service)
    window.open_screen("domains").open_domain(domain)
    window.open_screen("jobs").open_job(job_id)
    window.open_screen("job_details").open_job(job_id)
    window.open_screen("qa_review")
    _settle(qtbot, window)
    _open_qa(qtbot, window, job_id)
    _settle(qtbot, window)
    for i in range(len(window.screens)):
        window.show_screen(i)
        _settle(qtbot, window)
    before = {s.key: _texts(s) for s in window.screens}
    templates = _english_templates()
    window.set_language("de")
    try:
        _settle(qtbot, window)
        stale = []
        for s in window.screens:
            after = _texts(s)
            for key, (kind, text) in before[s.key].items():
                if key in after and after[key] == (kind, text):
                    german = next((g for p, g in templates if p.fullmatch(text)), None)
                    if german is not None:
                        stale.append(f"{s.key}: {kind} {text!r} (German: {german!r})")
    finally:
        window.set_language("en")
    assert stale == [], "\n".join(stale)

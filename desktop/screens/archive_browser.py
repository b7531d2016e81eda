# ruff: noqa: E501
"""The built-in archive browser (QA): a tab per viewer session, its pages replayed by the
viewerproxy in a ``QWebEngineView`` with an off-the-record profile of its own that trusts the
proxy's CA (that profile only) and answers the proxy's authentication from the session.

Nothing reaches the live web: every request goes through the proxy (Chromium does not proxy
loopback hosts; archived hosts are real names), WebRTC may use public interfaces only.
Behaviour is in :class:`desktop.controllers.archive_browser.ArchiveBrowserController`.
"""
from __future__ import annotations

import datetime as dt
import getpass
import os
import tempfile

from PySide6.QtCore import QRunnable, QStandardPaths, Qt, QThreadPool, QTimer, QUrl, Signal
from PySide6.QtNetwork import QNetworkProxy
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.archive_browser import ArchiveBrowserController, CaptureInfo, Navigation
from desktop.controllers.job_pages import JobPagesController
from desktop.screens.base import Screen
from desktop.widgets.form import ErrorLabel
from desktop.widgets.tables import fit_columns


def web_engine_available() -> bool:
    try:
        import PySide6.QtWebEngineWidgets  # noqa: F401
    except ImportError:
        return False
    return True


class _Probe(QRunnable):
    """Asks the proxy for the page's headers (Memento-Datetime, X-Archive-File/-Offset): the web
    view does not hand out response headers. Runs in a worker thread."""

    def __init__(self, tab: ArchiveTab, url: str):
        super().__init__()
        self.tab, self.url = tab, url

    def run(self) -> None:
        import requests

        tab = self.tab
        if tab.closed:
            return
        info, creds = tab.controller.info, tab.controller.proxy_credentials()
        if info is None or creds is None:
            return
        proxy = f"http://{creds[0]}:{creds[1]}@{info.host}:{info.port}"
        try:
            r = requests.get(self.url, proxies={"http": proxy, "https": proxy}, verify=tab.ca_file,
                             timeout=30, stream=True, allow_redirects=False)
            r.close()
        except (requests.RequestException, OSError) as exc:   # OSError: the CA file went with a closed tab
            if not tab.closed:
                tab.probeFailed.emit(str(exc))
            return
        if not tab.closed:   # a tab closed meanwhile is going away: nothing to tell it
            tab.probed.emit(self.url, r.status_code, dict(r.headers))


class ArchiveTab(QWidget):
    """One viewer session: toolbar, the web view, the missing-URL panel."""

    probed = Signal(str, int, dict)
    probeFailed = Signal(str)

    def __init__(self, screen: ArchiveBrowserScreen, job_ids: list[int]):
        super().__init__(screen)
        self.screen_ = screen
        self.job_ids = job_ids
        self.title = ""          # a harvest run's or domain's name; else the tab is named by its jobs
        self.pool = QThreadPool(self)
        self.closed = False       # read by the probes' worker threads
        self.ca_file: str | bool = True
        self.profile = None
        self.view = None
        c = self.controller = ArchiveBrowserController(screen.client, parent=self)
        c.proxy_address = screen.proxy_address
        c.sessionReady.connect(self._session_ready)
        c.sessionChanged.connect(self._session_changed)
        c.missingChanged.connect(self._show_missing)
        c.captureChanged.connect(self._show_capture)
        c.unreachable.connect(self._unreachable)
        c.navigationChanged.connect(self._show_navigation)
        c.reloadRequested.connect(self._reload)
        c.openRequested.connect(self.go)
        c.downloadProgress.connect(lambda text: self._show_download(text, True))
        c.downloadFinished.connect(self._downloaded)
        c.status.connect(screen.statusMessage.emit)
        c.problem.connect(lambda _f, _field, text: self.seed_error.show_error(text))
        c.cleared.connect(lambda _f: self.seed_error.show_error(""))
        self.probed.connect(c.page_answered)
        self.probeFailed.connect(c.page_unreadable)

        self.address = QLineEdit(self)
        self.address.setObjectName("archivedUrl")
        self.address.returnPressed.connect(lambda: self.go(self.address.text().strip()))
        self.capture_label = QLabel(self)
        self.capture_label.setObjectName("captureDate")
        self.record_label = QLabel(self)
        self.record_label.setObjectName("recordInfo")
        self.record_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # a very long file name is cut at the window's edge (whole in the tooltip) rather than
        # widening the window past the screen
        self.record_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.previous_button = QPushButton(self)
        self.previous_button.setObjectName("previousCapture")
        self.previous_button.clicked.connect(c.previous_capture)
        self.next_button = QPushButton(self)
        self.next_button.setObjectName("nextCapture")
        self.next_button.clicked.connect(c.next_capture)
        self.position_label = QLabel(self)
        self.position_label.setObjectName("capturePosition")
        self.download_record_button = QPushButton(self)
        self.download_record_button.setObjectName("downloadRecord")
        self.download_record_button.clicked.connect(self._download_record)
        self.download_file_button = QPushButton(self)
        self.download_file_button.setObjectName("downloadFile")
        self.download_file_button.clicked.connect(self._download_file)
        self.download_label = QLabel(self)
        self.download_label.setObjectName("downloadStatus")
        self.download_label.setWordWrap(True)
        self.download_label.hide()
        self.recording = QCheckBox(self)
        self.recording.setObjectName("recordMissing")
        self.recording.toggled.connect(c.set_recording)
        self.problem = QLabel(self)
        self.problem.setObjectName("browserProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.hide()
        self.export_button = QPushButton(self)
        self.export_button.setObjectName("exportSessionWacz")
        self.export_button.clicked.connect(lambda: self.export_wacz())
        screen.needs(self.export_button, "arcrepository.get_file")
        self.wacz_dialog = None
        bar = QHBoxLayout()
        bar.addWidget(self.address, 1)
        bar.addWidget(self.recording)
        bar.addWidget(self.export_button)
        info = QHBoxLayout()            # a line of its own: dates and file names are long
        info.addWidget(self.previous_button)
        info.addWidget(self.capture_label)
        info.addWidget(self.next_button)
        info.addWidget(self.position_label)
        info.addStretch(1)
        record = QHBoxLayout()          # the record's own line: archive file names are long
        record.addWidget(self.record_label, 1)
        record.addWidget(self.download_record_button)
        record.addWidget(self.download_file_button)
        self.page_holder = QVBoxLayout()
        self.missing_list = QListWidget(self)
        self.missing_list.setObjectName("missingUrls")
        self.missing_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # a narrow side panel: each URL and its referrer on lines of their own, shortened in the
        # middle (host and file name stay readable; the tooltip has both in full)
        self.missing_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.missing_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.missing_label = QLabel(self)
        self.refresh_missing = QPushButton(self)
        self.refresh_missing.clicked.connect(lambda: c.load_missing())
        self.seed_domain = QLineEdit(self)
        self.seed_list = QLineEdit(self)
        self.add_seeds = QPushButton(self)
        screen.needs(self.add_seeds, "viewerproxy.add_missing_as_seeds")
        self.add_seeds.clicked.connect(lambda: c.add_as_seeds(self.seed_domain.text(), self.seed_list.text(),
                                                              [i.data(256) for i in self.missing_list.selectedItems()]))
        self.seed_error = ErrorLabel(self)
        side = QWidget(self)
        sl = QVBoxLayout(side)
        sl.addWidget(self.missing_label)
        sl.addWidget(self.missing_list, 1)
        sl.addWidget(self.refresh_missing)
        sl.addWidget(self.seed_domain)
        sl.addWidget(self.seed_list)
        sl.addWidget(self.add_seeds)
        sl.addWidget(self.seed_error)
        page = QWidget(self)
        page.setLayout(self.page_holder)
        split = QSplitter(self)
        split.addWidget(self._build_pages())
        split.addWidget(page)
        split.addWidget(side)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        split.setStretchFactor(2, 1)
        split.setSizes([330, 600, 260])
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addLayout(info)
        lay.addLayout(record)
        lay.addWidget(self.download_label)
        lay.addWidget(self.problem)
        lay.addWidget(split, 1)
        self.retranslateUi()
        c.open(job_ids, user=_who())
        self.pages.show_job(job_ids[0])

    def _build_pages(self) -> QWidget:
        """The page list (where browsing starts): the job's seeds, rendered pages and HTML pages,
        narrowed by a URL prefix; a click shows the page at its capture."""
        p = self.pages = JobPagesController(self.screen_.client, parent=self)
        panel = QWidget(self)
        panel.setObjectName("pagesPanel")
        self.pages_title = QLabel(panel)
        self.pages_job = QComboBox(panel)
        self.pages_job.setObjectName("pagesJob")
        for job in self.job_ids:
            self.pages_job.addItem("", job)
        self.pages_job.setVisible(len(self.job_ids) > 1)
        self.pages_job.currentIndexChanged.connect(lambda i: p.show_job(int(self.pages_job.itemData(i))))
        self.pages_filter = QLineEdit(panel)
        self.pages_filter.setObjectName("pagesPrefix")
        self.pages_filter.setClearButtonEnabled(True)
        typing = QTimer(self)                 # asks once typing pauses, not at every key
        typing.setSingleShot(True)
        typing.setInterval(400)
        typing.timeout.connect(lambda: p.filter(self.pages_filter.text()))
        self.pages_filter.textChanged.connect(lambda _t: typing.start())
        self.pages_filter.returnPressed.connect(lambda: (typing.stop(), p.filter(self.pages_filter.text())))
        self.pages_view = QTableView(panel)
        self.pages_view.setObjectName("pagesList")
        self.pages_view.setModel(p.model)
        self.pages_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.pages_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.pages_view.verticalHeader().hide()
        self.pages_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)   # host and file name stay readable
        self.pages_view.setColumnHidden(p.SCORE_COLUMN, True)
        fit_columns(self.pages_view)
        self.pages_view.clicked.connect(lambda index: self.open_page(index.row()))
        self.pages_view.activated.connect(lambda index: self.open_page(index.row()))
        self.pages_state = QLabel(panel)
        self.pages_state.setObjectName("pagesState")
        self.pages_state.setWordWrap(True)
        p.stateChanged.connect(self._pages_state)
        p.scoresChanged.connect(lambda known: self.pages_view.setColumnHidden(p.SCORE_COLUMN, not known))
        p.failure.connect(self.screen_.report)
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.pages_title)
        lay.addWidget(self.pages_job)
        lay.addWidget(self.pages_filter)
        lay.addWidget(self.pages_view, 1)
        lay.addWidget(self.pages_state)
        return panel

    def open_page(self, row: int) -> bool:
        """Show the page of the list's row ``row`` at its capture (a seed never captured: as the
        archive answers it, "not in the archive")."""
        page = self.pages.page_at(row)
        if page is None:
            return False
        return self.controller.open_capture(page.url, page.timestamp)

    def _pages_state(self, state: str, text: str) -> None:
        self.pages_state.setStyleSheet("color: #b00020;" if state == "failed" else "")
        self.pages_state.setText(text)

    def retranslateUi(self) -> None:
        self.recording.setText(self.tr("Record missing URLs"))
        self.refresh_missing.setText(self.tr("Refresh the list"))
        self.seed_domain.setPlaceholderText(self.tr("Domain (e.g. kb.dk)"))
        self.seed_list.setPlaceholderText(self.tr("Seed list"))
        self.add_seeds.setText(self.tr("Add selected as seeds"))
        self.previous_button.setText(self.tr("◀ Previous capture"))
        self.next_button.setText(self.tr("Next capture ▶"))
        self.download_record_button.setText(self.tr("Download record"))
        self.download_record_button.setToolTip(self.tr("Save this page's record, as the archive stores it"))
        self.download_file_button.setText(self.tr("Download file"))
        self.download_file_button.setToolTip(self.tr("Save the whole archive file that holds this page's record"))
        self.export_button.setText(self.tr("Export WACZ…"))
        self.export_button.setToolTip(self.tr("The jobs of this session as one WACZ file"))
        self.pages_title.setText(self.tr("Pages of the job"))
        self.pages_title.setToolTip(self.tr("Seeds first, then the pages the browser rendered, then the other "
                                            "HTML pages. Click one to show it as archived."))
        self.pages_filter.setPlaceholderText(self.tr("URL starts with… (example.dk/news/)"))
        for i in range(self.pages_job.count()):
            self.pages_job.setItemText(i, self.tr("Job {job}").format(job=self.pages_job.itemData(i)))
        self.pages.retranslate()
        self._session_changed(self.controller.session)
        self._show_capture(self.controller.capture)
        self._show_navigation(self.controller.navigation)

    def export_wacz(self, path: str | None = None) -> None:
        """The session's jobs into one WACZ file (a save dialog unless ``path`` is given)."""
        from desktop.widgets.wacz_dialog import open_export

        ids = list(self.job_ids)
        title = self.title or self.screen_._tab_title(ids)
        self.wacz_dialog = open_export(
            self, self.screen_.client, "jobs-" + "-".join(map(str, ids[:5])) + ".wacz",
            self.tr("The jobs of this session ({jobs}), with their metadata and the originals of their "
                    "revisits.").format(jobs=self.screen_._tab_title(ids)),
            lambda d, p: d.export_jobs(p, ids, title), path) or self.wacz_dialog

    # --- the session's own profile ---------------------------------------------------------------

    def _session_ready(self, info, session) -> None:
        """A new off-the-record profile per session: trusting this proxy's CA (this profile
        only), answering its authentication with the session, WebRTC on public interfaces only."""
        from PySide6.QtNetwork import QSslCertificate
        from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfileBuilder, QWebEngineSettings
        from PySide6.QtWebEngineWidgets import QWebEngineView

        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.HttpProxy, info.host, info.port))
        fd, path = tempfile.mkstemp(prefix="nas-viewerproxy-ca-", suffix=".pem")
        with os.fdopen(fd, "w") as fh:
            fh.write(info.ca_certificate_pem)
        self.ca_file = path
        builder = QWebEngineProfileBuilder()
        builder.setAdditionalTrustedCertificates(QSslCertificate.fromData(info.ca_certificate_pem.encode()))
        old_view = self.view
        self.view = QWebEngineView(self)
        self.view.setObjectName("archiveView")
        # createProfile with no storage name: off the record, with the builder's settings.
        # (createOffTheRecordProfile is a static function: it ignores the builder, so such a
        # profile never trusted the CA and every https page failed with a certificate error.)
        self.profile = builder.createProfile("", self)
        page = QWebEnginePage(self.profile, self.view)
        # the profile becomes the view's child after the page: deleting the view then deletes the
        # page before its profile, as Qt WebEngine requires
        self.profile.setParent(self.view)
        page.settings().setAttribute(QWebEngineSettings.WebAttribute.WebRTCPublicInterfacesOnly, True)
        page.proxyAuthenticationRequired.connect(self._proxy_auth)
        page.certificateError.connect(self._certificate_error)
        self.view.setPage(page)
        self.view.urlChanged.connect(lambda u: self.address.setText(u.toString()))
        self.view.loadFinished.connect(self._loaded)
        self.page_holder.addWidget(self.view)
        if old_view is not None:
            old_view.setParent(None)
            old_view.deleteLater()
        self.problem.hide()
        self._session_changed(session)

    def _proxy_auth(self, _url, authenticator, _host) -> None:
        creds = self.controller.proxy_credentials()
        if creds:
            authenticator.setUser(creds[0])
            authenticator.setPassword(creds[1])

    def _certificate_error(self, error) -> None:
        """Never accepted (not handling it is refusing it): a certificate the viewer CA did not
        sign is not the archive's answer. Chromium's own error page says little to a QA person."""
        self.problem.setText(self.tr("The page {url} is not shown: its certificate is not the viewerproxy's "
                                     "({reason}). Close this tab and browse again: the new tab trusts the "
                                     "viewerproxy's current certificate.").format(
            url=error.url().toString(), reason=error.description()))
        self.problem.show()

    def go(self, url: str) -> None:
        if self.view is not None and url:
            self.view.setUrl(QUrl.fromUserInput(url))

    def _loaded(self, ok: bool) -> None:
        if ok:
            self.problem.hide()     # the proxy answered and its certificate was trusted
        url = self.view.url().toString()
        if url:
            self.pool.start(_Probe(self, url))

    # --- what the toolbar shows ------------------------------------------------------------------

    def _session_changed(self, session) -> None:
        if session is None:
            self.missing_label.setText(self.tr("Missing URLs"))
            return
        self.recording.blockSignals(True)
        self.recording.setChecked(session.recording)
        self.recording.blockSignals(False)
        self.missing_label.setText(self.tr("%Ln missing URL(s)", "", session.missing_count))
        self.recording.setText(self.tr("Record missing URLs ({count})").format(
            count=formatting.number(session.missing_count)))

    def _show_missing(self, items, total) -> None:
        self.missing_label.setText(self.tr("%Ln missing URL(s)", "", total))
        self.missing_list.clear()
        for m in items:
            it = QListWidgetItem(f"{m.url}\n    ← {m.referrer or '—'}", self.missing_list)
            it.setData(256, m.url)
            it.setToolTip(m.url + "\n" + self.tr("Asked for by {referrer}").format(referrer=m.referrer or "—"))

    def _show_capture(self, c: CaptureInfo | None) -> None:
        self._enable_downloads()
        if c is None:
            self.capture_label.setText("")
            self.record_label.setText("")
            return
        if not c.archived:
            self.capture_label.setText(self.tr("Not in the archive"))
            self.record_label.setText("")
            return
        when = c.when
        self.capture_label.setText(self.tr("Captured {when}").format(
            when=formatting.date_time(when if isinstance(when, dt.datetime) else None)))
        if c.file:
            self.record_label.setText(self.tr("Record: {file} at offset {offset}").format(
                file=c.file, offset=formatting.number(c.offset)))
        else:
            self.record_label.setText("")
        self.record_label.setToolTip(self.record_label.text())

    def _show_navigation(self, nav: Navigation) -> None:
        c = self.controller
        self.previous_button.setEnabled(c.can_step(-1))
        self.next_button.setEnabled(c.can_step(1))
        self.previous_button.setToolTip(self.tr("Earlier capture: {when}").format(when=_when(nav.previous))
                                        if nav.previous else "")
        self.next_button.setToolTip(self.tr("Later capture: {when}").format(when=_when(nav.next))
                                    if nav.next else "")
        self.position_label.setText(self.tr("capture {n} of {count}").format(
            n=formatting.number(nav.position + 1), count=formatting.number(nav.count))
            if nav.position is not None else "")

    def _reload(self) -> None:
        """The session's moment changed: the page again, past the profile's cache (the same URL
        now answers with another capture)."""
        from PySide6.QtWebEngineCore import QWebEnginePage

        if self.view is not None:
            self.view.triggerPageAction(QWebEnginePage.WebAction.ReloadAndBypassCache)

    # --- downloads -------------------------------------------------------------------------------

    def _save_path(self, title: str, name: str) -> str:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DownloadLocation) or os.getcwd()
        path, _filter = QFileDialog.getSaveFileName(self, title, os.path.join(folder, name))
        return path

    def _download_record(self) -> None:
        path = self._save_path(self.tr("Save the record"), self.controller.suggested_record_name())
        if path and self.controller.download_record(path):
            self._enable_downloads()

    def _download_file(self) -> None:
        path = self._save_path(self.tr("Save the archive file"), self.controller.suggested_file_name())
        if path and self.controller.download_file(path):
            self._enable_downloads()

    def _enable_downloads(self) -> None:
        ok = self.controller.can_download()
        self.download_record_button.setEnabled(ok)
        self.download_file_button.setEnabled(ok)

    def _show_download(self, text: str, ok: bool) -> None:
        self.download_label.setStyleSheet("" if ok else "color: #b00020;")
        self.download_label.setText(text)
        self.download_label.setVisible(bool(text))

    def _downloaded(self, ok: bool, text: str) -> None:
        self._show_download(text, ok)
        self._enable_downloads()
        if ok:
            self.screen_.statusMessage.emit(text)

    def _unreachable(self, reason: str) -> None:
        self.problem.setText(self.tr("The viewerproxy cannot be reached, so no archived page can be shown "
                                     "(nothing is fetched from the live web): {reason}").format(reason=reason))
        self.problem.show()

    def close_session(self) -> None:
        self.closed = True
        self.pages.close()
        self.pool.clear()         # probes not started yet never start
        self.controller.close()
        if isinstance(self.ca_file, str) and os.path.exists(self.ca_file):
            os.remove(self.ca_file)


class ArchiveBrowserScreen(Screen):
    key = "archive_browser"
    service = "viewerproxy"
    group = "qa"
    proxy_address = ""    # the connection settings' viewerproxy (empty: where the service says)

    def build(self) -> None:
        self.job_ids = QLineEdit(self.content)
        self.job_ids.setObjectName("browseJobIds")
        self.job_ids.returnPressed.connect(self._browse_typed)
        self.browse_button = QPushButton(self.content)
        self.browse_button.clicked.connect(self._browse_typed)
        self.label = QLabel(self.content)
        self.note = QLabel(self.content)
        self.note.setWordWrap(True)
        self.tabs = QTabWidget(self.content)
        self.tabs.setTabsClosable(True)
        self.tabs.tabCloseRequested.connect(self._close_tab)
        row = QHBoxLayout()
        row.addWidget(self.label)
        row.addWidget(self.job_ids, 1)
        row.addWidget(self.browse_button)
        lay = QVBoxLayout(self.content)
        lay.addLayout(row)
        lay.addWidget(self.note)
        lay.addWidget(self.tabs, 1)

    def title(self) -> str:
        return self.tr("Archive browser")

    def purpose(self) -> str:
        return self.tr("Browse what a job archived, and collect the URLs it missed.")

    def retranslateUi(self) -> None:
        self.label.setText(self.tr("Jobs to browse:"))
        self.job_ids.setPlaceholderText(self.tr("job numbers, e.g. 12 13"))
        self.browse_button.setText(self.tr("Browse"))
        self.note.setText("" if web_engine_available() else self.tr("Qt WebEngine is not installed here."))
        for i in range(self.tabs.count()):
            w = self.tabs.widget(i)
            if isinstance(w, ArchiveTab):
                w.retranslateUi()
                self.tabs.setTabText(i, w.title or self._tab_title(w.job_ids))

    def _tab_title(self, job_ids: list[int]) -> str:
        if len(job_ids) > 4:     # a domain's history can be hundreds of jobs: the tab stays narrow
            ids = sorted(job_ids)
            return self.tr("Jobs {first} … {last} ({count})").format(
                first=ids[0], last=ids[-1], count=formatting.number(len(ids)))
        return self.tr("Jobs {ids}").format(ids=", ".join(map(str, job_ids)))

    def _browse_typed(self) -> None:
        ids = [int(t) for t in self.job_ids.text().replace(",", " ").split() if t.isdigit()]
        if ids:
            self.browse(ids)

    def browse(self, job_ids: list[int], title: str = "") -> ArchiveTab:
        """A new tab (its own session and profile) for ``job_ids``, named ``title`` (a harvest
        run, a domain's history) or after the jobs."""
        tab = ArchiveTab(self, list(job_ids))
        tab.title = title
        self.tabs.addTab(tab, title or self._tab_title(job_ids))
        self.tabs.setTabToolTip(self.tabs.indexOf(tab), self._tab_title(job_ids))
        self.tabs.setCurrentWidget(tab)
        return tab

    def _close_tab(self, i: int) -> None:
        w = self.tabs.widget(i)
        if isinstance(w, ArchiveTab):
            w.close_session()
        self.tabs.removeTab(i)


def _when(timestamp: str) -> str:
    """14 digits as the user's date and time."""
    try:
        return formatting.date_time(dt.datetime.strptime(timestamp, "%Y%m%d%H%M%S").replace(tzinfo=dt.UTC))
    except ValueError:
        return timestamp


def _who() -> str | None:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return None

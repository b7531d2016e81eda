"""The application frame: navigation list, screens, menus, signing in and out, connection
problems, busy indicator.

The window is shown once someone is signed in (:meth:`MainWindow.start`): with a saved or
environment login that works, at once; otherwise after the login dialog. Who is signed in, and
with which roles, is in the status bar, and every screen disables what those roles may not do.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import settings as app_settings
from desktop.errors import describe
from desktop.i18n import LanguageManager
from desktop.login_dialog import LoginDialog
from desktop.rpc import RpcClient, ServiceBackend
from desktop.rpc.outcome import Failure, FailureKind
from desktop.screens.base import Screen
from desktop.sign_in import SignIn, refusal_of
from shared import credentials


class ConnectionProblemPage(QWidget):
    """Shown instead of the screens while the broker cannot be reached."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("connectionProblem")
        self.failure_text = ""
        self.where = ""
        self.checking = False
        self.not_signed_in = False   # the broker answers, but the services refuse who we are
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.heading = QLabel(self)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        f = self.heading.font()
        f.setPointSizeF(f.pointSizeF() * 1.6)
        f.setBold(True)
        self.heading.setFont(f)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setStyleSheet("color: #555;")
        self.retry_button = QPushButton(self)
        self.settings_button = QPushButton(self)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.retry_button)
        row.addWidget(self.settings_button)
        row.addStretch(1)
        for w in (self.heading, self.text, self.detail):
            lay.addWidget(w)
        lay.addLayout(row)
        lay.addStretch(2)
        self.retranslateUi()

    def set_problem(self, where: str, failure_text: str, checking: bool = False, not_signed_in: bool = False) -> None:
        self.where, self.failure_text, self.checking = where, failure_text, checking
        self.not_signed_in = not_signed_in
        self.retry_button.setEnabled(not checking)
        self.retranslateUi()

    def retranslateUi(self) -> None:
        if self.checking:
            self.heading.setText(self.tr("Connecting…"))
        elif self.not_signed_in:
            self.heading.setText(self.tr("You are not signed in"))
        else:
            self.heading.setText(self.tr("Cannot reach the services"))
        if self.not_signed_in:
            self.text.setText(self.tr(
                "The services at {where} answer, but refuse to work for this user. Sign in as a user they "
                "know.").format(where=self.where))
        else:
            self.text.setText(self.tr(
                "The application could not talk to the message broker at {where}. The services may be stopped, "
                "or the connection settings may be wrong. Nothing you saved is lost.").format(where=self.where))
        self.detail.setText(self.failure_text)
        self.retry_button.setText(self.tr("Retry"))
        self.settings_button.setText(self.tr("Connection settings…"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)


class MainWindow(QMainWindow):
    """``signInCancelled``: the login dialog was cancelled while nobody was signed in (the
    application then quits)."""

    signInCancelled = Signal()

    def __init__(self, client: RpcClient, languages: LanguageManager, connection: app_settings.ConnectionSettings,
                 screen_factories: Sequence[Callable[[RpcClient], Screen]] | None = None,
                 backend_factory: Callable[[app_settings.ConnectionSettings], object] | None = None):
        super().__init__()
        self.setObjectName("mainWindow")
        self.client = client
        self.languages = languages
        self.connection = connection
        self.backend_factory = backend_factory or (lambda c: ServiceBackend(c.amqp_uri(), c.timeout))
        if screen_factories is None:
            from desktop.screens import registry
            screen_factories = registry.default_screens()
        self.screens: list[Screen] = [make(client) for make in screen_factories]
        self.connected: bool | None = None
        self.caller = None   # who the services take us to be (monitor.whoami), once connected
        self.sign_in = SignIn(self.backend_factory, self)
        self.has_signed_in = False   # someone is signed in (the broker may still drop out)
        self.login_dialog: LoginDialog | None = None

        self.nav = QListWidget(self)
        self.nav.setObjectName("navigation")
        self.nav.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stack = QStackedWidget(self)
        for s in self.screens:
            self.stack.addWidget(s)
            s.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self._build_navigation()
        self.nav.currentRowChanged.connect(self._nav_row_changed)
        self._connect_screens()
        splitter = QSplitter(self)
        splitter.addWidget(self.nav)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([200, 980])     # the navigation as wide as its names, the rest for the screen
        self.problem = ConnectionProblemPage(self)
        self.problem.retry_button.clicked.connect(self.check_connection)
        self.problem.settings_button.clicked.connect(self.edit_connection)
        self.central = QStackedWidget(self)
        self.central.addWidget(splitter)
        self.central.addWidget(self.problem)
        self.main_page = splitter
        self.setCentralWidget(self.central)

        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(120)
        self.busy.hide()
        self.busy_timer = QTimer(self)
        self.busy_timer.setSingleShot(True)
        self.busy_timer.setInterval(300)   # quick calls do not flash a bar
        self.busy_timer.timeout.connect(lambda: self.busy.setVisible(self.client.in_flight > 0))
        self.client.busyChanged.connect(self._on_busy)
        self.connection_label = QLabel(self)
        self.statusBar().addPermanentWidget(self.connection_label)
        self.statusBar().addPermanentWidget(self.busy)
        self.client.unreachable.connect(self._on_unreachable)

        self._build_menus()
        self.retranslateUi()
        self.resize(1280, 800)   # every screen's tabs and columns fit (screenshots under Xvfb)
        splitter.setSizes([self.nav.minimumWidth(), 1100])
        self.show_screen(0)

    # --- navigation, grouped by what each kind of user does -------------------------------------

    def _build_navigation(self) -> None:
        """Curate (start here), Operate, Quality assurance: a heading row, then its screens."""
        from desktop.screens.registry import GROUPS

        self._nav_rows: dict[int, int] = {}     # screen index -> navigation row
        self._nav_screen: dict[int, int] = {}   # navigation row -> screen index
        self._group_items: list[tuple[str, QListWidgetItem]] = []
        placed: set[int] = set()
        for group in GROUPS:
            members = [i for i, s in enumerate(self.screens) if getattr(s, "group", "") == group]
            if not members:
                continue
            head = QListWidgetItem(self.nav)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)    # readable, not selectable
            f = head.font()
            f.setBold(True)
            head.setFont(f)
            self._group_items.append((group, head))
            for i in members:
                self._add_nav_item(i)
                placed.add(i)
        for i in range(len(self.screens)):
            if i not in placed:
                self._add_nav_item(i)

    def _add_nav_item(self, i: int) -> None:
        item = QListWidgetItem(self.nav)
        row = self.nav.row(item)
        self._nav_rows[i] = row
        self._nav_screen[row] = i

    def _nav_row_changed(self, row: int) -> None:
        if row in self._nav_screen:
            self.show_screen(self._nav_screen[row])

    def _group_title(self, group: str) -> str:
        return {
            "curate": self.tr("Curate: start here"),
            "operate": self.tr("Operate"),
            "qa": self.tr("Quality assurance"),
        }.get(group, group)

    def _connect_screens(self) -> None:
        """Screens that lead to each other (a job in the list → its details)."""
        keys = {s.key for s in self.screens}
        if "jobs" in keys and "job_details" in keys:
            self.screen("jobs").detailsRequested.connect(self.open_job_details)
        if "job_details" in keys and "archive_browser" in keys:
            details = self.screen("job_details")
            details.can_browse = True
            details.browseJob.connect(lambda ids: self.open_screen("archive_browser").browse(ids))
            details._enable()
        if "archive_browser" in keys:
            # "browse this harvest run" and "browse this domain's history"
            for key in ("harvests", "domains"):
                if key in keys:
                    screen = self.screen(key)
                    screen.can_browse = True
                    screen.browseJobs.connect(
                        lambda ids, title: self.open_screen("archive_browser").browse(ids, title))

        if "search" in keys and "archive_browser" in keys:
            self.screen("search").openCapture.connect(self.open_capture)
        if "qa_review" in keys and "archive_browser" in keys:
            self.screen("qa_review").openCapture.connect(self.open_capture)
        if "qa_review" in keys and "job_details" in keys:
            details = self.screen("job_details")
            details.qa_button.show()
            details.reviewQa.connect(lambda job: self.open_screen("qa_review").open_job(job))

    def open_capture(self, job_ids: list[int], timestamp: str, url: str) -> None:
        """A search hit in the archive browser: a tab over its job, at the hit's capture time,
        that goes to the URL once its viewer session is ready."""
        from desktop.controllers.search import at_capture

        tab = self.open_screen("archive_browser").browse(job_ids)
        at_capture(tab.controller, timestamp, lambda: tab.go(url))

    def open_job_details(self, job_id: int) -> None:
        self.open_screen("job_details").open_job(job_id)

    # --- menus ---------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        mb = self.menuBar()
        self.file_menu = mb.addMenu("")
        self.connection_action = QAction(self)
        self.connection_action.triggered.connect(self.edit_connection)
        self.switch_user_action = QAction(self)
        self.switch_user_action.setObjectName("switchUser")
        self.switch_user_action.triggered.connect(self.switch_user)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.switch_user_action)
        self.file_menu.addAction(self.connection_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)

        self.view_menu = mb.addMenu("")
        self.refresh_action = QAction(self)
        self.refresh_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.refresh_action.triggered.connect(self.refresh_current)
        self.view_menu.addAction(self.refresh_action)
        self.view_menu.addSeparator()
        self.screen_actions: list[QAction] = []
        for i, _s in enumerate(self.screens):
            a = QAction(self)
            if i < 9:
                a.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            a.triggered.connect(lambda _checked=False, i=i: self.show_screen(i))
            self.view_menu.addAction(a)
            self.screen_actions.append(a)

        self.language_menu = mb.addMenu("")
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for code, name in self.languages.available().items():
            a = QAction(name, self)
            a.setCheckable(True)
            a.setChecked(code == self.languages.code)
            a.triggered.connect(lambda _checked=False, code=code: self.set_language(code))
            self.language_group.addAction(a)
            self.language_menu.addAction(a)
            self.language_actions[code] = a

        self.help_menu = mb.addMenu("")
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self.about)
        self.help_menu.addAction(self.about_action)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("NetarchiveSuite"))
        self.file_menu.setTitle(self.tr("&File"))
        self.connection_action.setText(self.tr("&Connection settings…"))
        self.switch_user_action.setText(self.tr("&Sign out / switch user…"))
        self.quit_action.setText(self.tr("&Quit"))
        self.view_menu.setTitle(self.tr("&View"))
        self.refresh_action.setText(self.tr("&Refresh"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.about_action.setText(self.tr("&About NetarchiveSuite"))
        self.busy.setToolTip(self.tr("Waiting for the services…"))
        for i, s in enumerate(self.screens):
            item = self.nav.item(self._nav_rows[i])
            item.setText("   " + s.title() if self._group_items else s.title())
            item.setToolTip(s.purpose() if hasattr(s, "purpose") else "")
            self.screen_actions[i].setText(s.title())
        for group, item in self._group_items:
            item.setText(self._group_title(group))
        self._fit_navigation()
        self._update_connection_label()

    def _fit_navigation(self) -> None:
        """The navigation as wide as its longest name in this language (the bold headings
        included: "Kuratieren: hier beginnen" whole), and no wider: the screens need the room."""
        widest = max((QFontMetrics(item.font()).horizontalAdvance(item.text())
                      for item in (self.nav.item(r) for r in range(self.nav.count()))), default=0)
        width = widest + 2 * self.nav.frameWidth() + 2 * self.nav.spacing() + 12
        self.nav.setMinimumWidth(width)
        self.nav.setMaximumWidth(max(width, 240))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    # --- behaviour -----------------------------------------------------------------------------

    def _update_connection_label(self) -> None:
        where = f"{self.connection.broker} {self.connection.vhost}"
        caller = self.caller
        if self.connected and caller is not None:
            self.connection_label.setText(self.tr("Signed in as {who} ({roles}): {where}").format(
                who=self.signed_in_as, roles=", ".join(caller.roles), where=where))
        elif self.connected:
            # the broker took the login; the monitor did not say which roles the services see
            self.connection_label.setText(self.tr("Signed in as {who}: {where}").format(
                who=self.signed_in_as, where=where))
        elif self.connected is None:
            self.connection_label.setText(self.tr("Connecting: {where}").format(where=where))
        else:
            self.connection_label.setText(self.tr("Not connected: {where}").format(where=where))

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self.busy_timer.start()
        else:
            self.busy_timer.stop()
            self.busy.hide()

    def current_screen(self) -> Screen | None:
        w = self.stack.currentWidget()
        return w if isinstance(w, Screen) else None

    def screen(self, key: str) -> Screen:
        for s in self.screens:
            if s.key == key:
                return s
        raise KeyError(key)

    def show_screen(self, index: int) -> None:
        """Show the screen at ``index`` of ``self.screens`` (not a navigation row: headings
        take rows there)."""
        if 0 <= index < len(self.screens):
            self.stack.setCurrentIndex(index)
            row = self._nav_rows[index]
            if self.nav.currentRow() != row:
                self.nav.setCurrentRow(row)
            if self.connected:
                self.screens[index].activate()

    def open_screen(self, key: str) -> Screen:
        s = self.screen(key)
        self.show_screen(self.screens.index(s))
        return s

    def refresh_current(self) -> None:
        s = self.current_screen()
        if s is not None:
            s.loaded = True
            s.refresh()

    def check_connection(self) -> None:
        """Ask the monitor who we are: the broker answering at all, and the services knowing the
        caller, is what matters here."""
        self.problem.set_problem(self._where(), "", checking=True)
        c = self.client.call("monitor", "whoami", timeout=min(10.0, self.connection.timeout)).bind(self)
        c.succeeded.connect(self._signed_in)
        c.failed.connect(self._check_failed)

    def _signed_in(self, caller) -> None:
        self.caller = caller
        self._apply_roles()
        self._connected()

    def _check_failed(self, failure: Failure) -> None:
        if failure.kind is FailureKind.UNREACHABLE:
            self._on_unreachable(failure)
            refusal = refusal_of(failure, self.connection)
            if refusal is not None and not refusal[2]:
                # the password was changed (or the account removed) since: ask for the login
                self.has_signed_in = False
                self.show_login(*refusal[:2])
        elif failure.code in ("permission_denied", "token_rejected"):
            # the services answer but refuse us (unknown or disabled user): say so, and ask
            # for another login, instead of empty screens and refusals
            self.connected = False
            self.caller = None
            self.has_signed_in = False
            self._apply_roles()
            self.problem.set_problem(self._where(), describe(failure), not_signed_in=True)
            self.central.setCurrentWidget(self.problem)
            self._update_connection_label()
            refusal = refusal_of(failure, self.connection)
            self.show_login(*(refusal[:2] if refusal else (describe(failure), "")))
        else:
            self._connected()   # the broker answers: screens handle missing services themselves

    # --- signing in and out ---------------------------------------------------------------------

    @property
    def signed_in_as(self) -> str:
        """The broker login the window calls with (what the services take the caller to be)."""
        caller = self.caller
        return (getattr(caller, "login", "") or getattr(caller, "subject", "")) if caller else self.connection.user

    def start(self, login: credentials.Login | None, problem: str = "") -> None:
        """Sign in at start: with ``login`` at once when it has a password (a saved or
        environment login), the window shown once it works; else, or when it is refused, the
        login dialog first (``problem``: why the saved login could not be read)."""
        if login is not None:
            self.connection.user, self.connection.password = login.user, login.password
        remembered = login is not None and login.source == credentials.credentials_path()
        if login is None or not login.password or problem:
            self.show_login(problem, remembered=remembered)
            return

        def worked(settings, caller) -> None:
            disconnect()
            self.sign_in_as(settings, caller)

        def refused(sentence: str, detail: str, server: bool) -> None:
            disconnect()
            self.show_login(sentence, detail, show_server=server, remembered=remembered)

        def disconnect() -> None:
            self.sign_in.succeeded.disconnect(worked)
            self.sign_in.refused.disconnect(refused)

        self.sign_in.succeeded.connect(worked)
        self.sign_in.refused.connect(refused)
        self.sign_in.attempt(self.connection)

    def show_login(self, message: str = "", detail: str = "", show_server: bool = False,
                   remembered: bool = False, password: str | None = None) -> LoginDialog:
        """The login dialog, prefilled with the current connection; signing in there replaces
        the window's login. Cancelled while nobody is signed in, the application ends."""
        if self.login_dialog is not None and self.login_dialog.isVisible():
            self.login_dialog.show_message(message, detail)
            return self.login_dialog
        prefill = dataclasses.replace(self.connection)
        if password is not None:
            prefill.password = password
        dialog = LoginDialog(prefill, self.sign_in, self, message=message, remembered=remembered,
                             show_server=show_server)
        dialog.show_message(message, detail)
        dialog.accepted.connect(lambda: self._login_accepted(dialog))
        dialog.rejected.connect(self._login_cancelled)
        self.login_dialog = dialog
        dialog.open()
        return dialog

    def _login_accepted(self, dialog: LoginDialog) -> None:
        self.sign_in_as(dialog.result_settings, dialog.caller)
        if dialog.save_problem:
            self.statusBar().showMessage(dialog.save_problem, 15000)

    def _login_cancelled(self) -> None:
        if not self.has_signed_in:
            self.signInCancelled.emit()

    def sign_in_as(self, settings: app_settings.ConnectionSettings, caller) -> None:
        """A login that worked (the dialog or :meth:`start` tried it): the window calls with
        it from now on, shows who is signed in and what their roles allow."""
        self.sign_in.close()
        self.connection = settings
        app_settings.save_connection(settings)
        self.client.set_backend(self.backend_factory(settings))
        for s in self.screens:
            s.loaded = False
        self.caller = caller
        self._apply_roles()
        self.show()
        self._connected()

    def switch_user(self) -> None:
        """Sign out: forget this user's remembered login, hide the screens, ask who signs in."""
        kept = None
        try:
            kept = credentials.saved_login()
        except credentials.CredentialsError:
            pass
        if kept is not None and kept.user == self.connection.user:
            credentials.forget_login()
        self.connected = None
        self.caller = None
        self.has_signed_in = False
        self._apply_roles()
        self._update_connection_label()
        self.hide()
        self.show_login(password="")

    def _apply_roles(self) -> None:
        caller = self.caller
        roles = list(caller.roles) if caller is not None else None
        for s in self.screens:
            s.apply_roles(roles, self.signed_in_as)

    def _connected(self) -> None:
        for s in self.screens:
            if hasattr(s, "proxy_address"):
                s.proxy_address = self.connection.viewerproxy
        self.connected = True
        self.has_signed_in = True
        self.central.setCurrentWidget(self.main_page)
        self._update_connection_label()
        s = self.current_screen()
        if s is not None:
            if s.loaded:
                s.refresh()
            else:
                s.activate()

    def _on_unreachable(self, failure: Failure) -> None:
        self.connected = False
        detail = f"{describe(failure)} ({failure.exception.__class__.__name__}: {failure.exception})"
        self.problem.set_problem(self._where(), detail)
        self.central.setCurrentWidget(self.problem)
        self._update_connection_label()

    def _where(self) -> str:
        return f"{self.connection.broker} ({self.tr('virtual host')} {self.connection.vhost})"

    @property
    def showing_problem(self) -> bool:
        return self.central.currentWidget() is self.problem

    def edit_connection(self) -> LoginDialog:
        """The login dialog with the server settings shown (the same login prefilled)."""
        return self.show_login(show_server=True)

    def apply_connection(self, c: app_settings.ConnectionSettings | None) -> None:
        if c is None:
            return
        self.connection = c
        app_settings.save_connection(c)
        self.client.set_backend(self.backend_factory(c))
        for s in self.screens:
            s.loaded = False
        self.connected = None
        self._update_connection_label()
        self.check_connection()

    def set_language(self, code: str) -> None:
        self.languages.set_language(code)
        app_settings.save_language(code)
        if code in self.language_actions:
            self.language_actions[code].setChecked(True)

    def about(self) -> None:
        from importlib import metadata

        try:
            version = metadata.version("netarchivesuite-py")
        except metadata.PackageNotFoundError:
            version = "?"
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About NetarchiveSuite"), self.tr(
            "NetarchiveSuite desktop client, version {version}.\nA web-archiving suite for national libraries."
        ).format(version=version), parent=self)
        box.open()

    def closeEvent(self, event) -> None:
        self.client.shutdown(wait_ms=3000)
        super().closeEvent(event)

"""The sign-in dialog: user name and password (the person's own broker login), "remember me",
and under "Server settings" the broker, its virtual host and the viewerproxy.

"Sign in" tries the login (:class:`desktop.sign_in.SignIn`) with the dialog still open: a
refusal is said in the dialog, which stays; only a login that works closes it. "Remember me"
keeps the login where ``nas login`` keeps it (:mod:`shared.credentials`, a file only its owner
can read); the password never goes to the settings.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.settings import ConnectionSettings
from desktop.sign_in import SignIn
from desktop.widgets.form import ERROR_STYLE, Form
from shared import credentials

# a broker address as long as real ones get: the server fields show it whole
TYPICAL_ADDRESS = "amqp://harvest-db.example.org:5672"


def field_width(field: QWidget) -> int:
    return field.fontMetrics().horizontalAdvance(TYPICAL_ADDRESS) + 24

class LoginDialog(QDialog):
    """``result_settings`` and ``caller`` are set once a login worked (then ``accepted``);
    ``save_problem`` says why "remember me" could not keep it ("" when it could)."""

    def __init__(self, current: ConnectionSettings, sign_in: SignIn, parent: QWidget | None = None,
                 message: str = "", remembered: bool = False, show_server: bool = False):
        super().__init__(parent)
        self.setObjectName("loginDialog")
        self.sign_in = sign_in
        self.result_settings: ConnectionSettings | None = None
        self.caller = None
        self.save_problem = ""
        self.timeout = current.timeout

        self.heading = QLabel(self)
        self.heading.setObjectName("loginHeading")
        f = self.heading.font()
        f.setPointSizeF(f.pointSizeF() * 1.3)
        f.setBold(True)
        self.heading.setFont(f)
        self.message = QLabel(self)
        self.message.setObjectName("loginMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail = QLabel(self)
        self.detail.setObjectName("loginDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setStyleSheet("color: #555;")

        self.form = Form(self)
        self.user = self.form.add("user", QLineEdit(current.user))
        self.user.setObjectName("loginUser")
        self.password = self.form.add("password", QLineEdit(current.password))
        self.password.setObjectName("loginPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox(self)
        self.remember.setObjectName("rememberMe")
        self.remember.setChecked(remembered)

        self.server_toggle = QToolButton(self)
        self.server_toggle.setObjectName("serverSettings")
        self.server_toggle.setCheckable(True)
        self.server_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.server_toggle.setAutoRaise(True)
        self.server_toggle.toggled.connect(self._show_server)
        self.server = Form(self)
        self.broker = self.server.add("broker", QLineEdit(current.broker))
        self.vhost = self.server.add("vhost", QLineEdit(current.vhost))
        self.viewerproxy = self.server.add("viewerproxy", QLineEdit(current.viewerproxy))
        # wide enough for a real broker address whatever the labels' language takes
        for field in (self.user, self.password, self.broker, self.vhost, self.viewerproxy):
            field.setMinimumWidth(field_width(field))

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, parent=self)
        # our own button: the box would put its standard "OK" text back on a language change
        self.sign_in_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.sign_in_button.setObjectName("signIn")
        self.sign_in_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addWidget(self.heading)
        lay.addWidget(self.message)
        lay.addWidget(self.detail)
        lay.addWidget(self.form)
        lay.addWidget(self.remember)
        lay.addWidget(self.server_toggle)
        lay.addWidget(self.server)
        lay.addStretch(1)
        lay.addWidget(self.buttons)

        sign_in.succeeded.connect(self._worked)
        sign_in.refused.connect(self._refused)
        self.retranslateUi()
        self.server_toggle.setChecked(show_server)
        self._show_server(show_server)
        self.show_message(message)
        self.setMinimumWidth(460)
        if current.user and (message or not current.password):
            self.password.setFocus()       # the name is there: the password is what to type (again)
            self.password.selectAll()
        else:
            self.user.setFocus()

    # --- what the dialog says ------------------------------------------------------------------

    def show_message(self, text: str, detail: str = "", problem: bool = True) -> None:
        self.message.setStyleSheet(ERROR_STYLE if problem else "")
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        self.adjustSize()

    def _show_server(self, shown: bool) -> None:
        self.server.setVisible(shown)
        self.server_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.adjustSize()

    def _set_busy(self, busy: bool) -> None:
        for w in (self.form, self.remember, self.server, self.server_toggle, self.sign_in_button):
            w.setEnabled(not busy)

    @property
    def busy(self) -> bool:
        return not self.sign_in_button.isEnabled()

    # --- signing in ----------------------------------------------------------------------------

    def settings(self) -> ConnectionSettings:
        return ConnectionSettings(self.broker.text().strip(), self.vhost.text().strip() or "/",
                                  self.user.text().strip(), self.password.text(), self.viewerproxy.text().strip(),
                                  self.timeout)

    def accept(self) -> None:
        """Try the login; the dialog closes only when it works."""
        if self.busy:
            return
        s = self.settings()
        self.form.clear_errors()
        self.server.clear_errors()
        problems = s.problems()
        if not s.password:
            problems["password"] = "empty"
        messages = {
            "empty": self.tr("This cannot be empty."),
            "scheme": self.tr("Give the broker as amqp://host:port (or amqps://host:port)."),
            "url": self.tr("Give the viewerproxy as http://host:port."),
        }
        for field, problem in problems.items():
            (self.form if field in self.form.fields else self.server).error(field, messages[problem])
        if set(problems) & set(self.server.fields):
            self.server_toggle.setChecked(True)
        if problems:
            return
        self.show_message(self.tr("Signing in…"), problem=False)
        self._set_busy(True)
        self.sign_in.attempt(s)

    def _worked(self, settings: ConnectionSettings, caller) -> None:
        if not self.isVisible():
            return
        self.result_settings, self.caller = settings, caller
        self._keep_or_forget(settings)
        self._set_busy(False)
        super().accept()

    def _refused(self, sentence: str, detail: str, server: bool) -> None:
        if not self.isVisible():
            return
        self._set_busy(False)
        self.show_message(sentence, detail)
        if server:
            self.server_toggle.setChecked(True)
        self.password.setFocus()
        self.password.selectAll()

    def _keep_or_forget(self, settings: ConnectionSettings) -> None:
        """"Remember me": the login into the credentials file; unticked, a kept login of this
        same user is removed (another user's, kept by ``nas login``, is left alone)."""
        try:
            if self.remember.isChecked():
                credentials.save_login(credentials.Login(settings.user, settings.password))
            else:
                kept = credentials.saved_login()
                if kept is not None and kept.user == settings.user:
                    credentials.forget_login()
        except credentials.CredentialsError as exc:
            self.save_problem = str(exc)

    def reject(self) -> None:
        self._set_busy(False)
        super().reject()

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Sign in to NetarchiveSuite"))
        self.heading.setText(self.tr("Sign in to NetarchiveSuite"))
        self.form.set_label("user", self.tr("User name:"))
        self.form.set_label("password", self.tr("Password:"))
        self.remember.setText(self.tr("Remember me on this computer"))
        self.remember.setToolTip(self.tr(
            "Keeps the user name and password in a file only you can read, where the nas command keeps "
            "them too (nas login). Sign out forgets them."))
        self.server_toggle.setText(self.tr("Server settings"))
        self.server.set_label("broker", self.tr("Broker (RabbitMQ):"))
        self.server.set_label("vhost", self.tr("Virtual host (environment):"))
        self.server.set_label("viewerproxy", self.tr("Viewerproxy address:"))
        self.viewerproxy.setPlaceholderText(self.tr("as the viewerproxy service says"))
        self.viewerproxy.setToolTip(self.tr(
            "Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only "
            "where this computer reaches the proxy at another address."))
        self.sign_in_button.setText(self.tr("Sign in"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

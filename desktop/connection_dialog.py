"""File → Connection settings: broker, vhost, user, password, viewerproxy."""
from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QVBoxLayout, QWidget

from desktop.settings import ConnectionSettings
from desktop.widgets.form import Form


class ConnectionDialog(QDialog):
    def __init__(self, current: ConnectionSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("connectionDialog")
        self.result_settings: ConnectionSettings | None = None
        self.form = Form(self)
        self.broker = self.form.add("broker", QLineEdit(current.broker))
        self.vhost = self.form.add("vhost", QLineEdit(current.vhost))
        self.user = self.form.add("user", QLineEdit(current.user))
        self.password = self.form.add("password", QLineEdit(current.password))
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.viewerproxy = self.form.add("viewerproxy", QLineEdit(current.viewerproxy))
        self.timeout = current.timeout
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        parent=self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.form)
        lay.addWidget(self.buttons)
        self.retranslateUi()

    def settings(self) -> ConnectionSettings:
        return ConnectionSettings(self.broker.text().strip(), self.vhost.text().strip() or "/",
                                  self.user.text().strip(), self.password.text(), self.viewerproxy.text().strip(),
                                  self.timeout)

    def accept(self) -> None:
        s = self.settings()
        self.form.clear_errors()
        problems = s.problems()
        messages = {
            "empty": self.tr("This cannot be empty."),
            "scheme": self.tr("Give the broker as amqp://host:port (or amqps://host:port)."),
            "url": self.tr("Give the viewerproxy as http://host:port."),
        }
        for field, problem in problems.items():
            self.form.error(field, messages[problem])
        if problems:
            return
        self.result_settings = s
        super().accept()

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Connection settings"))
        self.form.set_label("broker", self.tr("Broker (RabbitMQ):"))
        self.form.set_label("vhost", self.tr("Virtual host (environment):"))
        self.form.set_label("user", self.tr("User:"))
        self.form.set_label("password", self.tr("Password:"))
        self.form.set_label("viewerproxy", self.tr("Viewerproxy address:"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

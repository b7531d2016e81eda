"""``nas-desktop``: the PySide6 client's entry point."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import warnings

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication

from desktop import settings as app_settings
from desktop.crash import CrashHandler
from desktop.i18n import LanguageManager, available_languages
from desktop.rpc import RpcClient, ServiceBackend
from shared import credentials


def build_app(argv: list[str]) -> QApplication:
    from PySide6.QtCore import Qt

    # Qt WebEngine (the archive browser) shares OpenGL contexts: set before the application
    # exists; as root Chromium runs only without its sandbox.
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
        if "--no-sandbox" not in flags:
            os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = (flags + " --no-sandbox").strip()
    QCoreApplication.setOrganizationName(app_settings.ORGANISATION)
    QCoreApplication.setApplicationName(app_settings.APPLICATION)
    app = QApplication.instance() or QApplication(argv)
    return app


def quiet_known_warnings() -> None:
    """Warnings a user of the desktop can do nothing about are not printed at start (eventlet's,
    should a library bring it in; pkg_resources')."""
    warnings.filterwarnings("ignore", message=r"\s*Eventlet is deprecated")
    warnings.filterwarnings("ignore", message=r".*pkg_resources is deprecated")


def _screenshot_then_quit(window, path: str) -> None:
    """``NAS_DESKTOP_SCREENSHOT=FILE``: once the first screen has loaded (or the login dialog is
    waiting for the person), save what the screen really shows (under a real X server: the
    window manager's frame, fonts, scaling) and quit. For the documentation's pictures and the
    start-up test."""
    def check() -> None:
        dialog = window.login_dialog
        if dialog is not None and dialog.isVisible() and not dialog.busy:
            shown = dialog
        elif window.isVisible() and window.connected is not None and not window.client.in_flight:
            shown = window
        else:
            return
        timer.stop()
        shot = shown.windowHandle().screen().grabWindow(shown.winId())
        ok = shot.save(path)
        print(f"screenshot of {shown.objectName()} {'saved' if ok else 'NOT saved'}: {path}", flush=True)
        QApplication.quit()
    timer = QTimer(window)
    timer.timeout.connect(check)
    timer.start(500)


def main(argv: list[str] | None = None) -> int:
    quiet_known_warnings()
    argv = list(sys.argv if argv is None else argv)
    parser = argparse.ArgumentParser(prog="nas-desktop", description="NetarchiveSuite desktop client")
    parser.add_argument("--language", choices=sorted(available_languages()),
                        help="interface language (default: last used)")
    parser.add_argument("--broker", help="broker, e.g. amqp://localhost:5672 (saved)")
    parser.add_argument("--vhost", help="RabbitMQ virtual host (saved)")
    parser.add_argument("--user", help="sign in as this user (the password from $NAS_PASSWORD, the saved login, "
                                           "or the login dialog)")
    args, qt_args = parser.parse_known_args(argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    app = build_app([argv[0], *qt_args])
    crash = CrashHandler()
    crash.install()
    # Let Ctrl+C in the terminal end the application (Qt's loop would otherwise swallow it).
    signal.signal(signal.SIGINT, lambda *_: QApplication.quit())
    tick = QTimer()
    tick.start(500)
    tick.timeout.connect(lambda: None)

    connection = app_settings.load_connection()
    if args.broker or args.vhost:
        if args.broker:
            connection.broker = args.broker
        if args.vhost:
            connection.vhost = args.vhost
        app_settings.save_connection(connection)
    languages = LanguageManager(app)
    languages.set_language(args.language or app_settings.load_language())

    from desktop.main_window import MainWindow

    # who signs in: --user, $NAS_USER/$NAS_PASSWORD, the login "remember me" or `nas login` kept
    problem = ""
    try:
        login = credentials.find_login(args.user)
    except credentials.CredentialsError as exc:
        login, problem = None, str(exc)
    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    window = MainWindow(client, languages, connection)
    window.signInCancelled.connect(QApplication.quit)
    QTimer.singleShot(0, lambda: window.start(login, problem))
    if os.environ.get("NAS_DESKTOP_SCREENSHOT"):
        _screenshot_then_quit(window, os.environ["NAS_DESKTOP_SCREENSHOT"])
    try:
        return app.exec()
    finally:
        client.shutdown(wait_ms=2000)
        crash.uninstall()


if __name__ == "__main__":
    sys.exit(main())

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
from desktop.i18n import LANGUAGES, LanguageManager
from desktop.rpc import RpcClient, ServiceBackend


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
    """``NAS_DESKTOP_SCREENSHOT=FILE``: once the first screen has loaded, save what the screen
    really shows (under a real X server: the window manager's frame, fonts, scaling) and quit.
    For the documentation's pictures and the start-up test."""
    def check() -> None:
        if window.connected is None or window.client.in_flight:
            return
        timer.stop()
        shot = window.windowHandle().screen().grabWindow(window.winId())
        ok = shot.save(path)
        print(f"screenshot {'saved' if ok else 'NOT saved'}: {path}", flush=True)
        QApplication.quit()
    timer = QTimer(window)
    timer.timeout.connect(check)
    timer.start(500)


def main(argv: list[str] | None = None) -> int:
    quiet_known_warnings()
    argv = list(sys.argv if argv is None else argv)
    parser = argparse.ArgumentParser(prog="nas-desktop", description="NetarchiveSuite desktop client")
    parser.add_argument("--language", choices=sorted(LANGUAGES), help="interface language (default: last used)")
    parser.add_argument("--broker", help="broker, e.g. amqp://localhost:5672 (saved)")
    parser.add_argument("--vhost", help="RabbitMQ virtual host (saved)")
    parser.add_argument("--identity", metavar="FILE",
                        help="who you are: the identity file your administrator gave you (default: $NAS_IDENTITY, "
                             "~/.config/nas/identity.token)")
    args, qt_args = parser.parse_known_args(argv[1:])
    if args.identity:
        # read by every connection the application opens, also after the settings change
        os.environ["NAS_IDENTITY"] = os.path.abspath(os.path.expanduser(args.identity))
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

    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    window = MainWindow(client, languages, connection)
    window.show()
    QTimer.singleShot(0, window.check_connection)
    if os.environ.get("NAS_DESKTOP_SCREENSHOT"):
        _screenshot_then_quit(window, os.environ["NAS_DESKTOP_SCREENSHOT"])
    try:
        return app.exec()
    finally:
        client.shutdown(wait_ms=2000)
        crash.uninstall()


if __name__ == "__main__":
    sys.exit(main())

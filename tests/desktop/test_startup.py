"""Starting the desktop as a user does: no error dialog, no warnings, a real X server, and a
stopped service shown once on its screen instead of a dialog every few seconds."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow

pytestmark = pytest.mark.rabbit


def _boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_settings_of_the_tests_are_private():
    from desktop import settings

    path = settings.settings_file()
    assert path == os.environ["NAS_DESKTOP_SETTINGS"]
    assert not path.startswith(os.path.expanduser("~/.config"))


def test_no_error_dialog_at_start_and_on_every_screen(qtbot, window):
    """Every screen opened in turn: nothing asks the services what it cannot yet know (the jobs
    screen used to ask job_domains before any job was chosen: an error dialog at every start)."""
    asked: list[tuple[str, str, dict]] = []
    real_call = window.client.call

    def recording(service, method, *args, **kwargs):
        asked.append((service, method, kwargs))
        return real_call(service, method, *args, **kwargs)
    window.client.call = recording
    for s in window.screens:
        window.open_screen(s.key)
        # a call to a service that is not running is answered at once ("not available"); one to a
        # service whose queue another test left without a consumer waits its time-out (20 s here)
        try:
            qtbot.waitUntil(lambda: window.client.in_flight == 0, timeout=65000)
        except Exception:
            pending = sorted(f"{c.service}.{c.method}" for c in window.client._calls)
            raise AssertionError(f"screen {s.key}: calls still out after 65 s: {pending}") from None
    assert [(b.windowTitle(), b.text()) for b in _boxes()] == []
    # the archive's screens say so on their page when the archive is not part of this test run
    assert [s.key for s in window.screens if s.is_unavailable and s.service != "arcrepository"] == []
    assert not any(m == "job_domains" for _s, m, _k in asked)
    jobs = window.screen("jobs")
    assert jobs.job_domains.rowCount() == 0


def _silent_service(amqp_uri: str, name: str) -> None:
    """A service whose queue is there but nobody consumes it: what a stopped Nameko service
    leaves behind. Calls to it time out (not "unknown service")."""
    from kombu import Connection, Exchange, Queue

    with Connection(amqp_uri) as conn:
        q = Queue(f"rpc-{name}", Exchange("nameko-rpc", type="topic", durable=True), routing_key=f"{name}.*",
                  durable=True)
        q(conn.default_channel).declare()


def test_a_silent_service_shows_one_page_naming_it_and_no_dialogs(qtbot, services, connection, languages, shots):
    from desktop.rpc import RpcClient, ServiceBackend
    from desktop.screens.jobs import JobsScreen

    _silent_service(services[0], "silent_scheduler")

    class Silent(JobsScreen):
        service = "silent_scheduler"
        poll_ms = 300

    client = RpcClient(ServiceBackend(connection.amqp_uri(), timeout=1.5))
    failures = []
    try:
        w = MainWindow(client, languages, connection, screen_factories=[Silent])
        qtbot.addWidget(w)
        w.show()
        w.check_connection()
        screen = w.screens[0]
        screen.rpc("running_jobs").failed.connect(failures.append)
        qtbot.waitUntil(lambda: screen.is_unavailable, timeout=30000)
        # the timer keeps trying: more failures, still one page and no dialog
        screen.loaded = True
        deadline = time.monotonic() + 20
        while len(failures) < 3 and time.monotonic() < deadline:
            before = len(failures)
            screen.rpc("running_jobs").failed.connect(failures.append)
            qtbot.waitUntil(lambda before=before: len(failures) > before, timeout=20000)
        assert len(failures) >= 3
        assert screen.is_unavailable and _boxes() == []
        assert screen.unavailable.heading.text() == "Service not available: silent_scheduler"
        shots(w, "11-silent-service")
    finally:
        client.shutdown()


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (packaging/dev/bootstrap.sh)")
def test_nas_desktop_starts_under_a_real_x_server_without_warnings(services, connection, test_output_dir):
    display = None
    for n in range(90, 130):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            display = f":{n}"
            break
    assert display, "no free X display number"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x860x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not os.path.exists(f"/tmp/.X11-unix/X{display[1:]}") and time.monotonic() < deadline:
            time.sleep(0.1)
        folder = os.path.join(test_output_dir, "screenshots")
        os.makedirs(folder, exist_ok=True)
        shot = os.path.join(folder, "00-start-under-xvfb.png")
        if os.path.exists(shot):
            os.remove(shot)
        env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
        # signed in by the environment's login, as `NAS_USER=... nas-desktop` does: no dialog
        env.update(DISPLAY=display, NAS_DESKTOP_SCREENSHOT=shot, NAS_USER="guest", NAS_PASSWORD="guest")
        env.pop("PYTHONWARNINGS", None)   # as a user starts it
        exe = os.path.join(os.path.dirname(sys.executable), "nas-desktop")
        done = subprocess.run([exe, "--broker", connection.broker,
                               "--vhost", connection.vhost, "--language", "da"],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "screenshot of mainWindow saved" in done.stdout, done.stdout + done.stderr
        assert os.path.getsize(shot) > 0
        bad = [ln for ln in done.stderr.splitlines()
               if any(w in ln for w in ("Warning", "WARNING", "ERROR", "Traceback", "deprecated", "Could not"))]
        assert bad == [], done.stderr
    finally:
        xvfb.terminate()
        xvfb.wait(10)

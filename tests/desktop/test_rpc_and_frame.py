"""The RPC layer and the frame: off-thread calls, typed errors, unreachable broker, crash dialog."""
from __future__ import annotations

import sys
import threading
import time

from PySide6.QtCore import QTimer

from desktop.errors import describe, has_own_sentence, sentence_for_code
from desktop.rpc import RpcClient, ServiceBackend
from desktop.rpc.outcome import FailureKind
from shared.errors import ERRORS_BY_CODE


class SlowBackend:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self.threads: set[str] = set()

    def call(self, service, method, args, kwargs, timeout):
        self.threads.add(threading.current_thread().name)
        time.sleep(self.seconds)
        return {"service": service, "method": method, "args": list(args)}

    def close_all(self):
        pass


class GatedBackend:
    """Answers only once the test opens the gate (or after 60 s, so a broken test cannot hang)."""

    def __init__(self):
        self.gate = threading.Event()
        self.answered = threading.Event()
        self.threads: set[str] = set()

    def call(self, service, method, args, kwargs, timeout):
        self.threads.add(threading.current_thread().name)
        self.gate.wait(60)
        self.answered.set()
        return {"service": service, "method": method, "args": list(args)}

    def close_all(self):
        pass


def test_a_slow_call_does_not_block_the_gui_thread(qtbot):
    # No clock in the assertions: the backend holds its answer until the GUI thread has shown it
    # keeps running (timer ticks while the call is in flight), so a loaded machine cannot fail it.
    backend = GatedBackend()
    client = RpcClient(backend)
    ticks = []
    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    call = client.call("definitions", "slow", 1)
    assert not backend.answered.is_set()   # call() returned while the backend was still busy
    qtbot.waitUntil(lambda: len(ticks) >= 15, timeout=20000)   # the event loop ran timers meanwhile
    assert not call.done and not backend.answered.is_set()
    with qtbot.waitSignal(call.succeeded, timeout=20000) as blocker:
        backend.gate.set()
    timer.stop()
    assert blocker.args[0]["method"] == "slow"
    assert threading.current_thread().name not in backend.threads
    client.shutdown()


def test_a_cancelled_call_reports_nothing(qtbot):
    client = RpcClient(SlowBackend(0.3))
    got = []
    call = client.call("x", "y")
    call.succeeded.connect(got.append)
    call.cancel()
    with qtbot.waitSignal(call.finished, timeout=20000):
        pass
    assert got == []
    client.shutdown()


def test_real_calls_from_plain_worker_threads_give_typed_errors(qtbot, services):
    uri = services[0]
    backend = ServiceBackend(uri, timeout=20)
    client = RpcClient(backend)
    calls = [client.call("monitor", "instances") for _ in range(6)]
    for c in calls:
        qtbot.waitUntil(lambda c=c: c.done, timeout=20000)
    assert all(c.failure is None for c in calls), [c.failure for c in calls]
    bad = client.call("monitor", "recent_logs", "no-such-instance")
    qtbot.waitUntil(lambda: bad.done, timeout=20000)
    assert bad.failure.kind is FailureKind.SERVER
    assert bad.failure.code == "not_found"
    # the translated sentence, and the server's precise reason with it (never lost)
    assert describe(bad.failure).startswith(sentence_for_code("not_found"))
    assert bad.failure.exception.message in describe(bad.failure)
    missing = client.call("no_such_service", "status")
    qtbot.waitUntil(lambda: missing.done, timeout=20000)
    assert missing.failure.kind is FailureKind.SERVICE_MISSING
    client.shutdown()
    assert backend._clients == []


def test_every_error_code_has_its_own_sentence():
    missing = [code for code in ERRORS_BY_CODE if not has_own_sentence(code)]
    assert missing == []
    assert "kb.dk" in sentence_for_code("invalid_domain")
    assert "7" in sentence_for_code("invalid_regex", {"position": 7})
    assert "{" not in sentence_for_code("invalid_regex", {})        # a missing detail shows as "?"
    assert "mystery_code" in sentence_for_code("mystery_code")      # the fallback names the code


def test_unreachable_broker_shows_a_page_with_retry_and_recovers(qtbot, services, languages, shots):
    from desktop.main_window import MainWindow
    from desktop.settings import ConnectionSettings, load_connection

    wrong = ConnectionSettings(broker="amqp://127.0.0.1:5999", vhost=services[1])
    client = RpcClient(ServiceBackend(wrong.amqp_uri(), 5))
    w = MainWindow(client, languages, wrong)
    qtbot.addWidget(w)
    w.show()
    w.check_connection()
    qtbot.waitUntil(lambda: w.connected is False, timeout=15000)
    assert w.showing_problem
    assert w.problem.retry_button.isVisible()
    assert "Cannot reach the services" in w.problem.heading.text()
    shots(w, "00-cannot-reach-services")
    # The window is not frozen: a retry runs, and fixing the settings brings the screens back.
    w.apply_connection(ConnectionSettings(broker="amqp://127.0.0.1:5672", vhost=services[1], timeout=20))

    def connected_or_retried() -> bool:
        # The connection check has its own 10 s limit, which a very loaded machine can overrun
        # once; the page then offers Retry, and a user would press it.
        if w.connected is False and w.problem.retry_button.isEnabled():
            w.problem.retry_button.click()
        return w.connected is True

    qtbot.waitUntil(connected_or_retried, timeout=60000)
    assert not w.showing_problem
    assert load_connection().vhost == services[1]    # kept with QSettings
    client.shutdown()


def test_an_unexpected_exception_opens_a_crash_dialog_with_copyable_details(qtbot):
    from PySide6.QtGui import QGuiApplication

    from desktop.crash import CrashHandler

    handler = CrashHandler()
    try:
        raise ValueError("boom in a slot")
    except ValueError:
        handler(*sys.exc_info())
    d = handler.dialog
    qtbot.addWidget(d)
    assert d.isVisible()
    assert "ValueError: boom in a slot" in d.text.toPlainText()
    d.copy_button.click()
    assert "boom in a slot" in QGuiApplication.clipboard().text()
    d.close()

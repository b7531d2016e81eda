"""Desktop tests: a plain (not eventlet-patched) process, Qt offscreen, real services.

One session-scoped set of real service processes (monitor, definitions, scheduler) runs on a
private RabbitMQ vhost with SQLite, started with the supervisor and stopped by PID at the end.
"""
from __future__ import annotations

import os
import time
import uuid

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if hasattr(os, "geteuid") and os.geteuid() == 0:   # Chromium (the archive browser) as root: no sandbox
    os.environ.setdefault("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox")
# Before anything reads QSettings: the desktop's settings go to a private file, never to the
# user's own (~/.config/NetarchiveSuite/nas-desktop.conf).
_SETTINGS_DIR = __import__("tempfile").mkdtemp(prefix="nas-desktop-settings-")
os.environ["NAS_DESKTOP_SETTINGS"] = os.path.join(_SETTINGS_DIR, "nas-desktop.ini")
os.environ["XDG_CONFIG_HOME"] = _SETTINGS_DIR

import pytest  # noqa: E402
from rabbit_admin import RABBIT_HOST, RABBIT_PORT  # noqa: E402
from store_sources import loopback_sources

SERVICES = {
    "monitor": "server.monitor.service:MonitorService",
    "definitions": "server.definitions.service:DefinitionsService",
    "scheduler": "server.scheduler.service:SchedulerService",
}


@pytest.fixture(scope="session", autouse=True)
def _qsettings_sandbox(tmp_path_factory):
    """QSettings go to a temporary folder, never to the user's real settings."""
    from PySide6.QtCore import QSettings

    folder = str(tmp_path_factory.mktemp("qsettings"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
    return folder


@pytest.fixture(scope="session", autouse=True)
def _widgets_deleted_while_the_application_lives(qapp):
    """At the session's end, the widgets pytest-qt closed are deleted while the application
    still lives. pytest-qt asks for their deletion (``deleteLater``) but only processes events,
    which never deletes: the last test's widgets outlived the tests, and at exit a browser
    page could outlive its profile ("Release of profile requested but WebEnginePage still not
    deleted"), crashing the process after every test had passed (SIGSEGV, test_looks.py and
    test_archive_browser.py run alone)."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(scope="session", autouse=True)
def _translations_built():
    from desktop import i18n_build

    i18n_build.lrelease()


@pytest.fixture(scope="session")
def session_amqp_uri():
    import rabbit_admin

    name = f"nas-desk-{uuid.uuid4().hex[:10]}"
    try:
        rabbit_admin.create_vhost(name)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    try:
        yield f"amqp://guest:guest@{RABBIT_HOST}:{RABBIT_PORT}/{name}", name
    finally:
        rabbit_admin.delete_vhost(name)


def _wait_for_services(uri: str, names, deadline: float) -> None:
    from nameko.standalone.rpc import ClusterRpcProxy

    pending = set(names)
    with ClusterRpcProxy({"AMQP_URI": uri}, timeout=10) as cluster:
        while pending and time.monotonic() < deadline:
            for name in list(pending):
                try:
                    getattr(cluster, name).status()
                    pending.discard(name)
                except Exception:  # noqa: BLE001 - not up yet
                    time.sleep(0.3)
    if pending:
        raise RuntimeError(f"services did not start: {sorted(pending)}")


@pytest.fixture(scope="session")
def services(session_amqp_uri, tmp_path_factory):
    """Real monitor, definitions and scheduler processes; yields (amqp_uri, vhost, config_dir)."""
    from server.runtime import supervisor

    uri, vhost = session_amqp_uri
    config_dir = tmp_path_factory.mktemp("services")
    for name, cls in SERVICES.items():
        (config_dir / f"{name}.yaml").write_text(
            f"AMQP_URI: {uri}\n"
            f"instance:\n  id: {name}-test\n  service: {cls}\n"
            f"data_dir: ./data\n"
            f"runtime:\n  heartbeat_interval: 1\n"
        )
    supervisor.start(str(config_dir))
    try:
        try:
            _wait_for_services(uri, SERVICES, time.monotonic() + 60)
        except RuntimeError:
            for log in (config_dir / "data" / "logs").glob("*.log"):
                print(log.name, log.read_text()[-3000:])
            raise
        yield uri, vhost, str(config_dir)
    finally:
        supervisor.stop(str(config_dir), grace=10)


@pytest.fixture
def direct(services):
    """A plain Nameko client for reading back what the desktop saved."""
    from nameko.standalone.rpc import ClusterRpcProxy

    with ClusterRpcProxy({"AMQP_URI": services[0]}, timeout=20) as cluster:
        yield cluster


@pytest.fixture
def connection(services):
    from desktop.settings import ConnectionSettings

    _uri, vhost, _ = services
    return ConnectionSettings(broker=f"amqp://{RABBIT_HOST}:{RABBIT_PORT}", vhost=vhost, timeout=20)


@pytest.fixture
def languages(qapp):
    from desktop.i18n import LanguageManager

    lm = LanguageManager()
    lm.set_language("en")
    yield lm
    lm.set_language("en")


@pytest.fixture
def window(qtbot, connection, languages):
    """The whole frame against the real services."""
    from desktop.main_window import MainWindow
    from desktop.rpc import RpcClient, ServiceBackend

    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    w = MainWindow(client, languages, connection)
    qtbot.addWidget(w)
    w.show()
    w.check_connection()
    qtbot.waitUntil(lambda: w.connected is True, timeout=20000)
    yield w
    client.shutdown()


@pytest.fixture
def shots(test_output_dir):
    folder = os.path.join(test_output_dir, "screenshots")
    os.makedirs(folder, exist_ok=True)

    def save(widget, name: str) -> str:
        path = os.path.join(folder, f"{name}.png")
        assert widget.grab().save(path)
        return path
    return save


ARCHIVE_REPLICAS = [{"id": "ONE", "name": "Replica one", "type": "bitarchive"},
                    {"id": "TWO", "name": "Replica two", "type": "bitarchive"}]
ARCHIVE_INSTANCES = {
    "arcrepository": ("server.archive.arcrepository.service:ArcRepositoryService", None),
    "bam-one": ("server.archive.bitarchive_monitor.service:bitarchive_monitor", "ONE"),
    "bam-two": ("server.archive.bitarchive_monitor.service:bitarchive_monitor", "TWO"),
    "ba-one": ("server.archive.bitarchive.service:bitarchive", "ONE"),
    "ba-two": ("server.archive.bitarchive.service:bitarchive", "TWO"),
}


@pytest.fixture(scope="session")
def archive(services, tmp_path_factory):
    """The real archive (arcrepository, two bitarchive replicas and their monitors) on the same
    vhost as ``services``; yields (amqp_uri, root folder)."""
    import yaml

    from server.runtime import supervisor

    uri = services[0]
    root = tmp_path_factory.mktemp("archive")
    conf = root / "conf"
    conf.mkdir()
    for inst, (service, replica) in ARCHIVE_INSTANCES.items():
        cfg = {"AMQP_URI": uri, "instance": {"id": inst, "service": service}, "data_dir": f"../data/{inst}",
               "runtime": {"heartbeat_interval": 0.5},
               "archive": {"replicas": ARCHIVE_REPLICAS,
                           "store": {"timeout": 20, "retries": 1, **loopback_sources()}, "rpc_timeout": 15,
                           "bitarchive": {"min_free_bytes": 0}}}
        if replica:
            cfg["archive"]["replica"] = replica
        (conf / f"{inst}.yaml").write_text(yaml.safe_dump(cfg))
    supervisor.start(str(conf), env={"NAS_TEST_EVENTLET": ""})
    try:
        from nameko.standalone.rpc import ClusterRpcProxy

        deadline = time.monotonic() + 90
        with ClusterRpcProxy({"AMQP_URI": uri}, timeout=15) as proxy:
            def ready() -> bool:
                try:
                    return proxy.arcrepository.status()["state"] == "running" and all(
                        len(getattr(proxy, f"bitarchive_monitor_{r}").instances()) == 1 for r in ("ONE", "TWO"))
                except Exception:  # noqa: BLE001 - not up yet
                    return False
            while not ready():
                if time.monotonic() > deadline:
                    for log in (root / "data").rglob("*.log"):
                        print(log.name, log.read_text()[-3000:])
                    raise RuntimeError("the archive services did not start")
                time.sleep(0.5)
        yield uri, root
    finally:
        supervisor.stop(str(conf), grace=10)


@pytest.fixture(scope="session")
def qa_service(services, tmp_path_factory):
    """A real ``qa`` service process on the same vhost as ``services``, with its own SQLite
    database; yields that database's URL (tests write QA results there through the service's
    own core: tests/support/qa_seed.py)."""
    import yaml

    from server.runtime import supervisor

    uri = services[0]
    root = tmp_path_factory.mktemp("qa")
    conf = root / "conf"
    conf.mkdir()
    db_url = f"sqlite:///{root / 'qa.sqlite'}"
    (conf / "qa.yaml").write_text(yaml.safe_dump({
        "AMQP_URI": uri, "instance": {"id": "qa-test", "service": "server.qa.service:QaService"},
        "data_dir": str(root / "data"), "runtime": {"heartbeat_interval": 1}, "database": {"url": db_url},
        # the worker looks at the queue when a run or cancel wakes it (not every 30 s): a run
        # seeded into the database stays queued until then; calls to services the desktop tests
        # do not run fail in seconds
        "qa": {"poll_seconds": 600, "rpc_timeout": 5}}))
    supervisor.start(str(conf), env={"NAS_TEST_EVENTLET": ""})
    try:
        try:
            _wait_for_services(uri, ["qa"], time.monotonic() + 60)
        except RuntimeError:
            for log in (root / "data").rglob("*.log"):
                print(log.name, log.read_text()[-3000:])
            raise
        yield db_url
    finally:
        supervisor.stop(str(conf), grace=10)

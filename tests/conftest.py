"""Fixtures every test folder shares.

The eventlet-patched run (tests/integration, tests/e2e) sets NAS_TEST_EVENTLET=1: Nameko
containers hang unless monkey_patch() runs before anything else is imported, so it happens here,
at the very top of the first conftest pytest loads.

Typed contracts are strict in tests (``NAS_STRICT_CONTRACTS=1``, see :mod:`shared.contracts`).
"""
import os

# Every service a test starts (in this process or a child, which inherits the environment)
# fails a call whose answer has a field its DTO does not declare, instead of only logging it.
os.environ.setdefault("NAS_STRICT_CONTRACTS", "1")

# Every service process a test starts through the supervisor (or a `nas` child) is ended when this
# pytest process ends, however it ends (server/runtime/lifeline.py).
os.environ.setdefault("NAS_LIFELINE_PID", str(os.getpid()))

if os.environ.get("NAS_TEST_EVENTLET") == "1":
    import eventlet

    eventlet.monkey_patch()

# One installation key for every service a test starts (transfer tickets are signed with it):
# a fresh file per test session, inherited by service processes through the environment.
if "NAS_KEY_FILE" not in os.environ:
    import tempfile as _tempfile

    from server.runtime.tokens import create_key_file as _create_key_file

    _key_dir = _tempfile.mkdtemp(prefix="nas-test-key-")
    os.environ["NAS_KEY_FILE"] = os.path.join(_key_dir, "installation.key")
    _create_key_file(os.environ["NAS_KEY_FILE"])

import uuid  # noqa: E402

# Imported here, in the main thread before any test runs, not lazily by its plugin's summary at
# the end: pytest rewrites it on import (ast.parse), and CPython 3.11.7 keeps the AST
# converter's recursion depth in shared state, which the suite's threads can leave unbalanced
# ("SystemError: AST constructor recursion depth mismatch" after every test of a file had
# passed, seen in two crawler files run alone, 2026-11-29).
import hypothesis  # noqa: E402, F401

# Every call a test makes is identified by its broker login (server.runtime.identity): the
# suite's shared login guest counts as a service; tests about people add their own.
import identity_support  # noqa: E402
import pytest  # noqa: E402

identity_support.install()

from rabbit_admin import RABBIT_HOST, RABBIT_PORT  # noqa: E402

PG_ADMIN_URL = os.environ.get(
    "NAS_TEST_POSTGRES_URL", "postgresql+psycopg://nas:nas@127.0.0.1:5432/postgres"
)


@pytest.fixture
def rabbit_vhost():
    """A fresh RabbitMQ virtual host for one test, deleted afterwards.

    Each integration test gets its own vhost so that a stray service process on the default vhost
    (or another test's leftover) can never consume its messages.
    """
    import rabbit_admin

    name = f"nas-test-{uuid.uuid4().hex[:12]}"
    try:
        rabbit_admin.create_vhost(name)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    yield name
    rabbit_admin.delete_vhost(name)


@pytest.fixture
def amqp_uri(rabbit_vhost) -> str:
    """AMQP URI of a private vhost on the local broker."""
    return f"amqp://guest:guest@{RABBIT_HOST}:{RABBIT_PORT}/{rabbit_vhost}"


@pytest.fixture
def people():
    """``people(amqp_uri, "curator") -> (login, uri)``: a person with those roles, made by the
    definitions service running on that vhost; their broker account is removed after the test."""
    made: list[str] = []

    def add(amqp_uri: str, *roles: str, login: str | None = None) -> tuple[str, str]:
        login, uri = identity_support.add_person(amqp_uri, *roles, login=login)
        made.append(login)
        return login, uri

    yield add
    for login in made:
        identity_support.remove_person(login)


@pytest.fixture
def nameko_config(amqp_uri) -> dict:
    """A minimal Nameko config on a private vhost."""
    return {"AMQP_URI": amqp_uri}


def _postgres_database():
    """Create an empty PostgreSQL database; yield its URL; drop it. Skip when no server answers."""
    sqlalchemy = pytest.importorskip("sqlalchemy")
    admin = sqlalchemy.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    name = f"nas_test_{uuid.uuid4().hex[:12]}"
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
            # Commits do not wait for the WAL to reach the disk (a test database outlives no
            # crash of the server): 3.7 ms per commit became 0.1 ms here, and the suite's other
            # shards' writes had made each wait far longer (the archive soak on PostgreSQL took
            # three times its SQLite run). Every statement, lock and isolation rule is the same.
            conn.exec_driver_sql(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    except Exception as exc:  # noqa: BLE001 - any failure means: no usable server
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable at {PG_ADMIN_URL}: {exc.__class__.__name__}: {exc}")
    url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture
def postgres_url():
    """URL of a new, empty PostgreSQL database (dropped after the test)."""
    yield from _postgres_database()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request, tmp_path):
    """The same test on an SQLite file and on a real PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
    else:
        yield from _postgres_database()


@pytest.fixture
def test_output_dir():
    """Folder for artefacts a person may want to look at (screenshots, reports); not in git."""
    root = os.environ.get("NAS_TEST_OUTPUT") or os.path.join(os.path.dirname(__file__), "..", "test-output")
    os.makedirs(root, exist_ok=True)
    return root


@pytest.fixture
def private_broker(request):
    """A RabbitMQ node of this test's own (tests/support/private_broker.py), started; the test
    may stop and start it. ``@pytest.mark.parametrize("private_broker", [True], indirect=True)``
    starts it with its management API (``private_broker.management_url``). Skips where RabbitMQ
    is not installed or no node can start here."""
    import shutil

    from private_broker import PrivateBroker

    if shutil.which("rabbitmq-server") is None:
        pytest.skip("rabbitmq-server is not installed")
    broker = PrivateBroker(management=bool(getattr(request, "param", False)))
    try:
        broker.start()
    except RuntimeError as exc:
        broker.remove()
        pytest.skip(f"cannot run a private RabbitMQ node here: {exc}")
    yield broker
    broker.remove()


def pytest_collection_finish(session):
    """What the run imported and collected lives until it ends (modules, test items, their
    marks): it is moved out of the cycle collector's sight. Without this every full collection
    walked all of it again: the collector was 7 % of the CPU of the suite's Python processes
    (perf over a whole run, 2026-11-30); tests/integration/foundation spent a tenth less user
    CPU with it (18.7 against 20.8 s)."""
    import gc

    gc.collect()
    gc.freeze()

"""#33: one table of exit codes and one message form for every ``nas`` command
(docs/decisions/cli-exit-codes.md). The real ``nas`` runs in a process of its own against the real
definitions and scheduler services (SQLite) on the test's vhost, one mistake of each kind in
several commands; each ends with exit code and ``nas: <word>: <message>`` as the table says, one
line (a usage error prints the usage before it), never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from nameko.containers import ServiceContainer

from server.cli.common import EXIT_CODES, EXIT_WORDS
from server.definitions.service import DefinitionsService
from server.scheduler.service import SchedulerService

pytestmark = [pytest.mark.rabbit]

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture(scope="module")
def vhost():
    """A vhost of this module's own, deleted afterwards (the services run once for every case)."""
    import uuid

    from rabbit_admin import create_vhost, delete_vhost

    name = f"nas-exit-{uuid.uuid4().hex[:8]}"
    create_vhost(name)
    yield name
    delete_vhost(name)


@pytest.fixture(scope="module")
def services(vhost, tmp_path_factory):
    from rabbit_admin import RABBIT_HOST, RABBIT_PORT

    uri = f"amqp://guest:guest@{RABBIT_HOST}:{RABBIT_PORT}/{vhost}"
    config = {"AMQP_URI": uri, "data_dir": str(tmp_path_factory.mktemp("data")),
              "runtime": {"heartbeat_interval": 60}, "harvest": {"scheduler": {"timer_interval": 3600}}}
    containers = [ServiceContainer(cls, config) for cls in (DefinitionsService, SchedulerService)]
    for c in containers:
        c.start()
    try:
        yield uri
    finally:
        for c in containers:
            c.stop()


def nas(uri: str, *argv: str, env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if k not in ("NAS_USER", "NAS_PASSWORD", "NAS_DEBUG")},
           "NAS_AMQP_URI": uri, "NAS_TEST_EVENTLET": "", "PYTHONPATH": ROOT, **(env or {})}
    return subprocess.run([sys.executable, "-m", "server.cli.main", *argv], capture_output=True, text=True,
                          env=env, timeout=180)


@pytest.fixture(scope="module")
def existing(services):
    """What the conflict cases clash with: a domain and a schedule that exist."""
    assert nas(services, "domains", "create", "exists.dk").returncode == 0
    assert nas(services, "schedules", "create", "early", "--unit", "days", "--hour", "4").returncode == 0
    return services


# (kind, argv, expected code, a piece of the message): one mistake of each kind, several commands
CASES = [
    ("usage", ["jobs", "list", "--limit", "many"], 2, "argument --limit"),
    ("usage", ["domains", "shw", "kb.dk"], 2, "invalid choice: 'shw'"),
    ("usage", ["nosuch-command"], 2, "invalid choice"),
    ("invalid input", ["domains", "create", "co.uk"], 2, "co.uk"),
    ("invalid input", ["jobs", "list", "--run", "0"], 2, "numbered from 1"),
    ("invalid input", ["jobs", "list", "--status", "sleeping"], 2, "sleeping"),
    ("invalid input", ["config", "show", "/nonexistent/nas.yaml"], 2, "no such config file"),
    ("invalid input", ["domains", "ingest", "/nonexistent/domains.txt", "--no-progress"], 2, "no such file"),
    ("not found", ["domains", "show", "nowhere-at-all.dk"], 4, "nowhere-at-all.dk"),
    ("not found", ["jobs", "show", "999999"], 4, "999999"),
    ("not found", ["schedules", "show", "no-such-schedule"], 4, "no-such-schedule"),
    ("conflict", ["domains", "create", "exists.dk"], 6, "already exists"),
    ("conflict", ["schedules", "create", "early", "--unit", "days"], 6, "early"),
    ("unavailable", ["index", "status", "--timeout", "5"], 3, "index_server"),
    ("unavailable", ["viewer", "session", "status", "--timeout", "5"], 3, "viewerproxy"),
    ("unavailable", ["domains", "list", "--amqp-uri", "amqp://guest:guest@127.0.0.1:1/"], 3, "cannot connect"),
]


@pytest.mark.parametrize(("kind", "argv", "code", "needle"), CASES, ids=[f"{c[0]}:{' '.join(c[1][:2])}" for c in CASES])
def test_each_kind_of_mistake_has_its_code_and_one_message_form(existing, kind, argv, code, needle):
    r = nas(existing, *argv)
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert "Traceback" not in r.stderr and lines, r.stderr
    if kind != "usage":
        assert len(lines) == 1, r.stderr        # one line; a usage error prints the usage first
    assert lines[-1].startswith(f"nas: {EXIT_WORDS[code]}: "), r.stderr
    assert needle in lines[-1], r.stderr


def test_permission_denied_is_5_for_a_role_and_for_a_refused_login(existing, people):
    login, uri = people(existing, "qa")
    refused = nas(uri, "domains", "create", "qa-may-not.dk")
    assert refused.returncode == 5, refused.stderr
    assert refused.stderr.startswith("nas: permission denied: ") and refused.stderr.count("\n") == 1
    bad_password = uri.replace(f"{login}:", f"{login}:x", 1)
    wrong = nas(bad_password, "domains", "list")
    assert wrong.returncode == 5, wrong.stderr
    assert wrong.stderr.startswith("nas: permission denied: ") and "password was refused" in wrong.stderr


def test_an_internal_error_is_7_with_one_line_and_the_traceback_on_request(existing):
    """A bug is injected into the real command (its one call answers what no contract allows)."""
    script = ("import sys\nfrom server.cli import common, main\n"
              "common.call = lambda *a, **k: (_ for _ in ()).throw(KeyError('boom'))\n"
              "import server.cli.definitions_cmd as d\nd.call = common.call\n"
              "sys.exit(main.main(['domains', 'list']))\n")
    env = {**os.environ, "NAS_AMQP_URI": existing, "NAS_TEST_EVENTLET": "", "PYTHONPATH": ROOT}
    env.pop("NAS_DEBUG", None)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=180)
    assert r.returncode == 7, r.stderr
    assert r.stderr.startswith("nas: internal error: KeyError: ") and "NAS_DEBUG=1" in r.stderr
    assert r.stderr.count("\n") == 1
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       env={**env, "NAS_DEBUG": "1"}, timeout=180)
    assert "Traceback" in r.stderr and "KeyError" in r.stderr


def test_the_table_is_in_nas_help_and_in_the_docs():
    r = subprocess.run([sys.executable, "-m", "server.cli.main", "--help"], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": ROOT}, timeout=120)
    assert r.returncode == 0
    decision = open(os.path.join(ROOT, "docs", "decisions", "cli-exit-codes.md"), encoding="utf-8").read()
    for code, word, _meaning in EXIT_CODES:
        assert f"  {code}  {word or '-'}" in r.stdout, r.stdout
        assert f"| {code} |" in decision and (not word or f"`{word}`" in decision)

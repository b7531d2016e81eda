"""Every RPC declares the roles it needs (docs/security.md), the role sets mean what they say,
and a caller's roles come from its broker login: a service account's from its name, a person's
from the users table."""
from __future__ import annotations

import pytest
from test_contracts import _rpc_methods, _service_classes

from server.runtime import identity
from shared.errors import PermissionDenied
from shared.roles import ADMIN, ALL_ROLES, CURATOR, QA_OR_OPERATOR, READ, SERVICE_ONLY, allows, is_read_only


def test_every_rpc_declares_known_roles(monkeypatch):
    problems = []
    for cls in _service_classes(monkeypatch):
        for method, fn in _rpc_methods(cls).items():
            for ep in fn.nameko_entrypoints:
                roles = getattr(ep, "roles", None)
                if roles is None:
                    problems.append(f"{cls.name}.{method}: no roles declared (@rpc(roles=...), shared.roles)")
                elif set(roles) - set(ALL_ROLES):
                    problems.append(f"{cls.name}.{method}: unknown roles {set(roles) - set(ALL_ROLES)}")
    assert not problems, "\n".join(problems)


def test_what_changes_the_archive_or_gives_out_secrets_is_not_for_everyone(monkeypatch):
    declared = {f"{c.name}.{m}": ep for c in _service_classes(monkeypatch)
                for m, fn in _rpc_methods(c).items() for ep in fn.nameko_entrypoints}
    for name in ("arcrepository.store", "bitarchive_TEST.upload", "checksum_TEST.upload", "scheduler.claim_job"):
        assert declared[name].roles == SERVICE_ONLY, name
    assert declared["arcrepository.batch"].roles == QA_OR_OPERATOR
    assert declared["definitions.create_domain"].roles == CURATOR and declared["definitions.create_domain"].audited()
    assert declared["definitions.get_domain"].audited() and not declared["definitions.list_domains"].audited()


@pytest.mark.parametrize(("declared", "held", "ok"), [
    (READ, {"qa"}, True), (CURATOR, {"qa"}, False), (CURATOR, {"curator"}, True), (ADMIN, {"operator"}, False),
    (ADMIN, {"admin"}, True), (SERVICE_ONLY, {"curator", "operator", "qa"}, False), (SERVICE_ONLY, {"service"}, True),
    (SERVICE_ONLY, {"harvester"}, False), (None, {"curator"}, False), (None, {"admin"}, True), (READ, set(), False),
])
def test_allows(declared, held, ok):
    assert allows(declared, held) is ok


@pytest.mark.parametrize(("held", "ok"), [({"harvester"}, True), ({"harvester", "service"}, True),
                                           ({"admin"}, False), ({"service"}, False), ({"curator"}, False)])
def test_an_exclusive_rpc_is_for_its_roles_alone(held, ok):
    assert allows(("harvester",), held, exclusive=True) is ok


def test_read_only_sets():
    assert is_read_only(READ) and not is_read_only(CURATOR) and not is_read_only(None)


@pytest.mark.parametrize(("login", "roles"), [
    ("svc-harvester", {"service", "harvester"}), ("svc-harvester.crawl-1.prod", {"service", "harvester"}),
    ("svc-definitions.definitions.prod", {"service"}), ("svc-archive.harvester.prod", {"service"}),
    ("svc-bitarchive.bitarchive-one.nas-demo", {"service"}), ("guest", None), ("alice", None),
    ("svcalice", None), ("harvester", None),
])
def test_a_service_account_is_known_by_its_login(login, roles):
    kind = identity.service_kind(login, {})
    assert (identity.roles_of_kind(kind) if kind else None) == (frozenset(roles) if roles else None)


def test_service_logins_come_from_the_settings_else_the_environment(monkeypatch):
    monkeypatch.setenv(identity.ENV_SERVICE_LOGINS, "guest=harvester, dev = definitions")
    assert identity.service_logins({}) == {"guest": "harvester", "dev": "definitions"}
    assert identity.service_logins({"security.service_logins": {"x": "monitor"}}) == {"x": "monitor"}
    monkeypatch.delenv(identity.ENV_SERVICE_LOGINS)
    assert identity.service_logins({}) == {}


class _User:
    def __init__(self, roles, disabled=False):
        self.roles, self.disabled = roles, disabled


def _guard(monkeypatch, people):
    guard = identity.Guard({"security.service_logins": {"guest": "harvester"}, "data_dir": "/nonexistent"},
                           "test", "amqp://guest:guest@localhost:1/")
    asked = []

    def lookup(login):
        asked.append(login)
        guard.directory._cache[login] = (0.0, people.get(login))
        return people.get(login)

    monkeypatch.setattr(guard.directory, "lookup", lookup)
    return guard, asked


def test_the_guard_takes_roles_from_the_login_never_from_the_message(monkeypatch):
    guard, asked = _guard(monkeypatch, {"alice": _User(["curator"]), "bob": _User(["qa"], disabled=True)})
    key = identity.LOGIN_KEY
    assert guard.known({key: "svc-scheduler"}).roles == {"service"}
    assert guard.known({key: "guest"}).roles == {"service", "harvester"}
    # a person is looked up (once: then kept), whatever else the context claims
    assert guard.known({key: "alice", "nas_identity": "admin"}) is None
    assert guard.identify({key: "alice", "roles": ["admin"]}).roles == {"curator"} and asked == ["alice"]
    with pytest.raises(PermissionDenied) as err:
        guard.identify({key: "bob"})
    assert err.value.details["reason"] == "disabled"
    with pytest.raises(PermissionDenied) as err:
        guard.identify({key: "mallory"})
    assert err.value.details["reason"] == "unknown_user"
    with pytest.raises(PermissionDenied) as err:
        guard.known({})
    assert err.value.details["reason"] == "anonymous"
    assert guard.identify_quietly({key: "mallory"}).roles == frozenset()
    guard.directory.forget("alice")
    assert guard.known({key: "alice"}) is None


def test_nas_audit_show(tmp_path):
    import json
    import os
    import subprocess
    import sys

    from server.runtime import audit

    def nas(*args):
        return subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, text=True,
                              timeout=60, env=dict(os.environ))

    log = tmp_path / "audit.log"
    audit.record(str(log), who="alice", roles=["curator"], action="definitions.create_domain", outcome="ok")
    audit.record(str(log), who="bob", roles=["qa"], action="definitions.create_domain", outcome="refused",
                 error="permission_denied")
    assert [json.loads(line)["who"] for line in log.read_text().splitlines()] == ["alice", "bob"]
    r = nas("audit", "show", str(log), "--outcome", "refused")
    assert r.returncode == 0 and "bob" in r.stdout and "alice" not in r.stdout

"""Every RPC declares the roles it needs (docs/decisions/trust-roles.md), the role sets mean
what the decision says, and identity tokens verify only when genuine."""
from __future__ import annotations

import pytest
from test_contracts import _rpc_methods, _service_classes

from server.runtime import identity, tokens
from shared.errors import PermissionDenied, TokenRejected
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


def test_identity_tokens_verify_only_when_genuine(tmp_path):
    key = tokens.installation_key({"security.key_file": str(tmp_path / "k"), "security.create_key": True})
    t = identity.issue(key, "alice", ["curator", "qa"], 60)
    who = identity.verify(key, t)
    assert who.subject == "alice" and who.roles == {"curator", "qa"} and who.has("qa") and not who.has("admin")
    with pytest.raises(TokenRejected, match="revoked"):
        identity.verify(key, t, revoked={"alice"})
    with pytest.raises(TokenRejected, match="revoked"):
        identity.verify(key, t, revoked={who.token_id})
    with pytest.raises(TokenRejected):
        identity.verify(b"x" * 32, t)
    with pytest.raises(PermissionDenied, match="no identity"):
        identity.verify(key, None)
    with pytest.raises(ValueError, match="unknown roles"):
        identity.issue(key, "alice", ["root"], 60)


def test_a_person_token_comes_from_the_argument_the_environment_or_the_key(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    key_file = tmp_path / "installation.key"
    key = tokens.installation_key({"security.key_file": str(key_file), "security.create_key": True})
    given = identity.issue(key, "bob", ["qa"], 60)
    (tmp_path / "bob.token").write_text(given + "\n")
    assert identity.person_token(str(tmp_path / "bob.token")) == given
    monkeypatch.setenv("NAS_IDENTITY", given)
    assert identity.person_token() == given
    monkeypatch.delenv("NAS_IDENTITY")
    monkeypatch.setenv("NAS_KEY_FILE", str(key_file))
    held = identity.verify(key, identity.person_token())
    assert held.subject.startswith("key:") and held.roles == {"admin"}
    monkeypatch.delenv("NAS_KEY_FILE")
    assert identity.person_token() is None


def test_nas_identity_issue_show_and_audit_show(tmp_path):
    import json
    import os
    import subprocess
    import sys

    from server.runtime import audit

    def nas(*args):
        env = {**os.environ, "NAS_KEY_FILE": str(tmp_path / "installation.key")}
        return subprocess.run([sys.executable, "-m", "server.cli.main", *args], capture_output=True, text=True,
                              timeout=60, env=env)

    assert nas("keys", "init", "--file", str(tmp_path / "installation.key")).returncode == 0
    r = nas("identity", "issue", "--user", "alice", "--role", "curator", "--role", "qa", "--out",
            str(tmp_path / "alice.token"))
    assert r.returncode == 0, r.stderr
    assert os.stat(tmp_path / "alice.token").st_mode & 0o777 == 0o600
    r = nas("identity", "show", str(tmp_path / "alice.token"))
    assert r.returncode == 0 and "alice" in r.stdout and "curator, qa" in r.stdout
    assert nas("identity", "issue", "--user", "x", "--role", "root").returncode == 2   # not a role
    log = tmp_path / "audit.log"
    audit.record(str(log), who="alice", roles=["curator"], action="definitions.create_domain", outcome="ok")
    audit.record(str(log), who="bob", roles=["qa"], action="definitions.create_domain", outcome="refused",
                 error="permission_denied")
    assert [json.loads(line)["who"] for line in log.read_text().splitlines()] == ["alice", "bob"]
    r = nas("audit", "show", str(log), "--outcome", "refused")
    assert r.returncode == 0 and "bob" in r.stdout and "alice" not in r.stdout

"""Roles enforced by the server, over a real broker: each role calling what it may and may not,
refusals typed and changing nothing, forged, altered, expired and revoked identities refused,
and every refusal and change in the audit log."""
from __future__ import annotations

import json
import os

import pytest
from identity_support import as_roles, key_file, token
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from server.definitions.credentials import CredentialCipher
from server.definitions.service import DefinitionsService
from server.runtime import identity, tokens
from server.runtime.identity import CONTEXT_KEY
from shared.errors import DomainNotFound, PermissionDenied, TokenRejected


@pytest.fixture
def service(database_url, nameko_config, tmp_path):
    audit_log = tmp_path / "audit.log"
    config = {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60},
              "security": {"audit_log": str(audit_log), "revoked_identities": ["mallory"]},
              "harvest": {"credentials": {"key": CredentialCipher.generate_key()}}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        yield nameko_config, audit_log
    finally:
        container.stop()


def _proxy(config, context):
    return ClusterRpcProxy(config, context_data=context, timeout=30)


def _audit(path) -> list[dict]:
    with open(path) as fh:
        return [json.loads(line) for line in fh]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_each_role_may_call_what_it_declares_and_nothing_else(service):
    config, audit_log = service
    with _proxy(config, as_roles("curator", subject="carla")) as curator:
        curator.definitions.create_domain("kb.dk")
    with _proxy(config, as_roles("qa", subject="quentin")) as qa:
        assert qa.definitions.get_domain("kb.dk")["name"] == "kb.dk"        # reading: every role
        with pytest.raises(PermissionDenied, match="quentin may not call definitions.create_domain") as err:
            qa.definitions.create_domain("dr.dk")
        assert err.value.details["needed"] == ["curator"]
        with pytest.raises(PermissionDenied):
            qa.definitions.update_domain("kb.dk", 1, comments="changed by qa")
    with _proxy(config, as_roles("operator", subject="otto")) as operator:
        with pytest.raises(PermissionDenied):
            operator.definitions.save_seed_list("kb.dk", 1, "extra", ["http://www.kb.dk/x"])
        operator.definitions.create_channel("night", False)                 # channels: curator or operator
    with _proxy(config, as_roles("admin", subject="ada")) as admin:
        d = admin.definitions.get_domain("kb.dk")
        assert d["edition"] == 1 and d["comments"] == "" and [s["name"] for s in d["seed_lists"]] == ["defaultseeds"]
        with pytest.raises(DomainNotFound):
            admin.definitions.get_domain("dr.dk")                           # the refused create changed nothing

    entries = _audit(audit_log)
    assert {"who": "carla", "action": "definitions.create_domain", "outcome": "ok"}.items() <= entries[0].items()
    refused = [(e["who"], e["action"]) for e in entries if e["outcome"] == "refused"]
    assert refused == [("quentin", "definitions.create_domain"), ("quentin", "definitions.update_domain"),
                       ("otto", "definitions.save_seed_list")]
    assert all(e["time"] and e["roles"] for e in entries)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_forged_altered_expired_revoked_and_missing_identities_are_refused(service, tmp_path):
    config, audit_log = service
    other_key = tokens.installation_key({"security.key_file": str(tmp_path / "other.key"), "security.create_key": True})
    forged = identity.issue(other_key, "eve", ["admin"], 600)                # signed with another key
    genuine = token("qa", subject="eve")
    version, payload, mac = genuine.split(".")
    claims = json.loads(tokens._unb64(payload))
    altered = ".".join([version, tokens._b64(json.dumps({**claims, "roles": ["admin"]}).encode()), mac])
    key = tokens.installation_key({"security.key_file": key_file()})
    expired = tokens.issue(key, identity.PURPOSE, {"sub": "eve", "roles": ["curator"]}, ttl=1, now=1_000_000)
    wrong_purpose = tokens.issue(key, "transfer", {"sub": "eve", "roles": ["curator"]}, ttl=600)
    revoked = token("curator", subject="mallory")
    cases = {"signature": forged, "signature ": altered, "expired": expired, "purpose": wrong_purpose,
             "revoked": revoked, "malformed": "not a token"}
    for reason, bad in cases.items():
        with _proxy(config, {CONTEXT_KEY: bad}) as proxy, pytest.raises(TokenRejected) as err:
            proxy.definitions.create_domain("kb.dk")
        assert err.value.details["reason"] == reason.strip()
    with _proxy(config, {}) as anonymous, pytest.raises(PermissionDenied, match="carries no identity"):
        anonymous.definitions.list_domains()
    with _proxy(config, as_roles("admin")) as admin, pytest.raises(DomainNotFound):
        admin.definitions.get_domain("kb.dk")                               # nothing was created
    assert [e["outcome"] for e in _audit(audit_log)] == ["refused"] * 7 + ["failed"]   # get_domain is audited
    assert os.stat(audit_log).st_mode & 0o777 == 0o600


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_site_passwords_go_to_the_harvester_identity_only(service):
    """#29 item 3: neither an admin nor another service receives site passwords in clear."""
    config, audit_log = service
    with _proxy(config, as_roles("curator", subject="carla")) as curator:
        d = curator.definitions.create_domain("kb.dk")
        curator.definitions.set_credentials("kb.dk", d["edition"], [
            {"url": "https://www.kb.dk/login", "realm": "", "username": "u", "password": "s3cret"}])
    for roles, subject in ((("admin",), "ada"), (("service",), "service:scheduler"), (("qa",), "quentin")):
        with _proxy(config, as_roles(*roles, subject=subject)) as p:
            with pytest.raises(PermissionDenied, match="may not call definitions.site_logins"):
                p.definitions.site_logins(["kb.dk"])
    with _proxy(config, as_roles("service", "harvester", subject="service:harvester")) as harvester:
        [login] = harvester.definitions.site_logins(["kb.dk"])
        assert login["password"] == "s3cret"
    refused = [e["who"] for e in _audit(audit_log) if e["action"] == "definitions.site_logins"
               and e["outcome"] == "refused"]
    assert refused == ["ada", "service:scheduler", "quentin"]


def test_no_person_role_but_admin_can_store_into_the_archive_or_batch_without_the_role(nameko_config, tmp_path):
    from server.archive.arcrepository.service import ArcRepositoryService

    replicas = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}]
    audit_log = tmp_path / "audit.log"
    config = {**nameko_config, "data_dir": str(tmp_path), "database": {"url": f"sqlite:///{tmp_path / 'a.db'}"},
              "runtime": {"heartbeat_interval": 60}, "security": {"audit_log": str(audit_log)},
              "archive": {"replicas": replicas, "rpc_timeout": 2}}
    container = ServiceContainer(ArcRepositoryService, config)
    container.start()
    remote = {"name": "1-1.warc.gz", "url": "http://127.0.0.1:9/x", "size": 1, "checksum": "0" * 32}
    try:
        for role in ("curator", "qa", "operator", "harvester"):
            with _proxy(nameko_config, as_roles(role, subject=f"a-{role}")) as p:
                assert [r["id"] for r in p.arcrepository.replicas()] == ["ONE"]      # reading: allowed
                with pytest.raises(PermissionDenied, match="may not call arcrepository.store"):
                    p.arcrepository.store(remote)
                if role in ("curator", "harvester"):
                    with pytest.raises(PermissionDenied, match="arcrepository.batch"):
                        p.arcrepository.batch("checksum", "ONE", None, {})
        with _proxy(nameko_config, as_roles("admin")) as admin:
            assert admin.arcrepository.list_files()["total"] == 0                    # nothing was stored
    finally:
        container.stop()
    refused = [(e["who"], e["action"]) for e in _audit(audit_log) if e["outcome"] == "refused"]
    assert ("a-qa", "arcrepository.store") in refused and ("a-curator", "arcrepository.batch") in refused
    assert len(refused) == 6

"""Roles enforced by the server over a real broker, with real people: each person logs in with
their own broker account (made by ``definitions.add_user``), the services take the caller from
the login the broker validated and the roles from the users table. Each role calls what it may
and is refused the rest, nothing changed; a captured request re-sent by another person runs with
that person's roles only; a revoked role, a disabled or removed user is refused on the next call;
the audit log names the login of every write and refusal."""
from __future__ import annotations

import json
import os
import uuid

import pytest
import rabbit_admin
from nameko.containers import ServiceContainer
from waiting import wait_for

from server.definitions.credentials import CredentialCipher
from server.definitions.service import DefinitionsService
from server.runtime.identity import LOGIN_KEY
from shared.client import ServiceClient, Unreachable
from shared.errors import AlreadyExists, DomainNotFound, InvalidName, PermissionDenied


@pytest.fixture
def service(nameko_config, amqp_uri, tmp_path):
    audit_log = tmp_path / "audit.log"
    config = {**nameko_config, "database": {"url": f"sqlite:///{tmp_path / 'h.db'}"}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60}, "security": {"audit_log": str(audit_log)},
              "harvest": {"credentials": {"key": CredentialCipher.generate_key()}}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        yield amqp_uri, audit_log
    finally:
        container.stop()


def _audit(path) -> list[dict]:
    with open(path) as fh:
        return [json.loads(line) for line in fh]


def test_each_role_may_call_what_it_declares_and_nothing_else(service, people):
    amqp_uri, audit_log = service
    carla, as_carla = people(amqp_uri, "curator")
    quentin, as_quentin = people(amqp_uri, "qa")
    otto, as_otto = people(amqp_uri, "operator")
    ada, as_ada = people(amqp_uri, "admin")
    with ServiceClient(as_carla) as curator:
        curator.definitions.create_domain("kb.dk")
        assert curator.call("definitions", "whoami").roles == ["curator"]
    with ServiceClient(as_quentin) as qa:
        assert qa.definitions.get_domain("kb.dk")["name"] == "kb.dk"        # reading: every role
        with pytest.raises(PermissionDenied, match=f"{quentin} may not call definitions.create_domain") as err:
            qa.definitions.create_domain("dr.dk")
        assert err.value.details["needed"] == ["curator"]
        with pytest.raises(PermissionDenied):
            qa.definitions.update_domain("kb.dk", 1, comments="changed by qa")
        with pytest.raises(PermissionDenied):
            qa.definitions.add_user("mallory", ["admin"])                     # people: admin only
    with ServiceClient(as_otto) as operator:
        with pytest.raises(PermissionDenied):
            operator.definitions.save_seed_list("kb.dk", 1, "extra", ["http://www.kb.dk/x"])
        operator.definitions.create_channel("night", False)                 # channels: curator or operator
    with ServiceClient(as_ada) as admin:
        d = admin.definitions.get_domain("kb.dk")
        assert d["edition"] == 1 and d["comments"] == "" and [s["name"] for s in d["seed_lists"]] == ["defaultseeds"]
        with pytest.raises(DomainNotFound):
            admin.definitions.get_domain("dr.dk")                           # the refused create changed nothing
        logins = [u.login for u in admin.call("definitions", "list_users")]
        assert sorted(logins) == sorted([carla, quentin, otto, ada])

    entries = _audit(audit_log)
    created = [e for e in entries if e["action"] == "definitions.create_domain" and e["outcome"] == "ok"]
    assert created and created[0]["who"] == carla and created[0]["login"] == carla
    refused = [(e["who"], e["action"]) for e in entries if e["outcome"] == "refused"]
    assert refused == [(quentin, "definitions.create_domain"), (quentin, "definitions.update_domain"),
                       (quentin, "definitions.add_user"), (otto, "definitions.save_seed_list")]
    assert all(e["time"] and e["roles"] and e["login"] == e["who"] for e in entries)
    assert os.stat(audit_log).st_mode & 0o777 == 0o600


def test_a_request_resent_by_another_person_runs_with_their_roles_only(service, people):
    """What a captured request could carry (the curator's login in a header, a token) makes no
    difference: the login is the connection's, the roles the table's."""
    amqp_uri, audit_log = service
    carla, _ = people(amqp_uri, "curator")
    quentin, as_quentin = people(amqp_uri, "qa")
    claims = {LOGIN_KEY: carla, "nas_identity": "v1.captured.token", "roles": ["admin"]}
    with ServiceClient(as_quentin, context=claims) as qa:
        with pytest.raises(PermissionDenied, match=f"{quentin} may not call"):
            qa.definitions.create_domain("kb.dk")
        assert qa.call("definitions", "whoami").login == quentin
    with ServiceClient(amqp_uri) as service_login, pytest.raises(DomainNotFound):
        service_login.definitions.get_domain("kb.dk")
    assert [e["who"] for e in _audit(audit_log) if e["outcome"] == "refused"] == [quentin]


def test_a_change_to_a_user_holds_from_their_next_call(service, people):
    amqp_uri, audit_log = service
    carla, as_carla = people(amqp_uri, "curator")
    _, as_ada = people(amqp_uri, "admin")
    with ServiceClient(as_carla) as curator, ServiceClient(as_ada) as admin:
        curator.definitions.create_domain("kb.dk")
        admin.definitions.change_user(carla, revoke=["curator"], grant=["qa"])
        with pytest.raises(PermissionDenied, match="may not call definitions.create_domain"):
            curator.definitions.create_domain("dr.dk")                      # at once, not after the cache
        assert curator.call("definitions", "whoami").roles == ["qa"]
        admin.definitions.change_user(carla, disabled=True)
    # disabled: the broker closed her connection and lets her in no more
    with pytest.raises(Unreachable):
        ServiceClient(as_carla, timeout=10).call("definitions", "whoami")
    with ServiceClient(as_ada) as admin:
        [user] = [u for u in admin.call("definitions", "list_users") if u.login == carla]
        assert user.disabled and user.roles == ["qa"]
        admin.definitions.change_user(carla, disabled=False)
        with ServiceClient(as_carla) as again:
            assert again.call("definitions", "whoami").login == carla
        admin.definitions.remove_user(carla)
    with pytest.raises(Unreachable, match="password was refused"):
        ServiceClient(as_carla, timeout=10).call("definitions", "whoami")


def test_an_account_without_a_users_row_is_refused_and_logins_are_checked(service, people):
    amqp_uri, audit_log = service
    vhost = amqp_uri.rsplit("/", 1)[1]
    stranger, password = f"stranger{uuid.uuid4().hex[:6]}", uuid.uuid4().hex
    rabbit_admin.create_person(vhost, stranger, password)
    try:
        uri = amqp_uri.replace("guest:guest", f"{stranger}:{password}")
        with ServiceClient(uri) as client, pytest.raises(PermissionDenied, match="not a user") as err:
            client.definitions.list_domains()
        assert err.value.details["reason"] == "unknown_user"
    finally:
        rabbit_admin.delete_user(stranger)
    _, as_ada = people(amqp_uri, "admin")
    with ServiceClient(as_ada) as admin:
        for bad in ("svc-harvester", "guest", "Alice", "../x", "a" * 65):
            with pytest.raises(InvalidName):
                admin.definitions.add_user(bad, ["curator"])
        with pytest.raises(PermissionDenied, match="yourself"):
            admin.definitions.change_user(admin.call("definitions", "whoami").login, disabled=True)
    login, _ = people(amqp_uri, "qa")
    with ServiceClient(amqp_uri) as service_login, pytest.raises(AlreadyExists):
        service_login.definitions.add_user(login, ["qa"])


def test_site_passwords_go_to_the_harvester_only(service, people):
    """#29 item 3: neither an admin nor another service receives site passwords in clear."""
    amqp_uri, audit_log = service
    _, as_carla = people(amqp_uri, "curator")
    ada, as_ada = people(amqp_uri, "admin")
    vhost = amqp_uri.rsplit("/", 1)[1]
    scheduler, password = f"svc-scheduler-{uuid.uuid4().hex[:6]}", uuid.uuid4().hex
    rabbit_admin.create_service(vhost, scheduler, password)
    try:
        with ServiceClient(as_carla) as curator:
            d = curator.definitions.create_domain("kb.dk")
            curator.definitions.set_credentials("kb.dk", d["edition"], [
                {"url": "https://www.kb.dk/login", "realm": "", "username": "u", "password": "s3cret"}])
        for uri in (as_ada, amqp_uri.replace("guest:guest", f"{scheduler}:{password}")):
            with ServiceClient(uri) as p, pytest.raises(PermissionDenied, match="may not call definitions.site_logins"):
                p.definitions.site_logins(["kb.dk"])
    finally:
        rabbit_admin.delete_user(scheduler)
    with ServiceClient(amqp_uri) as harvester:          # guest: the suite's harvester login
        [login] = harvester.definitions.site_logins(["kb.dk"])
        assert login["password"] == "s3cret"
    refused = [e["who"] for e in _audit(audit_log) if e["action"] == "definitions.site_logins"
               and e["outcome"] == "refused"]
    assert refused == [ada, scheduler]


def test_no_person_role_but_admin_can_store_into_the_archive_or_batch_without_the_role(service, people, tmp_path):
    from server.archive.arcrepository.service import ArcRepositoryService

    amqp_uri, _ = service
    replicas = [{"id": "ONE", "name": "Copenhagen", "type": "bitarchive"}]
    audit_log = tmp_path / "archive-audit.log"
    config = {"AMQP_URI": amqp_uri, "data_dir": str(tmp_path / "a"),
              "database": {"url": f"sqlite:///{tmp_path / 'a.db'}"},
              "runtime": {"heartbeat_interval": 60}, "security": {"audit_log": str(audit_log)},
              "archive": {"replicas": replicas, "rpc_timeout": 2}}
    container = ServiceContainer(ArcRepositoryService, config)
    container.start()
    remote = {"name": "1-1.warc.gz", "url": "http://127.0.0.1:9/x", "size": 1, "checksum": "0" * 32}
    who = {}
    try:
        for role in ("curator", "qa", "operator"):
            login, uri = people(amqp_uri, role)
            who[role] = login
            with ServiceClient(uri) as p:
                assert [r["id"] for r in p.arcrepository.replicas()] == ["ONE"]      # reading: allowed
                with pytest.raises(PermissionDenied, match="may not call arcrepository.store"):
                    p.arcrepository.store(remote)
                if role == "curator":
                    with pytest.raises(PermissionDenied, match="arcrepository.batch"):
                        p.arcrepository.batch("checksum", "ONE", None, {})
        _, as_ada = people(amqp_uri, "admin")
        with ServiceClient(as_ada) as admin:
            assert admin.arcrepository.list_files()["total"] == 0                    # nothing was stored
    finally:
        container.stop()
    refused = [(e["who"], e["action"]) for e in _audit(audit_log) if e["outcome"] == "refused"]
    assert (who["qa"], "arcrepository.store") in refused and (who["curator"], "arcrepository.batch") in refused
    assert len(refused) == 4


def test_another_service_forgets_a_changed_user_when_told(service, people, tmp_path):
    """Services other than the definitions service keep a person's roles for a while; the
    ``users_changed`` broadcast makes them ask again."""
    from server.archive.arcrepository.service import ArcRepositoryService

    amqp_uri, _ = service
    config = {"AMQP_URI": amqp_uri, "data_dir": str(tmp_path / "a"),
              "database": {"url": f"sqlite:///{tmp_path / 'a.db'}"}, "runtime": {"heartbeat_interval": 60},
              "security": {"roles_cache_seconds": 3600},
              "archive": {"replicas": [{"id": "ONE", "name": "C", "type": "bitarchive"}], "rpc_timeout": 2}}
    container = ServiceContainer(ArcRepositoryService, config)
    container.start()
    try:
        otto, as_otto = people(amqp_uri, "operator")
        _, as_ada = people(amqp_uri, "admin")
        with ServiceClient(as_otto) as operator:
            assert operator.call("arcrepository", "whoami").roles == ["operator"]
            with ServiceClient(as_ada) as admin:
                admin.definitions.change_user(otto, revoke=["operator"], grant=["curator"])

            wait_for(lambda: operator.call("arcrepository", "whoami").roles == ["curator"], timeout=30,
                     interval=0.05)
    finally:
        container.stop()

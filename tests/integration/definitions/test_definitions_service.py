"""The real ``definitions`` service over RabbitMQ, on SQLite and PostgreSQL: typed errors for bad
input, edition conflicts, paging, ingest in chunks, profiles byte for byte."""
from __future__ import annotations

import pytest
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy

from server.definitions.credentials import CredentialCipher
from server.definitions.service import DefinitionsService
from shared.errors import (
    AlreadyExists,
    Conflict,
    DomainNotFound,
    EditionConflict,
    InvalidDomain,
    InvalidInput,
    InvalidProfile,
    InvalidRegex,
    InvalidSchedule,
    InvalidUrl,
)


@pytest.fixture
def rpc(database_url, nameko_config, tmp_path):
    config = {**nameko_config, "database": {"url": database_url}, "data_dir": str(tmp_path),
              "runtime": {"heartbeat_interval": 60},
              "harvest": {"credentials": {"key": CredentialCipher.generate_key()}}}
    container = ServiceContainer(DefinitionsService, config)
    container.start()
    try:
        with ClusterRpcProxy(nameko_config, timeout=30) as proxy:
            yield proxy.definitions
    finally:
        container.stop()


def test_domains_bad_input_gets_typed_errors_with_clear_messages(rpc):
    d = rpc.create_domain("KB.dk")
    assert d["name"] == "kb.dk" and d["edition"] == 1
    assert d["seed_lists"][0]["seeds"] == ["http://www.kb.dk", "https://www.kb.dk"]

    with pytest.raises(InvalidDomain, match="'co.uk' is not a domain that can be registered"):
        rpc.create_domain("co.uk")
    with pytest.raises(AlreadyExists, match="kb.dk already exists"):
        rpc.create_domain("kb.dk")
    with pytest.raises(DomainNotFound):
        rpc.get_domain("nowhere.dk")
    with pytest.raises(InvalidUrl, match="outside the domain kb.dk") as err:
        rpc.save_seed_list("kb.dk", 1, "extra", ["http://www.dr.dk/"])
    assert err.value.details["seeds"][0]["url"] == "http://www.dr.dk/"
    with pytest.raises(InvalidRegex) as err:
        rpc.update_domain("kb.dk", 1, crawler_traps=["a(b"])
    assert err.value.details["position"] == 1 and err.value.details["pattern"] == "a(b"

    rpc.update_domain("kb.dk", 1, comments="first")
    with pytest.raises(EditionConflict, match="'kb.dk' was changed by someone else") as err:
        rpc.update_domain("kb.dk", 1, comments="stale")
    assert err.value.details["object"] == "domain" and err.value.details["edition"] == 2

    with pytest.raises(InvalidInput, match="limit must be between 1 and 1000"):
        rpc.list_domains(0, 5000)


def test_credentials_only_to_the_harvester_role(rpc, nameko_config, amqp_uri, people):
    from shared.client import ServiceClient

    rpc.create_domain("kb.dk")
    rpc.set_credentials("kb.dk", 1, [{"url": "https://www.kb.dk/login", "username": "u", "password": "pw"}])
    _, as_admin = people(amqp_uri, "admin")
    with ServiceClient(as_admin) as admin:
        assert admin.definitions.get_domain("kb.dk")["credentials"][0]["password"] is None
        # stating the role is not enough: an admin gets no password
        assert admin.definitions.get_domain("kb.dk", roles=["credentials"])["credentials"][0]["password"] is None
    # the suite's guest login counts as the harvester
    assert rpc.get_domain("kb.dk", roles=["credentials"])["credentials"][0]["password"] == "pw"


def test_ingest_in_chunks_then_search_with_paging(rpc):
    lines = [f"site{i:03d}.dk" for i in range(250)] + ["co.uk", "", "# x", "site001.dk"]
    run = rpc.ingest_start("list.txt", len(lines))
    for start in range(0, len(lines), 100):
        rpc.ingest_chunk(run["id"], start + 1, lines[start:start + 100])
    rpc.ingest_chunk(run["id"], 201, lines[200:])  # a resent chunk changes nothing
    done = rpc.ingest_finish(run["id"])
    assert (done["created"], done["duplicates"], done["invalid"]) == (250, 1, 1)
    assert done["errors"] == [{"line": 251, "text": "co.uk", "reason": done["errors"][0]["reason"]}]
    with pytest.raises(Conflict):
        rpc.ingest_chunk(run["id"], 255, ["late.dk"])

    page = rpc.search_domains("site1*", "name", 10, 20, "-name")
    assert page["total"] == 100 and len(page["items"]) == 20
    assert page["items"][0]["name"] == "site189.dk"
    assert rpc.domain_statistics()["by_tld"][0] == {"tld": "dk", "domains": 250, "harvested": 0}


def test_profiles_schedules_and_harvests(rpc):
    doc = "# mine\r\nrobots: ignore\r\nscope: {mode: host}\r\n"
    p = rpc.upload_profile("mine", doc)
    assert p["effective"]["robots"] == "ignore"
    assert rpc.download_profile("mine")["content"] == doc
    with pytest.raises(InvalidProfile) as err:
        rpc.upload_profile("bad", "scope: {mode: everywhere}\n")
    assert err.value.details["problems"][0]["path"] == "scope.mode"

    with pytest.raises(InvalidSchedule) as err:
        rpc.create_schedule("bad", "days", weekday=2)
    assert err.value.details["field"] == "weekday"
    s = rpc.create_schedule("nightly", "days", hour=2, minute=30)
    assert s["description"] == "every day at 02:30" and len(rpc.get_schedule("nightly")["upcoming"]) == 5

    rpc.create_domain("kb.dk")
    h = rpc.create_selective("kb", "nightly", [{"domain": "kb.dk"}], comments="royal")
    assert h["configurations"] == [{"domain": "kb.dk", "configuration": "defaultconfig"}]
    h = rpc.set_harvest_active("kb", True)
    assert h["active"] and h["next_run_at"]
    with pytest.raises(InvalidUrl) as err:
        rpc.create_event("valg", "Daily", "http://valg.dr.dk/\nnot a url\n")
    assert err.value.details["lines"][0]["line"] == 2
    ev = rpc.create_event("valg", "Daily", "http://valg.dr.dk/\n")
    assert ev["configurations"] == [{"domain": "dr.dk", "configuration": "valg"}]
    snap = rpc.create_snapshot("snap", max_bytes=10_000_000)
    assert snap["channel"] == "SNAPSHOT"
    assert [i["name"] for i in rpc.list_harvests(kind="event")["items"]] == ["valg"]
    with pytest.raises(EditionConflict):
        rpc.update_harvest("snap", 7, {"comments": "x"})


def test_preview_schedule_of_unsaved_fields_matches_the_saved_preview(rpc):
    fields = {"unit": "days", "every": 2, "hour": 3, "minute": 15, "weekday": None, "day_of_month": None,
              "start_at": None, "end_at": None, "max_runs": None}
    preview = rpc.preview_schedule(fields)
    assert preview["description"] == "every 2 days at 03:15" and len(preview["upcoming"]) == 5
    rpc.create_schedule("preview-check", "days", 2, hour=3, minute=15)
    assert rpc.get_schedule("preview-check")["upcoming"] == preview["upcoming"]
    assert len(rpc.preview_schedule(fields, 3)["upcoming"]) == 3
    with pytest.raises(InvalidSchedule) as e:
        rpc.preview_schedule({"unit": "days", "every": 1, "weekday": 2})
    assert e.value.details["field"] == "weekday"
    with pytest.raises(InvalidSchedule):
        rpc.preview_schedule({"unit": "fortnights", "every": 1})

"""The typed contracts between services and their clients (shared/contracts.py, shared/dto/):

- every ``@rpc`` method of every service in ``server/`` is annotated with what it returns, and
  ``shared.contracts`` declares the same type for it (and nothing for RPCs that do not exist);
- what a service returns is checked against that type: a field its DTO does not declare fails
  in strict mode (the test suite's) and is logged once otherwise, at any depth;
- what crosses the wire decodes back into the same classes.

The same checks over a real broker: tests/integration/foundation/test_contracts_over_rpc.py.
"""
from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import importlib
import logging
import pathlib
import typing
from typing import Any

import pytest

from shared import contracts
from shared.contracts import ContractViolation
from shared.dto import Dto, Page, decode
from shared.dto.definitions import (
    ConfigurationDto,
    DomainDto,
    DomainSummaryDto,
    HarvestDto,
    ScheduleDetailsDto,
    SearchPage,
    SeedListDto,
)
from shared.dto.jobs import JobDetailsDto, JobDto
from shared.dto.monitor import InstanceDto
from shared.enums import HarvestKind, InstanceState, JobStatus

ROOT = pathlib.Path(__file__).resolve().parents[3]

#: service families left out of the declaration check (none: every service is declared)
PENDING: set[str] = set()

NOW = dt.datetime(2026, 3, 1, 12, 30, 5, 120000, tzinfo=dt.UTC)


# --- finding every service and its RPCs -------------------------------------------------------------

#: the base classes a service class derives from directly
SERVICE_BASES = {"NasService", "ReplicaService"}


def _defines_a_service(path: pathlib.Path) -> bool:
    """Whether the module defines a class deriving from NasService, directly or as a per-replica
    service (read, not imported)."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                if (isinstance(base, ast.Name) and base.id in SERVICE_BASES) or \
                        (isinstance(base, ast.Attribute) and base.attr in SERVICE_BASES):
                    return True
    return False


SERVICE_FILES = sorted(p for p in (ROOT / "server").rglob("*.py") if _defines_a_service(p))


def _module_name(path: pathlib.Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _service_classes(monkeypatch) -> list[type]:
    """Every NasService subclass in server/: module-level classes, and for a per-replica service
    (a module ``__getattr__`` that builds the class of the configured replica) the class of a
    test replica."""
    from server.runtime.service import NasService

    monkeypatch.setenv("NAS_REPLICA", "TEST")
    found: dict[str, type] = {}
    for path in SERVICE_FILES:
        module = importlib.import_module(_module_name(path))
        candidates = [v for v in vars(module).values() if isinstance(v, type)]
        if "__getattr__" in vars(module):
            candidates.append(getattr(module, path.parent.name))   # e.g. service:bitarchive
        for cls in candidates:
            if issubclass(cls, NasService) and cls is not NasService:
                found[cls.name] = cls
    return [found[k] for k in sorted(found)]


def _rpc_methods(cls: type) -> dict[str, Any]:
    """name → function of every RPC entrypoint of a service class (its bases' too)."""
    from nameko.rpc import Rpc

    out = {}
    for name in dir(cls):
        fn = getattr(cls, name, None)
        if any(isinstance(ep, Rpc) for ep in getattr(fn, "nameko_entrypoints", ())):
            out[name] = fn
    return out


def _norm(tp: Any) -> Any:
    return type(None) if tp is None else tp


def test_the_service_files_are_found():
    names = {_module_name(p) for p in SERVICE_FILES}
    assert {"server.definitions.service", "server.scheduler.service", "server.monitor.service",
            "server.harvester.service"} <= names


def test_every_rpc_is_annotated_and_declared_with_the_same_type(monkeypatch):
    from server.runtime.rpc import Rpc as OurRpc

    classes = _service_classes(monkeypatch)
    families = {contracts.family(c.name) for c in classes}
    assert {"definitions", "scheduler", "monitor", "harvester"} <= families
    problems = []
    seen: dict[str, set[str]] = {}
    for cls in classes:
        family = contracts.family(cls.name)
        if family in PENDING:
            continue
        for method, fn in _rpc_methods(cls).items():
            seen.setdefault(family, set()).add(method)
            where = f"{cls.name}.{method}"
            if not all(isinstance(ep, OurRpc) for ep in fn.nameko_entrypoints):
                problems.append(f"{where}: decorated with nameko's rpc, not server.runtime.rpc.rpc")
            hints = typing.get_type_hints(fn)
            if "return" not in hints:
                problems.append(f"{where}: no return annotation")
                continue
            declared = contracts.returns(cls.name, method)
            if declared is Any and hints["return"] is not Any:
                problems.append(f"{where}: shared.contracts declares nothing (add it to the area's RETURNS)")
            elif _norm(declared) != hints["return"]:
                problems.append(f"{where}: annotated {hints['return']}, declared {declared}")
    for family, methods in contracts.table().items():
        if family in PENDING or family not in seen:
            continue
        for stale in sorted(set(methods) - seen[family]):
            problems.append(f"{family}.{stale}: declared in RETURNS but no such RPC")
    assert not problems, "\n".join(problems)


def test_every_family_in_the_table_is_a_service(monkeypatch):
    families = {contracts.family(c.name) for c in _service_classes(monkeypatch)}
    assert set(contracts.table()) - PENDING <= families


# --- checking what a service returns ------------------------------------------------------------------

def _summary(**extra) -> dict[str, Any]:
    return {"id": 1, "name": "kb.dk", "tld": "dk", "comments": "", "alias_of": None, "edition": 1,
            "created_at": NOW.isoformat(), **extra}


def test_a_dict_with_an_undeclared_field_fails_in_strict_mode(monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    with pytest.raises(ContractViolation, match="DomainSummaryDto does not declare: password"):
        contracts.encode(_summary(password="x"), DomainSummaryDto, "definitions.probe")
    assert contracts.encode(_summary(), DomainSummaryDto)["name"] == "kb.dk"


def test_outside_strict_mode_it_is_sent_and_logged_once(monkeypatch, caplog):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "0")
    contracts._warn_once.cache_clear()
    with caplog.at_level(logging.WARNING, logger="shared.contracts"):
        for _ in range(3):
            out = contracts.encode(_summary(secret_note="x"), DomainSummaryDto, "definitions.probe_once")
    assert out["secret_note"] == "x"
    warnings = [r for r in caplog.records if "secret_note" in r.getMessage()]
    assert len(warnings) == 1 and "definitions.probe_once" in warnings[0].getMessage()


def test_page_items_and_nested_dtos_are_checked(monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    page = {"items": [_summary(), _summary(id=2, surprise=True)], "total": 2, "offset": 0, "limit": 10}
    with pytest.raises(ContractViolation, match=r"items\[1\] has fields DomainSummaryDto does not declare: surprise"):
        contracts.encode(page, Page[DomainSummaryDto])
    # a Page object holding dicts, and a SearchPage's own field
    with pytest.raises(ContractViolation, match="surprise"):
        contracts.encode(Page([_summary(surprise=1)], 1, 0, 10), Page[DomainSummaryDto])
    contracts.encode(SearchPage([_summary()], 1, 0, 10, total_capped=True), SearchPage[DomainSummaryDto])
    # a list inside a DTO (a domain's seed lists), and a list of DTOs
    domain = _domain()
    domain.seed_lists.append({"name": "extra", "seeds": [], "comments": "", "hidden": 1})
    with pytest.raises(ContractViolation, match=r"seed_lists\[1\] has fields SeedListDto does not declare: hidden"):
        contracts.encode(domain, DomainDto)
    with pytest.raises(ContractViolation, match=r"\[0\] has fields"):
        contracts.encode([{**_summary(), "x": 1}], list[DomainSummaryDto])
    # None where the contract allows it
    assert contracts.encode(None, JobDetailsDto | None) is None


def test_a_dto_of_another_class_or_a_dict_lacking_a_field_fails(monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    with pytest.raises(ContractViolation, match="is a DomainSummaryDto, not a DomainDto"):
        contracts.encode(DomainSummaryDto(1, "kb.dk", "dk", "", None, 1, NOW), DomainDto)
    with pytest.raises(ContractViolation, match="lacks fields DomainSummaryDto requires: tld"):
        contracts.encode({k: v for k, v in _summary().items() if k != "tld"}, DomainSummaryDto)
    # a subclass is a fine answer for its base (a job in detail where a job is declared)
    contracts.encode(_job_details(), JobDto)


def test_nothing_declared_means_nothing_checked(monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    assert contracts.encode({"anything": NOW}) == {"anything": NOW.isoformat()}
    assert contracts.encode({"free": {"form": 1}}, dict[str, Any]) == {"free": {"form": 1}}


# --- the wire form and back ----------------------------------------------------------------------------

def _domain() -> DomainDto:
    return DomainDto(id=7, name="kb.dk", tld="dk", comments="", edition=3, created_at=NOW, alias_of=None,
                     alias_set_at=None, alias_expires_at=None, default_configuration="defaultconfig",
                     seed_lists=[SeedListDto("defaultseeds", ["https://www.kb.dk/"])],
                     configurations=[ConfigurationDto("defaultconfig", "default", ["defaultseeds"], -1, -1, 60,
                                                      True)])


def _job_details() -> JobDetailsDto:
    return JobDetailsDto(id=5, harvest_id=1, harvest="h", harvest_run=2, status=JobStatus.FAILED, channel="FOCUSED",
                         snapshot=False, profile="default", configuration_count=1, expected_objects=10,
                         max_bytes_per_domain=-1, max_objects_per_domain=-1, created_at=NOW, submitted_at=NOW,
                         started_at=None, ended_at=None, harvester_id=None, failure_reason="", harvest_error="",
                         upload_error="", resubmitted_from=None, resubmitted_as=None,
                         settings={"profile": {"scope": {"max_hops": 3}}}, stop_reasons={"completed": 1})


def test_dtos_survive_the_wire_typed():
    wire = contracts.encode(_domain(), DomainDto)
    assert wire["created_at"] == "2026-03-01T12:30:05.120000+00:00" and wire["alias_set_at"] is None
    back = contracts.decode("definitions", "get_domain", wire)
    assert back == _domain() and isinstance(back.configurations[0], ConfigurationDto)
    job = contracts.decode("scheduler", "job", contracts.encode(_job_details(), JobDetailsDto))
    assert job == _job_details() and job.status is JobStatus.FAILED
    assert job.settings == {"profile": {"scope": {"max_hops": 3}}}   # free-form stays free-form
    page = contracts.decode("definitions", "search_domains", {"items": [_summary()], "total": 12000, "offset": 0,
                                                               "limit": 1, "total_capped": True})
    assert isinstance(page, SearchPage) and page.total_capped and page.items[0].created_at == NOW
    plain = contracts.decode("definitions", "list_domains", {"items": [], "total": 0, "offset": 0, "limit": 1})
    assert type(plain) is Page
    schedule = decode(ScheduleDetailsDto, {**dataclasses.asdict(ScheduleDetailsDto(
        1, "s", "", "days", 1, None, 3, None, None, None, None, None, 1)), "upcoming": [NOW.isoformat()]})
    assert schedule.upcoming == [NOW]


def test_decoding_is_lenient_where_a_newer_server_may_differ():
    # a field a newer server added is ignored; an enum value it added is kept as it came
    h = decode(HarvestDto, {"id": 1, "name": "h", "kind": "weekly-special", "comments": "", "active": True,
                            "runs": 0, "next_run_at": None, "first_run_at": None, "channel": "FOCUSED",
                            "edition": 1, "created_at": NOW.isoformat(), "added_later": [1, 2]})
    assert h.kind == "weekly-special" and not hasattr(h, "added_later")
    assert decode(HarvestDto, dataclasses.replace(h, kind=HarvestKind.EVENT)).kind is HarvestKind.EVENT
    # decoding twice changes nothing (a client that decodes what it was given decoded)
    inst = decode(list[InstanceDto], [{"instance_id": "m", "service": "monitor", "host": "h", "pid": 1,
                                      "version": "1", "state": "lost", "reported_state": "running", "reason": "",
                                      "started_at": 1.0, "last_heartbeat": 2.0, "heartbeat_age": 40.0,
                                      "warnings": 0, "details": {"channel": "FOCUSED"}}])
    assert inst[0].state is InstanceState.LOST and decode(list[InstanceDto], inst) == inst
    assert contracts.decode("scheduler", "no_such_method", {"raw": 1}) == {"raw": 1}


@dataclasses.dataclass
class _Tree(Dto):
    name: str
    children: list[_Tree] = dataclasses.field(default_factory=list)


def test_a_recursive_dto_is_checked_to_the_leaves(monkeypatch):
    monkeypatch.setenv("NAS_STRICT_CONTRACTS", "1")
    tree = {"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": [], "odd": 1}]}]}
    with pytest.raises(ContractViolation, match=r"children\[0\]\.children\[0\] has fields _Tree does not declare"):
        contracts.encode(tree, _Tree)


def test_the_area_of_each_service_is_the_module_that_declares_it():
    """contracts.AREA_OF lets decoding import one area module: it must name, for every family
    the area modules declare, the module that declares it, and give the same types."""
    from shared import contracts

    declared = {}
    for name in contracts.AREA_MODULES:
        for service in contracts._area(name)[0]:
            declared[service] = name
    assert declared == contracts.AREA_OF
    whole = contracts.table()
    for service, methods in whole.items():
        for method, tp in methods.items():
            assert contracts.returns(service, method) == tp, (service, method)
            assert contracts.returns(f"{service}_ONE", method) == tp or service not in (
                "bitarchive", "bitarchive_monitor", "checksum"), (service, method)


def test_decoding_one_answer_imports_only_its_area():
    import json
    import subprocess
    import sys

    code = ("import sys; from shared import contracts\n"
            "contracts.decode('scheduler', 'job_domains', {'items': [], 'total': 0, 'offset': 0, 'limit': 1})\n"
            "print(sorted(m for m in sys.modules if m.startswith('shared.dto.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == ["shared.dto.jobs", "shared.dto.monitor"]


#: RPC parameters that stay bare dicts, and why: what a batch job takes is the job's own.
FREE_FORM = {
    # a batch job's or an instance operation's own arguments
    "arcrepository.batch.args", "bitarchive_monitor.start_batch.args", "bitarchive_monitor_TEST.start_batch.args",
    "bitarchive_monitor.instance_op.args", "bitarchive_monitor_TEST.instance_op.args",
    # newer harvesters may send more progress fields than this scheduler keeps (it ignores them)
    "scheduler.report_progress.progress_report",
    # lists of small records, checked item by item by their cores; not request DTOs yet
    "definitions.create_selective.configurations", "definitions.set_credentials.credentials",
    "scheduler.report_job.domains", "scheduler.report_late_uploads.still_failing",
    # a file to store: parsed by the archive's own RemoteFile (server.archive.remotefile), which
    # carries the sender's local path and host beside the URL; it stays the archive's
    "arcrepository.store.remote", "arcrepository.begin_store.remote", "bitarchive.upload.remote",
    "bitarchive_TEST.upload.remote", "checksum.upload.remote", "checksum_TEST.upload.remote",
}


def test_no_rpc_takes_a_bare_dict_but_the_free_form_ones(monkeypatch):
    """What a caller sends in place of a dict is a request DTO (shared.dto.Request), checked by
    @rpc before any work; a new bare-dict parameter fails here until it has one."""
    import typing

    bare = []
    for cls in _service_classes(monkeypatch):
        for method, fn in _rpc_methods(cls).items():
            for name, tp in typing.get_type_hints(fn).items():
                if name != "return" and "dict" in str(tp):
                    bare.append(f"{cls.name}.{method}.{name}")
    assert sorted(set(bare) - FREE_FORM) == [], "\n".join(sorted(set(bare) - FREE_FORM))

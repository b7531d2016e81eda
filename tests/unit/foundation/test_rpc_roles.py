"""The desktop's table of who may call what (shared/rpc_roles.py) says what the services declare:
every entry equals the roles on that RPC's ``@rpc``, and no entry names an RPC that does not
exist. The desktop disables a button by this table, so a wrong entry would either hide an
action from a person who may do it or offer one the service refuses."""
from __future__ import annotations

from nameko.extensions import ENTRYPOINT_EXTENSIONS_ATTR
from test_contracts import _rpc_methods, _service_classes

from shared.roles import ADMIN, CURATOR, OPERATOR, READ
from shared.rpc_roles import RPC_ROLES, may_call, needed_roles


def _declared(monkeypatch) -> dict[str, object]:
    """"service.method" -> the RPC entrypoint its service class declares."""
    from server.runtime.rpc import Rpc

    out = {}
    for cls in _service_classes(monkeypatch):
        for method, fn in _rpc_methods(cls).items():
            for ep in getattr(fn, ENTRYPOINT_EXTENSIONS_ATTR, ()):
                if isinstance(ep, Rpc):
                    out[f"{cls.name}.{method}"] = ep
    return out


def test_every_entry_equals_what_the_service_declares(monkeypatch):
    declared = _declared(monkeypatch)
    problems = []
    for action, roles in sorted(RPC_ROLES.items()):
        ep = declared.get(action)
        if ep is None:
            problems.append(f"{action}: no such RPC in server/")
        elif ep.exclusive:
            problems.append(f"{action}: exclusive on the server; the table cannot say so")
        elif tuple(ep.roles or ()) != tuple(roles):
            problems.append(f"{action}: the table says {roles}, the service declares {ep.roles}")
    assert problems == [], "\n".join(problems)


def test_what_each_kind_of_person_may_do():
    assert needed_roles("definitions.create_domain") == CURATOR
    assert needed_roles("scheduler.resubmit_job") == OPERATOR
    assert needed_roles("arcrepository.replace_corrupt") == ADMIN
    assert needed_roles("definitions.list_domains") == READ
    assert may_call(["curator"], "definitions.create_domain")
    assert not may_call(["curator"], "scheduler.resubmit_job")
    assert not may_call(["qa"], "definitions.create_domain")
    assert may_call(["operator"], "arcrepository.audit_start")
    assert not may_call(["operator"], "arcrepository.replace_corrupt")
    assert may_call(["admin"], "arcrepository.replace_corrupt")       # admin passes every set
    assert may_call(["service", "harvester"], "scheduler.resubmit_job")
    assert not may_call([], "definitions.list_domains")
    assert may_call(("qa",), "viewerproxy.add_missing_as_seeds")

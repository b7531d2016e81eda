"""What each RPC returns, in one table both sides read.

Services annotate every RPC with its return type (``-> DomainDto``, ``-> Page[JobDto]``,
``-> list[InstanceDto]``) and return DTO instances; our ``@rpc`` (``server.runtime.rpc``) encodes
them with :func:`encode`. The same types are declared here, per service, by the ``RETURNS``
table of each ``shared.dto`` area module (or its ``RETURNS_BY_SERVICE``, one table per service),
so a client that knows only ``shared`` decodes an answer into the class the service built
(:func:`decode`)::

    domain = contracts.decode("definitions", "get_domain", raw)   # a DomainDto

A field a service returns but its DTO does not declare is a contract violation: with
``NAS_STRICT_CONTRACTS=1`` (the test suite sets it) the call fails, otherwise it is logged once.
The contract test (tests/unit/foundation/test_contracts.py) checks that every RPC of every
service is declared here with the same type as its annotation.
"""
from __future__ import annotations

import dataclasses
import importlib
import logging
import os
import re
import types
import typing
from functools import cache, lru_cache
from typing import Any

from shared.dto import Dto, Page, field_types, to_json
from shared.dto import decode as decode_type

log = logging.getLogger(__name__)

#: the area modules that declare ``SERVICE`` (or ``SERVICES``) and ``RETURNS``, or one table per
#: service in ``RETURNS_BY_SERVICE``
AREA_MODULES = ("shared.dto.definitions", "shared.dto.jobs", "shared.dto.archive", "shared.dto.monitor",
                "shared.dto.harvester", "shared.dto.index", "shared.dto.notify", "shared.dto.viewer", "shared.dto.qa")

#: services named per replica (``bitarchive_ONE``) are declared by their family name
#: (replica ids may hold ``_``: the longest family is tried first)
_PER_REPLICA = re.compile(r"^(bitarchive_monitor|bitarchive|checksum)_[A-Za-z][A-Za-z0-9_]*$")


class ContractViolation(Exception):
    """A service answered with something its declared return type does not describe."""


#: service family → the area module that declares its RPCs, so that decoding one answer imports
#: one area (importing all eight built 81 DTO classes: half the CPU of a ``nas`` command).
#: tests/unit/foundation/test_contracts.py checks it against what the modules declare.
AREA_OF = {
    "definitions": "shared.dto.definitions", "scheduler": "shared.dto.jobs", "monitor": "shared.dto.monitor",
    "harvester": "shared.dto.harvester", "index_server": "shared.dto.index", "notifier": "shared.dto.notify",
    "viewerproxy": "shared.dto.viewer", "arcrepository": "shared.dto.archive", "bitarchive": "shared.dto.archive",
    "bitarchive_monitor": "shared.dto.archive", "checksum": "shared.dto.archive", "qa": "shared.dto.qa",
}
#: the area module declaring ``EVERY_SERVICE`` (the RPCs every service inherits)
EVERY_AREA = "shared.dto.monitor"


@cache
def _area(name: str) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """One area module's tables: service → method → type, and its ``EVERY_SERVICE``."""
    per_service: dict[str, dict[str, Any]] = {}
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return per_service, {}  # an area not written yet
        raise
    # An area whose services answer differently declares one table per service
    # (``RETURNS_BY_SERVICE``); otherwise ``RETURNS`` holds for each of ``SERVICE(S)``.
    for service, returns_of in getattr(module, "RETURNS_BY_SERVICE", {}).items():
        per_service.setdefault(service, {}).update(returns_of)
    services = getattr(module, "SERVICES", None) or (getattr(module, "SERVICE", None),)
    for service in services:
        if service:
            per_service.setdefault(service, {}).update(getattr(module, "RETURNS", {}))
    return per_service, dict(getattr(module, "EVERY_SERVICE", {}))


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    per_service: dict[str, dict[str, Any]] = {}
    every: dict[str, Any] = {}
    for name in AREA_MODULES:
        area, area_every = _area(name)
        for service, returns_of in area.items():
            per_service.setdefault(service, {}).update(returns_of)
        every.update(area_every)
    return per_service, every


def table() -> dict[str, dict[str, Any]]:
    """service family → method → declared return type (the RPCs every service inherits from
    ``NasService``, declared once as an area module's ``EVERY_SERVICE``, included)."""
    per_service, every = _tables()
    return {service: {**every, **methods} for service, methods in per_service.items()}


def family(service: str) -> str:
    """The family a service name belongs to: itself when declared as such (``bitarchive_monitor``
    is a family, not replica ``monitor`` of ``bitarchive``), else the per-replica family."""
    if service in AREA_OF or service in _tables()[0]:
        return service
    m = _PER_REPLICA.match(service)
    return m.group(1) if m else service


def returns(service: str, method: str) -> Any:
    """The declared return type of ``service.method``; ``Any`` when nothing is declared. Only the
    service's own area module (and the one of every service's RPCs) is imported."""
    if service in AREA_OF:
        name = service
    else:
        m = _PER_REPLICA.match(service)
        name = m.group(1) if m and m.group(1) in AREA_OF else ""
    if name:
        methods = _area(AREA_OF[name])[0].get(name, {})
        every = _area(EVERY_AREA)[1]
    else:   # a service no area is known for: every table
        per_service, every = _tables()
        methods = per_service.get(family(service), {})
    return methods[method] if method in methods else every.get(method, Any)


def decode(service: str, method: str, value: Any) -> Any:
    """An RPC answer as it came off the wire, turned into its declared type."""
    tp = returns(service, method)
    return value if tp is Any else decode_type(tp, value)


def strict() -> bool:
    return os.environ.get("NAS_STRICT_CONTRACTS") == "1"


def encode(value: Any, declared: Any = Any, where: str = "") -> Any:
    """What an RPC returned, made JSON-safe for the wire, after checking it against ``declared``:
    a dict with a key its DTO does not declare (or without one it requires), or a DTO of another
    class than declared, at any depth (Page items, lists, nested DTOs), is a
    :class:`ContractViolation` in strict mode and a warning (once per kind) otherwise."""
    if declared is not Any:
        problems: list[str] = []
        _check(value, declared, "", problems)
        if problems:
            message = f"{where or 'an RPC'} returned what its declared {_name(declared)} does not describe: " \
                      + "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")
            if strict():
                raise ContractViolation(message)
            _warn_once(message)
    return to_json(value)


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _check(value: Any, tp: Any, path: str, problems: list[str]) -> None:
    """Append to ``problems`` what in ``value`` the type ``tp`` does not describe."""
    if value is None or tp is Any or len(problems) > 20:
        return
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            _check(value, options[0], path, problems)
        return   # a union of several types: which one was meant is not ours to guess
    if origin in (list, tuple, set, frozenset) and isinstance(value, (list, tuple, set, frozenset)):
        item = args[0] if args else Any
        for i, v in enumerate(value):
            _check(v, item, f"{path}[{i}]", problems)
        return
    if origin is dict and isinstance(value, dict):
        item = args[1] if len(args) == 2 else Any
        for k, v in value.items():
            _check(v, item, f"{path}[{k!r}]", problems)
        return
    cls = origin if isinstance(origin, type) else tp
    if not (isinstance(cls, type) and issubclass(cls, Dto)):
        return
    fields = field_types(cls)
    nested = _nested_fields(cls)
    if issubclass(cls, Page):
        item = list[args[0]] if args else list[Any]
        fields, nested = {**fields, "items": item}, {**nested, "items": item}
    where = path or "the answer"
    if isinstance(value, Dto):
        if not isinstance(value, cls):
            problems.append(f"{where} is a {type(value).__name__}, not a {cls.__name__}")
            return
        # A dataclass has exactly its fields: only values that may hold dicts or other DTOs
        # (a subclass's own fields too) are worth a look.
        for name, ftp in {**_nested_fields(type(value)), **nested}.items():
            _check(getattr(value, name), ftp, f"{path}.{name}" if path else name, problems)
        return
    if not isinstance(value, dict):
        return
    extra = sorted(set(value) - set(fields))
    if extra:
        problems.append(f"{where} has fields {cls.__name__} does not declare: {', '.join(extra)}")
    missing = sorted(f.name for f in dataclasses.fields(cls) if f.name not in value
                     and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    if missing:
        problems.append(f"{where} lacks fields {cls.__name__} requires: {', '.join(missing)}")
    for name, ftp in nested.items():
        if name in value:
            _check(value[name], ftp, f"{path}.{name}" if path else name, problems)


@cache
def _nested_fields(cls: type) -> dict[str, Any]:
    """The fields of a DTO class whose type involves a DTO (the only ones with more to check)."""
    return {name: tp for name, tp in field_types(cls).items() if _involves_dto(tp)}


def _involves_dto(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Dto):
        return True
    if isinstance(tp, type) and issubclass(tp, Dto):
        return True
    return any(_involves_dto(a) for a in typing.get_args(tp))


@lru_cache(maxsize=256)
def _warn_once(message: str) -> None:
    log.warning("%s", message)

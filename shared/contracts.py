"""What each RPC returns, in one table both sides read.

Services annotate every RPC with its return type (``-> DomainDto``, ``-> Page[JobDto]``,
``-> list[InstanceDto]``) and return DTO instances; our ``@rpc`` (``server.runtime.rpc``) encodes
them with :func:`encode`. The same types are declared here, per service, by the ``RETURNS``
table of each ``shared.dto`` area module, so a client that knows only ``shared`` decodes an
answer into the class the service built (:func:`decode`)::

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
import typing
from functools import lru_cache
from typing import Any

from shared.dto import Dto, Page, _to_json
from shared.dto import decode as decode_type

log = logging.getLogger(__name__)

#: the area modules that declare ``SERVICE`` (or ``SERVICES``) and ``RETURNS``
AREA_MODULES = ("shared.dto.definitions", "shared.dto.jobs", "shared.dto.archive", "shared.dto.monitor",
                "shared.dto.index")

#: services named per replica (``bitarchive_ONE``) are declared by their family name
_PER_REPLICA = re.compile(r"^(bitarchive|bitarchive_monitor|checksum)_[A-Za-z0-9-]+$")


class ContractViolation(Exception):
    """A service answered with something its declared return type does not describe."""


@lru_cache(maxsize=1)
def table() -> dict[str, dict[str, Any]]:
    """service family → method → declared return type."""
    out: dict[str, dict[str, Any]] = {}
    for name in AREA_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # an area not written yet
            raise
        services = getattr(module, "SERVICES", None) or (getattr(module, "SERVICE", None),)
        for service in services:
            if service:
                out.setdefault(service, {}).update(getattr(module, "RETURNS", {}))
    return out


def family(service: str) -> str:
    m = _PER_REPLICA.match(service)
    return m.group(1) if m else service


def returns(service: str, method: str) -> Any:
    """The declared return type of ``service.method``; ``Any`` when nothing is declared."""
    return table().get(family(service), {}).get(method, Any)


def decode(service: str, method: str, value: Any) -> Any:
    """An RPC answer as it came off the wire, turned into its declared type."""
    tp = returns(service, method)
    return value if tp is Any else decode_type(tp, value)


def strict() -> bool:
    return os.environ.get("NAS_STRICT_CONTRACTS") == "1"


def encode(value: Any, declared: Any = Any, where: str = "") -> Any:
    """What an RPC returned, made JSON-safe for the wire. Dicts returned for a declared DTO are
    checked: a key the DTO does not declare is a :class:`ContractViolation` in strict mode."""
    if isinstance(value, dict) and declared is not Any:
        _check_dict(value, declared, where)
    elif isinstance(value, (list, tuple)) and typing.get_origin(declared) in (list, tuple):
        args = typing.get_args(declared)
        item = args[0] if args else Any
        return [encode(v, item, where) for v in value]
    return _to_json(value)


def _dto_class(tp: Any) -> type | None:
    origin = typing.get_origin(tp) or tp
    if isinstance(origin, type) and issubclass(origin, Dto):
        return origin
    return None


def _check_dict(value: dict, declared: Any, where: str) -> None:
    cls = _dto_class(declared)
    if cls is None:
        return
    known = {f.name for f in dataclasses.fields(cls)}
    extra = sorted(set(value) - known)
    if extra:
        message = f"{where or 'an RPC'} returned fields its {cls.__name__} does not declare: {', '.join(extra)}"
        if strict():
            raise ContractViolation(message)
        _warn_once(message)
    if issubclass(cls, Page):
        args = typing.get_args(declared)
        if args:
            for item in value.get("items") or ():
                if isinstance(item, dict):
                    _check_dict(item, args[0], where)


@lru_cache(maxsize=256)
def _warn_once(message: str) -> None:
    log.warning("%s", message)

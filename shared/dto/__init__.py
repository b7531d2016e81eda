"""Data transfer objects: the typed vocabulary that crosses RPC, shared by services, CLI and desktop.

A DTO is a plain ``@dataclass`` with the :class:`Dto` mixin. On the wire it is a dict of JSON
types (str, int, float, bool, None, list, dict); datetimes travel as ISO-8601 strings in UTC and
enums as their values. Services return DTO instances (our ``@rpc`` encodes them,
:mod:`shared.contracts`); clients decode the answer into the same class, so no screen or command
reads a field name out of a dict. Decoding ignores fields it does not know and keeps an enum value
it does not know as the plain string, so an older client survives a newer server.

One module per area: ``shared.dto.definitions``, ``shared.dto.jobs``, ``shared.dto.archive``,
``shared.dto.monitor``, ``shared.dto.harvester``, ``shared.dto.index``; each declares ``SERVICE`` and what each RPC of
that service returns (``RETURNS``). ``shared.dto.monitor.EVERY_SERVICE`` declares ``status``,
which every service inherits.

Adding an RPC:

1. the DTO (if it needs a new one) in the area module: ``@dataclass class XDto(Dto)``, typed
   fields (nested DTOs, ``list[...]``, ``dt.datetime``, enums from :mod:`shared.enums`;
   ``dict[str, Any]`` only for what is truly free-form, such as a crawl profile);
2. its line in that module's ``RETURNS``: ``"get_x": XDto`` (``Page[XDto]``, ``list[XDto]``,
   ``XDto | None``, ``None``);
3. the RPC in the service, annotated the same way, returning ``XDto`` instances::

       @rpc
       def get_x(self, name: str) -> XDto:
           # docstring: what it does, what it raises (NotFound)
           return core.to_dto(core.get(self.db, name))

4. clients call it as before and receive an ``XDto``: the desktop's ``RpcClient`` and the CLI's
   ``call`` decode by the contract. ``tests/unit/foundation/test_contracts.py`` fails until 2 and
   3 agree; the test suite runs strict (``NAS_STRICT_CONTRACTS=1``), so an answer with a field
   its DTO does not declare fails there.

What a caller sends in place of a bare dict (job filters, a harvest's changes, a schedule's
fields) is a :class:`Request`: a dataclass whose fields default to :data:`UNSET` and are sent only
when given. An RPC parameter annotated with one (``filters: JobFilter | None``) is checked by
our ``@rpc`` before any work: an unknown field or a value of the wrong type is ``InvalidInput``
naming it, and the method receives the ``Request`` (``.given()``: the fields sent). A caller may
pass the ``Request`` or, as before, a dict of its fields.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import types
import typing
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound="Dto")
I = TypeVar("I")  # noqa: E741 - the item type of a Page


_PLAIN = frozenset((str, int, float, bool))


def to_json(value: Any) -> Any:
    """``value`` (a DTO, or lists and dicts of them, datetimes, enums) as JSON types: what the
    wire carries. ``nas ... --json`` prints this too."""
    if value is None or type(value) in _PLAIN:   # most fields: nothing to do (a StrEnum is not a str here)
        return value
    if isinstance(value, Dto):
        return value.to_dict()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        return value.astimezone(dt.UTC).isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


_to_json = to_json  # the name shared.contracts imported first


def _from_json(tp: Any, value: Any) -> Any:
    if value is None or tp is Any:
        return value
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Page):
        if isinstance(value, origin):
            return value  # decoded already
        return origin.from_dict(value, typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            if arg is type(None):
                continue
            return _from_json(arg, value)
    if origin in (list, tuple, set, frozenset):
        (arg, *_) = typing.get_args(tp) or (Any,)
        return origin(_from_json(arg, v) for v in value)
    if origin is dict:
        _, arg = typing.get_args(tp) or (Any, Any)
        return {k: _from_json(arg, v) for k, v in value.items()}
    if isinstance(tp, type):
        if isinstance(value, tp):
            return value  # decoded already (or a plain type that needs nothing)
        if issubclass(tp, Dto):
            return tp.from_dict(value)
        if issubclass(tp, enum.Enum):
            try:
                return tp(value)
            except ValueError:
                # a value a newer server added: kept as it came (a StrEnum compares equal to it)
                return value
        if tp is dt.datetime:
            return dt.datetime.fromisoformat(value) if isinstance(value, str) else value
        if tp is dt.date:
            return dt.date.fromisoformat(value) if isinstance(value, str) else value
    return value


@functools.cache
def field_types(cls: type) -> dict[str, Any]:
    """A DTO class's fields and their resolved types (cached: classes do not change)."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _same(value: Any) -> Any:
    return value


@functools.cache
def _converter(tp: Any):
    """``_from_json(tp, ·)`` worked out once per type: a page of 200 jobs decodes thousands of
    fields, and asking ``typing`` what each field's type is, each time, cost more than the
    database query (issue #19: the job history's page arrives in under 150 ms)."""
    if tp is Any:
        return _same
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Page):
        return lambda value: _from_json(tp, value)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            if arg is not type(None):
                return _converter(arg)
        return _same
    if origin in (list, tuple, set, frozenset):
        (arg, *_) = typing.get_args(tp) or (Any,)
        one = _converter(arg)
        if one is _same and origin is list:
            return lambda value: value if value is None else list(value)
        return lambda value: value if value is None else origin(one(v) for v in value)
    if origin is dict:
        _, arg = typing.get_args(tp) or (Any, Any)
        one = _converter(arg)
        return lambda value: value if value is None else {k: one(v) for k, v in value.items()}
    if isinstance(tp, type) and (issubclass(tp, (Dto, enum.Enum)) or tp in (dt.datetime, dt.date)):
        return lambda value: _from_json(tp, value)
    return _same


@functools.cache
def _decoders(cls: type) -> dict[str, Any]:
    return {name: _converter(tp) for name, tp in field_types(cls).items()}


class Dto:
    """Mixin for ``@dataclass`` DTOs."""

    def to_dict(self) -> dict[str, Any]:
        return {name: to_json(getattr(self, name)) for name in _field_names(type(self))}

    @classmethod
    def from_dict(cls: type[T], data: dict[str, Any]) -> T:
        decoders = _decoders(cls)
        # Unknown keys are ignored so that a newer server can add fields without breaking clients.
        return cls(**{k: decoders[k](v) for k, v in data.items() if k in decoders})


class _Unset:
    """The value of a request field that was not given (not sent; not the same as None)."""

    _one: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._one is None:
            cls._one = super().__new__(cls)
        return cls._one

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False


UNSET: Any = _Unset()


def _fits(value: Any, tp: Any) -> bool:
    """Whether a JSON value is of the (JSON-level) type a request field declares."""
    if tp is Any:
        return True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in typing.get_args(tp))
    if tp is type(None):
        return value is None
    if origin in (list, tuple):
        (arg, *_) = typing.get_args(tp) or (Any,)
        return isinstance(value, list) and all(_fits(v, arg) for v in value)
    if origin is dict:
        return isinstance(value, dict)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(tp, type) and isinstance(value, tp)


class Request(Dto):
    """Mixin for ``@dataclass`` request DTOs: every field defaults to :data:`UNSET`; only given
    fields are sent (so "leave it as it is" and "set it to null" stay two things)."""

    def to_dict(self) -> dict[str, Any]:
        return self.given()

    def given(self) -> dict[str, Any]:
        """The fields given, as the wire carries them."""
        return {name: to_json(value) for name in _field_names(type(self))
                if (value := getattr(self, name)) is not UNSET}

    @classmethod
    def from_wire(cls: type[T], value: Any, where: str = "") -> T:
        """``value`` (a dict off the wire, or already this class) checked field by field.
        Raises InvalidInput naming unknown fields and values of the wrong type."""
        from shared.errors import InvalidInput

        where = where or cls.__name__
        if isinstance(value, cls):
            return value
        if not isinstance(value, dict):
            raise InvalidInput(f"{where}: expected an object with the fields {', '.join(_field_names(cls))}",
                               {"reason": "not_an_object"})
        fields = field_types(cls)
        unknown = sorted(str(k) for k in value if k not in fields)
        if unknown:
            raise InvalidInput(f"{where}: unknown field(s) {', '.join(unknown)} (known: {', '.join(fields)})",
                               {"reason": "unknown_field", "fields": unknown})
        wrong = [k for k, v in value.items() if not _fits(v, fields[k])]
        if wrong:
            shown = ", ".join(f"{k}={value[k]!r:.40}" for k in wrong)
            raise InvalidInput(f"{where}: wrong type of {shown}", {"reason": "wrong_type", "fields": wrong})
        return cls(**value)


def given(value: Request | dict[str, Any] | None) -> dict[str, Any]:
    """The fields of a request as a dict: a :class:`Request`'s given fields, a dict as it is
    (a core called directly, as tests do), nothing for None."""
    if isinstance(value, Request):
        return value.given()
    return dict(value or {})


def decode(tp: Any, value: Any) -> Any:
    """``value`` as it came off the wire, turned into ``tp`` (a Dto class, ``list[X]``,
    ``Page[X]``, an enum, a datetime, or a plain type, which is returned as it is). A value that
    is already of that type is returned unchanged, so decoding twice is harmless."""
    return _from_json(tp, value)


@dataclasses.dataclass
class Page(Dto, Generic[I]):
    """One page of a listing: ``items`` of the listed DTO; ``total`` counts all matches.

    Annotate an RPC with ``-> Page[DomainSummaryDto]``; a client decodes it with
    ``decode(Page[DomainSummaryDto], value)`` (or ``Page.from_dict(value, DomainSummaryDto)``)."""

    items: list[I]
    total: int
    offset: int
    limit: int

    @classmethod
    def from_dict(cls, data: dict[str, Any], item: Any = None):  # type: ignore[override]
        decoders = _decoders(cls)
        values = {k: decoders[k](v) for k, v in data.items() if k in decoders and k != "items"}
        items = data.get("items") or []
        one = _converter(item) if item is not None else None
        values["items"] = [one(v) for v in items] if one is not None else list(items)
        return cls(**values)

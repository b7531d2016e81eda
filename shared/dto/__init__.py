"""Data transfer objects: the typed vocabulary that crosses RPC, shared by services, CLI and desktop.

A DTO is a plain ``@dataclass`` with the :class:`Dto` mixin. On the wire it is a dict of JSON
types (str, int, float, bool, None, list, dict); datetimes travel as ISO-8601 strings in UTC and
enums as their values. Services return DTO instances (our ``@rpc`` encodes them,
:mod:`shared.contracts`); clients decode the answer into the same class, so no screen or command
reads a field name out of a dict.

One module per area: ``shared.dto.definitions``, ``shared.dto.jobs``, ``shared.dto.archive``,
``shared.dto.monitor``, ``shared.dto.index``; each also declares what its service's RPCs return
(``RETURNS``).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import types
import typing
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound="Dto")
I = TypeVar("I")  # noqa: E741 - the item type of a Page


def _to_json(value: Any) -> Any:
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
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _from_json(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Page):
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
        if issubclass(tp, Dto):
            return tp.from_dict(value)
        if issubclass(tp, enum.Enum):
            return tp(value)
        if tp is dt.datetime:
            return dt.datetime.fromisoformat(value) if isinstance(value, str) else value
        if tp is dt.date:
            return dt.date.fromisoformat(value) if isinstance(value, str) else value
    return value


class Dto:
    """Mixin for ``@dataclass`` DTOs."""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls: type[T], data: dict[str, Any]) -> T:
        hints = typing.get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        # Unknown keys are ignored so that a newer server can add fields without breaking clients.
        return cls(**{k: _from_json(hints[k], v) for k, v in data.items() if k in names})


def decode(tp: Any, value: Any) -> Any:
    """``value`` as it came off the wire, turned into ``tp`` (a Dto class, ``list[X]``,
    ``Page[X]``, an enum, a datetime, or a plain type, which is returned as it is)."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Page):
        (item,) = typing.get_args(tp)
        return origin.from_dict(value, item)
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
        hints = typing.get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: _from_json(hints[k], v) for k, v in data.items() if k in names and k != "items"}
        items = data.get("items") or []
        values["items"] = [_from_json(item, v) for v in items] if item is not None else list(items)
        return cls(**values)

"""Data transfer objects: plain dataclasses that cross RPC as JSON-safe dicts.

A DTO is built from and turned into a dict of JSON types (str, int, float, bool, None, list,
dict); datetimes travel as ISO-8601 strings in UTC and enums as their values. Both sides use the
same classes, so the desktop never guesses field names.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import types
import typing
from typing import Any, TypeVar

T = TypeVar("T", bound="Dto")


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


@dataclasses.dataclass
class Page(Dto):
    """One page of a listing: ``items`` are dicts of the listed DTO; ``total`` counts all matches."""

    items: list[dict[str, Any]]
    total: int
    offset: int
    limit: int

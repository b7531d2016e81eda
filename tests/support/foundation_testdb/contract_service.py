"""A service whose answers keep or break their contract on request: for the contract checks
over a real broker. It is also an area module (``SERVICE``, ``RETURNS``) the test adds to
``shared.contracts.AREA_MODULES``."""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from server.runtime.rpc import rpc
from server.runtime.service import NasService
from shared.dto import Dto, Page
from shared.enums import JobStatus, StopReason

SERVICE = "contract_probe"

WHEN = dt.datetime(2026, 3, 1, 12, 30, 5, 120000, tzinfo=dt.UTC)


@dataclasses.dataclass
class ProbeItemDto(Dto):
    name: str
    when: dt.datetime
    status: JobStatus
    reasons: list[StopReason]


@dataclasses.dataclass
class ProbeDto(Dto):
    id: int
    day: dt.date
    items: list[ProbeItemDto]
    page: Page[ProbeItemDto]
    by_name: dict[str, ProbeItemDto]
    free: dict[str, Any]
    maybe: ProbeItemDto | None = None


def item(name: str) -> ProbeItemDto:
    return ProbeItemDto(name, WHEN, JobStatus.DONE, [StopReason.COMPLETED, StopReason.SIZE_LIMIT])


def probe() -> ProbeDto:
    return ProbeDto(id=1, day=WHEN.date(), items=[item("a"), item("b")], page=Page([item("c")], 40, 20, 1),
                    by_name={"d": item("d")}, free={"nested": {"list": [1, 2]}}, maybe=None)


class ContractProbeService(NasService):
    name = SERVICE

    @rpc
    def good(self) -> ProbeDto:
        """A DTO with datetimes, enums, nested lists, a Page and a dict of DTOs."""
        return probe()

    @rpc
    def page(self) -> Page[ProbeItemDto]:
        """A page of DTOs."""
        return Page([item("x"), item("y")], 2, 0, 10)

    @rpc
    def extra_field(self) -> ProbeItemDto:
        """A dict with a field the DTO does not declare."""
        return {**item("e").to_dict(), "password": "s3cret"}

    @rpc
    def extra_in_page(self) -> Page[ProbeItemDto]:
        """A page whose second item has a field its DTO does not declare."""
        return Page([item("p").to_dict(), {**item("q").to_dict(), "internal_id": 7}], 2, 0, 10)


RETURNS: dict[str, Any] = {
    "good": ProbeDto,
    "page": Page[ProbeItemDto],
    "extra_field": ProbeItemDto,
    "extra_in_page": Page[ProbeItemDto],
}

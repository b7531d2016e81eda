"""Harvest channels: named queues of jobs, each for snapshot or focused harvests, one default
of each kind. Harvesters take jobs from the channels they are configured for."""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from server.definitions import validation
from server.definitions.models import HarvestChannel
from shared.dto.definitions import ChannelDto
from shared.errors import AlreadyExists, NotFound


def to_dto(c: HarvestChannel) -> ChannelDto:
    return ChannelDto(c.id, c.name, c.snapshot, c.is_default, c.comments)


def get(session: Session, name: str) -> HarvestChannel:
    c = session.execute(select(HarvestChannel).where(HarvestChannel.name == name)).scalar_one_or_none()
    if c is None:
        raise NotFound(f"no harvest channel {name!r}", {"object": "harvest channel", "name": name})
    return c


def default(session: Session, snapshot: bool) -> HarvestChannel:
    c = session.execute(select(HarvestChannel).where(HarvestChannel.snapshot.is_(snapshot),
                                                     HarvestChannel.is_default.is_(True))).scalar_one_or_none()
    if c is None:
        raise NotFound(f"no default {'snapshot' if snapshot else 'focused'} harvest channel",
                       {"object": "harvest channel"})
    return c


def create(session: Session, name: str, snapshot: bool, comments: str = "") -> HarvestChannel:
    """Raises InvalidInput, AlreadyExists. Channel names are upper case, as in the seeds."""
    name = validation.check_name(name, "harvest channel").upper()
    comments = validation.check_text(comments, "comments", "harvest channel")
    if session.execute(select(HarvestChannel.id).where(HarvestChannel.name == name)).first():
        raise AlreadyExists(f"a harvest channel {name!r} exists", {"object": "harvest channel", "name": name})
    c = HarvestChannel(name=name, snapshot=bool(snapshot), is_default=False, comments=comments or "")
    session.add(c)
    session.flush()
    return c


def set_default(session: Session, name: str) -> HarvestChannel:
    """Make ``name`` the default channel of its kind. Raises NotFound."""
    c = get(session, name)
    for other in session.execute(select(HarvestChannel).where(HarvestChannel.snapshot.is_(c.snapshot),
                                                              HarvestChannel.is_default.is_(True))).scalars():
        other.is_default = False
    session.flush()
    c.is_default = True
    session.flush()
    return c


def listing(session: Session) -> list[HarvestChannel]:
    return list(session.execute(select(HarvestChannel).order_by(HarvestChannel.name)).scalars())

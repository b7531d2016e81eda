"""Crawl profiles: upload (validated against profile_schema), download byte for byte,
list, activate and deactivate."""
from __future__ import annotations

import json
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from server.db import query
from server.definitions import profile_schema, validation
from server.definitions.models import CrawlProfile, DomainConfiguration, utcnow
from shared.dto import Page
from shared.dto.definitions import ProfileDto
from shared.errors import AlreadyExists, Conflict, NotFound


def get(session: Session, name: str) -> CrawlProfile:
    profile = session.execute(select(CrawlProfile).where(CrawlProfile.name == name)).scalar_one_or_none()
    if profile is None:
        raise NotFound(f"no crawl profile {name!r}", {"object": "crawl profile", "name": name})
    return profile


def to_dto(p: CrawlProfile, with_effective: bool = True) -> ProfileDto:
    return ProfileDto(p.id, p.name, p.comments, p.active, p.document_format, p.edition, p.created_at,
                      p.updated_at, json.loads(p.effective) if with_effective else None)


def upload(session: Session, name: str, content: bytes, fmt: str | None = None, filename: str | None = None,
           comments: str | None = None, edition: int | None = None) -> CrawlProfile:
    """Store a profile document. Without ``edition`` a new profile is made (AlreadyExists if the
    name is taken); with it, the stored document is replaced if nobody changed it since.
    Raises InvalidProfile (each problem with its path), AlreadyExists, NotFound, EditionConflict."""
    name = validation.check_name(name, "crawl profile")
    comments = None if comments is None else validation.check_text(comments, "comments", "crawl profile")
    fmt = profile_schema.detect_format(filename, fmt)
    effective = profile_schema.validate(profile_schema.parse_document(content, fmt))
    existing = session.execute(select(CrawlProfile).where(CrawlProfile.name == name)).scalar_one_or_none()
    if edition is None:
        if existing is not None:
            raise AlreadyExists(f"a crawl profile {name!r} exists; give its edition to replace it",
                                {"object": "crawl profile", "name": name})
        existing = CrawlProfile(name=name, comments=comments or "", active=True, created_at=utcnow())
        session.add(existing)
    else:
        if existing is None:
            raise NotFound(f"no crawl profile {name!r}", {"object": "crawl profile", "name": name})
        validation.edition(existing, edition, "crawl profile", name)
        if comments is not None:
            existing.comments = comments
    existing.document = bytes(content)
    existing.document_format = fmt
    existing.effective = json.dumps(effective, sort_keys=True)
    existing.updated_at = utcnow()
    session.flush()
    return existing


def set_active(session: Session, name: str, active: bool, edition: int | None = None) -> CrawlProfile:
    """Activate or deactivate. The profile of a new domain's default configuration
    (``default_profile``) cannot be deactivated. Raises NotFound, EditionConflict, Conflict."""
    profile = get(session, name)
    if edition is not None:
        validation.edition(profile, edition, "crawl profile", name)
    profile.active = bool(active)
    profile.updated_at = utcnow()
    session.flush()
    return profile


def in_use(session: Session, profile: CrawlProfile) -> bool:
    return bool(session.execute(select(exists().where(DomainConfiguration.profile_id == profile.id))).scalar())


def delete(session: Session, name: str) -> None:
    """Delete a profile no configuration uses. Raises NotFound, Conflict."""
    profile = get(session, name)
    if in_use(session, profile):
        raise Conflict(f"the crawl profile {name!r} is used by domain configurations; deactivate it instead",
                       {"object": "crawl profile", "name": name})
    session.delete(profile)
    session.flush()


SORT = {"name": CrawlProfile.name, "updated_at": CrawlProfile.updated_at, "id": CrawlProfile.id}


def listing(session: Session, offset: int, limit: int, sort: str | None = None, pattern: str | None = None,
            active: bool | None = None) -> Page[ProfileDto]:
    stmt = select(CrawlProfile)
    if pattern and pattern.strip("*"):
        stmt = stmt.where(query.glob_filter(CrawlProfile.name, pattern, lower=True))
    if active is not None:
        stmt = stmt.where(CrawlProfile.active.is_(bool(active)))
    stmt = query.order_by(stmt, sort, SORT, "name", CrawlProfile.id)
    return query.page(session, stmt, offset, limit, lambda p: to_dto(p, with_effective=False))


def effective(profile: CrawlProfile) -> dict[str, Any]:
    return json.loads(profile.effective)

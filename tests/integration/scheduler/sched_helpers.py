"""Helpers of the scheduler's tests: a migrated harvest database and a few domains, definitions
and histories made directly with the ORM (independent of the definitions service's API)."""
import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from server.definitions.models import (
    CrawlProfile,
    Domain,
    DomainConfiguration,
    HarvestChannel,
    HarvestDefinition,
    HarvestHistory,
    Schedule,
    SeedList,
)
from server.harvestdb.base import utcnow
from server.settings_catalog import all_settings
from shared.config import resolve


def settings(**overrides):
    """Resolved settings; ``jobgen__max_total_size=...`` style keys under harvest.scheduler."""
    tree: dict = {}
    for key, value in overrides.items():
        node = tree
        parts = ["harvest", "scheduler", *key.split("__")]
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
    return resolve(tree, all_settings(), source="test")


def profile(s: Session, name: str = "default", active: bool = True) -> CrawlProfile:
    p = s.execute(select(CrawlProfile).where(CrawlProfile.name == name)).scalar_one_or_none()
    if p is None:
        p = CrawlProfile(name=name, comments="", active=active, document=b"{}", document_format="yaml",
                         effective='{"max_workers": 5}')
        s.add(p)
        s.flush()
    return p


def domain(s: Session, name: str, max_bytes: int = -1, max_objects: int = -1, prof: str = "default",
           alias_of: Domain | None = None, seeds: list[str] | None = None) -> DomainConfiguration:
    d = Domain(name=name, name_reversed=name[::-1], tld=name.rsplit(".", 1)[-1], comments="",
               alias_of_id=alias_of.id if alias_of else None)
    sl = SeedList(name="defaultseeds", comments="", seeds="\n".join(seeds or [f"http://www.{name}/"]))
    d.seed_lists.append(sl)
    c = DomainConfiguration(name="defaultconfig", comments="", profile_id=profile(s, prof).id, max_objects=max_objects,
                            max_bytes=max_bytes, max_request_rate=60, is_default=True)
    c.seed_lists.append(sl)
    d.configurations.append(c)
    s.add(d)
    s.flush()
    return c


def channel(s: Session, snapshot: bool) -> HarvestChannel:
    return s.execute(select(HarvestChannel).where(HarvestChannel.snapshot.is_(snapshot),
                                                  HarvestChannel.is_default.is_(True))).scalar_one()


def selective(s: Session, name: str, configs, schedule: str = "Daily", active: bool = True,
              due: bool = True) -> HarvestDefinition:
    sch = s.execute(select(Schedule).where(Schedule.name == schedule)).scalar_one()
    now = utcnow()
    first = now - dt.timedelta(minutes=1) if due else now + dt.timedelta(days=1)
    h = HarvestDefinition(name=name, kind="selective", comments="", active=active, runs=0, channel=channel(s, False),
                          schedule=sch, first_run_at=first, next_run_at=first)
    h.configurations = list(configs)
    s.add(h)
    s.flush()
    return h


def snapshot(s: Session, name: str, max_bytes: int = -1, max_objects: int = -1,
             based_on: HarvestDefinition | None = None, active: bool = True) -> HarvestDefinition:
    h = HarvestDefinition(name=name, kind="snapshot", comments="", active=active, runs=0, channel=channel(s, True),
                          max_bytes=max_bytes, max_objects=max_objects, max_job_running_time_s=0,
                          based_on_id=based_on.id if based_on else None, next_run_at=utcnow())
    s.add(h)
    s.flush()
    return h


def history(s: Session, config: DomainConfiguration, harvest: HarvestDefinition, objects: int, nbytes: int,
            reason: str = "completed", days_ago: int = 1, job_id: int | None = None) -> None:
    when = utcnow() - dt.timedelta(days=days_ago)
    s.add(HarvestHistory(domain_id=config.domain_id, configuration_id=config.id, harvest_id=harvest.id,
                         job_id=job_id, objects=objects, bytes=nbytes, stop_reason=reason, started_at=when,
                         ended_at=when))
    s.flush()


def fresh(s: Session) -> None:
    """End the session's transaction (its snapshot) and forget what it loaded."""
    s.rollback()
    s.expire_all()

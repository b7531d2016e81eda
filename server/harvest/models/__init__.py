"""The harvest database's ORM models, one module per family; importing this package registers
every table on :data:`Base.metadata` (Alembic and tests rely on that)."""
from server.harvest.models.base import Base, UtcDateTime, utcnow
from server.harvest.models.definitions import HarvestChannel, HarvestDefinition, harvest_configurations
from server.harvest.models.domains import (
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    DomainOwnerInfo,
    SeedList,
    SiteCredential,
    configuration_seed_lists,
)
from server.harvest.models.history import HarvestHistory
from server.harvest.models.ingest import IngestRun
from server.harvest.models.profiles import CrawlProfile
from server.harvest.models.schedules import Schedule
from server.harvest.models.traps import GlobalTrapExpression, GlobalTrapList
from server.harvest.scheduling import models as _scheduling_models  # noqa: F401 - its tables join the metadata

__all__ = [
    "Base", "UtcDateTime", "utcnow", "HarvestChannel", "HarvestDefinition", "harvest_configurations",
    "Domain", "DomainConfiguration", "DomainCrawlerTrap", "DomainOwnerInfo", "SeedList", "SiteCredential",
    "configuration_seed_lists", "HarvestHistory", "IngestRun", "CrawlProfile", "Schedule",
    "GlobalTrapExpression", "GlobalTrapList",
]

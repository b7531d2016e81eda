"""The definitions' tables in the harvest database, one module per family. The scheduler's
tables live in ``server.scheduler.models`` on the same ``Base`` (``server.harvestdb``)."""
from server.definitions.models.definitions import HarvestChannel, HarvestDefinition, harvest_configurations
from server.definitions.models.domains import (
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    DomainOwnerInfo,
    SeedList,
    SiteCredential,
    configuration_seed_lists,
)
from server.definitions.models.history import HarvestHistory
from server.definitions.models.ingest import IngestRun
from server.definitions.models.profiles import CrawlProfile
from server.definitions.models.schedules import Schedule
from server.definitions.models.traps import GlobalTrapExpression, GlobalTrapList
from server.definitions.models.users import User
from server.harvestdb.base import Base, UtcDateTime, utcnow

__all__ = [
    "Base", "UtcDateTime", "utcnow", "HarvestChannel", "HarvestDefinition", "harvest_configurations",
    "Domain", "DomainConfiguration", "DomainCrawlerTrap", "DomainOwnerInfo", "SeedList", "SiteCredential",
    "configuration_seed_lists", "HarvestHistory", "IngestRun", "CrawlProfile", "Schedule",
    "GlobalTrapExpression", "GlobalTrapList", "User",
]

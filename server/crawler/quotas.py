"""Per-domain quotas and statistics, as NetarchiveSuite sets up Heritrix's QuotaEnforcer.

Every registered domain has two possible limits for bytes and for objects: the one of its
*domain configuration* and the one of the *harvest definition*. The smaller one applies; the
stop reason says which one stopped the domain (``config-size-limit`` / ``config-object-limit``
for the configuration's, ``size-limit`` / ``object-limit`` for the harvest's; when both are
equal the harvest's wins, as NetarchiveSuite reports it). Like QuotaEnforcer, the check comes
before each fetch: once a domain has reached a limit, its remaining URIs are logged with -5003
and not fetched. Objects and bytes count every URI with a positive status (dns: included), bytes
as crawl.log's size field.
"""
from __future__ import annotations

from dataclasses import dataclass

from server.crawler.spec import Limit, Quotas
from shared.enums import StopReason


@dataclass
class DomainStat:
    objects: int = 0
    bytes: int = 0
    quota: str | None = None  # the stop reason once a limit was reached


def _pick(config: int, harvest: int, config_reason: str, harvest_reason: str) -> tuple[int, str | None]:
    c = config if config is not None and config >= 0 else None
    h = harvest if harvest is not None and harvest >= 0 else None
    if c is None and h is None:
        return -1, None
    if h is None or (c is not None and c < h):
        return c, config_reason  # type: ignore[return-value]
    return h, harvest_reason


class DomainQuotas:
    """Counts objects and bytes per domain and answers "may this domain fetch more?"."""

    def __init__(self, quotas: Quotas):
        self.quotas = quotas
        self.stats: dict[str, DomainStat] = {}
        self._limits: dict[str, tuple[int, str | None, int, str | None]] = {}
        self.dirty: set[str] = set()

    def limits(self, domain: str) -> tuple[int, str | None, int, str | None]:
        """(max bytes, its stop reason, max objects, its stop reason); -1 = unlimited."""
        cached = self._limits.get(domain)
        if cached is None:
            config: Limit = self.quotas.domains.get(domain, self.quotas.default_config)
            harvest = self.quotas.harvest
            b = _pick(config.max_bytes, harvest.max_bytes, StopReason.CONFIG_SIZE_LIMIT, StopReason.SIZE_LIMIT)
            o = _pick(config.max_objects, harvest.max_objects, StopReason.CONFIG_OBJECT_LIMIT, StopReason.OBJECT_LIMIT)
            cached = (b[0], b[1], o[0], o[1])
            if len(self._limits) < 100_000:
                self._limits[domain] = cached
        return cached

    def stat(self, domain: str) -> DomainStat:
        s = self.stats.get(domain)
        if s is None:
            s = self.stats[domain] = DomainStat()
        return s

    def blocked(self, domain: str) -> str | None:
        """The stop reason when the domain has used up a quota, else None."""
        s = self.stat(domain)
        if s.quota:
            return s.quota
        max_bytes, bytes_reason, max_objects, objects_reason = self.limits(domain)
        if max_objects >= 0 and s.objects >= max_objects:
            s.quota = objects_reason
        elif max_bytes >= 0 and s.bytes >= max_bytes:
            s.quota = bytes_reason
        if s.quota:
            self.dirty.add(domain)
        return s.quota

    def record(self, domain: str, status: int, size: int) -> None:
        if status <= 0:
            self.stat(domain)
            return
        s = self.stat(domain)
        s.objects += 1
        s.bytes += size
        self.dirty.add(domain)

    def stop_reason(self, domain: str, unfinished: bool, ended_by: str) -> str:
        """Final stop reason: a quota if one was hit; otherwise 'completed' when nothing is left
        queued, else why the crawl ended (time-limit, or unfinished for an interruption)."""
        s = self.stat(domain)
        if s.quota:
            return s.quota
        if not unfinished:
            return StopReason.COMPLETED
        return StopReason.TIME_LIMIT if ended_by == StopReason.TIME_LIMIT else StopReason.UNFINISHED

    def take_dirty(self) -> list[tuple[str, int, int, str | None]]:
        rows = [(d, self.stats[d].objects, self.stats[d].bytes, self.stats[d].quota) for d in self.dirty]
        self.dirty.clear()
        return rows

    def restore(self, rows) -> None:
        for domain, objects, size, quota in rows:
            self.stats[domain] = DomainStat(objects, size, quota)

"""Seed lists and configurations of a domain. Both are parts of the domain: each change takes
the domain's edition and raises it."""
from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from server.definitions import domains, validation
from server.definitions.models import CrawlProfile, Domain, DomainConfiguration, SeedList, harvest_configurations
from shared.errors import Conflict, InvalidInput, NotFound


def save_seed_list(session: Session, domain_name: str, edition: int, name: str, seeds: list[str] | str,
                   comments: str | None = None) -> Domain:
    """Create the seed list ``name`` or replace its seeds. Every seed must be an http(s) URL in the
    domain. Raises DomainNotFound, EditionConflict, InvalidUrl, InvalidInput."""
    domain = domains.get(session, domain_name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    name = validation.check_name(name, "seed list")
    urls = validation.seed_urls(seeds, domain.name)
    if not urls:
        raise InvalidInput(f"the seed list {name!r} needs at least one seed", {"field": "seeds", "name": name})
    seed_list = next((s for s in domain.seed_lists if s.name == name), None)
    if seed_list is None:
        seed_list = SeedList(name=name, comments="")
        domain.seed_lists.append(seed_list)
    seed_list.seeds = "\n".join(urls)
    if comments is not None:
        seed_list.comments = validation.check_text(comments, "comments", "seed list")
    domains.touch(domain)
    session.flush()
    return domain


def delete_seed_list(session: Session, domain_name: str, edition: int, name: str) -> Domain:
    """Remove a seed list no configuration uses. Raises DomainNotFound, EditionConflict, NotFound,
    Conflict."""
    domain = domains.get(session, domain_name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    seed_list = _seed_list(domain, name)
    users = [c.name for c in domain.configurations if seed_list in c.seed_lists]
    if users:
        raise Conflict(f"the seed list {name!r} of {domain.name} is used by the configuration(s) {', '.join(users)}",
                       {"domain": domain.name, "seed_list": name, "configurations": users})
    domain.seed_lists.remove(seed_list)
    domains.touch(domain)
    session.flush()
    return domain


def _seed_list(domain: Domain, name: str) -> SeedList:
    found = next((s for s in domain.seed_lists if s.name == name), None)
    if found is None:
        raise NotFound(f"the domain {domain.name} has no seed list {name!r}",
                       {"object": "seed list", "domain": domain.name, "name": name})
    return found


def configuration(domain: Domain, name: str) -> DomainConfiguration:
    found = next((c for c in domain.configurations if c.name == name), None)
    if found is None:
        raise NotFound(f"the domain {domain.name} has no configuration {name!r}",
                       {"object": "configuration", "domain": domain.name, "name": name})
    return found


def profile_by_name(session: Session, name: str) -> CrawlProfile:
    profile = session.execute(select(CrawlProfile).where(CrawlProfile.name == name)).scalar_one_or_none()
    if profile is None:
        raise NotFound(f"no crawl profile {name!r}", {"object": "crawl profile", "name": name})
    return profile


def save_configuration(session: Session, domain_name: str, edition: int, name: str, *,
                       profile: str | None = None, seed_lists: list[str] | None = None,
                       max_objects: int | None = None, max_bytes: int | None = None,
                       max_request_rate: int | None = None, comments: str | None = None,
                       make_default: bool = False) -> Domain:
    """Create the configuration ``name`` or change the fields given. A new one needs a profile
    and at least one seed list; an inactive profile cannot be chosen. Raises DomainNotFound,
    EditionConflict, NotFound (profile, seed list), InvalidInput."""
    domain = domains.get(session, domain_name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    name = validation.check_name(name, "configuration")
    with session.no_autoflush:  # a new configuration is incomplete until its profile is set
        _apply_configuration(session, domain, name, profile, seed_lists, max_objects, max_bytes,
                             max_request_rate, comments, make_default)
    domains.touch(domain)
    session.flush()
    return domain


def _apply_configuration(session: Session, domain: Domain, name: str, profile: str | None,
                         seed_lists: list[str] | None, max_objects: int | None, max_bytes: int | None,
                         max_request_rate: int | None, comments: str | None, make_default: bool) -> None:
    config = next((c for c in domain.configurations if c.name == name), None)
    # a profile named is looked up first: one that does not exist is said as such (#33), not
    # blamed on a missing argument
    p = profile_by_name(session, profile) if profile is not None else None
    if config is None:
        missing = [what for what, given in (("a crawl profile", profile is not None),
                                            ("at least one seed list", bool(seed_lists))) if not given]
        if missing:
            raise InvalidInput(f"a new configuration ({name!r}) needs {' and '.join(missing)}",
                               {"domain": domain.name, "name": name, "missing": missing})
        default = domain.default_configuration
        config = DomainConfiguration(
            name=name, comments="", is_default=False,
            max_objects=default.max_objects if default else -1, max_bytes=default.max_bytes if default else -1,
            max_request_rate=default.max_request_rate if default else 60)
        domain.configurations.append(config)
    if p is not None:
        if not p.active and config.profile_id != p.id:
            raise Conflict(f"the crawl profile {profile!r} is inactive; activate it first",
                           {"object": "crawl profile", "name": profile})
        config.profile = p
    if seed_lists is not None:
        if not seed_lists:
            raise InvalidInput(f"the configuration {name!r} needs at least one seed list", {"name": name})
        config.seed_lists = [_seed_list(domain, s) for s in dict.fromkeys(seed_lists)]
    if max_objects is not None:
        config.max_objects = validation.limit(max_objects, "max_objects")
    if max_bytes is not None:
        config.max_bytes = validation.limit(max_bytes, "max_bytes")
    if max_request_rate is not None:
        config.max_request_rate = validation.positive(max_request_rate, "max_request_rate")
    if comments is not None:
        config.comments = validation.check_text(comments, "comments", "configuration")
    if make_default:
        _make_default(session, domain, config)


def _make_default(session: Session, domain: Domain, config: DomainConfiguration) -> None:
    for c in domain.configurations:
        if c is not config and c.is_default:
            c.is_default = False
    session.flush()  # the old default off before the new one on: the unique index checks each row
    config.is_default = True


def set_default_configuration(session: Session, domain_name: str, edition: int, name: str) -> Domain:
    """Make ``name`` the domain's default configuration (the one snapshots use). Raises
    DomainNotFound, EditionConflict, NotFound."""
    domain = domains.get(session, domain_name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    _make_default(session, domain, configuration(domain, name))
    domains.touch(domain)
    session.flush()
    return domain


def delete_configuration(session: Session, domain_name: str, edition: int, name: str) -> Domain:
    """Remove a configuration that is not the default and no harvest uses. Raises DomainNotFound,
    EditionConflict, NotFound, Conflict."""
    domain = domains.get(session, domain_name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    config = configuration(domain, name)
    if config.is_default:
        raise Conflict(f"{name!r} is the default configuration of {domain.name}; choose another default first",
                       {"domain": domain.name, "configuration": name})
    used = session.execute(select(exists().where(harvest_configurations.c.configuration_id == config.id))).scalar()
    if used:
        raise Conflict(f"the configuration {name!r} of {domain.name} is part of a harvest definition",
                       {"domain": domain.name, "configuration": name})
    domain.configurations.remove(config)
    domains.touch(domain)
    session.flush()
    return domain

"""Domains: creation with their defaults, reading, editing, crawler traps, owner notes, aliases,
site credentials, listing and glob search."""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Iterable
from typing import Any

from sqlalchemy import exists, false, literal_column, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from server.db import query
from server.definitions import validation
from server.definitions.credentials import CredentialCipher
from server.definitions.models import (
    CrawlProfile,
    Domain,
    DomainConfiguration,
    DomainCrawlerTrap,
    DomainOwnerInfo,
    SeedList,
    SiteCredential,
    utcnow,
)
from shared.dto import Page
from shared.dto.definitions import (
    ConfigurationDto,
    CredentialDto,
    DomainDto,
    DomainSummaryDto,
    OwnerInfoDto,
    SearchPage,
    SeedListDto,
    SiteLoginDto,
)
from shared.errors import AlreadyExists, Conflict, DomainNotFound, InvalidInput, NotFound

#: the role a caller must name to see site passwords
CREDENTIALS_ROLE = "credentials"


@dataclasses.dataclass(frozen=True)
class DomainDefaults:
    """What a new domain gets (from the ``harvest.domain.*`` settings)."""

    max_bytes: int = 1_000_000_000
    max_objects: int = -1
    max_request_rate: int = 60
    add_www_seed: bool = True
    add_https_seed: bool = True
    profile: str = "default"
    configuration_name: str = "defaultconfig"
    seed_list_name: str = "defaultseeds"
    alias_valid_days: int = 365

    @classmethod
    def from_settings(cls, s: Any) -> DomainDefaults:
        p = "harvest.domain."
        return cls(s[p + "default_max_bytes"], s[p + "default_max_objects"], s[p + "default_max_request_rate"],
                   s[p + "add_www_seed"], s[p + "add_https_seed"], s[p + "default_profile"],
                   s[p + "default_configuration_name"], s[p + "default_seed_list_name"], s[p + "alias_valid_days"])

    def seeds(self, name: str) -> list[str]:
        host = f"www.{name}" if self.add_www_seed else name
        return [f"http://{host}"] + ([f"https://{host}"] if self.add_https_seed else [])


def tld_of(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def default_profile_id(session: Session, defaults: DomainDefaults) -> int:
    pid = session.execute(select(CrawlProfile.id).where(CrawlProfile.name == defaults.profile)).scalar_one_or_none()
    if pid is None:
        raise NotFound(f"the default crawl profile {defaults.profile!r} (harvest.domain.default_profile) does not "
                       "exist; upload it first", {"object": "crawl profile", "name": defaults.profile})
    return pid


def new_domain(session: Session, name: str, defaults: DomainDefaults, comments: str = "",
               profile_id: int | None = None) -> Domain:
    """A Domain with its default seed list and configuration, added to the session (not flushed)."""
    now = utcnow()
    domain = Domain(name=name, name_reversed=name[::-1], tld=tld_of(name), comments=comments,
                    created_at=now, updated_at=now)
    seeds = SeedList(name=defaults.seed_list_name, seeds="\n".join(defaults.seeds(name)), comments="")
    config = DomainConfiguration(
        name=defaults.configuration_name, profile_id=profile_id or default_profile_id(session, defaults),
        max_objects=defaults.max_objects, max_bytes=defaults.max_bytes,
        max_request_rate=defaults.max_request_rate, is_default=True, comments="", seed_lists=[seeds])
    domain.seed_lists.append(seeds)
    domain.configurations.append(config)
    session.add(domain)
    return domain


def create_domain(session: Session, name: str, defaults: DomainDefaults, comments: str = "") -> Domain:
    """Create ``name`` (normalised) with its defaults. Raises InvalidDomain, AlreadyExists."""
    name = validation.domain_name(name)
    comments = validation.check_text(comments, "comments", "domain")
    if find(session, name) is not None:
        raise AlreadyExists(f"the domain {name} already exists", {"object": "domain", "name": name})
    domain = new_domain(session, name, defaults, comments)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise AlreadyExists(f"the domain {name} already exists", {"object": "domain", "name": name}) from None
    return domain


def find(session: Session, name: str) -> Domain | None:
    return session.execute(select(Domain).where(Domain.name == name)).scalar_one_or_none()


def get(session: Session, name: str, *, full: bool = False) -> Domain:
    """The domain called ``name`` (any spelling that normalises to it). Raises DomainNotFound."""
    if not isinstance(name, str):
        raise DomainNotFound(f"no domain {name!r}", {"name": name})
    from shared.domain_names import normalise_host

    norm = normalise_host(name)
    # populate_existing: an edition check must see the row as it is now, not as this session
    # saw it earlier
    stmt = select(Domain).where(Domain.name == norm).execution_options(populate_existing=True)
    if full:
        stmt = stmt.options(
            selectinload(Domain.seed_lists), selectinload(Domain.crawler_traps), selectinload(Domain.owner_info),
            selectinload(Domain.credentials), selectinload(Domain.alias_of),
            selectinload(Domain.configurations).selectinload(DomainConfiguration.seed_lists),
            selectinload(Domain.configurations).selectinload(DomainConfiguration.profile))
    domain = session.execute(stmt).scalar_one_or_none()
    if domain is None:
        raise DomainNotFound(f"no domain {name!r}", {"name": name})
    return domain


def touch(domain: Domain) -> None:
    """Mark the domain changed: its edition goes up on flush (seed lists and configurations are
    parts of the domain, guarded by its edition)."""
    domain.updated_at = utcnow()


def to_dto(session: Session, domain: Domain, cipher: CredentialCipher | None = None,
           roles: Iterable[str] = ()) -> DomainDto:
    reveal = CREDENTIALS_ROLE in set(roles or ()) and cipher is not None
    aliases = session.execute(select(Domain.name).where(Domain.alias_of_id == domain.id).order_by(Domain.name))
    default = domain.default_configuration
    return DomainDto(
        id=domain.id, name=domain.name, tld=domain.tld, comments=domain.comments, edition=domain.edition,
        created_at=domain.created_at, alias_of=domain.alias_of.name if domain.alias_of else None,
        alias_set_at=domain.alias_set_at, alias_expires_at=domain.alias_expires_at,
        default_configuration=default.name if default else None,
        seed_lists=[SeedListDto(s.name, s.urls, s.comments) for s in domain.seed_lists],
        configurations=[configuration_dto(c) for c in domain.configurations],
        crawler_traps=[t.expression for t in domain.crawler_traps],
        owner_info=[OwnerInfoDto(o.created_at, o.info) for o in domain.owner_info],
        credentials=[CredentialDto(c.id, c.url, c.realm, c.username,
                                   cipher.decrypt(c.password_encrypted) if reveal else None,
                                   c.kind or "basic", c.username_field or "", c.password_field or "",
                                   _form_fields(c.form_fields))
                     for c in domain.credentials],
        aliases=list(aliases.scalars()),
    )


def configuration_dto(c: DomainConfiguration) -> ConfigurationDto:
    return ConfigurationDto(c.name, c.profile.name, [s.name for s in c.seed_lists], c.max_objects, c.max_bytes,
                            c.max_request_rate, c.is_default, c.comments)


def summary(d: Domain) -> DomainSummaryDto:
    return DomainSummaryDto(d.id, d.name, d.tld, d.comments, d.alias_of.name if d.alias_of else None,
                            d.edition, d.created_at)


def update(session: Session, name: str, edition: int, *, comments: str | None = None,
           crawler_traps: list[str] | None = None) -> Domain:
    """Change comments and/or the crawler traps (a whole new list, each regex checked).

    Raises DomainNotFound, EditionConflict, InvalidRegex."""
    domain = get(session, name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    if comments is not None:
        domain.comments = validation.check_text(comments, "comments", "domain")
    if crawler_traps is not None:
        traps = validation.regexes(crawler_traps)
        domain.crawler_traps = [DomainCrawlerTrap(position=i, expression=t) for i, t in enumerate(traps)]
    touch(domain)
    session.flush()
    return domain


def add_owner_info(session: Session, name: str, edition: int, info: str) -> Domain:
    """Add a dated note on the domain's owner. Raises DomainNotFound, EditionConflict, InvalidInput."""
    if not isinstance(info, str) or not info.strip():
        raise InvalidInput("owner information must not be empty", {"field": "info"})
    domain = get(session, name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    domain.owner_info.append(DomainOwnerInfo(info=info.strip(), created_at=utcnow()))
    touch(domain)
    session.flush()
    return domain


def set_alias(session: Session, name: str, edition: int, alias_of: str | None, valid_days: int,
              now: dt.datetime | None = None) -> Domain:
    """Make ``name`` an alias of ``alias_of`` (None: not an alias any more), valid ``valid_days``.

    Setting the same target again re-confirms it (a new expiry). An alias is left out of snapshot
    harvests. Raises DomainNotFound, EditionConflict, Conflict (self, chains)."""
    now = now or utcnow()
    domain = get(session, name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    if alias_of is None:
        domain.alias_of, domain.alias_set_at, domain.alias_expires_at = None, None, None
    else:
        target = get(session, alias_of)
        if target.id == domain.id:
            raise Conflict(f"the domain {domain.name} cannot be an alias of itself", {"name": domain.name})
        if target.alias_of_id is not None:
            raise Conflict(f"{target.name} is itself an alias (of {target.alias_of.name}); make {domain.name} an "
                           f"alias of that domain instead", {"name": domain.name, "alias_of": target.name})
        if session.execute(select(exists().where(Domain.alias_of_id == domain.id))).scalar():
            raise Conflict(f"other domains are aliases of {domain.name}, so it cannot become an alias itself",
                           {"name": domain.name, "alias_of": target.name})
        domain.alias_of = target
        domain.alias_set_at = now
        domain.alias_expires_at = now + dt.timedelta(days=valid_days)
    touch(domain)
    session.flush()
    return domain


def expired_aliases(session: Session, offset: int, limit: int,
                    now: dt.datetime | None = None) -> Page[DomainSummaryDto]:
    """Aliases whose confirmation has run out, the longest expired first."""
    now = now or utcnow()
    stmt = (select(Domain).options(selectinload(Domain.alias_of))
            .where(Domain.alias_of_id.is_not(None), Domain.alias_expires_at <= now)
            .order_by(Domain.alias_expires_at, Domain.id))
    return query.page(session, stmt, offset, limit, summary)


def set_credentials(session: Session, name: str, edition: int, credentials: list[dict[str, Any]],
                    cipher: CredentialCipher) -> Domain:
    """Replace the domain's site logins. An item with the ``id`` of a stored login and no
    ``password`` keeps that login's password. Raises DomainNotFound, EditionConflict, InvalidUrl,
    InvalidInput."""
    domain = get(session, name, full=True)
    validation.edition(domain, edition, "domain", domain.name)
    old = {c.id: c for c in domain.credentials}
    new = []
    for i, item in enumerate(credentials or []):
        if not isinstance(item, dict):
            raise InvalidInput(f"credential {i + 1}: expected a mapping", {"index": i})
        url = validation.seed_url(item.get("url"), domain.name)
        username = item.get("username")
        if not isinstance(username, str) or not username:
            raise InvalidInput(f"credential {i + 1}: a user name is required", {"index": i, "field": "username"})
        password = item.get("password")
        if password is None:
            keep = old.get(item.get("id"))
            if keep is None:
                raise InvalidInput(f"credential {i + 1}: a password is required", {"index": i, "field": "password"})
            token = keep.password_encrypted
        elif not isinstance(password, str):
            raise InvalidInput(f"credential {i + 1}: the password must be text", {"index": i, "field": "password"})
        else:
            token = cipher.encrypt(password)
        kind, username_field, password_field, form_fields = _login_how(i, item)
        new.append(SiteCredential(url=url, realm=str(item.get("realm") or ""), username=username,
                                  password_encrypted=token, kind=kind, username_field=username_field,
                                  password_field=password_field, form_fields=json.dumps(form_fields)))
    domain.credentials = new
    touch(domain)
    session.flush()
    return domain


# --- listing and search -----------------------------------------------------------------------

SORT_COLUMNS = {"name": Domain.name, "created_at": Domain.created_at, "tld": Domain.tld, "id": Domain.id}
SEARCH_FIELDS = ("name", "comments", "crawler_traps")


#: a search counts its matches up to this many; more are reported as this many, "capped"
SEARCH_COUNT_CAP = 10_000
#: a name search with at most this many matches sorts them; with more, it walks the name index
#: in order and stops at the page (every so many names match that the page comes soon)
SEARCH_SORT_LIMIT = 2_000
#: the FTS5 trigram table over domains.name on SQLite (migration 0200_domain_search_indexes)
FTS_TABLE = "domains_name_fts"


def search(session: Session, pattern: str | None, field: str, offset: int, limit: int,
           sort: str | None = None) -> Page[DomainSummaryDto]:
    """Domains whose ``field`` matches the glob ``pattern`` (None or ``*``: all), one page.

    ``name`` globs are matched on the normalised name (so ``*.CO.UK`` works); ``comments`` ignore
    case; ``crawler_traps`` match any trap's text. Raises InvalidInput for an unknown field or sort.

    A search with a pattern counts its matches only up to :data:`SEARCH_COUNT_CAP`: the result
    (a :class:`SearchPage`) then says ``total_capped``. How a name glob finds its rows:

    * a literal head (``kb*``): a range on the name's index;
    * a literal tail (``*.co.uk``): a range on the reversed name's index, filtered there too
      (``name_reversed LIKE 'ku.oc.%'``), so counting never reads the table;
    * wildcards at both ends (``*bib*``) with three literal characters in a row: the trigram
      index (PostgreSQL ``pg_trgm``, SQLite FTS5), else a scan;
    * up to :data:`SEARCH_SORT_LIMIT` matches are found by that route first (ids only), then
      sorted and paged by id (so a planner that misjudges a LIKE cannot walk the whole name index);
      with more, sorted by name, SQLite reads them in name order from the name's index, stopping
      at the page, instead of sorting every match.
    """
    if field not in SEARCH_FIELDS:
        raise InvalidInput(f"cannot search domains by {field!r}; choose one of {', '.join(SEARCH_FIELDS)}",
                           {"field": field, "choices": list(SEARCH_FIELDS)})
    stmt = select(Domain).options(selectinload(Domain.alias_of))
    if not (pattern and pattern.strip("*")):
        stmt = query.order_by(stmt, sort, SORT_COLUMNS, "name", Domain.id)
        return query.page(session, stmt, offset, limit, summary, count_stmt=select(Domain.id))
    exact: list = []  # decides alone which rows match
    narrow: list = []  # an index route to (a superset of) them, if any
    if field == "name":
        from shared.domain_names import normalise_host

        glob = pattern.strip().lower()
        if not any(c in glob for c in "*?"):
            glob = normalise_host(glob)
        head = query.literal_head(glob)
        tail = query.literal_head(glob[::-1])
        if head:
            narrow.append(query.prefix_range(Domain.name, head))
            exact.append(query.glob_filter(Domain.name, glob))
        elif tail:
            # the reversed name matches the reversed glob: checked on the reversed name's index
            narrow.append(query.prefix_range(Domain.name_reversed, tail))
            exact.append(query.glob_filter(Domain.name_reversed, glob[::-1]))
        else:
            exact.append(query.glob_filter(Domain.name, glob))
            trigram = _trigram_route(session, glob)
            if trigram is not None:
                narrow.append(trigram)
    elif field == "comments":
        exact.append(query.glob_filter(Domain.comments, pattern, lower=True))
    else:
        exact.append(exists().where(DomainCrawlerTrap.domain_id == Domain.id,
                                    query.glob_filter(DomainCrawlerTrap.expression, pattern)))
    where = narrow + exact
    # the matches' ids first, up to SEARCH_SORT_LIMIT (no order: each database takes its index
    # route); if that is all of them, the page is sorted from those ids alone
    ids = session.execute(select(Domain.id).where(*where).limit(SEARCH_SORT_LIMIT + 1)).scalars().all()
    if len(ids) <= SEARCH_SORT_LIMIT:
        total = len(ids)
        where = [Domain.id.in_(ids)] if ids else [false()]
    else:
        total = query.count_upto(session, select(Domain.id).where(*where), SEARCH_COUNT_CAP)
    capped = total > SEARCH_COUNT_CAP
    total = min(total, SEARCH_COUNT_CAP)
    if len(ids) > SEARCH_SORT_LIMIT:
        key = (sort or "name").lstrip("+")
        if field == "name" and not head and key in ("name", "-name") and session.get_bind().dialect.name == "sqlite":
            # many matches, in name order: walk the name's index and stop at the page instead
            # of sorting every match (PostgreSQL's planner makes this choice itself)
            where = [query.glob_filter(Domain.name, glob)]
    stmt = query.order_by(stmt.where(*where), sort, SORT_COLUMNS, "name", Domain.id)
    rows = session.execute(stmt.offset(offset).limit(limit)).scalars().all() if offset < total or capped else []
    return SearchPage(items=[summary(r) for r in rows], total=total, offset=offset, limit=limit,
                      total_capped=capped)


def _trigram_route(session: Session, glob: str):
    """A condition that finds the names holding the glob's longest literal run through a trigram
    index, or None (no run of three characters; SQLite without the FTS table). PostgreSQL's
    planner uses ``pg_trgm`` for the LIKE filter by itself."""
    runs = [r for r in query.literal_runs(glob) if len(r) >= 3]
    if not runs or session.get_bind().dialect.name != "sqlite":
        return None
    if session.execute(text("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = :t"),
                       {"t": FTS_TABLE}).first() is None:
        return None
    # FTS5's trigram LIKE (no ESCAPE there: a "_" or "%" in the run only widens the candidates,
    # and the exact filter beside this decides)
    run = max(runs, key=len)
    return Domain.id.in_(select(literal_column("rowid")).select_from(text(FTS_TABLE))
                         .where(text(f"{FTS_TABLE}.name LIKE :run").bindparams(run=f"%{run}%")))


# -- site logins for the crawler -----------------------------------------------------------------
LOGIN_KINDS = ("basic", "digest", "form")


def _login_how(i: int, item: dict[str, Any]) -> tuple[str, str, str, dict[str, str]]:
    """A credential's login kind and form details, validated. Raises InvalidInput."""
    kind = item.get("kind") or "basic"
    if kind not in LOGIN_KINDS:
        raise InvalidInput(f"credential {i + 1}: kind must be basic, digest or form", {"index": i, "field": "kind"})
    fields = item.get("form_fields") or {}
    if not isinstance(fields, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in fields.items()):
        raise InvalidInput(f"credential {i + 1}: form_fields must map names to text",
                           {"index": i, "field": "form_fields"})
    names = []
    for key in ("username_field", "password_field"):
        value = item.get(key) or ""
        if not isinstance(value, str):
            raise InvalidInput(f"credential {i + 1}: {key} must be text", {"index": i, "field": key})
        names.append(value)
    if kind == "form" and not all(names):
        raise InvalidInput(f"credential {i + 1}: a form login needs username_field and password_field",
                           {"index": i, "field": "username_field"})
    return kind, names[0], names[1], fields


def _form_fields(raw: str | None) -> dict[str, str]:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def site_logins(session: Session, names: Iterable[str], cipher: CredentialCipher) -> list[SiteLoginDto]:
    """The site logins of the named domains (unknown names are skipped), passwords decrypted: for
    the harvester, which hands them to the crawler without writing them to disk."""
    wanted = sorted({n.strip().lower() for n in names if isinstance(n, str) and n.strip()})
    out: list[SiteLoginDto] = []
    for start in range(0, len(wanted), 500):
        rows = session.execute(
            select(Domain.name, SiteCredential).join(SiteCredential, SiteCredential.domain_id == Domain.id)
            .where(Domain.name.in_(wanted[start:start + 500])).order_by(Domain.name, SiteCredential.id))
        for name, c in rows:
            out.append(SiteLoginDto(domain=name, kind=c.kind or "basic", url=c.url, realm=c.realm,
                                    username=c.username, password=cipher.decrypt(c.password_encrypted),
                                    username_field=c.username_field or "", password_field=c.password_field or "",
                                    form_fields=_form_fields(c.form_fields)))
    return out

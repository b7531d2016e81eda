"""Domains and what belongs to one: seed lists, configurations, crawler traps, owner notes,
site credentials, and the alias relation.

Seed lists and configurations are parts of their domain: saving either bumps the domain's
edition, so one edition number guards the whole domain (as in the seeds' Domain object).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from server.harvestdb.base import Base, UtcDateTime, utcnow

#: a configuration harvests one or more of its domain's seed lists
configuration_seed_lists = Table(
    "configuration_seed_lists",
    Base.metadata,
    Column("configuration_id", ForeignKey("configurations.id", ondelete="CASCADE"), primary_key=True),
    Column("seed_list_id", ForeignKey("seed_lists.id", ondelete="CASCADE"), primary_key=True, index=True),
)


class Domain(Base):
    __tablename__ = "domains"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: normalised: lower case, Unicode (IDNA-decoded) labels, no trailing dot
    name: Mapped[str] = mapped_column(String(255), unique=True)
    #: the name reversed character by character, so that suffix globs (``*.co.uk``) use an index
    name_reversed: Mapped[str] = mapped_column(String(255), index=True)
    tld: Mapped[str] = mapped_column(String(63), index=True)
    comments: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    edition: Mapped[int] = mapped_column(Integer, nullable=False)
    alias_of_id: Mapped[int | None] = mapped_column(ForeignKey("domains.id"), index=True)
    alias_set_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    alias_expires_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    #: the mass ingest that created this domain, if any (provenance; tells duplicates in a file
    #: from domains that existed before the ingest)
    ingest_run_id: Mapped[int | None] = mapped_column(Integer)

    alias_of: Mapped[Domain | None] = relationship(remote_side=[id])
    seed_lists: Mapped[list[SeedList]] = relationship(
        back_populates="domain", cascade="all, delete-orphan", order_by="SeedList.name")
    configurations: Mapped[list[DomainConfiguration]] = relationship(
        back_populates="domain", cascade="all, delete-orphan", order_by="DomainConfiguration.name")
    crawler_traps: Mapped[list[DomainCrawlerTrap]] = relationship(
        cascade="all, delete-orphan", order_by="DomainCrawlerTrap.position")
    owner_info: Mapped[list[DomainOwnerInfo]] = relationship(
        cascade="all, delete-orphan", order_by="DomainOwnerInfo.created_at")
    credentials: Mapped[list[SiteCredential]] = relationship(
        cascade="all, delete-orphan", order_by="SiteCredential.id")

    __mapper_args__ = {"version_id_col": edition}

    @property
    def default_configuration(self) -> DomainConfiguration | None:
        return next((c for c in self.configurations if c.is_default), None)


class SeedList(Base):
    __tablename__ = "seed_lists"
    __table_args__ = (UniqueConstraint("domain_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(255))
    comments: Mapped[str] = mapped_column(Text, default="")
    #: one URL a line, as the seeds store it (a seed list is read and written whole)
    seeds: Mapped[str] = mapped_column(Text, default="")

    domain: Mapped[Domain] = relationship(back_populates="seed_lists")

    @property
    def urls(self) -> list[str]:
        return [u for u in self.seeds.split("\n") if u]


class DomainConfiguration(Base):
    __tablename__ = "configurations"
    __table_args__ = (
        UniqueConstraint("domain_id", "name"),
        # exactly one default per domain: at most one by this index, at least one by the code
        Index("ix_configurations_one_default", "domain_id", unique=True,
              sqlite_where=text("is_default"), postgresql_where=text("is_default")),
        Index("ix_configurations_profile_id", "profile_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(255))
    comments: Mapped[str] = mapped_column(Text, default="")
    profile_id: Mapped[int] = mapped_column(ForeignKey("crawl_profiles.id"))
    max_objects: Mapped[int] = mapped_column(BigInteger)   # -1: no limit
    max_bytes: Mapped[int] = mapped_column(BigInteger)     # -1: no limit
    max_request_rate: Mapped[int] = mapped_column(Integer)  # requests a minute
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)

    domain: Mapped[Domain] = relationship(back_populates="configurations")
    profile = relationship("CrawlProfile")
    seed_lists: Mapped[list[SeedList]] = relationship(secondary=configuration_seed_lists, order_by="SeedList.name")


class DomainCrawlerTrap(Base):
    """A regular expression of URLs not to follow on this domain."""

    __tablename__ = "domain_crawler_traps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    expression: Mapped[str] = mapped_column(Text)


class DomainOwnerInfo(Base):
    """A dated note on who owns or runs the domain."""

    __tablename__ = "domain_owner_info"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    info: Mapped[str] = mapped_column(Text)


class SiteCredential(Base):
    """A login for part of a site. The password is stored encrypted (see credentials.py)."""

    __tablename__ = "site_credentials"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"), index=True)
    url: Mapped[str] = mapped_column(Text)
    realm: Mapped[str] = mapped_column(String(255), default="")
    username: Mapped[str] = mapped_column(String(255))
    password_encrypted: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, default=utcnow)
    # how the crawler logs in: basic | digest (answering the realm's challenge) | form (POST to url)
    kind: Mapped[str] = mapped_column(String(16), default="basic", server_default="basic")
    username_field: Mapped[str] = mapped_column(String(255), default="", server_default="")
    password_field: Mapped[str] = mapped_column(String(255), default="", server_default="")
    form_fields: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")  # JSON name → value

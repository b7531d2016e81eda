"""Harvest definitions: domains, seed lists, configurations, crawl profiles, schedules,
harvest definitions, channels, global crawler traps, harvest history, ingest runs.

Also creates the defaults every installation starts with: the crawl profile ``default``, the
schedules Hourly, Daily, Weekly and Monthly, and the channels SNAPSHOT and FOCUSED.

Revision ID: 0001_definitions
Revises:
Create Date: 2025-01-01
"""

import datetime as dt
import json

import sqlalchemy as sa
from alembic import op

revision = "0001_definitions"
down_revision = None
branch_labels = None
depends_on = None

# Frozen here on purpose: a migration must not change when the code's defaults change later.
DEFAULT_PROFILE_DOCUMENT = (
    b"# The default crawl profile: every key takes its default from docs/crawl-profile-schema.md.\n{}\n"
)
DEFAULT_PROFILE_EFFECTIVE = {
    "user_agent": "Mozilla/5.0 (compatible; NetarchiveSuite-py/0.1; +{contact})",
    "contact": "https://example.org/webcrawler",
    "robots": "obey",
    "politeness": {"delay_factor": 5.0, "min_delay_ms": 3000, "max_delay_ms": 30000, "connections_per_host": 1},
    "scope": {"mode": "domain", "max_hops": 20, "max_embed_hops": 2, "include": [], "exclude": []},
    "fetch": {
        "connect_timeout_s": 30.0,
        "read_timeout_s": 20.0,
        "fetch_timeout_s": 1200.0,
        "max_retries": 2,
        "retry_delay_s": 1.0,
        "max_object_bytes": -1,
        "max_header_bytes": 262144,
    },
    "warc": {"max_size_bytes": 1000000000, "operator": "", "description": ""},
    "max_workers": 50,
    "max_running_time_s": 0.0,
    "upstream_proxy": None,
    "progress_interval_s": 5.0,
    "statistics_interval_s": 20.0,
    "extract_javascript": True,
    "dedup": {"enabled": False, "mime_exclude": "^text/.*"},
}


def upgrade() -> None:
    op.create_table(
        "crawl_profiles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("document", sa.LargeBinary(), nullable=False),
        sa.Column("document_format", sa.String(length=8), nullable=False),
        sa.Column("effective", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("edition", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crawl_profiles")),
        sa.UniqueConstraint("name", name=op.f("uq_crawl_profiles_name")),
    )
    op.create_table(
        "domains",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("name_reversed", sa.String(length=255), nullable=False),
        sa.Column("tld", sa.String(length=63), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("edition", sa.Integer(), nullable=False),
        sa.Column("alias_of_id", sa.Integer(), nullable=True),
        sa.Column("alias_set_at", sa.DateTime(), nullable=True),
        sa.Column("alias_expires_at", sa.DateTime(), nullable=True),
        sa.Column("ingest_run_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["alias_of_id"], ["domains.id"], name=op.f("fk_domains_alias_of_id_domains")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_domains")),
        sa.UniqueConstraint("name", name=op.f("uq_domains_name")),
    )
    op.create_index(op.f("ix_domains_alias_of_id"), "domains", ["alias_of_id"], unique=False)
    op.create_index(op.f("ix_domains_name_reversed"), "domains", ["name_reversed"], unique=False)
    op.create_index(op.f("ix_domains_tld"), "domains", ["tld"], unique=False)
    op.create_table(
        "global_trap_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("edition", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_global_trap_lists")),
        sa.UniqueConstraint("name", name=op.f("uq_global_trap_lists_name")),
    )
    op.create_table(
        "harvest_channels",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("snapshot", sa.Boolean(), nullable=False),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_harvest_channels")),
        sa.UniqueConstraint("name", name=op.f("uq_harvest_channels_name")),
    )
    op.create_index(
        "ix_harvest_channels_one_default",
        "harvest_channels",
        ["snapshot"],
        unique=True,
        sqlite_where=sa.text("is_default"),
        postgresql_where=sa.text("is_default"),
    )
    op.create_table(
        "ingest_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("next_line", sa.Integer(), nullable=False),
        sa.Column("total_lines", sa.Integer(), nullable=True),
        sa.Column("created", sa.Integer(), nullable=False),
        sa.Column("existing", sa.Integer(), nullable=False),
        sa.Column("duplicates", sa.Integer(), nullable=False),
        sa.Column("invalid", sa.Integer(), nullable=False),
        sa.Column("errors", sa.Text(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ingest_runs")),
    )
    op.create_table(
        "schedules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("unit", sa.String(length=8), nullable=False),
        sa.Column("every", sa.Integer(), nullable=False),
        sa.Column("minute", sa.Integer(), nullable=True),
        sa.Column("hour", sa.Integer(), nullable=True),
        sa.Column("weekday", sa.Integer(), nullable=True),
        sa.Column("day_of_month", sa.Integer(), nullable=True),
        sa.Column("start_at", sa.DateTime(), nullable=True),
        sa.Column("end_at", sa.DateTime(), nullable=True),
        sa.Column("max_runs", sa.Integer(), nullable=True),
        sa.Column("edition", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_schedules")),
        sa.UniqueConstraint("name", name=op.f("uq_schedules_name")),
    )
    op.create_table(
        "configurations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("max_objects", sa.BigInteger(), nullable=False),
        sa.Column("max_bytes", sa.BigInteger(), nullable=False),
        sa.Column("max_request_rate", sa.Integer(), nullable=False),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_configurations_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["profile_id"], ["crawl_profiles.id"], name=op.f("fk_configurations_profile_id_crawl_profiles")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_configurations")),
        sa.UniqueConstraint("domain_id", "name", name=op.f("uq_configurations_domain_id_name")),
    )
    op.create_index(
        "ix_configurations_one_default",
        "configurations",
        ["domain_id"],
        unique=True,
        sqlite_where=sa.text("is_default"),
        postgresql_where=sa.text("is_default"),
    )
    op.create_index("ix_configurations_profile_id", "configurations", ["profile_id"], unique=False)
    op.create_table(
        "domain_crawler_traps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("expression", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_domain_crawler_traps_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_domain_crawler_traps")),
    )
    op.create_index(op.f("ix_domain_crawler_traps_domain_id"), "domain_crawler_traps", ["domain_id"], unique=False)
    op.create_table(
        "domain_owner_info",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("info", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_domain_owner_info_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_domain_owner_info")),
    )
    op.create_index(op.f("ix_domain_owner_info_domain_id"), "domain_owner_info", ["domain_id"], unique=False)
    op.create_table(
        "global_trap_expressions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("expression", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["global_trap_lists.id"],
            name=op.f("fk_global_trap_expressions_list_id_global_trap_lists"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_global_trap_expressions")),
    )
    op.create_index(op.f("ix_global_trap_expressions_list_id"), "global_trap_expressions", ["list_id"], unique=False)
    op.create_table(
        "harvest_definitions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("runs", sa.Integer(), nullable=False),
        sa.Column("first_run_at", sa.DateTime(), nullable=True),
        sa.Column("next_run_at", sa.DateTime(), nullable=True),
        sa.Column("channel_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("edition", sa.Integer(), nullable=False),
        sa.Column("schedule_id", sa.Integer(), nullable=True),
        sa.Column("max_bytes", sa.BigInteger(), nullable=True),
        sa.Column("max_objects", sa.BigInteger(), nullable=True),
        sa.Column("max_job_running_time_s", sa.Integer(), nullable=True),
        sa.Column("based_on_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["based_on_id"],
            ["harvest_definitions.id"],
            name=op.f("fk_harvest_definitions_based_on_id_harvest_definitions"),
        ),
        sa.ForeignKeyConstraint(
            ["channel_id"], ["harvest_channels.id"], name=op.f("fk_harvest_definitions_channel_id_harvest_channels")
        ),
        sa.ForeignKeyConstraint(
            ["schedule_id"], ["schedules.id"], name=op.f("fk_harvest_definitions_schedule_id_schedules")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_harvest_definitions")),
        sa.UniqueConstraint("name", name=op.f("uq_harvest_definitions_name")),
    )
    op.create_index(
        "ix_harvest_definitions_active_next_run_at", "harvest_definitions", ["active", "next_run_at"], unique=False
    )
    op.create_table(
        "seed_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("comments", sa.Text(), nullable=False),
        sa.Column("seeds", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_seed_lists_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seed_lists")),
        sa.UniqueConstraint("domain_id", "name", name=op.f("uq_seed_lists_domain_id_name")),
    )
    op.create_table(
        "site_credentials",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("realm", sa.String(length=255), nullable=False),
        sa.Column("username", sa.String(length=255), nullable=False),
        sa.Column("password_encrypted", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_site_credentials_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_credentials")),
    )
    op.create_index(op.f("ix_site_credentials_domain_id"), "site_credentials", ["domain_id"], unique=False)
    op.create_table(
        "configuration_seed_lists",
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.Column("seed_list_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["configuration_id"],
            ["configurations.id"],
            name=op.f("fk_configuration_seed_lists_configuration_id_configurations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["seed_list_id"],
            ["seed_lists.id"],
            name=op.f("fk_configuration_seed_lists_seed_list_id_seed_lists"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("configuration_id", "seed_list_id", name=op.f("pk_configuration_seed_lists")),
    )
    op.create_index(
        op.f("ix_configuration_seed_lists_seed_list_id"), "configuration_seed_lists", ["seed_list_id"], unique=False
    )
    op.create_table(
        "harvest_configurations",
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["configuration_id"],
            ["configurations.id"],
            name=op.f("fk_harvest_configurations_configuration_id_configurations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["harvest_id"],
            ["harvest_definitions.id"],
            name=op.f("fk_harvest_configurations_harvest_id_harvest_definitions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("harvest_id", "configuration_id", name=op.f("pk_harvest_configurations")),
    )
    op.create_index(
        op.f("ix_harvest_configurations_configuration_id"), "harvest_configurations", ["configuration_id"], unique=False
    )
    op.create_table(
        "harvest_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=True),
        sa.Column("objects", sa.BigInteger(), nullable=False),
        sa.Column("bytes", sa.BigInteger(), nullable=False),
        sa.Column("stop_reason", sa.String(length=32), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["configuration_id"],
            ["configurations.id"],
            name=op.f("fk_harvest_history_configuration_id_configurations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["domain_id"], ["domains.id"], name=op.f("fk_harvest_history_domain_id_domains"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["harvest_id"],
            ["harvest_definitions.id"],
            name=op.f("fk_harvest_history_harvest_id_harvest_definitions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_harvest_history")),
    )
    op.create_index(
        "ix_harvest_history_configuration_id_ended_at",
        "harvest_history",
        ["configuration_id", "ended_at"],
        unique=False,
    )
    op.create_index(op.f("ix_harvest_history_domain_id"), "harvest_history", ["domain_id"], unique=False)
    op.create_index(
        "ix_harvest_history_harvest_id_domain_id", "harvest_history", ["harvest_id", "domain_id"], unique=False
    )
    op.create_index(op.f("ix_harvest_history_job_id"), "harvest_history", ["job_id"], unique=False)

    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    profiles = sa.table(
        "crawl_profiles",
        *(
            sa.column(c)
            for c in (
                "name",
                "comments",
                "active",
                "document",
                "document_format",
                "effective",
                "created_at",
                "updated_at",
                "edition",
            )
        ),
    )
    op.bulk_insert(
        profiles,
        [
            dict(
                name="default",
                comments="the schema's defaults",
                active=True,
                document=DEFAULT_PROFILE_DOCUMENT,
                document_format="yaml",
                effective=json.dumps(DEFAULT_PROFILE_EFFECTIVE, sort_keys=True),
                created_at=now,
                updated_at=now,
                edition=1,
            )
        ],
    )
    schedules = sa.table("schedules", *(sa.column(c) for c in ("name", "comments", "unit", "every", "edition")))
    op.bulk_insert(
        schedules,
        [
            dict(name=name, comments=f"every {unit[:-1]}", unit=unit, every=1, edition=1)
            for name, unit in (("Hourly", "hours"), ("Daily", "days"), ("Weekly", "weeks"), ("Monthly", "months"))
        ],
    )
    channels = sa.table("harvest_channels", *(sa.column(c) for c in ("name", "snapshot", "is_default", "comments")))
    op.bulk_insert(
        channels,
        [
            dict(name="SNAPSHOT", snapshot=True, is_default=True, comments="default channel of snapshot harvests"),
            dict(
                name="FOCUSED",
                snapshot=False,
                is_default=True,
                comments="default channel of selective and event harvests",
            ),
        ],
    )


def downgrade() -> None:
    op.drop_table("harvest_history")
    op.drop_table("harvest_configurations")
    op.drop_table("configuration_seed_lists")
    op.drop_table("site_credentials")
    op.drop_table("seed_lists")
    op.drop_table("harvest_definitions")
    op.drop_table("global_trap_expressions")
    op.drop_table("domain_owner_info")
    op.drop_table("domain_crawler_traps")
    op.drop_table("configurations")
    op.drop_table("schedules")
    op.drop_table("ingest_runs")
    op.drop_table("harvest_channels")
    op.drop_table("global_trap_lists")
    op.drop_table("domains")
    op.drop_table("crawl_profiles")

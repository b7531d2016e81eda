"""Scheduler: jobs, their configurations, progress, the scheduling guard and job generation's
scratch table.

Revision ID: 0100_jobs
Revises: 0001_definitions
Create Date: 2025-01-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0100_jobs"
down_revision = "0001_definitions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("harvest_run", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("channel", sa.String(length=255), nullable=False),
        sa.Column("snapshot", sa.Boolean(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("profile_name", sa.String(length=255), nullable=False),
        sa.Column("max_bytes_per_domain", sa.BigInteger(), nullable=False),
        sa.Column("byte_limit_from_configuration", sa.Boolean(), nullable=False),
        sa.Column("max_objects_per_domain", sa.BigInteger(), nullable=False),
        sa.Column("max_running_time_s", sa.Integer(), nullable=False),
        sa.Column("configuration_count", sa.Integer(), nullable=False),
        sa.Column("expected_objects", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(), nullable=True),
        sa.Column("last_seen_at", sa.DateTime(), nullable=True),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.Column("harvester_id", sa.String(length=255), nullable=True),
        sa.Column("claims", sa.Integer(), nullable=False),
        sa.Column("reported_at", sa.DateTime(), nullable=True),
        sa.Column("failure_reason", sa.Text(), nullable=False),
        sa.Column("harvest_error", sa.Text(), nullable=False),
        sa.Column("harvest_error_details", sa.Text(), nullable=False),
        sa.Column("upload_error", sa.Text(), nullable=False),
        sa.Column("upload_error_details", sa.Text(), nullable=False),
        sa.Column("resubmitted_from_id", sa.Integer(), nullable=True),
        sa.Column("resubmitted_as_id", sa.Integer(), nullable=True),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("seeds", sa.Text(), nullable=False),
        sa.Column("aliases", sa.Text(), nullable=False),
        sa.Column("dedup_job_ids", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["harvest_id"], ["harvest_definitions.id"],
                                name="fk_jobs_harvest_id_harvest_definitions", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["profile_id"], ["crawl_profiles.id"], name="fk_jobs_profile_id_crawl_profiles"),
        sa.ForeignKeyConstraint(["resubmitted_from_id"], ["jobs.id"], name="fk_jobs_resubmitted_from_id_jobs"),
        sa.ForeignKeyConstraint(["resubmitted_as_id"], ["jobs.id"], name="fk_jobs_resubmitted_as_id_jobs"),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
    )
    op.create_index("ix_jobs_channel_status_id", "jobs", ["channel", "status", "id"])
    op.create_index("ix_jobs_harvest_id_harvest_run", "jobs", ["harvest_id", "harvest_run"])
    op.create_index("ix_jobs_status_id", "jobs", ["status", "id"])
    op.create_index("ix_jobs_created_at", "jobs", ["created_at"])
    op.create_index("ix_jobs_resubmitted_from_id", "jobs", ["resubmitted_from_id"])

    op.create_table(
        "job_configurations",
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("expected_objects", sa.BigInteger(), nullable=False),
        sa.Column("max_bytes", sa.BigInteger(), nullable=False),
        sa.Column("max_objects", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["job_id"], ["jobs.id"], name="fk_job_configurations_job_id_jobs",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["configuration_id"], ["configurations.id"],
                                name="fk_job_configurations_configuration_id_configurations", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["domain_id"], ["domains.id"], name="fk_job_configurations_domain_id_domains",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("job_id", "configuration_id", name="pk_job_configurations"),
    )
    op.create_index("ix_job_configurations_configuration_id", "job_configurations", ["configuration_id"])
    op.create_index("ix_job_configurations_domain_id", "job_configurations", ["domain_id"])

    op.create_table(
        "job_progress",
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.Column("harvester_id", sa.String(length=255), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("uris_done", sa.BigInteger(), nullable=False),
        sa.Column("uris_queued", sa.BigInteger(), nullable=False),
        sa.Column("bytes", sa.BigInteger(), nullable=False),
        sa.Column("rate", sa.Float(), nullable=False),
        sa.Column("bytes_rate", sa.Float(), nullable=False),
        sa.Column("active_hosts", sa.Integer(), nullable=False),
        sa.Column("status_text", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["job_id"], ["jobs.id"], name="fk_job_progress_job_id_jobs", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("job_id", name="pk_job_progress"),
    )

    op.create_table(
        "scheduling_state",
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=255), nullable=True),
        sa.Column("locked_at", sa.DateTime(), nullable=True),
        sa.Column("last_started_at", sa.DateTime(), nullable=True),
        sa.Column("last_ended_at", sa.DateTime(), nullable=True),
        sa.Column("last_jobs", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=False),
        sa.Column("last_error_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["harvest_id"], ["harvest_definitions.id"],
                                name="fk_scheduling_state_harvest_id_harvest_definitions", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("harvest_id", name="pk_scheduling_state"),
    )

    op.create_table(
        "jobgen_entries",
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.Column("domain_id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("byte_order", sa.BigInteger(), nullable=False),
        sa.Column("max_bytes", sa.BigInteger(), nullable=False),
        sa.Column("max_objects", sa.BigInteger(), nullable=False),
        sa.Column("expected_objects", sa.BigInteger(), nullable=False),
        sa.Column("previous_job_id", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("harvest_id", "configuration_id", name="pk_jobgen_entries"),
    )
    op.create_index("ix_jobgen_entries_order", "jobgen_entries",
                    ["harvest_id", "profile_id", "byte_order", "expected_objects", "configuration_id"])


def downgrade() -> None:
    op.drop_table("jobgen_entries")
    op.drop_table("scheduling_state")
    op.drop_table("job_progress")
    op.drop_table("job_configurations")
    op.drop_table("jobs")

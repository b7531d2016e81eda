"""Indexes for what the job history sorts and filters by (each with the id that breaks ties), so
a page of 500,000 jobs is read from an index at any position and in any order.

Revision ID: 0120_job_list_indexes
Revises: 0120_channel_activity
Create Date: 2026-11-23
"""

from alembic import op

revision = "0120_job_list_indexes"
down_revision = "0120_channel_activity"
branch_labels = None
depends_on = None

INDEXES = {
    "ix_jobs_harvest_id_id": ["harvest_id", "id"],
    "ix_jobs_harvest_run_id": ["harvest_run", "id"],
    "ix_jobs_channel_id": ["channel", "id"],
    "ix_jobs_created_at_id": ["created_at", "id"],
    "ix_jobs_started_at_id": ["started_at", "id"],
    "ix_jobs_ended_at_id": ["ended_at", "id"],
    "ix_jobs_configuration_count_id": ["configuration_count", "id"],
    "ix_jobs_expected_objects_id": ["expected_objects", "id"],
    "ix_jobs_outcome_id": ["outcome", "id"],
}


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.create_index(name, "jobs", columns)


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="jobs")

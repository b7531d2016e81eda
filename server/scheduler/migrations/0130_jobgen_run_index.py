"""Job generation sorts its scratch rows by an index each run builds after loading them.

Revision ID: 0130_jobgen_run_index
Revises: 0120_job_list_indexes
Create Date: 2026-11-29
"""

from alembic import op

revision = "0130_jobgen_run_index"
down_revision = "0120_job_list_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # kept up to date row by row while a run loads its entries, it cost more than the loading
    op.drop_index("ix_jobgen_entries_order", table_name="jobgen_entries")


def downgrade() -> None:
    op.create_index("ix_jobgen_entries_order", "jobgen_entries",
                    ["harvest_id", "profile_id", "byte_order", "expected_objects", "configuration_id"])

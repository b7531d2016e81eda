"""Job generation: its entries are sorted by an index each run builds after loading them, and its
jobs' configurations are copied at the end through the new scratch table jobgen_spans.

Revision ID: 0130_jobgen_scratch
Revises: 0120_job_list_indexes
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0130_jobgen_scratch"
down_revision = "0120_job_list_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # kept up to date row by row while a run loads its entries, it cost more than the loading
    op.drop_index("ix_jobgen_entries_order", table_name="jobgen_entries")
    op.create_table(
        "jobgen_spans",
        sa.Column("harvest_id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("byte_order", sa.BigInteger(), nullable=False),
        sa.Column("expected_objects", sa.BigInteger(), nullable=False),
        sa.Column("configuration_id", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("harvest_id", "profile_id", "byte_order", "expected_objects", "configuration_id",
                                name="pk_jobgen_spans"),
    )


def downgrade() -> None:
    op.drop_table("jobgen_spans")
    op.create_index("ix_jobgen_entries_order", "jobgen_entries",
                    ["harvest_id", "profile_id", "byte_order", "expected_objects", "configuration_id"])

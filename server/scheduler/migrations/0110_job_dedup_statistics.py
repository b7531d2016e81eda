"""What deduplication saved, per domain configuration of a job: the objects a harvest wrote as
revisits instead of storing their payload again, and their bytes (the harvester's report).

Revision ID: 0110_job_dedup_statistics
Revises: 0100_jobs
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0110_job_dedup_statistics"
down_revision = "0100_jobs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("job_configurations") as batch:
        batch.add_column(sa.Column("duplicates", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("duplicate_bytes", sa.BigInteger(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("job_configurations") as batch:
        batch.drop_column("duplicate_bytes")
        batch.drop_column("duplicates")

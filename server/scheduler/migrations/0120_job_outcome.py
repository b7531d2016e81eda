"""How a job turned out (outcome, a stable failure code) and a curator's request to cancel it.

Revision ID: 0120_job_outcome
Revises: 0110_job_dedup_statistics
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0120_job_outcome"
down_revision = "0110_job_dedup_statistics"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.add_column(sa.Column("outcome", sa.String(length=24), nullable=True))
        batch.add_column(sa.Column("failure_code", sa.String(length=32), nullable=False, server_default=""))
        batch.add_column(sa.Column("cancel_requested_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("cancel_reason", sa.Text(), nullable=False, server_default=""))
    # jobs that ended before: failed ones say so; done ones are taken as harvested
    op.execute("UPDATE jobs SET outcome = 'failed' WHERE status IN ('failed', 'resubmitted', 'failed_rejected')")
    op.execute("UPDATE jobs SET outcome = 'harvested' WHERE status = 'done'")


def downgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.drop_column("cancel_reason")
        batch.drop_column("cancel_requested_at")
        batch.drop_column("failure_code")
        batch.drop_column("outcome")

"""When each harvester last asked for work on a channel (jobs waiting on an unserved channel are flagged).

Revision ID: 0120_channel_activity
Revises: 0120_job_outcome
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0120_channel_activity"
down_revision = "0120_job_outcome"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "channel_activity",
        sa.Column("channel", sa.String(length=255), nullable=False),
        sa.Column("harvester_id", sa.String(length=255), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("channel", "harvester_id"),
    )


def downgrade() -> None:
    op.drop_table("channel_activity")

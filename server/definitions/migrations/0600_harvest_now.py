"""Runs made by "harvest now", besides the schedule (so the schedule's next run does not move).

Revision ID: 0600_harvest_now
Revises: 0510_max_object_bytes
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0600_harvest_now"
down_revision = "0510_max_object_bytes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.add_column(sa.Column("extra_runs", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.drop_column("extra_runs")

"""Job generation: each entry carries its configuration's seeds, read in step 1 in configuration
id order, so that a job's seeds are not looked up configuration by configuration in random order.

Revision ID: 0140_jobgen_seeds
Revises: 0130_jobgen_scratch
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0140_jobgen_seeds"
down_revision = "0130_jobgen_scratch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("jobgen_entries", sa.Column("seeds", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("jobgen_entries", "seeds")

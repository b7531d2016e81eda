"""A harvest definition's QA options (issue #30): ``qa`` holds them as JSON (auto, sample,
threshold); empty for every existing definition: no automatic QA, the qa service's defaults.

Revision ID: 0720_harvest_qa
Revises: 0710_profile_browser
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0720_harvest_qa"
down_revision = "0710_profile_browser"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.add_column(sa.Column("qa", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.drop_column("qa")

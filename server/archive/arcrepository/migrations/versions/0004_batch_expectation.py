"""batch completeness kept across an arcrepository restart: the files each batch run must see

Revision ID: archive_0004
Revises: archive_0003
"""
import sqlalchemy as sa
from alembic import op

revision = "archive_0004"
down_revision = "archive_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "batch_expectation",
        sa.Column("batch_id", sa.String(200), primary_key=True),
        sa.Column("replica_id", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("names", sa.Text, nullable=False),
        sa.Column("missing", sa.Text),
    )
    op.create_index("ix_batch_expectation_created", "batch_expectation", ["created"])


def downgrade() -> None:
    op.drop_index("ix_batch_expectation_created", table_name="batch_expectation")
    op.drop_table("batch_expectation")

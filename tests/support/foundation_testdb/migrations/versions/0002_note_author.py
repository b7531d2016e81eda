"""notes get an author

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notes") as batch:
        batch.add_column(sa.Column("author", sa.String(100), nullable=False, server_default="unknown"))


def downgrade() -> None:
    with op.batch_alter_table("notes") as batch:
        batch.drop_column("author")

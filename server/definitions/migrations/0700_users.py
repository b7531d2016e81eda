"""The people who may use the installation and their roles (#28: identity is the broker login).

Revision ID: 0700_users
Revises: 0610_disk_reserve_and_processes
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0700_users"
down_revision = "0610_disk_reserve_and_processes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("login", sa.String(64), primary_key=True),
        sa.Column("roles", sa.String(255), nullable=False, server_default=""),
        sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.Column("changed_by", sa.String(64), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("users")

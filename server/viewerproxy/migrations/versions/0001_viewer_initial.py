"""viewer tables: viewer_session, viewer_missing_url

Revision ID: viewer_0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "viewer_0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "viewer_session",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user", sa.String(200), nullable=False),
        sa.Column("job_ids", sa.Text, nullable=False),
        sa.Column("timestamp", sa.String(14), nullable=False),
        sa.Column("recording", sa.Boolean, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "viewer_missing_url",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(40), sa.ForeignKey("viewer_session.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("url_hash", sa.String(64), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("referrer", sa.Text, nullable=False),
        sa.Column("first_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("session_id", "url_hash", name="uq_viewer_missing_url"),
    )
    op.create_index("ix_viewer_missing_url_session_first", "viewer_missing_url", ["session_id", "first_seen"])


def downgrade() -> None:
    op.drop_index("ix_viewer_missing_url_session_first", "viewer_missing_url")
    op.drop_table("viewer_missing_url")
    op.drop_table("viewer_session")

"""notify tables: notification, notify_outbox

Revision ID: notify_0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "notify_0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notification",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("severity", sa.String(16), nullable=False),
        sa.Column("instance", sa.String(200), nullable=False),
        sa.Column("refers_to", sa.String(500), nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("details", sa.JSON, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("digest_count", sa.Integer, nullable=False),
        sa.Column("first_seen", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("acknowledged_by", sa.String(200), nullable=False),
    )
    op.create_index("ix_notification_key", "notification", ["code", "instance", "refers_to", "state"])
    op.create_index("ix_notification_state", "notification", ["state", "last_seen"])
    op.create_table(
        "notify_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("notification_id", sa.Integer, sa.ForeignKey("notification.id"), nullable=True),
        sa.Column("recipients", sa.JSON, nullable=False),
        sa.Column("subject", sa.String(500), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("last_error", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("next_attempt", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
    )
    op.create_index("ix_notify_outbox_due", "notify_outbox", ["sent_at", "next_attempt"])


def downgrade() -> None:
    op.drop_table("notify_outbox")
    op.drop_table("notification")

"""bit preservation: audit runs as tracked jobs, extra files they found, the audit trail

Revision ID: archive_0002
Revises: archive_0001
"""
import sqlalchemy as sa
from alembic import op

revision = "archive_0002"
down_revision = "archive_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("replica_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("requested_by", sa.String(200)),
        sa.Column("requested", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True)),
        sa.Column("finished", sa.DateTime(timezone=True)),
        sa.Column("snapshot", sa.DateTime(timezone=True)),
        sa.Column("heartbeat", sa.DateTime(timezone=True)),
        sa.Column("files_seen", sa.Integer, nullable=False),
        sa.Column("missing", sa.Integer, nullable=False),
        sa.Column("corrupt", sa.Integer, nullable=False),
        sa.Column("disputed", sa.Integer, nullable=False),
        sa.Column("extra", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("progress", sa.Float, nullable=False),
        sa.Column("partial", sa.Boolean, nullable=False),
        sa.Column("cancel_requested", sa.Boolean, nullable=False),
        sa.Column("max_duration", sa.Float),
        sa.Column("errors", sa.Text, nullable=False),
        sa.Column("missing_instances", sa.Text, nullable=False),
        sa.Column("message", sa.Text, nullable=False),
    )
    op.create_index("audit_replica_state", "audit", ["replica_id", "state"])
    op.create_table(
        "audit_extra_file",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("audit_id", sa.Integer, sa.ForeignKey("audit.id", ondelete="CASCADE"), nullable=False),
        sa.Column("filename", sa.String(300), nullable=False),
    )
    op.create_index("ix_audit_extra_file_audit_id", "audit_extra_file", ["audit_id"])
    op.create_table(
        "preservation_event",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("replica_id", sa.String(64)),
        sa.Column("filename", sa.String(300)),
        sa.Column("details", sa.Text, nullable=False),
    )
    op.create_index("preservation_event_replica", "preservation_event", ["replica_id", "id"])


def downgrade() -> None:
    op.drop_table("preservation_event")
    op.drop_table("audit_extra_file")
    op.drop_table("audit")

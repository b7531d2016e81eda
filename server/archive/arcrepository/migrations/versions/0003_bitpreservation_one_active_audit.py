"""bit preservation: at most one queued or running audit per replica (a partial unique index)

Two requests for the same replica that both found no active audit used to create two; now the
second insert fails on the index and the request returns the audit that won. Databases that
already hold two active audits of one replica keep the oldest; the others end ``failed``.

Revision ID: archive_0003
Revises: archive_0002
"""
import sqlalchemy as sa
from alembic import op

revision = "archive_0003"
down_revision = "archive_0002"
branch_labels = None
depends_on = None

ACTIVE = "state IN ('queued', 'running')"


def upgrade() -> None:
    op.execute(sa.text(
        "UPDATE audit SET state = 'failed', message = 'another audit of this replica was already queued or "
        f"running (found when one active audit per replica became a rule)' WHERE {ACTIVE} AND id > "
        f"(SELECT MIN(a2.id) FROM audit a2 WHERE a2.replica_id = audit.replica_id AND a2.{ACTIVE})"))
    op.create_index("audit_one_active_per_replica", "audit", ["replica_id"], unique=True,
                    sqlite_where=sa.text(ACTIVE), postgresql_where=sa.text(ACTIVE))


def downgrade() -> None:
    op.drop_index("audit_one_active_per_replica", table_name="audit")

"""archive admin tables: replica, file, replicafileinfo (with the seeds' indexes)

Revision ID: archive_0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "archive_0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replica",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("type", sa.String(16), nullable=False),
        sa.Column("filelist_updated", sa.DateTime(timezone=True)),
        sa.Column("checksum_updated", sa.DateTime(timezone=True)),
    )
    op.create_table(
        "file",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("filename", sa.String(300), nullable=False, unique=True),
        sa.Column("checksum", sa.String(64), nullable=False),
        sa.Column("size", sa.BigInteger),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("fileindex", "file", ["filename"])
    op.create_table(
        "replicafileinfo",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("file_id", sa.Integer, sa.ForeignKey("file.id", ondelete="CASCADE"), nullable=False),
        sa.Column("replica_id", sa.String(64), sa.ForeignKey("replica.id"), nullable=False),
        sa.Column("upload_state", sa.String(32), nullable=False),
        sa.Column("checksum", sa.String(64)),
        sa.Column("checksum_status", sa.String(16), nullable=False),
        sa.Column("filelist_status", sa.String(16), nullable=False),
        sa.Column("checksum_checked", sa.DateTime(timezone=True)),
        sa.Column("filelist_checked", sa.DateTime(timezone=True)),
        sa.Column("upload_updated", sa.DateTime(timezone=True)),
        sa.Column("instance_id", sa.String(200)),
        sa.Column("error", sa.String(2000)),
        sa.UniqueConstraint("file_id", "replica_id", name="uq_replicafileinfo_file_replica"),
    )
    op.create_index("fileandreplica", "replicafileinfo", ["file_id", "replica_id"])
    op.create_index("replicaandfileliststatus", "replicafileinfo", ["replica_id", "filelist_status"])
    op.create_index("replicaandchecksumstatus", "replicafileinfo", ["replica_id", "checksum_status"])


def downgrade() -> None:
    op.drop_table("replicafileinfo")
    op.drop_table("file")
    op.drop_table("replica")

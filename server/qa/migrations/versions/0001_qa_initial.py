"""qa tables: qa_run, qa_result, qa_verdict, qa_patch, qa_job_seen

Revision ID: qa_0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "qa_0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "qa_run",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("job_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("requested_by", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sample", sa.Integer, nullable=False),
        sa.Column("threshold", sa.Float, nullable=False),
        sa.Column("patch_job_id", sa.Integer, nullable=True),
        sa.Column("error", sa.Text, nullable=False),
        sa.Column("planned", sa.Boolean, nullable=False),
        sa.Column("notified", sa.Boolean, nullable=False),
    )
    op.create_index("ix_qa_run_job", "qa_run", ["job_id"])
    op.create_index("ix_qa_run_state", "qa_run", ["state"])
    op.create_table(
        "qa_result",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("qa_run.id", ondelete="CASCADE"), nullable=False),
        sa.Column("job_id", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("url_hash", sa.String(64), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("timestamp", sa.String(14), nullable=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("visual_score", sa.Float, nullable=True),
        sa.Column("text_score", sa.Float, nullable=True),
        sa.Column("requested", sa.Integer, nullable=False),
        sa.Column("missing", sa.Integer, nullable=False),
        sa.Column("missing_urls", sa.Text, nullable=False),
        sa.Column("errors", sa.Text, nullable=False),
        sa.Column("load_state", sa.String(16), nullable=False),
        sa.Column("crawl_view", sa.LargeBinary, nullable=True),
        sa.Column("replay_view", sa.LargeBinary, nullable=True),
        sa.UniqueConstraint("run_id", "url_hash", name="uq_qa_result_run_url"),
    )
    op.create_index("ix_qa_result_job_url", "qa_result", ["job_id", "url_hash"])
    op.create_table(
        "qa_verdict",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("job_id", sa.Integer, nullable=False),
        sa.Column("url_hash", sa.String(64), nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("reviewer", sa.String(200), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("job_id", "url_hash", name="uq_qa_verdict_job_url"),
    )
    op.create_table(
        "qa_patch",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("job_id", sa.Integer, nullable=False),
        sa.Column("patch_job_id", sa.Integer, nullable=False, unique=True),
        sa.Column("harvest", sa.String(200), nullable=False),
        sa.Column("urls", sa.Integer, nullable=False),
        sa.Column("requested_by", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("recheck_run_id", sa.Integer, nullable=True),
    )
    op.create_table(
        "qa_job_seen",
        sa.Column("job_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("run_id", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("qa_job_seen")
    op.drop_table("qa_patch")
    op.drop_table("qa_verdict")
    op.drop_index("ix_qa_result_job_url", "qa_result")
    op.drop_table("qa_result")
    op.drop_index("ix_qa_run_state", "qa_run")
    op.drop_index("ix_qa_run_job", "qa_run")
    op.drop_table("qa_run")

"""Why the scheduler deactivated a harvest definition, kept on the definition itself (it was read
from the scheduler's ``scheduling_state`` table before: one owner per table).

Revision ID: 0300_scheduling_error
Revises: 0200_domain_search_indexes
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0300_scheduling_error"
down_revision = "0200_domain_search_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.add_column(sa.Column("scheduling_error", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("scheduling_error_at", sa.DateTime(), nullable=True))
    if not sa.inspect(op.get_bind()).has_table("scheduling_state"):
        return  # a new database: the scheduler's branch has not run yet, nothing to carry over
    op.execute("UPDATE harvest_definitions SET scheduling_error = (SELECT s.last_error FROM scheduling_state s "
               "WHERE s.harvest_id = harvest_definitions.id), scheduling_error_at = (SELECT s.last_error_at "
               "FROM scheduling_state s WHERE s.harvest_id = harvest_definitions.id) "
               "WHERE active = false AND EXISTS (SELECT 1 FROM scheduling_state s "
               "WHERE s.harvest_id = harvest_definitions.id AND s.last_error <> '')")


def downgrade() -> None:
    with op.batch_alter_table("harvest_definitions") as batch:
        batch.drop_column("scheduling_error_at")
        batch.drop_column("scheduling_error")

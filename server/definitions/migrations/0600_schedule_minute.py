"""A schedule with a fixed hour and no minute runs at minute 0 of that hour ("at 04:00"), not at
the minute its harvest happened to be activated.

Revision ID: 0600_schedule_minute
Revises: 0600_harvest_now
Create Date: 2026-11-23
"""

from alembic import op

revision = "0600_schedule_minute"
down_revision = "0600_harvest_now"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE schedules SET minute = 0 WHERE hour IS NOT NULL AND minute IS NULL")


def downgrade() -> None:
    pass  # minute 0 is what such a rule means now; nothing to undo

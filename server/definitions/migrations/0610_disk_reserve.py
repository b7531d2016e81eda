"""The crawler's disk reserve (``disk_reserve_bytes``) becomes a profile setting.

Every stored profile's effective settings get the key with the value the crawler used before
it could be set (1 MiB); no document sets it yet, so nothing a curator chose is overridden.

Revision ID: 0610_disk_reserve
Revises: 0600_schedule_minute
Create Date: 2026-11-28
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0610_disk_reserve"
down_revision = "0600_schedule_minute"
branch_labels = None
depends_on = None

RESERVE = 1024 * 1024  # frozen: later changes of the code's default must not change this step


def upgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("effective", sa.Text))
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        if "disk_reserve_bytes" in eff:
            continue
        eff["disk_reserve_bytes"] = RESERVE
        bind.execute(profiles.update().where(profiles.c.id == pid).values(effective=json.dumps(eff, sort_keys=True)))


def downgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("effective", sa.Text))
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        if eff.pop("disk_reserve_bytes", None) is not None:
            bind.execute(profiles.update().where(profiles.c.id == pid)
                         .values(effective=json.dumps(eff, sort_keys=True)))

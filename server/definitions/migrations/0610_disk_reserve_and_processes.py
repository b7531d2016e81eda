"""Two new profile settings: the crawler's disk reserve (``disk_reserve_bytes``) and the number
of crawler processes of a job (``processes``).

Every stored profile's effective settings get the keys with what the crawler did before they
could be set (a 1 MiB reserve, one process); no document sets them yet, so nothing a curator
chose is overridden.

Revision ID: 0610_disk_reserve_and_processes
Revises: 0600_schedule_minute
Create Date: 2026-11-28
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0610_disk_reserve_and_processes"
down_revision = "0600_schedule_minute"
branch_labels = None
depends_on = None

# frozen: later changes of the code's defaults must not change this step
NEW_KEYS = {"disk_reserve_bytes": 1024 * 1024, "processes": 1}


def upgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("effective", sa.Text))
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        missing = {k: v for k, v in NEW_KEYS.items() if k not in eff}
        if not missing:
            continue
        eff.update(missing)
        bind.execute(profiles.update().where(profiles.c.id == pid).values(effective=json.dumps(eff, sort_keys=True)))


def downgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("effective", sa.Text))
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        if [eff.pop(k, None) for k in NEW_KEYS] != [None] * len(NEW_KEYS):
            bind.execute(profiles.update().where(profiles.c.id == pid)
                         .values(effective=json.dumps(eff, sort_keys=True)))

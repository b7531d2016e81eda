"""A new profile section: ``browser`` (pages rendered in Chromium, issue 34).

Every stored profile's effective settings get the section with rendering off (``render: none``),
what the crawler did before it could be set; no document sets it yet, so nothing a curator chose
is overridden.

Revision ID: 0710_profile_browser
Revises: 0700_users
Create Date: 2026-11-28
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0710_profile_browser"
down_revision = "0700_users"
branch_labels = None
depends_on = None

# frozen: later changes of the code's defaults must not change this step
BROWSER = {"render": "none", "max_hops": 1, "url_patterns": [], "tabs": 2, "page_timeout_s": 30.0,
           "scroll": True, "max_scrolls": 20, "click_budget": 5, "screenshot": True, "text": True,
           "restart_after_pages": 200}


def _profiles():
    return sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("effective", sa.Text))


def upgrade() -> None:
    bind = op.get_bind()
    profiles = _profiles()
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        if "browser" in eff:
            continue
        eff["browser"] = dict(BROWSER)
        bind.execute(profiles.update().where(profiles.c.id == pid).values(effective=json.dumps(eff, sort_keys=True)))


def downgrade() -> None:
    bind = op.get_bind()
    profiles = _profiles()
    for pid, effective in bind.execute(sa.select(profiles.c.id, profiles.c.effective)).all():
        eff = json.loads(effective)
        if eff.pop("browser", None) is not None:
            bind.execute(profiles.update().where(profiles.c.id == pid)
                         .values(effective=json.dumps(eff, sort_keys=True)))

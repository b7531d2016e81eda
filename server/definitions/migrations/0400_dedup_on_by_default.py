"""Deduplication is on unless a crawl profile says otherwise (as in NetarchiveSuite's default
order templates): stored profiles whose document does not set ``dedup.enabled`` took the old
default (off) into their effective settings; they get the new one.

Revision ID: 0400_dedup_on_by_default
Revises: 0300_scheduling_error
Create Date: 2026-11-23
"""

import json
import tomllib

import sqlalchemy as sa
import yaml
from alembic import op

revision = "0400_dedup_on_by_default"
down_revision = "0300_scheduling_error"
branch_labels = None
depends_on = None


def _says_dedup_enabled(document: bytes, fmt: str) -> bool:
    try:
        text = document.decode("utf-8")
        data = tomllib.loads(text) if fmt == "toml" else yaml.safe_load(text)
    except (UnicodeDecodeError, ValueError, yaml.YAMLError):
        return True  # unreadable: leave it as it is
    return isinstance(data, dict) and isinstance(data.get("dedup"), dict) and "enabled" in data["dedup"]


def upgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("document", sa.LargeBinary),
                        sa.column("document_format", sa.String), sa.column("effective", sa.Text))
    for pid, document, fmt, effective in bind.execute(sa.select(profiles.c.id, profiles.c.document,
                                                                profiles.c.document_format, profiles.c.effective)):
        if _says_dedup_enabled(bytes(document), fmt):
            continue
        eff = json.loads(effective)
        eff.setdefault("dedup", {})["enabled"] = True
        bind.execute(profiles.update().where(profiles.c.id == pid).values(effective=json.dumps(eff, sort_keys=True)))


def downgrade() -> None:
    pass  # the old default cannot be told apart from a profile that chose it

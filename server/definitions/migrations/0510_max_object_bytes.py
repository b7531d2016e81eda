"""A default maximum object size (Heritrix's ``maxLengthBytes``): 1 GiB instead of no limit.

The crawler spools large bodies to disk, so the limit bounds disk per capture (an endless
response), not memory. Stored profiles whose document does not set ``fetch.max_object_bytes``
took the old default (-1) into their effective settings; they get the new one. Profiles that
chose a value keep it.

Revision ID: 0510_max_object_bytes
Revises: 0500_site_login_credentials
Create Date: 2026-11-23
"""

import json
import tomllib

import sqlalchemy as sa
import yaml
from alembic import op

revision = "0510_max_object_bytes"
down_revision = "0500_site_login_credentials"
branch_labels = None
depends_on = None

NEW_DEFAULT = 1024 * 1024 * 1024  # frozen: later changes of the code's default must not change this step


def _sets_max_object_bytes(document: bytes, fmt: str) -> bool:
    try:
        text = document.decode("utf-8")
        data = tomllib.loads(text) if fmt == "toml" else yaml.safe_load(text)
    except (UnicodeDecodeError, ValueError, yaml.YAMLError):
        return True  # unreadable: leave it as it is
    return isinstance(data, dict) and isinstance(data.get("fetch"), dict) and "max_object_bytes" in data["fetch"]


def upgrade() -> None:
    bind = op.get_bind()
    profiles = sa.table("crawl_profiles", sa.column("id", sa.Integer), sa.column("document", sa.LargeBinary),
                        sa.column("document_format", sa.String), sa.column("effective", sa.Text))
    rows = bind.execute(sa.select(profiles.c.id, profiles.c.document, profiles.c.document_format,
                                  profiles.c.effective)).all()
    for pid, document, fmt, effective in rows:
        if _sets_max_object_bytes(bytes(document), fmt):
            continue
        eff = json.loads(effective)
        eff.setdefault("fetch", {})["max_object_bytes"] = NEW_DEFAULT
        bind.execute(profiles.update().where(profiles.c.id == pid).values(effective=json.dumps(eff, sort_keys=True)))


def downgrade() -> None:
    pass  # the old default cannot be told apart from a profile that chose it

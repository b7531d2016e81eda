"""Site logins the crawler can use: each credential says how it logs in (HTTP basic or digest
for ``realm``, or a form posted to ``url``) and, for forms, the names of the user-name and
password fields and any other fields the form needs (JSON object of name → value).

Revision ID: 0500_site_login_credentials
Revises: 0400_dedup_on_by_default
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0500_site_login_credentials"
down_revision = "0400_dedup_on_by_default"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("site_credentials") as batch:
        batch.add_column(sa.Column("kind", sa.String(length=16), nullable=False, server_default="basic"))
        batch.add_column(sa.Column("username_field", sa.String(length=255), nullable=False, server_default=""))
        batch.add_column(sa.Column("password_field", sa.String(length=255), nullable=False, server_default=""))
        batch.add_column(sa.Column("form_fields", sa.Text(), nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("site_credentials") as batch:
        batch.drop_column("form_fields")
        batch.drop_column("password_field")
        batch.drop_column("username_field")
        batch.drop_column("kind")

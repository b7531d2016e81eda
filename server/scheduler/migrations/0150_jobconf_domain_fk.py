"""Job configurations: no foreign key of their own to ``domains``.

A job configuration's domain is its configuration's (job generation, re-submission and patch
jobs all copy it from the configuration or from another job configuration), and
``configurations.domain_id`` references ``domains`` with ON DELETE CASCADE, as
``job_configurations.configuration_id`` references ``configurations``: deleting a domain still
deletes its configurations and so their job configurations, and a job configuration's domain
still exists while its configuration does. The direct key added nothing to that, but it was checked
row by row on every insert: on PostgreSQL each check is a query of its own that locks the
domain's row, a third of the cost of copying a 2,000,000-domain snapshot's job configurations
(docs/decisions/scheduler-jobgen.md). The index on ``domain_id`` stays (lookups by domain).

Revision ID: 0150_jobconf_domain_fk
Revises: 0140_jobgen_seeds
Create Date: 2026-11-29
"""

from alembic import op

revision = "0150_jobconf_domain_fk"
down_revision = "0140_jobgen_seeds"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("job_configurations") as batch:
        batch.drop_constraint("fk_job_configurations_domain_id_domains", type_="foreignkey")


def downgrade() -> None:
    with op.batch_alter_table("job_configurations") as batch:
        batch.create_foreign_key("fk_job_configurations_domain_id_domains", "domains", ["domain_id"], ["id"],
                                 ondelete="CASCADE")

"""A table's rule parameters: those changed from the rulebook's values (a custom table).

Null for the rulebook's game, as every table before this revision.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("params", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "params")

"""Whose turn it is at a table, and since when (for the "your turn" list).

Revision ID: 0004_turns
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_turns"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("waiting", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "waiting")

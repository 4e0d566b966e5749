"""Clocks and abandoned tables: a table's speed, the bot level that plays for a seat
whose time ran out, how an unfinished game ended; each human seat's clock.

Revision ID: 0004_clocks
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_clocks"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as table:
        table.add_column(sa.Column("speed", sa.String(16), nullable=False, server_default="none"))
        table.add_column(sa.Column("stand_in", sa.String(32), nullable=True))
        table.add_column(sa.Column("ending", sa.JSON, nullable=True))
    op.create_table(
        "seat_clocks",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("bank", sa.Float, nullable=False),
        sa.Column("timeouts", sa.Integer, nullable=False),
        sa.Column("stand_in", sa.Boolean, nullable=False),
        sa.Column("absent", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_clocks")
    with op.batch_alter_table("tables") as table:
        table.drop_column("ending")
        table.drop_column("stand_in")
        table.drop_column("speed")

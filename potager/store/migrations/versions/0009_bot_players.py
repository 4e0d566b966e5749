"""Players marked as bots.

An identity may be a program's (``players.bot``): set when it is made or by its owner while it
has played no rated game. A game is rated among people or among bots, never between the two,
and the bots have their own leaderboard. Every identity made before is a person's (false).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "players", sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_column("bot")

"""The quick match's queue: the players waiting for a game, a player count and a clock.

One row per player (`potager.store.quickmatch.WaitingRow`): what it waits for (a bot player
waits for bots, a person for people), its rating
then, when bots may fill the empty seats and at which level, the hash of the secret that
becomes its seat's token, when it came and when its browser last asked; the table and seat
once a match seats it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quick_match",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("speed", sa.String(16), nullable=False),
        sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("fill_after", sa.Float, nullable=True),
        sa.Column("level", sa.String(200), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_quick_match_queue", "quick_match", ["game", "players", "speed"])


def downgrade() -> None:
    op.drop_index("ix_quick_match_queue", "quick_match")
    op.drop_table("quick_match")

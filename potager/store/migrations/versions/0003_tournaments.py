"""Tournaments and their finished games.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "tournament_games",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("bots", sa.JSON, nullable=False),
        sa.Column("scores", sa.JSON, nullable=False),
        sa.Column("winners", sa.JSON, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_table("tournaments")

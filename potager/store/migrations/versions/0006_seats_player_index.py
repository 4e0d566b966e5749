"""An index on the seats' player (a player's seats across devices).

``POST /api/turns`` with a player token looks up the seats that player holds at unfinished
tables (`potager.store.players.Players.seated_at`) every time a signed-in lobby polls it; without
an index that is a scan of every seat ever taken.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_seats_player_id", "seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", "seats")

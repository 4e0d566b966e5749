"""Four branches joined: chat and undo, clocks, players and ratings, the turns list.

They were written side by side as branches of 0003 (each adds its own tables and columns, none
touches another's), so the merge itself changes nothing. Later migrations follow this one.

Revision ID: 0005
Revises: 0004_chat, 0004_clocks, 0004_players, 0004_turns
Create Date: 2026-11-25
"""

revision = "0005"
down_revision = ("0004_chat", "0004_clocks", "0004_players", "0004_turns")
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to do: the branches' own upgrades ran before."""


def downgrade() -> None:
    """Nothing to undo: the branches' own downgrades follow."""

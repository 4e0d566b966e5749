"""A table's chat: its lines, and whether the creator allowed chat and undo.

Revision ID: 0004_chat
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_chat"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("tables", sa.Column("undo", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_chat_lines_table_id", "chat_lines", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_lines_table_id", "chat_lines")
    op.drop_table("chat_lines")
    op.drop_column("tables", "undo")
    op.drop_column("tables", "chat")

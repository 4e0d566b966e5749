"""Which moves a stand-in bot made (for the clocks and the analysis).

A person's seat whose clock ran out is played by the table's stand-in bot meanwhile; its moves
are kept with that mark (``moves.stand_in``), so that the record, the replay and the analysis say
the bot played them, not the person. Moves stored before are the seat's own (false).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "moves", sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("moves") as moves:
        moves.drop_column("stand_in")

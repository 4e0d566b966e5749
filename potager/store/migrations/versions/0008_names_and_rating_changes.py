"""Players without a name yet, and each rated game's rating changes.

An identity may have no name yet (``players.name`` empty): the first name its player gives, at
a seat or to the identity, becomes its name. The lobby used to make every identity under the
word "Gardener" in the page's language when no name had been typed; an identity still called so
that has no password never chose it, and loses it here (one with a password signs in by it and
keeps it).

``rating_changes`` keeps, per rated table and player, the μ and σ before and after the game:
the rating history of the player pages. Games rated before have no rows (their changes were
not kept).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

DEFAULT_NAMES = ("Gardener", "Jardinier", "Gärtner", "Giardiniere")
"""The lobby's word for an identity made before a name was typed, in its four languages
(site.json's "Gardener", frozen here)."""


PLAYERS = sa.table("players", sa.column("name", sa.String), sa.column("password_hash", sa.String))


def upgrade() -> None:
    op.execute(
        sa.update(PLAYERS)
        .where(PLAYERS.c.password_hash.is_(None), PLAYERS.c.name.in_(DEFAULT_NAMES))
        .values(name="")
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rated_at", sa.DateTime, nullable=False),
    )
    op.create_index(
        "ix_rating_changes_player_game", "rating_changes", ["player_id", "game", "rated_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_rating_changes_player_game", "rating_changes")
    op.drop_table("rating_changes")
    # An older server shows every identity's name: those without one are called by the word
    # in English (which language's word each had is not kept).
    op.execute(sa.update(PLAYERS).where(PLAYERS.c.name == "").values(name=DEFAULT_NAMES[0]))

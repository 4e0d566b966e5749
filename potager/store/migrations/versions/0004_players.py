"""Players and ratings: identities, their devices' tokens, their ratings per game; a
seat's player; a table marked rated; names unique at a table in the database itself.

``seats.name_key`` is a human seat's name trimmed and case folded (NULL while it has none, and
for bots, whose names are fixed at creation and may repeat: "random bot" twice), unique per
table, so that two server processes naming two seats at the same instant cannot both succeed.
Existing seats get their key from their name; a name that an older database holds twice at one
table keeps it on its first seat only (the later one stays as it is, without a key).

Revision ID: 0004_players
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_players"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("login", sa.String(64), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "player_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_player_tokens_player_id", "player_tokens", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    # Plain ADD COLUMN and CREATE INDEX, no batch copy: SQLite cannot drop a table that
    # other rows refer to while the store's foreign keys are on (an old database has seats).
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("player_id", sa.String(32), nullable=True))
    if op.get_bind().dialect.name != "sqlite":  # SQLite adds no constraint to a table it has
        op.create_foreign_key("fk_seats_player_id", "seats", "players", ["player_id"], ["id"])
    op.add_column("seats", sa.Column("name_key", sa.String(160), nullable=True))
    _keep_name_keys()
    op.create_index("uq_seats_name_key", "seats", ["table_id", "name_key"], unique=True)


def _keep_name_keys() -> None:
    """Each human seat's key from its name (the first seat of a table to hold a name keeps it)."""
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    connection = op.get_bind()
    named = connection.execute(
        sa.select(seats.c.table_id, seats.c.seat, seats.c.name)
        .where(seats.c.kind == "human", seats.c.name != "")
        .order_by(seats.c.table_id, seats.c.seat)
    )
    held: set[tuple[str, str]] = set()
    for table_id, seat, name in named.all():
        key = name.strip().casefold()  # as potager.store.players.name_key, frozen here
        if not key or (table_id, key) in held:
            continue
        held.add((table_id, key))
        connection.execute(
            sa.update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(name_key=key)
        )


def downgrade() -> None:
    op.drop_index("uq_seats_name_key", "seats")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("fk_seats_player_id", "seats", type_="foreignkey")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("name_key")
        seats.drop_column("player_id")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rated")
    op.drop_table("ratings")
    op.drop_table("player_tokens")
    op.drop_table("players")

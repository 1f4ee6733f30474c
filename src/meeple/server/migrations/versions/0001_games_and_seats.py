"""games and seats

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.Integer, nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("undo_offset", sa.Integer, nullable=False),
        sa.Column("bot_level", sa.String(64), nullable=False),
        sa.Column("timer_seconds", sa.Integer, nullable=True),
        sa.Column("notes", sa.JSON, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])


def downgrade() -> None:
    op.drop_index("ix_seats_token_hash", "seats")
    op.drop_table("seats")
    op.drop_table("games")

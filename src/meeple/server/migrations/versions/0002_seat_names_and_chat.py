"""seat names typed in the lobby, and the table chat

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:  # batch: SQLite alters a table by copying it
        batch.add_column(sa.Column("name", sa.String(24), nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(44), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_game_id", "chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")

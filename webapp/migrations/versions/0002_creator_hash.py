"""Quiz runs and class sessions keep a keyed hash of the address that made them (per-address caps an hour).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 05:45:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('quiz_run', schema=None) as batch_op:
        batch_op.add_column(sa.Column('creator_hash', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_quiz_run_creator_hash_created_at', ['creator_hash', 'created_at'], unique=False)

    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('creator_hash', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_class_session_creator_hash_created_at', ['creator_hash', 'created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.drop_index('ix_class_session_creator_hash_created_at')
        batch_op.drop_column('creator_hash')

    with op.batch_alter_table('quiz_run', schema=None) as batch_op:
        batch_op.drop_index('ix_quiz_run_creator_hash_created_at')
        batch_op.drop_column('creator_hash')

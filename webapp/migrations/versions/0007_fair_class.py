"""Fair and kind scoring in the live classroom (issue 37, section 2): more time for a child (``held`` on the
class, ``more_time`` on the child) and the requests to rejoin on another device (``class_rejoin``).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 00:45:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('held', sa.Boolean(), server_default=sa.false(), nullable=False))
    with op.batch_alter_table('class_participant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('more_time', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        'class_rejoin',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('participant_id', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('refused', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['participant_id'], ['class_participant.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['session_id'], ['class_session.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    with op.batch_alter_table('class_rejoin', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_rejoin_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('class_rejoin', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_class_rejoin_session_id'))
    op.drop_table('class_rejoin')
    with op.batch_alter_table('class_participant', schema=None) as batch_op:
        batch_op.drop_column('more_time')
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.drop_column('held')

"""The class plays Skat (issue 37, section 1): a class session's Skat round settings (a JSON column) and each
child's game of each deal.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 23:55:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('skat', sa.JSON(), nullable=True))

    op.create_table(
        'class_skat_game',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('participant_id', sa.Integer(), nullable=False),
        sa.Column('deal', sa.Integer(), nullable=False),
        sa.Column('moves', sa.Text(), nullable=False),
        sa.Column('finished', sa.Boolean(), nullable=False),
        sa.Column('points', sa.Integer(), nullable=True),
        sa.Column('result', sa.JSON(), nullable=True),
        sa.Column('review', sa.JSON(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['participant_id'], ['class_participant.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['session_id'], ['class_session.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('participant_id', 'deal', name='uq_class_skat_game_deal'),
    )
    with op.batch_alter_table('class_skat_game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_skat_game_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('class_skat_game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_class_skat_game_session_id'))
    op.drop_table('class_skat_game')
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.drop_column('skat')

"""The live classroom: series, lock, countdown and speed bonus, the round's start and deadline, the leaderboard
switch; a child removed by the teacher; each answer's points, seconds and streak.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 08:20:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('class_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('series_count', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('locked', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('countdown', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('speed_bonus', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('show_board', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('round_opened_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('round_deadline', sa.DateTime(), nullable=True))

    with op.batch_alter_table('class_participant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('removed', sa.Boolean(), nullable=False, server_default=sa.false()))

    with op.batch_alter_table('class_response', schema=None) as batch_op:
        batch_op.add_column(sa.Column('points', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('seconds', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('streak', sa.Integer(), nullable=False, server_default='0'))


def downgrade():
    with op.batch_alter_table('class_response', schema=None) as batch_op:
        batch_op.drop_column('streak')
        batch_op.drop_column('seconds')
        batch_op.drop_column('points')

    with op.batch_alter_table('class_participant', schema=None) as batch_op:
        batch_op.drop_column('removed')

    with op.batch_alter_table('class_session', schema=None) as batch_op:
        for name in ('round_deadline', 'round_opened_at', 'show_board', 'speed_bonus', 'countdown', 'locked',
                     'series_count'):
            batch_op.drop_column(name)

"""The learning path (issue 36): learners (a random public id, a progress code, an optional nickname, the
progress as JSON) and the log of their answers.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27 19:40:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'learner',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('code', sa.String(length=12), nullable=False),
        sa.Column('nickname', sa.String(length=40), nullable=True),
        sa.Column('seed', sa.Integer(), nullable=False),
        sa.Column('progress', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('last_seen', sa.DateTime(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
        sa.UniqueConstraint('code'),
    )
    with op.batch_alter_table('learner', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_learner_last_seen'), ['last_seen'], unique=False)
        batch_op.create_index(batch_op.f('ix_learner_class_id'), ['class_id'], unique=False)

    op.create_table(
        'learn_answer',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('learner_id', sa.Integer(), nullable=False),
        sa.Column('lesson', sa.String(length=80), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('review', sa.String(length=80), nullable=True),
        sa.Column('rule', sa.String(length=80), nullable=False),
        sa.Column('correct', sa.Boolean(), nullable=False),
        sa.Column('answer', sa.JSON(), nullable=False),
        sa.Column('day', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('learn_answer', schema=None) as batch_op:
        batch_op.create_index('ix_learn_answer_learner_day', ['learner_id', 'day'], unique=False)


def downgrade():
    with op.batch_alter_table('learn_answer', schema=None) as batch_op:
        batch_op.drop_index('ix_learn_answer_learner_day')
    op.drop_table('learn_answer')
    with op.batch_alter_table('learner', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_learner_class_id'))
        batch_op.drop_index(batch_op.f('ix_learner_last_seen'))
    op.drop_table('learner')

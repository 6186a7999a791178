"""Homework (issue 36, part 2): a teacher's homework class (its lessons, deadline and the hash of the teacher
token) and its children's memberships (a nickname, linked to a learner).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27 21:45:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'learn_class',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=12), nullable=False),
        sa.Column('teacher_hash', sa.String(length=64), nullable=False),
        sa.Column('lessons', sa.JSON(), nullable=False),
        sa.Column('set_day', sa.Integer(), nullable=False),
        sa.Column('deadline_day', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('creator_hash', sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('code'),
    )
    with op.batch_alter_table('learn_class', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_learn_class_expires_at'), ['expires_at'], unique=False)
        batch_op.create_index('ix_learn_class_creator_hash_created_at', ['creator_hash', 'created_at'], unique=False)

    op.create_table(
        'learn_member',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('learner_id', sa.Integer(), nullable=False),
        sa.Column('nickname', sa.String(length=40), nullable=False),
        sa.Column('joined_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['class_id'], ['learn_class.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('class_id', 'nickname', name='uq_learn_member_nickname'),
        sa.UniqueConstraint('class_id', 'learner_id', name='uq_learn_member_learner'),
    )
    with op.batch_alter_table('learn_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_learn_member_learner_id'), ['learner_id'], unique=False)


def downgrade():
    with op.batch_alter_table('learn_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_learn_member_learner_id'))
    op.drop_table('learn_member')
    with op.batch_alter_table('learn_class', schema=None) as batch_op:
        batch_op.drop_index('ix_learn_class_creator_hash_created_at')
        batch_op.drop_index(batch_op.f('ix_learn_class_expires_at'))
    op.drop_table('learn_class')

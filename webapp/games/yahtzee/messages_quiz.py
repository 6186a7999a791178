"""Yahtzee sentences of the quiz kind "what does this box score?" (:mod:`.quiz_boxes`): its title, answer forms,
what it shows and the upper bonus steps (seed 004: 63 or more in the upper boxes give 35)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_

MESSAGES: dict[str, Any] = {
    "quiz.kind.yahtzee_boxes": N_("Yahtzee: what does this box score?"),
    "quiz.field.box_points": N_("How many points does this box score with these dice?"),
    "quiz.field.upper_total": N_("How many points do the upper boxes give, the bonus included?"),
    "yahtzee.quiz.answer": N_("Points: %(points)s"),
    "yahtzee.quiz.show.box": N_("The box: %(box)s"),
    "yahtzee.quiz.show.box_points": N_("%(box)s: %(points)s"),
    "yahtzee.quiz.upper.sum": N_("The upper boxes: %(sums)s = %(upper)s."),
    "yahtzee.quiz.upper.bonus": N_("%(upper)s is %(needed)s or more: + %(bonus)s bonus = %(total)s."),
    "yahtzee.quiz.upper.no_bonus": N_("%(upper)s is less than %(needed)s: no bonus, so %(total)s."),
    "yahtzee.quiz.error.upper": N_("These are no points of the six upper boxes."),
}

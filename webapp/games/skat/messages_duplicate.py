"""Skat sentences of the class's round (``skat.duplicate.*``, :mod:`.duplicate`): the round's errors, a child's
Seeger-Fabian points for a deal, and the class's moment."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    "skat.duplicate.error.count": N_("A round has 1 to %(most)s deals, not %(count)s."),
    "skat.duplicate.error.seed": N_("The round’s seed is a number or a text of up to 64 characters."),
    # The child's side of the class's round (webapp.classroom.skat_views)
    "skat.duplicate.class.title": N_("Skat at the table"),
    "skat.duplicate.class.later_deal": N_("Finish deal %(num)s first."),
    "skat.duplicate.class.moved_elsewhere": N_("This game went on on another device: here it is as it is now."),
    "skat.duplicate.class.ended": N_("The class has ended."),
    # A child's points for one deal (Seeger-Fabian list scoring)
    "skat.duplicate.score.passed": N_("All three passed: this deal was not played, 0 points for everybody."),
    "skat.duplicate.score.declarer_won": N_(
        "You won %(game)s as the declarer: %(score)s + 50 = %(points)s points."
    ),
    "skat.duplicate.score.declarer_lost": N_(
        "You lost %(game)s as the declarer: %(score)s − 50 = %(points)s points."
    ),
    "skat.duplicate.score.defender_won": N_(
        "The declarer lost %(game)s: each defender gets %(points)s points, you too."
    ),
    "skat.duplicate.score.defender_lost": N_("The declarer won %(game)s: %(points)s points for the defenders."),
    # The class's moment: the decision most children got wrong in a deal
    "skat.duplicate.moment.same": NP_(
        "%(count)s of %(total)s played %(card)s in trick %(trick)s.",
        "%(count)s of %(total)s played %(card)s in trick %(trick)s.",
        "count",
    ),
    "skat.duplicate.moment.trick": NP_(
        "%(count)s of %(total)s went wrong in trick %(trick)s; the card played most often there was %(card)s.",
        "%(count)s of %(total)s went wrong in trick %(trick)s; the card played most often there was %(card)s.",
        "count",
    ),
    "skat.duplicate.moment.better": N_("With %(card)s instead, that side could still have reached the better result."),
}

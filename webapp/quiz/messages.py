"""Sentences of the quiz and the classroom: question kinds, answer buttons, feedback, problems."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # Kinds of question and difficulty levels
    "quiz.kind.skat_family": N_("Skat: the game value (family rule)"),
    "quiz.kind.skat_official": N_("Skat: the game value (official rules)"),
    "quiz.kind.tichu_legality": N_("Tichu: is the play allowed?"),
    "quiz.kind.poker_showdown": N_("Poker: which hand wins?"),
    "quiz.difficulty.easy": N_("easy"),
    "quiz.difficulty.normal": N_("normal"),
    "quiz.difficulty.hard": N_("hard"),
    # What the question shows
    "quiz.show.hand": N_("The hand"),
    "quiz.show.table": N_("On the table"),
    "quiz.show.lead": N_("Nothing is on the table: the player leads."),
    "quiz.show.play": N_("The play"),
    "quiz.show.declared": N_("The declared game: %(game)s"),
    "quiz.show.declared_hand": N_("The declared game: %(game)s Hand"),
    "quiz.show.skat": N_("The skat (picked up; it counts for the matadors)"),
    "quiz.show.skat_hand": N_("The skat (not picked up in a Hand game, but it counts for the matadors)"),
    "quiz.show.poker_hand": N_("Hand %(hand)s"),
    # The answer form
    "quiz.field.trump": N_("Which suit is trump? Or must you pass?"),
    "quiz.field.value": N_("What is the game value? (Not needed when you pass.)"),
    "quiz.field.legal": N_("May this play go on the table?"),
    "quiz.field.kind": N_("Which combination is it? (Not needed when the play is not allowed.)"),
    "quiz.field.official_value": N_("What is the game value if the declarer wins?"),
    "quiz.field.winner": N_("Which hand wins?"),
    "quiz.choice.suit": N_("%(suit)s"),
    "quiz.choice.pass": N_("Pass"),
    "quiz.choice.allowed": N_("Allowed"),
    "quiz.choice.not_allowed": N_("Not allowed"),
    "quiz.choice.kind": N_("%(kind)s"),
    # An answer in words
    "quiz.skat.value": N_("%(value)s, %(suit)s"),
    "quiz.skat.pass": N_("Pass"),
    "quiz.tichu.allowed": N_("Allowed: %(kind)s"),
    "quiz.tichu.not_allowed": N_("Not allowed"),
    "quiz.official.value": N_("Game value %(value)s"),
    "quiz.poker.wins": N_("Hand %(hand)s wins"),
    "quiz.poker.tie": N_("Tie"),
    # The closing words of a quiz, by how it went (quiz.end.<mood>), and the next thing to try
    "quiz.end.all": N_("Every answer right: brilliant!"),
    "quiz.end.most": N_("Very good: you got most of them right!"),
    "quiz.end.some": N_("A good start: you got some of them right."),
    "quiz.end.none": N_("No right answer this time, but every try teaches you something."),
    "quiz.end.next_most": N_("Look at the few you missed, then try them again."),
    "quiz.end.next_some": N_("Read “Why?” for the ones you missed, then try them again."),
    "quiz.end.next_none": N_(
        "Open a question below and read “Why?” step by step, then try them again. An easier quiz is a good start too."
    ),
    # Problems with an answer or a code
    "quiz.error.missing": N_("Please answer this question too: %(field)s"),
    "quiz.error.choice": N_("Please use one of the buttons for: %(field)s"),
    "quiz.error.number": N_("Write a whole number from %(low)s to %(high)s."),
    "quiz.error.code": N_("A quiz code has 6 letters and digits, like K7PX3M."),
    "quiz.error.unknown_code": N_("There is no quiz with the code %(typed)s. Check the letters."),
    "quiz.error.settings": N_("Choose a kind of question, a difficulty and 1 to 30 questions."),
    # The classroom
    "class.error.code": N_("There is no class with the code %(typed)s, or it has ended. Check the letters."),
    "class.error.nickname_empty": N_("Please write a nickname."),
    "class.error.nickname_long": N_("A nickname can have at most %(max)s characters."),
    "class.error.nickname_bad": N_("A nickname can only have letters, digits, spaces and simple punctuation."),
    "class.error.nickname_taken": N_("Somebody in this class already uses the nickname %(nickname)s. Choose another one."),
    "class.error.not_joined": N_("Please join the class first."),
    "class.error.closed": N_("This question is closed. Wait for the next one."),
    "class.error.locked": N_("The teacher has closed this class to new children. Ask your teacher."),
    "class.error.full": N_("This class is full: it already has %(max)s children. Ask your teacher."),
    "class.error.removed": N_("The teacher has taken you out of this class."),
    "class.error.rejoin_unknown": N_("Nobody in this class has the nickname %(nickname)s. Check the letters."),
    "class.error.rejoin_busy": N_("Other children are waiting for the teacher. Try again in a minute."),
    "class.error.series_done": NP_(
        "The %(count)s question of this class has been asked.", "All %(count)s questions of this class have been asked.", "count"
    ),
    "class.error.not_now": N_("That is not possible at this moment of the class."),
    "class.error.confirm": N_("Please confirm that you want to end the class."),
    "class.error.quiz_code": N_("There is no quiz with the code %(typed)s. Check the letters, or choose a kind of question."),
}

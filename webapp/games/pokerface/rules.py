"""Pokerface (seed 003): cards, the poker hand evaluator, rounds and the showdown — one import for all.

The engine lives in three modules; this one re-exports their public names, so
``from webapp.games.pokerface import rules as pf`` keeps working:

* :mod:`.cards`: ranks, suits, cards, the notation, :class:`NotationError`
  and :class:`RuleViolation`, and the seed's numbers (:data:`HAND_SIZE`,
  :data:`MAX_EXTRA`, :data:`ROUNDS`, :data:`PLAYERS`).
* :mod:`.evaluator`: :class:`Evaluator` (it owns its lookup tables), hand
  classes, and :func:`evaluate`, :func:`evaluate5`, :func:`best_five` through
  the shared :func:`default_evaluator` (built once, on first use, immutable after).
* :mod:`.showdown`: hand names and steps, comparing two hands, dealing a
  round, the showdown, and "which hand wins?" questions.

The browser game's state machine is :mod:`.game`.

Cards are written suit then rank, as in the seed: suits ``S C H D`` (spades,
clubs, hearts, diamonds), ranks ``2``-``9``, ``T`` (ten), ``J Q K A``:
``SA`` is the ace of spades, ``HT`` the ten of hearts, ``D4`` the four of
diamonds.

:func:`evaluate` maps 5 to 8 cards to a *rank* from 1 (the best hand, a royal
flush) to 7462 (the worst, 7-5-4-3-2 of mixed suits): lower is better, equal
ranks tie. :func:`hand_class` gives the class, :func:`hand_name` a name.

>>> evaluate(parse_cards("SA SK SQ SJ ST"))
1
>>> hand_name(evaluate(parse_cards("H4 D4 C4 DA SA")))
'full house, fours over aces'
>>> hand_name(evaluate(parse_cards("SA HA D7 C7 S2 H9 C3 DK")))
'two pair, aces and sevens, king kicker'

Hand ranking (standard poker, the seed's linked rules): straight flush, four of
a kind, full house, flush, straight, three of a kind, two pair, one pair, high
card; aces high, A-2-3-4-5 the lowest straight; suits never break ties;
kickers are compared from the highest down.
"""

from __future__ import annotations

from webapp.games.pokerface.cards import (DECK, HAND_SIZE, MAX_EXTRA, PLAYERS, RANKS, ROUNDS, SUITS, Card,
                                          NotationError, Rank, Ranks, Reason, RuleViolation, Suit, cards_text,
                                          parse_card, parse_cards, split_tokens)
from webapp.games.pokerface.evaluator import (CACHE_NAME, CATEGORY_HANDS, CLASS_COUNT, ROLES, Category, Evaluator,
                                              HandClass, best_five, cache_folder, category, default_evaluator,
                                              evaluate, evaluate5, hand_class)
from webapp.games.pokerface.showdown import (Dealer, Question, Showdown, category_example, check_reveal, compare,
                                             exchange, game_winners, hand_name, hand_step, judge_hands, showdown,
                                             shuffled_deck, which_hand_wins)

__all__ = [
    "DECK", "HAND_SIZE", "MAX_EXTRA", "PLAYERS", "RANKS", "ROUNDS", "SUITS", "Card", "NotationError", "Rank", "Ranks",
    "Reason", "RuleViolation", "Suit", "cards_text", "parse_card", "parse_cards", "split_tokens",
    "CACHE_NAME", "CATEGORY_HANDS", "CLASS_COUNT", "ROLES", "Category", "Evaluator", "HandClass", "best_five",
    "cache_folder", "category", "default_evaluator", "evaluate", "evaluate5", "hand_class",
    "Dealer", "Question", "Showdown", "category_example", "check_reveal", "compare", "exchange", "game_winners",
    "hand_name", "hand_step", "judge_hands", "showdown", "shuffled_deck", "which_hand_wins",
]

"""The "club player" bots: the beginner bots' rules (:mod:`webapp.games.skat.bots`) where they serve, sampling where
it pays (issue 35). Pure, seeded, reproducible.

* Trick play: perfect-information Monte Carlo (:func:`webapp.games.skat.chances.card_chances`): the card whose side
  still wins in the most sampled deals, each solved with open cards. Its reason names the chances of the two best
  cards. When too few deals could be solved within the node limit (early in the game, in hard deals), or with one
  card to play, the beginner's rule plays, with its reason.
* Bidding, the skat and the declaration: the beginners' rules for now.

The seed of each decision comes from the situation (:func:`webapp.games.skat.sampling.situation_seed`), so a game
replays the same on every machine.
"""

from __future__ import annotations

from webapp.core.steps import Step
from webapp.games.skat.bots import BotMove, bot_move
from webapp.games.skat.chances import CardChances, card_chances
from webapp.games.skat.table import Phase, Play, TableState

__all__ = ["CLUB_SAMPLES", "MIN_SOLVED", "club_move"]

#: Deals sampled for each card decision.
CLUB_SAMPLES = 20
#: The fewest solved deals a sampled card needs; with fewer the beginner's rule plays.
MIN_SOLVED = 8


def _ranked(chances: CardChances, fallback: Play) -> list[tuple]:
    """The cards by wins, most first; on a tie the beginner's card first, then the hand's order."""
    order = {card: i for i, (card, _) in enumerate(chances.cards)}
    return sorted(chances.cards, key=lambda pair: (-pair[1], pair[0] != fallback.card, order[pair[0]]))


def club_move(state: TableState, samples: int = CLUB_SAMPLES) -> BotMove:
    """The club player's move for :attr:`TableState.to_act`, with its reason (see the module's docstring).

    Raises:
        ValueError: the game is over (nobody is to act).
    """
    beginner = bot_move(state)
    if state.phase is not Phase.PLAY or len(state.legal_actions()) < 2:
        return beginner
    chances = card_chances(state, samples)
    if chances.deals < MIN_SOLVED:
        return beginner
    assert isinstance(beginner.action, Play)
    ranked = _ranked(chances, beginner.action)
    (card, wins), (second, second_wins) = ranked[0], ranked[1]
    step = Step("skat.table.bot.club_card", card=card, wins=wins, deals=chances.deals, second=second,
                second_wins=second_wins)
    return BotMove(Play(card), (step,))

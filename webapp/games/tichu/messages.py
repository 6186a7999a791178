"""Tichu sentences: play legality (seed challenge "valid Tichu play") and card names."""

from __future__ import annotations

from typing import Any

from webapp.games.tichu.rules import Kind as TichuKind
from webapp.games.tichu.rules import TichuSuit
from webapp.core.markers import N_, NP_

# --- Tichu (seed challenge "valid Tichu play") ------------------------------
MESSAGES: dict[str, Any] = {
    # Input errors
    "tichu.error.unknown": N_(
        "“%(token)s” is not a Tichu card. Use 2 to 9, 0 for the ten, J, Q, K, A, R (Dragon), P (Phoenix), D (Dog) or 1 (Mah Jong)."
    ),
    "tichu.error.lowercase": N_(
        "“%(token)s” is a small letter. Write Tichu cards with capital letters, like K or R; small letters are only the suits g, k, b, r right after a card."
    ),
    "tichu.error.suit_special": N_("The %(card)s has no suit, so “%(token)s” cannot be a card."),
    "tichu.error.suit_alone": N_(
        "“%(token)s” is a suit letter. Write it right after a card, like 7%(token)s, not on its own."
    ),
    "tichu.error.wish": N_("“%(token)s” cannot be wished. Wish a rank from 2 to the Ace: 2 to 9, 0 for the ten, J, Q, K or A."),
    "tichu.error.not_in_hand": N_("The %(card)s is not in the hand."),
    "tichu.error.reading": N_("In these cards the Phoenix cannot stand for %(rank)s."),
    "tichu.error.duplicate": N_("There is only one %(card)s in the deck, but you wrote it more than once."),
    "tichu.error.too_many": NP_(
        "The deck has only four cards of rank %(card)s, but you wrote %(count)s.",
        "The deck has only four cards of rank %(card)s, but you wrote %(count)s.",
        "count",
    ),
    "tichu.error.deck_duplicate": N_(
        "There is only one %(card)s: it cannot be on the table and in your play at the same time."
    ),
    "tichu.error.deck_too_many": NP_(
        "The deck has only four cards of rank %(card)s, but the table and your play have %(count)s together.",
        "The deck has only four cards of rank %(card)s, but the table and your play have %(count)s together.",
        "count",
    ),
    "tichu.error.previous_invalid": N_("The cards on the table, %(cards)s, are not a combination."),
    "tichu.error.empty_play": N_("Your play has no cards. Choose at least one card."),
    "tichu.error.too_long_text": N_("That is far too long: in Tichu a hand holds at most %(limit)s cards, and so does a play."),
    "tichu.error.too_long": NP_(
        "A hand holds at most %(limit)s cards in Tichu, and so does a play, but you wrote %(count)s.",
        "A hand holds at most %(limit)s cards in Tichu, and so does a play, but you wrote %(count)s.",
        "count",
    ),
    # What is on the table
    "tichu.table.lead": N_("Nothing is on the table: you lead."),
    "tichu.table.dog": N_("The Dog is on the table. It passed the lead to you, so you lead."),
    "tichu.table.single": N_("On the table: a single, the %(card)s."),
    "tichu.table.phoenix_single": N_("On the table: the Phoenix as a single."),
    "tichu.table.phoenix_led": N_("We assume the Phoenix was led, so it counts 1½."),
    "tichu.table.pair": N_("On the table: a pair of %(rank)s."),
    "tichu.table.triple": N_("On the table: a triple of %(rank)s."),
    "tichu.table.full_house": N_("On the table: a full house, a triple of %(triple)s and a pair of %(pair)s."),
    "tichu.table.straight": NP_(
        "On the table: a straight of %(length)s card up to the %(top)s: %(cards)s.",
        "On the table: a straight of %(length)s cards up to the %(top)s: %(cards)s.",
        "length",
    ),
    "tichu.table.stairs": NP_(
        "On the table: stairs of %(pairs)s pair up to the %(top)s: %(cards)s.",
        "On the table: stairs of %(pairs)s pairs up to the %(top)s: %(cards)s.",
        "pairs",
    ),
    "tichu.table.bomb": N_("On the table: a bomb, four cards of rank %(rank)s."),
    "tichu.table.straight_flush": NP_(
        "On the table: a straight-flush bomb, %(length)s card of %(suit)s in a row up to the %(top)s: %(cards)s.",
        "On the table: a straight-flush bomb, %(length)s cards of %(suit)s in a row up to the %(top)s: %(cards)s.",
        "length",
    ),
    "tichu.table.phoenix_over": N_("The Phoenix was played on the %(card)s, so it counts half a rank more than the %(card)s."),
    "tichu.table.phoenix_as": N_("In it, the Phoenix stands for %(rank)s."),
    "tichu.table.other_readings": N_("The Phoenix could also stand for %(others)s, but we count the highest way."),
    # What the play is
    "tichu.play.single": N_("You play a single, the %(card)s."),
    "tichu.play.phoenix_single": N_("You play the Phoenix as a single."),
    "tichu.play.phoenix_led": N_("When the Phoenix is led alone, it counts 1½."),
    "tichu.play.pair": N_("You play a pair of %(rank)s."),
    "tichu.play.triple": N_("You play a triple of %(rank)s."),
    "tichu.play.full_house": N_("You play a full house, a triple of %(triple)s and a pair of %(pair)s."),
    "tichu.play.straight": NP_(
        "You play a straight of %(length)s card up to the %(top)s: %(cards)s.",
        "You play a straight of %(length)s cards up to the %(top)s: %(cards)s.",
        "length",
    ),
    "tichu.play.stairs": NP_(
        "You play stairs of %(pairs)s pair up to the %(top)s: %(cards)s.",
        "You play stairs of %(pairs)s pairs up to the %(top)s: %(cards)s.",
        "pairs",
    ),
    "tichu.play.bomb": N_("You play a bomb, four cards of rank %(rank)s."),
    "tichu.play.straight_flush": NP_(
        "You play a straight-flush bomb: %(length)s card of %(suit)s in a row up to the %(top)s: %(cards)s.",
        "You play a straight-flush bomb: %(length)s cards of %(suit)s in a row up to the %(top)s: %(cards)s.",
        "length",
    ),
    "tichu.play.phoenix_declared": N_("You said your Phoenix stands for %(rank)s, so that is how it counts."),
    "tichu.play.pass": N_("You pass."),
    "tichu.play.phoenix_as": N_("Your Phoenix stands for %(rank)s."),
    "tichu.play.other_readings": N_("It could also stand for %(others)s, but the highest way counts."),
    "tichu.play.none": N_("Your cards %(cards)s are not a combination."),
    # Why the cards are no combination
    "tichu.why.alone": N_("The %(card)s can only be played alone."),
    "tichu.why.mah_jong": N_("The Mah Jong can only be played alone or as the 1 at the bottom of a straight."),
    "tichu.why.phoenix_bomb": N_("The Phoenix can never be part of a bomb."),
    "tichu.why.bomb_alone": N_("Four cards of rank %(rank)s are a bomb only when they are played on their own."),
    "tichu.why.pair_ranks": N_("A pair needs two cards of the same rank."),
    "tichu.why.triple_ranks": N_("A triple needs three cards of the same rank."),
    "tichu.why.four_cards": N_("Four cards can only be two pairs next to each other (stairs) or four of a kind (a bomb)."),
    "tichu.why.full_house": N_("A full house is a triple and a pair: three cards of one rank and two of another."),
    "tichu.why.straight_short": NP_(
        "A straight needs at least 5 cards, but you have only %(length)s.",
        "A straight needs at least 5 cards, but you have only %(length)s.",
        "length",
    ),
    "tichu.why.straight_gap": NP_(
        "A straight has no gaps, but %(count)s rank is missing: %(missing)s.",
        "A straight has no gaps, but %(count)s ranks are missing: %(missing)s.",
        "count",
    ),
    "tichu.why.straight_gap_phoenix": NP_(
        "The Phoenix can fill only one gap, but %(count)s rank is missing: %(missing)s.",
        "The Phoenix can fill only one gap, but %(count)s ranks are missing: %(missing)s.",
        "count",
    ),
    "tichu.why.phoenix_range": N_(
        "The Phoenix can stand for 2 up to the Ace, but not for 1 or for a card above the Ace, so it does not fit into this straight."
    ),
    "tichu.why.stairs_gap": NP_(
        "Stairs are pairs right next to each other, but %(count)s rank is missing: %(missing)s.",
        "Stairs are pairs right next to each other, but %(count)s ranks are missing: %(missing)s.",
        "count",
    ),
    "tichu.why.mixed": N_(
        "So many cards can only be a straight (all different ranks in a row) or stairs (pairs in a row)."
    ),
    # Rules used in the comparison
    "tichu.rule.by_triple": N_("Full houses are compared by their triple."),
    "tichu.rule.by_top": N_("Straights and stairs are compared by their highest card."),
    # Why the play is allowed or not
    "tichu.reason.lead": N_("When you lead, you may play any combination."),
    "tichu.reason.dog_not_lead": N_("The Dog may only be played when you lead, never on other cards."),
    "tichu.reason.bomb_beats": N_("A bomb beats every combination that is not a bomb, even the Dragon."),
    "tichu.reason.bomb_higher": N_("Your bomb of %(play)s beats the lower bomb of %(previous)s."),
    "tichu.reason.bomb_not_higher": N_("Your bomb of %(play)s is not higher than the bomb of %(previous)s."),
    "tichu.reason.bomb_on_table": N_("Only a higher bomb can beat a bomb."),
    "tichu.reason.flush_beats_four": N_("A straight-flush bomb beats every bomb of four cards of one rank."),
    "tichu.reason.four_under_flush": N_("Four cards of one rank can never beat a straight-flush bomb."),
    "tichu.reason.flush_longer": N_(
        "Bombs are compared by their number of cards first: your %(play)s cards beat the %(previous)s on the table."
    ),
    "tichu.reason.flush_shorter": N_(
        "Bombs are compared by their number of cards first: your %(play)s cards cannot beat the %(previous)s on the table."
    ),
    "tichu.reason.flush_higher": N_("Both straight-flush bombs have the same length, and yours goes up to the %(play)s, higher than the %(previous)s."),
    "tichu.reason.flush_not_higher": N_(
        "Both straight-flush bombs have the same length, but yours goes up to the %(play)s, not higher than the %(previous)s."
    ),
    "tichu.reason.out_of_turn_bomb_only": N_("When it is not your turn, you may only throw in a bomb."),
    "tichu.reason.out_of_turn_empty": N_("A bomb out of turn needs cards on the table: the one who leads plays first."),
    "tichu.reason.dog_no_bomb": N_("The Dog can never be beaten, not even by a bomb: the lead goes to the partner."),
    "tichu.reason.beats_phoenix_over": N_(
        "The Phoenix counts a half more than the %(under)s, and your %(card)s is higher than that."
    ),
    "tichu.reason.under_phoenix_over": N_(
        "The Phoenix counts a half more than the %(under)s, so your %(card)s is not high enough."
    ),
    "tichu.reason.pass": N_("You may always pass when cards are on the table."),
    "tichu.reason.pass_on_lead": N_("You lead, so you must play something: passing is not allowed."),
    "tichu.reason.wish_pass": N_(
        "The wish is for %(rank)s, and you can play one now (for example %(cards)s), so you may not pass."
    ),
    "tichu.reason.wish_not_fulfilled": N_(
        "The wish is for %(rank)s, and you can play one now (for example %(cards)s), so you must play it."
    ),
    "tichu.wish.fulfilled": N_("Your play has a real %(rank)s: the wish is fulfilled and ends now."),
    "tichu.wish.out_of_turn": N_(
        "The wish is for %(rank)s, but a bomb thrown in out of turn never has to fulfil the wish."
    ),
    "tichu.wish.hand_unknown": N_(
        "The wish is for %(rank)s. Whether you must play it depends on your hand: enter it to check the wish."
    ),
    "tichu.wish.cannot": N_("The wish is for %(rank)s, but you cannot play one on this trick, so you may play something else."),
    "tichu.wish.phoenix": N_("Your Phoenix stands for %(rank)s, but the Phoenix never fulfils the wish: only a real %(rank)s does."),
    "tichu.wish.bomb_in_turn": N_(
        "A bomb played in your turn does not free you from the wish (the rulebook only frees bombs thrown in out of turn)."
    ),
    "tichu.reason.dragon_beats": N_("The Dragon is the highest single: it beats every other single."),
    "tichu.reason.dragon_single": N_("The Dragon can only be played on a single, or when you lead."),
    "tichu.reason.dragon_on_table": N_("Only a bomb can beat the Dragon."),
    "tichu.reason.phoenix_dragon": N_("The Phoenix beats every single except the Dragon."),
    "tichu.reason.phoenix_half": N_("The Phoenix counts half a rank more than the %(card)s, so it is higher."),
    "tichu.reason.phoenix_on_phoenix": N_("There is only one Phoenix, so it cannot be played on itself."),
    "tichu.reason.beats_phoenix": N_("Your %(card)s is more than 1½, so it beats the Phoenix."),
    "tichu.reason.mah_jong_phoenix": N_("The Mah Jong counts 1, and that is less than the Phoenix’s 1½."),
    "tichu.reason.kind": N_(
        "You must play the same kind of combination as the table (%(previous)s), but yours is different (%(play)s)."
    ),
    "tichu.reason.length": NP_(
        "Same kind (%(kind)s), but a different length: the table has %(previous)s card, you play %(play)s.",
        "Same kind (%(kind)s), but a different length: the table has %(previous)s cards, you play %(play)s.",
        "previous",
    ),
    "tichu.reason.higher": N_("Same kind (%(kind)s), and your %(play)s beats the %(previous)s on the table."),
    "tichu.reason.not_higher": N_(
        "Same kind (%(kind)s), but your %(play)s does not beat the %(previous)s on the table: it must be higher."
    ),
    # A trick played through (webapp.games.tichu.trick)
    "tichu.error.trick_over": N_("This trick is over."),
    "tichu.error.not_your_turn": N_("It is not your turn: only the player in turn may pass."),
    "tichu.error.illegal_move": N_("That move is not allowed."),
    "tichu.error.trick_not_over": N_("The trick is not over yet."),
    "tichu.error.gift": N_("Player %(seat)s won the trick with the Dragon and must give it to an opponent."),
    "tichu.error.gift_not_dragon": N_("Only a trick won with the Dragon is given away."),
    "tichu.trick.dog": N_("Player %(seat)s played the Dog: the trick ends at once and player %(lead)s, the partner, leads."),
    "tichu.trick.bomb_wins": N_("Player %(seat)s’s bomb won the trick: a bombed Dragon is not given away."),
    "tichu.trick.bomb_wins_plain": N_("Player %(seat)s’s bomb won the trick."),
    "tichu.trick.dragon_gift": N_(
        "Player %(seat)s won the trick with the Dragon and gives it, with its %(points)s points, to player %(taker)s, an opponent."
    ),
    "tichu.trick.won": NP_(
        "Everybody else passed: player %(seat)s wins the trick and its %(points)s point, and leads next.",
        "Everybody else passed: player %(seat)s wins the trick and its %(points)s points, and leads next.",
        "points",
    ),
    "tichu.trick.out_lead": N_("Player %(seat)s has no cards left, so player %(lead)s leads next."),
    # Round scoring
    "tichu.error.out_order": N_(
        "Give the players in the order they went out: two partners (a double victory), or three or four different players."
    ),
    "tichu.error.call": N_("“%(token)s” is not a call: use Tichu or Grand Tichu."),
    "tichu.error.points": N_("“%(token)s” cannot be card points: they are a multiple of 5 from -25 to 125."),
    "tichu.error.points_total": N_("The card points add up to %(total)s, but in every round they add up to 100."),
    "tichu.score.double_victory": N_(
        "Players %(first)s and %(second)s, partners, went out first and second: a double victory, %(points)s points, and nobody counts cards."
    ),
    "tichu.score.last_hand": NP_(
        "Player %(last)s was last: the %(points)s point left in their hand goes to the opponents.",
        "Player %(last)s was last: the %(points)s points left in their hand go to the opponents.",
        "points",
    ),
    "tichu.score.last_tricks": NP_(
        "Player %(last)s also gives their tricks (%(points)s point) to player %(first)s, who went out first.",
        "Player %(last)s also gives their tricks (%(points)s points) to player %(first)s, who went out first.",
        "points",
    ),
    "tichu.score.team_cards": NP_(
        "Team %(team)s counts %(points)s card point in its tricks.", "Team %(team)s counts %(points)s card points in its tricks.", "points"
    ),
    "tichu.score.cards_total": N_("Together that makes %(total)s: the card points of a round always add up to 100."),
    "tichu.score.tichu_won": N_("Player %(seat)s called Tichu and went out first: +%(points)s for team %(team)s."),
    "tichu.score.tichu_lost": N_("Player %(seat)s called Tichu but did not go out first: -%(points)s for team %(team)s."),
    "tichu.score.grand_won": N_("Player %(seat)s called Grand Tichu and went out first: +%(points)s for team %(team)s."),
    "tichu.score.grand_lost": N_(
        "Player %(seat)s called Grand Tichu but did not go out first: -%(points)s for team %(team)s."
    ),
    "tichu.score.round": N_("This round: team 1 %(a)s, team 2 %(b)s."),
    "tichu.score.totals": N_("Game score: team 1 %(a)s, team 2 %(b)s."),
    "tichu.score.game_won": N_("Team %(team)s has reached %(target)s and has more points: it wins the game."),
    "tichu.score.game_tied": N_("Both teams have the same score of %(target)s or more: play another round."),
    # Verdict
    "tichu.verdict.legal": N_("So you may play it."),
    "tichu.verdict.illegal": N_("So you may not play it."),
}

# Enum members used as step parameters -> their translatable names.
LABELS: dict[Any, str] = {
    TichuSuit.JADE: N_("Jade"),
    TichuSuit.SWORD: N_("Swords"),
    TichuSuit.PAGODA: N_("Pagodas"),
    TichuSuit.STAR: N_("Stars"),
    TichuKind.SINGLE: N_("single"),
    TichuKind.PAIR: N_("pair"),
    TichuKind.TRIPLE: N_("triple"),
    TichuKind.FULL_HOUSE: N_("full house"),
    TichuKind.STRAIGHT: N_("straight"),
    TichuKind.STAIRS: N_("stairs"),
    TichuKind.BOMB: N_("bomb"),
}

# Tichu card names by rank code (webapp.games.tichu.rules: DOG 0, MAH_JONG 1, 2..14, PHOENIX 15, DRAGON 16).
TICHU_CARD_NAMES: dict[int, str] = {
    0: N_("Dog"),
    1: N_("Mah Jong"),
    11: N_("Jack"),
    12: N_("Queen"),
    13: N_("King"),
    14: N_("Ace"),
    15: N_("Phoenix"),
    16: N_("Dragon"),
}

#: A suited Tichu card's name: "Ace of Stars" / "Stern-Ass" (placeholders: rank, suit).
TICHU_SUITED_NAME = N_("%(rank)s of %(suit)s")

#: The suit's name printed small on a card face: "Star" (the labels above are the plural "Stars").
TICHU_SUIT_FACES: dict[Any, str] = {
    TichuSuit.JADE: N_("Jade"),
    TichuSuit.SWORD: N_("Sword"),
    TichuSuit.PAGODA: N_("Pagoda"),
    TichuSuit.STAR: N_("Star"),
}

#: The texts above that are no step sentence or label, for the catalogue test.
TEXTS: tuple[str, ...] = (*TICHU_CARD_NAMES.values(), TICHU_SUITED_NAME, *TICHU_SUIT_FACES.values())

"""Where did I lose? (webapp/games/skat/analysis.py) on games whose deciding card is known.

The games are built here: a bots' game at the table (ISkO rules: the table engine) whose declarer is the child is
replayed to the eighth trick; from there, three cards a hand, the brute-force minimax of ``test_skat_solver`` knows
every card's outcome, so the test makes the child play a card that turns a won game into a lost one, then lets
everyone play on with best play, and checks that the analysis names exactly that trick and card, and exactly the
cards that would have kept the game.
"""

from __future__ import annotations

import pytest

from test_skat_solver import brute
from webapp.core.steps import NotationError
from webapp.games.skat.analysis import THRESHOLDS, analyse, outcome_level
from webapp.games.skat.bots import bot_move
from webapp.games.skat.play import Seat, card_points, legal_cards
from webapp.games.skat.table import Phase, Play, TableState, deal


def bots_until(seed: int, cards_played: int) -> TableState:
    """Game 1 of ``seed`` played by the bots until ``cards_played`` cards of trick play are down."""
    state = deal(seed, 1)
    while state.to_act is not None and not (state.phase is Phase.PLAY and
                                            sum(len(t.cards) for t in state.tricks) + len(state.trick) >= cards_played):
        state = state.apply(bot_move(state).action)
    return state


def relative(state: TableState, seat: Seat) -> int:
    return (seat.value - state.declarer.value) % 3


def hands_of(state: TableState) -> tuple[tuple, tuple, tuple]:
    return tuple(tuple(state.hands[Seat((state.declarer.value + r) % 3).value]) for r in range(3))


def future(state: TableState) -> int:
    """Declarer's points still to come from a trick start, by brute force (suit games and Grand)."""
    return brute(state.game, hands_of(state), relative(state, state.to_act), ())


def play_best(state: TableState) -> TableState:
    """Everyone plays on with best play (brute force) to the end."""
    while state.to_act is not None:
        mover = relative(state, state.to_act)
        trick = tuple(c for _, c in state.trick)
        options = []
        for card in legal_cards(state.hands[state.to_act.value], trick, state.game):
            after = state.apply(Play(card))
            options.append((value_after(state, after), card))
        chooser = max if mover == 0 else min
        best = chooser(v for v, _ in options)
        state = state.apply(Play(next(c for v, c in options if v == best)))
    return state


def value_after(before: TableState, after: TableState) -> int:
    """The declarer's final card points with best play from ``after`` (brute force)."""
    taken = sum(t.points for t in after.tricks if t.winner == after.declarer) + card_points(after.discarded)
    if after.to_act is None:
        return taken
    trick = tuple(c for _, c in after.trick)
    leader = after.trick[0][0] if after.trick else after.to_act
    hands = hands_of(after)
    return taken + brute(after.game, hands, relative(after, leader), trick)


def constructed_mistake(seeds=range(1, 400)):
    """A game where the child (the declarer) at trick 8 plays a card that loses a game it could still win there, and
    the cards that would have kept it; None when no seed gives one. (An earlier slip that the bots made good again
    is not the card that lost the game.)"""
    for seed in seeds:
        state = bots_until(seed, 21)
        if state.phase is not Phase.PLAY or state.game.is_null or state.declarer != state.to_act:
            continue
        if state.declarer != Seat.FOREHAND:  # the child: player 0 is forehand in game 1
            continue
        taken = sum(t.points for t in state.tricks if t.winner == state.declarer) + card_points(state.discarded)
        if taken + future(state) < 61:
            continue
        keep, lose = [], []
        for card in legal_cards(state.hands[state.to_act.value], (), state.game):
            final = value_after(state, state.apply(Play(card)))
            (keep if final >= 61 else lose).append((card, final))
        good_losers = [(c, f) for c, f in lose if 31 <= f]
        if keep and good_losers:
            return state, good_losers[0][0], tuple(c for c, _ in keep)
    return None


@pytest.fixture(scope="module")
def mistake_game():
    found = constructed_mistake()
    assert found is not None, "no seed gives a game lost by one card at trick 8"
    state, card, keep = found
    return play_best(state.apply(Play(card))), card, keep


def test_the_analysis_names_the_card_that_lost_a_won_game(mistake_game):
    """The child, declarer, could win before its card in trick 8 and not after it: the analysis says so, names the
    card, and offers exactly the cards that would have kept 61 (brute force)."""
    final, card, keep = mistake_game
    assert final.phase is Phase.DONE and not final.score.won
    analysis = analyse(final, Seat.FOREHAND)
    assert analysis.complete
    assert analysis.winnable is True
    assert analysis.mistake is not None
    assert (analysis.mistake.trick, analysis.mistake.card) == (8, card)
    assert set(analysis.mistake.better) == set(keep)
    codes = [s.code for s in analysis.steps]
    assert "skat.analysis.mistake.lost" in codes and "skat.analysis.better" in codes


def test_the_better_line_keeps_the_game(mistake_game):
    """Played out, the better line from the mistake reaches 61 card points for the declarer."""
    final, card, keep = mistake_game
    analysis = analyse(final, Seat.FOREHAND)
    line = analysis.mistake.line
    assert line[0] == (Seat.FOREHAND, analysis.mistake.better[0])
    state = bots_until(final.seed, 21)
    for seat, played in line:
        assert state.to_act == seat
        state = state.apply(Play(played))
    assert state.phase is Phase.DONE and state.score.outcome.points >= 61


def test_a_game_lost_by_the_deal_says_so():
    """A declarer whose game cannot be won from the first card (open cards) and who lost it hears that it was not
    its play; no mistake is named."""
    for seed in range(1, 200):
        state = bots_until(seed, 99)
        if state.phase is not Phase.DONE or state.declarer != Seat.FOREHAND or state.score.won:
            continue
        if state.game.is_null:
            continue
        analysis = analyse(state, Seat.FOREHAND)
        if analysis.winnable is False and analysis.complete:
            codes = [s.code for s in analysis.steps]
            assert analysis.mistake is None
            assert codes[0] in ("skat.analysis.deal.lost", "skat.analysis.deal.points_lost")
            assert codes[-1] in ("skat.analysis.bad_luck", "skat.analysis.bad_luck_play", "skat.analysis.fix.game",
                                 "skat.analysis.fix.discard")
            return
    pytest.fail("no seed gives a lost deal")


def test_outcome_levels_follow_the_isko_thresholds():
    """ISkO 4.1.2 / 5.1.2: 61 wins, 90 is Schneider, 30 or fewer is Schneider against the declarer."""
    assert THRESHOLDS == (31, 61, 90)
    assert [outcome_level(p) for p in (0, 30, 31, 60, 61, 89, 90, 120)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_an_unfinished_game_is_refused():
    with pytest.raises(NotationError) as error:
        analyse(deal(7, 1), Seat.FOREHAND)
    assert error.value.step.code == "skat.analysis.error.not_done"


def test_the_same_game_gives_the_same_analysis():
    """Reproducible: the work limit counts positions, not seconds."""
    state = bots_until(9, 99)
    assert analyse(state, Seat.MIDDLEHAND) == analyse(state, Seat.MIDDLEHAND)


def test_the_module_examples_hold():
    import doctest

    from webapp.games.skat import analysis, play_order, solver

    for module in (analysis, play_order, solver):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its new parent counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.skipif(not __import__("os").path.isdir("/proc/self"), reason="reads /proc (Linux)")
def test_the_analysis_workers_end_with_a_killed_server_process(tmp_path):
    """Issue 34: a server process killed (granian kills a worker that does not stop) left its analysis worker
    running with parent 1. The worker now ends within a second or so of its parent."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("import time\n"
              "from webapp.games.skat.analysis_pool import AnalysisPool, ready\n"
              "pool = AnalysisPool(workers=1)\n"
              "pool.warm()\n"
              "pool._pool().submit(ready).result(60)\n"
              "print(*pool._pool()._processes, flush=True)\n"
              "time.sleep(60)\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    workers = [int(pid) for pid in server.stdout.readline().split()]
    assert workers and all(_alive(pid) for pid in workers)
    server.send_signal(signal.SIGKILL)
    server.wait(10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)

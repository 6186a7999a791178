"""The bot tournament of seed 004: points, ties, disqualification, external programs."""

from __future__ import annotations

import sys
import textwrap

import pytest

from webapp.core.steps import Step
from webapp.games.yahtzee.contest.players import Category, IllegalChoice, Player, TurnChoice
from webapp.games.yahtzee.contest.tournament import load_player_class, run_tournament


class FirstFree(Player):
    """Always fills the first box the rules allow, right after the first roll."""

    def turn(self, dice, stage):
        return TurnChoice.place(self.game.scorecard().legal(dice)[0])


class KeepAtTheEnd(Player):
    """Illegal: keeps dice after the third roll."""

    def turn(self, dice, stage):
        return TurnChoice.keep([0])


class AlwaysChance(Player):
    """Illegal from the second turn on: Chance twice."""

    def turn(self, dice, stage):
        return TurnChoice.place(Category.CHANCE)


class Crashes(Player):
    def turn(self, dice, stage):
        raise ZeroDivisionError("oops")


class SeesScores(Player):
    """Checks what the controller shows (its own card, every score without names); a wrong
    view makes it answer illegally, which disqualifies it."""

    def turn(self, dice, stage):
        scores, card = self.game.scores(), self.game.scorecard()
        if not (len(scores) == 3 and card.score in scores and all(isinstance(s, int) for s in scores)):
            return TurnChoice.keep([9])
        return TurnChoice.place(card.legal(dice)[0])


HERE = __file__


def test_the_better_bot_collects_the_points():
    result = run_tournament(["dummy", "heuristic"], games=30, seed=1)
    first, second = result.standings
    assert first.name == "HeuristicBot" and first.points > second.points
    assert first.points + second.points >= 30  # a point a game, more on ties
    assert len(first.scores) == 30 and 150 < first.mean < 260 and first.best == max(first.scores)
    assert second.mean < 100 and first.stdev > 0


def test_same_bot_twice_gets_the_same_dice_and_ties_cannot_be_broken():
    result = run_tournament([f"{HERE}:FirstFree", f"{HERE}:FirstFree"], games=5, tiebreak_limit=3)
    a, b = result.standings
    assert a.scores == b.scores and a.points == b.points == 5
    assert result.tiebreak_games == 3 and result.unbroken_tie


@pytest.mark.parametrize("bot, code, detail", [
    ("KeepAtTheEnd", "yahtzee.contest.must_place", {}),
    ("AlwaysChance", "yahtzee.contest.not_allowed", {"category": Category.CHANCE}),
    ("Crashes", "yahtzee.contest.raised", {"error": "ZeroDivisionError: oops"}),
])
def test_an_illegal_choice_disqualifies_with_the_reason(bot, code, detail):
    """Seed 004: an illegal choice or an exception disqualifies; the reason is a step (code and parameters)."""
    result = run_tournament([f"{HERE}:{bot}", "heuristic"], games=3)
    winner, loser = result.standings
    assert winner.name == "HeuristicBot" and winner.points == 3
    assert loser.disqualified is not None and loser.disqualified.code == code
    assert detail.items() <= loser.disqualified.as_dict().items()
    if bot == "AlwaysChance":  # the rule broken, in words: the box is filled already
        assert loser.disqualified["why"].code == "yahtzee.error.taken"


def test_players_see_their_card_and_all_scores_without_names():
    result = run_tournament([f"{HERE}:SeesScores", "dummy", "dummy"], games=2)
    seer = next(s for s in result.standings if s.name == "SeesScores")
    assert seer.disqualified is None and len(seer.scores) == 2


def test_bots_by_dotted_path_and_bad_specs():
    assert load_player_class("webapp.games.yahtzee.contest.bots.HeuristicBot").__name__ == "HeuristicBot"
    assert load_player_class("webapp.games.yahtzee.contest.bots:DummyBot").__name__ == "DummyBot"
    for spec in ("nonsense", "webapp.nothing.Bot", "webapp.games.yahtzee.contest.players.Category"):
        with pytest.raises(IllegalChoice):
            load_player_class(spec)


def external(tmp_path, body: str) -> str:
    script = tmp_path / "bot.py"
    script.write_text(textwrap.dedent(body))
    return f"exec:{sys.executable} {script}"


def test_an_external_program_plays_over_json_lines(tmp_path):
    bot = external(tmp_path, """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["stage"] < 2:
                print(json.dumps({"keep": [i for i, d in enumerate(msg["dice"]) if d >= 5]}), flush=True)
            else:
                free = msg["scorecard"]["free"]
                print(json.dumps({"category": free[-1] if len(set(msg["dice"])) > 1 else free[0]}), flush=True)
    """)
    result = run_tournament([bot, "dummy"], games=3)
    ext = next(s for s in result.standings if s.name.endswith("bot.py"))
    assert ext.disqualified is None, ext.disqualified
    assert len(ext.scores) == 3


@pytest.mark.parametrize("body, timeout, code", [
    ("import time, sys\nsys.stdin.readline()\ntime.sleep(30)\n", 1.0, "yahtzee.contest.late"),
    ("import sys\nsys.stdin.readline()\nprint('hello', flush=True)\n", 20, "yahtzee.contest.not_json"),
    ("import sys\nsys.stdin.readline()\nprint('{\"category\": \"bananas\"}', flush=True)\n", 20, "yahtzee.error.category"),
    ("import sys\n", 20, "yahtzee.contest.ended"),
])
def test_a_broken_external_program_is_disqualified_and_never_hangs(tmp_path, body, timeout, code):
    result = run_tournament([external(tmp_path, body), "dummy"], games=2, timeout=timeout)
    broken = next(s for s in result.standings if s.name.endswith("bot.py"))
    assert broken.disqualified is not None and broken.disqualified.code == code


def test_an_external_program_that_does_not_exist():
    with pytest.raises(IllegalChoice) as info:
        run_tournament(["exec:/nonexistent/bot", "dummy"], games=1)
    assert info.value.step.code == "yahtzee.contest.cannot_start" and info.value.step["command"] == "/nonexistent/bot"


def test_the_optimal_bot_plays_legally_and_beats_the_heuristic_on_average(yahtzee_strategy):
    result = run_tournament(["optimal", "heuristic"], games=20, seed=3)
    optimal = next(s for s in result.standings if s.name == "OptimalBot")
    heuristic = next(s for s in result.standings if s.name == "HeuristicBot")
    assert optimal.disqualified is None and len(optimal.scores) == 20
    assert optimal.mean > heuristic.mean - 20  # 20 games: a loose check; the benchmark has the real figures


def test_the_example_program_from_the_bot_guide_plays_legally():
    """The example program of docs/bots.md, written without any Kartenschule import."""
    from pathlib import Path

    import webapp.games.yahtzee.contest as package

    script = Path(package.__file__).with_name("example_bot.py")
    result = run_tournament([f"exec:{sys.executable} {script}", "dummy"], games=20, seed=2)
    example = next(s for s in result.standings if s.name.endswith("example_bot.py"))
    assert example.disqualified is None and example.points >= 15 and example.mean > 100



class _EmptyCard:
    def as_json(self):
        return {"free": [], "score": 0}


class _GameView:
    """The least a player's game view must answer for one question."""

    def scorecard(self):
        return _EmptyCard()

    def scores(self):
        return [0, 0]


def test_a_program_that_ended_before_its_first_question_is_said_to_have_ended(tmp_path):
    """A bot that exits at once may be gone before the controller writes to it (a broken pipe): the reason is
    still that it ended, not that it stopped reading (this race made the test above fail now and then)."""
    from webapp.games.yahtzee.contest.external import ExternalPlayer

    script = tmp_path / "bot.py"
    script.write_text("import sys\n")
    player = ExternalPlayer(_GameView(), f"{sys.executable} {script}", timeout=5.0)
    try:
        player.process.process.wait(timeout=10)  # it has ended before its first question
        with pytest.raises(IllegalChoice) as info:
            player.turn((1, 2, 3, 4, 5), 0)
        assert info.value.step == Step("yahtzee.contest.ended", status=0)
    finally:
        player.close()

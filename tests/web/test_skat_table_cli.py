"""`kartenschule skat auction|legal|trick|play` (issue 15, section 3): the stable forms and bad input (exit 2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from webapp.cli import main


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


def test_auction_lines(cli):
    """ISkO 3.2: middlehand says to forehand; the hearer holds at equal value; rearhand continues above 20."""
    result = cli("skat", "auction", "--limits", "20,20,23")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "rearhand 22", "middlehand: 18", "forehand: yes", "middlehand: 20", "forehand: yes", "middlehand: pass",
        "rearhand: 22", "forehand: pass"]


def test_auction_forehand_at_18_and_all_pass(cli):
    """ISkO 3.2: after two passes without a bid forehand may play at 18; all pass: thrown in."""
    assert cli("skat", "auction", "--limits", "18,0,0").stdout.splitlines()[0] == "forehand 18"
    assert cli("skat", "auction", "--limits", "0,0,0").stdout.splitlines() == [
        "passed", "middlehand: pass", "rearhand: pass", "forehand: pass"]


def test_legal_cards(cli):
    """ISkO 2.3: clubs led in a hearts game: the Jack of Clubs is a trump and does not follow clubs."""
    assert cli("skat", "legal", "--game", "hearts", "--trick", "AC", "JC", "7C", "AH").stdout == "7C\n"
    assert cli("skat", "legal", "--game", "null", "--trick", "AC", "JC", "7H").stdout == "JC\n"
    assert cli("skat", "legal", "--game", "grand", "--trick", "JD 7C", "AH", "QC", "JS").stdout == "JS\n"
    assert cli("skat", "legal", "--game", "clubs", "AH", "QC", "JS").stdout == "AH QC JS\n"


def test_trick(cli):
    """Trick winner (ISkO 2.3) and card points (ISkO 1.2.2): a small trump beats the ace of the led suit."""
    assert cli("skat", "trick", "--game", "clubs", "AH", "0H", "7C").stdout == "3 21\n"
    assert cli("skat", "trick", "--game", "null", "0S", "KS", "JS").stdout == "2 16\n"


@pytest.mark.parametrize("args, word", [
    (("auction", "--limits", "18,20"), "three"),
    (("auction", "--limits", "18,19,0"), "19"),
    (("legal", "--game", "clubs", "AC", "AC"), "twice"),
    (("legal", "--game", "clubs", "XX"), "XX"),
    (("legal", "--game", "clubs", "--trick", "AC", "AC", "7C"), "twice"),
    (("legal", "--game", "clubs", "--trick", "AH 0H KH", "7C"), "3 cards"),
    (("legal", "--game", "clubs", *"7C 8C 9C 0C KC QC AC 7S 8S 9S 0S".split()), "10"),
    (("trick", "--game", "clubs", "AH", "0H", "7C", "8C"), "3 cards"),
    (("trick", "--game", "clubs", "AH", "0H"), "3 cards"),
    (("trick", "--game", "clubs", "AH", "AH", "7C"), "twice"),
])
def test_bad_input_names_the_problem(cli, args, word):
    result = cli("skat", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert word in result.stderr


def test_play_is_reproducible_and_scored(cli):
    first = cli("skat", "play", "--seed", "3", "--games", "3")
    assert first.exit_code == 0 and first.stdout == cli("skat", "play", "--seed", "3", "--games", "3").stdout
    blocks = first.stdout.strip().split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == ["Game 1 (seed 3)", "Game 2 (seed 3)", "Game 3 (seed 3)"]
    played = [b for b in blocks if "Score:" in b]
    assert played
    for block in played:
        assert sum(1 for line in block.splitlines() if line.startswith("Trick ")) in range(1, 11)


def test_play_explains_in_german(cli):
    result = cli("skat", "play", "--seed", "3", "--explain", "--lang", "de")
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("Spiel 1 (Startzahl 3)")
    assert "Stich 1:" in text and "Ergebnis:" in text and "Mittelhand:" in text


def test_the_default_command_still_works(cli):
    assert cli("skat", "JC", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D").stdout == "36 Clubs\n"


def test_play_with_club_players_gives_their_sampled_reasons_and_refuses_an_unknown_level(cli):
    """``--bots club`` (issue 35): the club players' reasons name their chances; an unknown level exits 2."""
    result = cli("skat", "play", "--seed", "9", "--bots", "club", "--explain", "--lang", "en")
    assert result.exit_code == 0
    assert "deals like this" in result.stdout
    assert cli("skat", "play", "--seed", "9", "--bots", "club").exit_code == 0
    bad = cli("skat", "play", "--seed", "9", "--bots", "expert")
    assert bad.exit_code == 2 and "expert" in bad.stderr


def test_chance_gives_a_line_a_game_then_the_advice(cli):
    """``skat chance`` (issue 35): ``clubs 71 %`` for each suit game and Grand, then ``advice: ...`` (the table
    coach's bid advice, a line a planned game); with ``--samples`` each line adds the open-cards results of that many
    sampled deals."""
    from webapp.games.skat.advice import bid_advice
    from webapp.games.skat.rules import parse_cards

    hand = "JC JS AC 0C KC 7S 8S AH 0H 9D".split()
    lines = cli("skat", "chance", *hand).stdout.splitlines()
    names = ["clubs", "spades", "hearts", "diamonds", "grand", "null", "null+hand", "null+ouvert", "null+ouvert+hand"]
    assert [line.rsplit(" ", 2)[0] for line in lines[:9]] == names
    advice = bid_advice(tuple(parse_cards(" ".join(hand))), True)
    chance = {"+".join([g.game.value] + ["ouvert"] * g.ouvert + ["hand"] * g.hand): g.chance for g in advice.games}
    assert lines[:9] == [f"{name} {round(100 * chance[name])} %" for name in names]
    assert advice.plan  # a hand the coach plays
    first, *then = advice.plan
    assert lines[9] == f"advice: {first.game.value.capitalize()}, bid up to {first.safe}"
    assert lines[10:] == [f"then {g.game.value.capitalize()}, bid up to {g.safe}" for g in then]
    weak = cli("skat", "chance", *"KC QS QH 9D 0C 9S 8H AD 7S KH".split()).stdout.splitlines()
    assert weak[9:] == ["advice: pass"]
    null = cli("skat", "chance", *"7C 8C 9C 7S 8S 9S 7H 8H 9H 7D".split()).stdout.splitlines()
    assert null[9].startswith("advice: Null")  # no gaps at all: the coach plays a Null
    sampled = cli("skat", "chance", "--samples", "2", *hand).stdout.splitlines()
    assert all("sampled deals won" in line for line in sampled[:5])


def test_chance_refuses_a_bad_hand_on_stderr_with_exit_2(cli):
    result = cli("skat", "chance", "JC", "JS", "AC")
    assert result.exit_code == 2 and "10 cards" in result.stderr

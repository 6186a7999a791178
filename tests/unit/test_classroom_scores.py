"""Who the projector names (issue 33): the top five with points, never the last place, a shared place whole or
not at all; the podium the same way (webapp.classroom.scores.named_on_board, service.podium)."""

from __future__ import annotations

from webapp.classroom import scores
from webapp.classroom.service import podium


def board(*points: int):
    """A leaderboard of children called A, B, C... with these points."""
    return scores.rank((index, chr(ord("A") + index), total) for index, total in enumerate(points))


def names(lines) -> str:
    return "".join(line.nickname for line in lines)


def test_at_most_five_and_never_the_last_place():
    assert names(scores.named_on_board(board(1000, 950, 900, 850, 800, 750, 0))) == "ABCDE"
    assert names(scores.named_on_board(board(1000, 500, 200))) == "AB"  # C has points, but is last
    assert names(scores.named_on_board(board(1000, 0, 0))) == "A"  # two share the last place


def test_nobody_without_points_and_a_tie_everybody_shares():
    assert scores.named_on_board(board(0, 0, 0)) == ()
    assert names(scores.named_on_board(board(1000, 1000))) == "AB"  # all first: nobody is last
    assert scores.named_on_board(()) == ()


def test_a_shared_place_is_named_whole_or_not_at_all():
    # places 1 2 3 4 5 5 7: the fifth place is shared by E and F; G is last
    assert names(scores.named_on_board(board(900, 800, 700, 600, 500, 500, 100))) == "ABCD"
    # the first place shared by six: the first five of them (nobody would be named otherwise)
    assert len(scores.named_on_board(board(*[1000] * 6, 0))) == 5


def test_the_podium_names_only_those_the_board_names():
    assert names(podium(board(1000, 1000, 0, 0))) == "AB"
    assert [line.place for line in podium(board(900, 800, 700, 600))] == [1, 2, 3]
    assert names(podium(board(900, 800, 700))) == "AB"  # three children: the third is the last

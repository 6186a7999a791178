"""Bot contests: programs play the games of Kartenschule against each other (see :mod:`.yahtzee`)."""

"""The Yahtzee bot tournament of seed 004: players, the controller, built-in bots, external programs, class bots in a worker process."""

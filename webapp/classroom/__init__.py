"""The classroom: a teacher on the projector, children on tablets, live results.

* :mod:`.service`: the rules and queries of a class (create, join, ask,
  answer, close, results; token hashing; the modes and the teacher's actions).
* :mod:`.scores`: points (the speed bonus rule), streaks, places.
* :mod:`.presenter`: what the projector shows (no distribution while answers are open).
* :mod:`.shared`: what a whole class sees alike, made once (question panels, standings).
* :mod:`.export`: the CSV of every answer (cells defused) and the QR code.
* :mod:`.quickpoll`: the children's unchanged polls, answered before Flask.
* :mod:`.views`: the blueprint ``classroom`` (thin routes over the service).
"""

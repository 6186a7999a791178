"""The learning path (issue 36): lessons as data (:mod:`.path`), a learner's progress as pure state
transitions (:mod:`.progress`), the lessons' titles and goals (:mod:`.messages`); around that pure core, the
storage (:mod:`.store`: learners and answers in the database, the clock) and the pages (:mod:`.learn_views`).

Nothing in the core knows Flask, the database or the clock: times come in as day numbers, state goes in and new
state comes out, and the state is plain JSON-able data (``to_dict``/``from_dict``) for the storage to keep.
"""

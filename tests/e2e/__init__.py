"""End-to-end tests: real Chromium (Playwright, sync API) against a live Kartenschule server.

This folder is a package so its modules (``test_skat``, ``test_tichu``) do not
clash with the unit tests of the same name.
"""

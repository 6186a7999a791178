"""The public address of the join page (shown as "Join at" and encoded in the QR code).

A request's ``Host`` header is typed by whoever sends it, so it never decides
on its own where children are sent. The base of the join URL is, in this order:

1. ``PUBLIC_URL`` in the app config (environment: ``KARTENSCHULE_PUBLIC_URL``),
   e.g. ``https://karten.example-schule.de``;
2. Flask's ``SERVER_NAME`` (with ``https`` when :func:`webapp.core.security.is_https`);
3. ``LAN_URLS``: the addresses of this computer on the school network that ``kartenschule serve --lan`` found
   (``http://192.168.1.20:8000``, best first; :mod:`webapp.serve`): the one the request came to when it is
   among them (the teacher opened that one on the projector), else the first. So a teacher who opened the page
   as ``localhost`` on the server itself still shows the children an address they can reach;
4. the request's host when Flask checks it: ``TRUSTED_HOSTS`` is set (Flask
   answers 400 to any other host before a view runs), or the host is this
   computer itself (``localhost``, ``127.0.0.1``, ``::1``: a teacher trying the
   app on a laptop).

Otherwise there is no trustworthy address: :func:`join_url` is ``None``, the
projector shows the code and the path only, and the QR code answers 404 (a
warning in the log names the setting). When the base is this computer itself (:func:`is_loopback`: the server
serves only loopback, or was opened that way without ``--lan``), ``templates/classroom/_join_warning.html`` warns
on the projector that no tablet can open it.
"""

from __future__ import annotations

import hashlib

from flask import current_app, request, url_for

from webapp.core import security

__all__ = ["join_url", "url_version", "is_loopback", "public_base"]

#: Hosts that name the computer the browser runs on: a forged one can only send a child to their own tablet.
LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def _hostname(host: str) -> str:
    """``host`` without its port (``[::1]:5000`` -> ``::1``), in lower case."""
    host = host.lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_loopback(url: str | None) -> bool:
    """Whether ``url`` (``http://host:port/...``) names this computer (``localhost``, ``127.x.x.x``, ``::1``):
    an address no tablet can open. ``None`` (no address) is not."""
    if not url:
        return False
    host = _hostname(url.partition("://")[2].partition("/")[0])
    return host in LOOPBACK or host.endswith(".localhost") or host.startswith("127.")


def public_base() -> str | None:
    """The scheme and host children reach the app at (no trailing ``/``), or ``None`` when none can be trusted
    (see the module docstring). Needs a request context."""
    config = current_app.config
    if config.get("PUBLIC_URL"):
        return str(config["PUBLIC_URL"]).rstrip("/")
    scheme = "https" if security.is_https() else "http"
    if config.get("SERVER_NAME"):
        return f"{scheme}://{config['SERVER_NAME']}"
    lan = [str(url).rstrip("/") for url in config.get("LAN_URLS") or ()]
    if lan:
        here = f"{scheme}://{request.host}".lower()
        return next((url for url in lan if url.lower() == here), lan[0])
    host = request.host  # with TRUSTED_HOSTS set, Flask has already refused any other host (400)
    if config.get("TRUSTED_HOSTS") or _hostname(host) in LOOPBACK or _hostname(host).endswith(".localhost"):
        return f"{scheme}://{host}"
    current_app.logger.warning("join URL: host %r is not trusted; set KARTENSCHULE_PUBLIC_URL (or SERVER_NAME or "
                               "TRUSTED_HOSTS) so that the projector can show the join address and QR code", host[:80])
    return None


def join_url(join_code: str) -> str | None:
    """The absolute URL of the join page of ``join_code`` (``/class/<code>`` under :func:`public_base`), or
    ``None`` when no base can be trusted."""
    base = public_base()
    if base is None:
        return None
    return base + url_for("classroom.join_page", code=join_code)


def url_version(url: str) -> str:
    """A short fingerprint of ``url`` (12 hex digits of its SHA-256): part of the QR image's address, so a
    cached QR code always encodes the URL the page shows."""
    return hashlib.sha256(url.encode()).hexdigest()[:12]

"""``kartenschule serve``: the app on a production WSGI server, for a class on the school network.

    kartenschule serve                 # this computer only: http://127.0.0.1:8000
    kartenschule serve --lan           # every tablet on the network: prints the addresses and a QR code
    kartenschule serve --lan --port 8080 --workers 3 --instance /srv/kartenschule

* The server: granian (HTTP in Rust: ``--workers`` processes of ``--threads`` Python threads each, 2 x 64 on
  SQLite: :func:`default_threads` says why) on Linux and macOS; waitress (pure Python, one process of ``workers x
  threads`` threads) on Windows, where granian serves with one process only. ``--server`` picks one by hand (both
  are tested on Linux). Granian replaced gunicorn, whose HTTP handling in Python took about a quarter of the
  server's CPU under the classroom load (``benchmarks/classroom_load.py``).
* The instance folder (SQLite database, secret key, Yahtzee strategy table): ``--instance DIR``, which must exist
  and be writable, else the user's data folder (:func:`default_instance`, by platformdirs), created when missing.
  The app is built once before the server starts: it migrates the database and makes the secret key, and any
  problem there (a read-only or missing folder, an unreachable ``DATABASE_URL``) stops the command with a clear
  message and exit status 2, without a traceback.
* ``--lan`` listens on all IPv4 interfaces and gives the app the addresses found (:func:`lan_addresses`) as
  ``LAN_URLS``: the projector's "Join at" then names one of them (:mod:`webapp.classroom.links`), never
  ``127.0.0.1``. Without ``--lan`` only this computer can connect (127.0.0.1). With ``KARTENSCHULE_TRUSTED_PROXIES``
  set, ``--lan`` is refused unless ``--allow-direct-with-proxies`` is given (:func:`check_bind`).
* Ctrl-C (or SIGTERM) stops the server gracefully: requests being answered are finished (a worker that has not
  stopped after ``GRACEFUL_SECONDS`` is killed). Every answer acknowledged has been committed to the database before
  (``tests/web/test_durability.py``).
"""

from __future__ import annotations

import _thread
import gc
import ipaddress
import logging
import os
import signal
import socket
import sys
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import click

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["command", "check_bind", "default_instance", "default_threads", "lan_addresses", "check_instance",
           "ServeError", "warm_up"]

DEFAULT_PORT = 8000
#: Threads a server process gets without ``--threads`` (:func:`default_threads`): on SQLite, on a database server.
SQLITE_THREADS, DATABASE_SERVER_THREADS = 64, 4
#: Files a server process may keep open (:func:`more_open_files`); on macOS at most 10,240 (its usual
#: ``kern.maxfilesperproc``), tried when the first is refused.
OPEN_FILES, MACOS_OPEN_FILES = 65536, 10240
#: Seconds a graceful stop waits for requests being answered.
GRACEFUL_SECONDS = 10
#: Interface names of virtual networks (containers, VMs, VPNs): their addresses are listed last.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "utun", "zt", "tailscale",
           "vEthernet")


class ServeError(click.ClickException):
    """A problem the teacher can fix (the folder, the port, the database): printed as ``Error: ...``, exit 2."""

    exit_code = 2


def default_instance() -> Path:
    """The user's data folder for Kartenschule (platformdirs): ``~/.local/share/kartenschule`` on Linux,
    ``~/Library/Application Support/kartenschule`` on macOS, ``%LOCALAPPDATA%\\kartenschule`` on Windows."""
    import platformdirs

    return platformdirs.user_data_path("kartenschule", appauthor=False)


def check_instance(folder: Path, create: bool) -> Path:
    """Make sure ``folder`` can hold the database and the secret key, and return it resolved.

    Args:
        folder: the instance folder.
        create: make it (with its parents) when missing; ``False`` for a folder the user named, where a missing
            one is more likely a typo than a wish for a new, empty database.

    Raises:
        ServeError: the folder is missing (and ``create`` is false) or cannot be made, is no folder, or cannot be
            written to; the message names the folder and the reason.
    """
    folder = folder.expanduser()
    if create:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ServeError(f"cannot create the instance folder {folder}: {error.strerror or error}. "
                             "Choose another one with --instance DIR.") from None
    if not folder.exists():
        raise ServeError(f"the instance folder {folder} does not exist. Create it first (mkdir), "
                         f"or leave out --instance to use {default_instance()}.")
    if not folder.is_dir():
        raise ServeError(f"the instance folder {folder} is not a folder. Choose a folder with --instance DIR.")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise ServeError(f"the instance folder {folder} is not writable ({error.strerror or error}): the database "
                         "and the secret key are kept there. Choose another one with --instance DIR.") from None
    return folder.resolve()


def lan_addresses() -> list[str]:
    """The IPv4 addresses other devices on the network can reach this computer at, best first.

    Interfaces that are up, without loopback (127.0.0.0/8) and link-local (169.254.0.0/16, no DHCP) addresses;
    private addresses (a school network) before others, virtual networks (containers, VMs, VPNs) last.
    Read from the operating system by psutil; no packet is sent.
    """
    import psutil

    stats = psutil.net_if_stats()
    found: list[tuple[int, str, str]] = []
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for address in addresses:
            if address.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(address.address)
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified:
                continue
            virtual = name.lower().startswith(tuple(prefix.lower() for prefix in VIRTUAL))
            rank = 2 if virtual else 0 if ip.is_private else 1
            found.append((rank, name, str(ip)))
    return list(dict.fromkeys(ip for _rank, _name, ip in sorted(found)))


def _check_port(host: str, port: int) -> None:
    """Stop with a clear message when ``port`` cannot be listened on (in use, or not allowed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        if os.name != "nt":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise ServeError(f"cannot listen on port {port} ({error.strerror or error}): another program may be "
                             "using it. Choose another one with --port P.") from None


#: The option (and ``KARTENSCHULE_ALLOW_DIRECT_WITH_PROXIES=1``) that starts with trusted proxies on every interface.
ALLOW_DIRECT = "--allow-direct-with-proxies"


def check_bind(host: str, trusted_proxies: int, allow_direct: bool) -> None:
    """Refuse to listen on ``host`` beyond this computer while the app trusts ``X-Forwarded-For``.

    With ``TRUSTED_PROXIES`` above 0 the app takes the client's address from ``X-Forwarded-For`` (Werkzeug's
    ``ProxyFix``): a client that reaches the app's port directly, not through the proxy, can write any address
    there and so passes every per-address limit (issue 34). Behind a proxy the app must listen on loopback only
    (the proxy connects to 127.0.0.1); ``allow_direct`` is for a firewall that lets only the proxy reach the port.

    Args:
        host: the address the server binds (``127.0.0.1``; ``0.0.0.0`` for ``--lan``).
        trusted_proxies: the app's ``TRUSTED_PROXIES``.
        allow_direct: :data:`ALLOW_DIRECT` was given.

    Raises:
        ServeError: trusted proxies, a non-loopback ``host`` and no ``allow_direct``; the message says why and
            what to do (exit status 2).
    """
    if trusted_proxies <= 0 or allow_direct or ipaddress.ip_address(host).is_loopback:
        return
    raise ServeError(
        f"KARTENSCHULE_TRUSTED_PROXIES={trusted_proxies} makes the app believe the client address in "
        f"X-Forwarded-For, but --lan listens on every network interface ({host}): anyone who reaches this port "
        "directly, not through the proxy, could forge that address and pass every per-address limit. Behind a "
        "reverse proxy, serve without --lan (the proxy connects to 127.0.0.1). If a firewall lets only the proxy "
        f"reach this port, add {ALLOW_DIRECT}.")


def build_app(instance: Path, lan_urls: Sequence[str]) -> Flask:
    """The app on ``instance``, its database migrated and its secret key made; with ``LAN_URLS``.

    Raises:
        ServeError: the database cannot be opened or migrated, the secret key cannot be written or read, or a
            setting is wrong (a classroom poll interval that is no number, say).
    """
    from sqlalchemy.exc import SQLAlchemyError

    from webapp import SettingError, create_app

    try:
        # a served app starts the analysis workers while the first game is played (tests' apps do not: each
        # test's app would start processes of its own)
        app = create_app({"LAN_URLS": list(lan_urls), "SKAT_ANALYSIS_WARM": True}, instance_path=str(instance))
        warm_up(app)
        return app
    except SQLAlchemyError as error:
        where = "DATABASE_URL" if os.environ.get("DATABASE_URL") else f"the instance folder {instance}"
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise ServeError(f"cannot open the database ({where}): {reason}") from None
    except (OSError, RuntimeError) as error:
        raise ServeError(f"cannot start with the instance folder {instance}: {error}") from None
    except SettingError as error:
        raise ServeError(f"a setting is wrong: {error}") from None


def warm_up(app: Flask) -> None:
    """Build, before the first request, what pages otherwise build on their first use, once a process (issue 34):
    the Pokerface evaluator's tables (about 0.4 s of CPU, the first Pokerface page's) and the Yahtzee coach's
    strategy table, read from the package (about 70 ms, the first coach's). Forked granian workers share both."""
    from webapp.games.pokerface.evaluator import default_evaluator
    from webapp.games.yahtzee import rules as yahtzee_rules
    from webapp.games.yahtzee.views import table_store

    default_evaluator()
    with app.app_context():
        table_store().strategy(yahtzee_rules.FORCED)


def default_threads(database_url: str) -> int:
    """The threads of a server process when ``--threads`` is not given, for the database at ``database_url``.

    SQLite (:data:`SQLITE_THREADS`, 64): every request that writes waits for the machine's other writers
    (:class:`webapp.core.db.WriterQueue`), each on a thread of its own. When the disk delays one commit, the answers
    that arrive meanwhile wait with it (about 35 in half a second with 900 tablets), and with 4 threads a process they
    soon held every thread: the tablets' polls, which write nothing, waited behind them. Under
    ``benchmarks/classroom_load.py --write-stall 0.5`` (the write lock held from outside the server for half a
    second, three times a minute) p99 was 228-305 ms with 4 threads and 17-22 ms with 64; without the stalls 13-16
    and 16-17 ms. A waiting thread costs no CPU and about 0.5 MB; 64 cost 2-17 % more CPU under that load.
    A database server (:data:`DATABASE_SERVER_THREADS`, 4): each thread keeps a connection to it
    (:class:`webapp.core.db.Kept`), and a server allows few (PostgreSQL: 100, shared by every server process).

    Args:
        database_url: the app's SQLAlchemy URL (``sqlite:///...``, ``postgresql+psycopg://...``).

    Returns:
        The number of threads, within ``--threads``' range (1 to 64).
    """
    return SQLITE_THREADS if database_url.startswith("sqlite") else DATABASE_SERVER_THREADS


def more_open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's soft limit of open files to ``wanted``, or to its hard limit when that is lower (the
    server's workers inherit it). Each tablet's connection is a socket and each thread's database connection two
    files (on SQLite): a worker serving half of 900 tablets with 64 threads keeps about 650 open, near Linux's
    usual soft limit of 1,024, which a third worker's share of a bigger school or ``--workers 1`` would exceed
    (the tablets beyond it then get no answer). A limit already higher is kept.

    Returns:
        The soft limit now in force; 0 where there is no such limit to read (Windows: no ``resource`` module).
    """
    try:
        import resource
    except ImportError:
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft == resource.RLIM_INFINITY:
        return soft
    for limit in (target, min(target, MACOS_OPEN_FILES)):  # macOS refuses more than kern.maxfilesperproc
        if limit > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
                return limit
            except (ValueError, OSError):
                continue
    return soft


def _print_start(urls: Sequence[str], lan: bool, public: str | None) -> None:
    """What the teacher sees in the terminal: where to open the app, and the QR code of the join page."""
    echo = click.echo
    echo("Kartenschule is running. Open on the projector:")
    for url in urls:
        echo(f"    {url}/class")
    if public:
        echo(f"Children join at {public}/class (KARTENSCHULE_PUBLIC_URL)")
    elif lan and not urls[0].startswith("http://127.0.0.1:"):
        echo("Children join by scanning this QR code (or at the first address above):")
        _print_qr(f"{urls[0]}/class")
    elif lan:
        echo("No network address found: is this computer connected to the school network (Wi-Fi or cable)?")
    else:
        echo("Only this computer can open it: tablets cannot. For a class: kartenschule serve --lan")
    echo("Stop the server with Ctrl-C.")


def _print_qr(url: str) -> None:
    """``url`` as a QR code drawn with block characters (half blocks where the terminal can show them)."""
    import segno

    code = segno.make(url, error="m")
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "\u2580\u2584\u2588".encode(encoding)
        compact = True
    except (LookupError, UnicodeEncodeError):
        compact = False
    code.terminal(out=sys.stdout, compact=compact, border=2)
    sys.stdout.flush()


#: The app :func:`command` built (database migrated, secret key made): forked server workers use it as it is.
_BUILT: Flask | None = None


def _worker_app(instance: str, lan_urls: list[str]) -> Flask:
    """The app of a granian worker: the one built before the start (a forked worker, Linux), else the same app
    built again in the worker (a spawned one, as on macOS).

    What the app holds once built (about 120,000 objects: Flask, SQLAlchemy, Babel, the engines' tables) lives
    as long as the worker, so it is moved out of the garbage collector's way (``gc.freeze``): a full collection
    then walks only what the requests made. Before, each one stopped the whole worker for 110-120 ms, two or
    three times a minute under the classroom load (``benchmarks/classroom_load.py``), which made its p99.
    """
    app = _BUILT if _BUILT is not None else build_app(Path(instance), lan_urls)
    gc.collect()
    gc.freeze()
    _signals_in_one_thread(take_int=False)  # Ctrl-C reaches the workers too: the main process stops them
    return app


def _signals_in_one_thread(take_int: bool) -> None:
    """Take SIGINT and SIGTERM in one thread of this process, and hand them to the handler granian set.

    Python runs a signal's handler in the main thread, and a signal the kernel delivers to another thread (one
    of granian's) does not wake a main thread that waits on a lock, as granian's main thread and workers do:
    Ctrl-C then went unanswered until something else woke it (a worker killed after 10 s, or never). So both
    signals are blocked in the calling thread, before it starts any other (they inherit the mask), and a daemon
    thread waits for them (``sigwait``). ``take_int`` False: SIGINT is dropped (a worker: the terminal sends
    Ctrl-C to the whole process group, and the main process then stops its workers with SIGTERM).
    """
    wanted = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, wanted)

    def take() -> None:
        while True:
            number = signal.sigwait(wanted)
            handler = signal.getsignal(number)
            if number == signal.SIGINT and not take_int:
                continue
            if handler is signal.default_int_handler:
                _thread.interrupt_main()
            elif callable(handler):
                handler(number, None)

    threading.Thread(target=take, name="kartenschule-signals", daemon=True).start()


def _serve_granian(app: Flask, instance: Path, lan_urls: Sequence[str], host: str, port: int, workers: int,
                   threads: int, on_ready: Any) -> None:
    """Run ``app`` under granian (HTTP in Rust; ``workers`` processes of ``threads`` Python threads) until
    stopped. SIGINT (Ctrl-C) and SIGTERM stop it gracefully: requests being answered are finished, at most
    :data:`GRACEFUL_SECONDS`."""
    import functools

    from granian.constants import Interfaces
    from granian.server import Server

    global _BUILT
    _BUILT = app
    server = Server(
        "webapp:create_app", address=host, port=port, interface=Interfaces.WSGI, workers=workers,
        blocking_threads=threads, log_level="warning", respawn_failed_workers=True,
        workers_kill_timeout=GRACEFUL_SECONDS,
    )
    server.on_startup(on_ready)  # called once the port is bound: a tablet that connects now waits, is not refused
    # granian warns of more threads than 2 x cores + 1; ours wait for the writers' queue (default_threads), on purpose
    logging.getLogger("_granian").addFilter(lambda record: "Python threads, which seems quite high" not in
                                            record.getMessage())
    _signals_in_one_thread(take_int=True)
    try:
        server.serve(target_loader=functools.partial(_worker_app, str(instance), list(lan_urls)), wrap_loader=False)
    finally:
        click.echo("Kartenschule stopped.")


def _serve_waitress(app: Flask, host: str, port: int, threads: int, on_ready: Any) -> None:
    """Run ``app`` under waitress (one process) until Ctrl-C."""
    import logging

    from waitress.server import create_server

    logging.getLogger("waitress").setLevel(logging.WARNING)
    server = create_server(app, host=host, port=port, threads=threads, ident="kartenschule")
    on_ready()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        click.echo("Kartenschule stopped.")


@click.command("serve")
@click.option("--lan", is_flag=True, help="Listen on the school network (all interfaces), not only on this computer.")
@click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT, show_default=True, help="The TCP port.")
@click.option("--workers", type=click.IntRange(1, 32), default=2, show_default=True,
              help="Server processes (on Windows: one process with workers x threads threads).")
@click.option("--threads", type=click.IntRange(1, 64), default=None,
              help=f"Threads a process [default: {SQLITE_THREADS} on SQLite, {DATABASE_SERVER_THREADS} on PostgreSQL].")
@click.option("--instance", "instance", type=click.Path(path_type=Path, file_okay=True, dir_okay=True), default=None,
              help="The folder of the database and the secret key (it must exist) [default: the user's data folder].")
@click.option("--server", "server", type=click.Choice(["granian", "waitress"]), default=None,
              help="The WSGI server [default: granian, on Windows waitress].")
@click.option(ALLOW_DIRECT, "allow_direct", is_flag=True, envvar="KARTENSCHULE_ALLOW_DIRECT_WITH_PROXIES",
              help="Listen with --lan although KARTENSCHULE_TRUSTED_PROXIES is set (only if a firewall lets no one "
                   "but the proxy reach the port).")
def command(lan: bool, port: int, workers: int, threads: int | None, instance: Path | None,
            server: str | None, allow_direct: bool) -> None:
    """Serve Kartenschule for a class: on this computer, or with --lan for the tablets on the school network."""
    server = server or ("waitress" if os.name == "nt" else "granian")
    folder = check_instance(instance if instance is not None else default_instance(), create=instance is None)
    host = "0.0.0.0" if lan else "127.0.0.1"
    _check_port(host, port)
    more_open_files()
    addresses = lan_addresses() if lan else []
    lan_urls = [f"http://{address}:{port}" for address in addresses]
    app = build_app(folder, lan_urls)
    check_bind(host, int(app.config["TRUSTED_PROXIES"]), allow_direct)
    threads = threads or default_threads(app.config["SQLALCHEMY_DATABASE_URI"])
    urls = lan_urls if lan_urls else [f"http://127.0.0.1:{port}"]
    public = str(app.config["PUBLIC_URL"]).rstrip("/") if app.config.get("PUBLIC_URL") else None
    click.echo(f"Instance folder: {folder}")

    def on_ready() -> None:
        _print_start(urls, lan, public)

    if server == "waitress":
        _serve_waitress(app, host, port, workers * threads, on_ready)
    else:
        _serve_granian(app, folder, lan_urls, host, port, workers, threads, on_ready)

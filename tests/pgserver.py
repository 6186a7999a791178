"""A throwaway PostgreSQL server for the tests (Debian's postgresql package).

:func:`start` uses ``$KARTENSCHULE_TEST_POSTGRES_URL`` when set (a server you
run yourself; each test gets its own database in it). Otherwise it runs
``initdb`` into a new temporary directory and starts the server with
``pg_ctl`` on a unix socket in that directory (no TCP port, so it cannot clash
with another server). As root, which PostgreSQL refuses, the server runs as
the ``postgres`` user through ``runuser``. Anything that fails raises
:class:`Unavailable` with the reason, and the PostgreSQL tests are skipped
with that reason.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path


class Unavailable(RuntimeError):
    """No PostgreSQL server could be used; the message says why."""


@dataclass
class Server:
    """A running server: ``url`` (SQLAlchemy, database ``postgres``) and how to stop it."""

    url: str
    data: Path | None = None
    run_as: list[str] | None = None
    bin_dir: Path | None = None

    def database_url(self, name: str) -> str:
        """The URL of database ``name`` on this server."""
        base, _, query = self.url.partition("?")
        return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")

    def create_database(self) -> tuple[str, str]:
        """Create a fresh, empty database; return ``(name, url)``."""
        import psycopg

        name = f"test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(_libpq(self.url), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name, self.database_url(name)

    def drop_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(_libpq(self.url), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.data is None or self.bin_dir is None:
            return
        subprocess.run([*(self.run_as or []), str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                        "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.data.parent, ignore_errors=True)


def _libpq(url: str) -> str:
    """A SQLAlchemy URL as a libpq connection string (driver name removed)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise Unavailable("PostgreSQL is not installed (no initdb; `apt-get install postgresql`)")


def start() -> Server:
    """Start (or find) a server; raises :class:`Unavailable` with the reason."""
    url = os.environ.get("KARTENSCHULE_TEST_POSTGRES_URL")
    if url:
        server = Server(url.replace("postgresql://", "postgresql+psycopg://", 1))
        try:
            import psycopg

            psycopg.connect(_libpq(server.url), connect_timeout=5).close()
        except Exception as error:  # noqa: BLE001 - any failure means: skip with the reason
            raise Unavailable(f"cannot connect to $KARTENSCHULE_TEST_POSTGRES_URL: {error}") from error
        return server
    bin_dir = _bin_dir()
    run_as: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="kartenschule-pg-"))
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            raise Unavailable("running as root and no runuser to start PostgreSQL as the postgres user")
        try:
            shutil.chown(root, user="postgres", group="postgres")
        except (LookupError, PermissionError) as error:
            raise Unavailable(f"running as root and cannot hand a directory to the postgres user: {error}") from error
        run_as = [runuser, "-u", "postgres", "--"]
    root.chmod(0o700)
    data = root / "data"
    log = root / "server.log"

    def run(*args: str) -> None:
        result = subprocess.run([*run_as, *args], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            detail = (result.stderr or result.stdout).strip().splitlines()[-1:] or ["?"]
            if log.exists():
                detail += log.read_text(errors="replace").strip().splitlines()[-2:]
            raise Unavailable(f"{Path(args[0]).name} failed: {' / '.join(detail)}")

    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
            "--no-locale", "--no-sync")
        options = f"-k {root} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "60", "start")
    except Unavailable:
        shutil.rmtree(root, ignore_errors=True)
        raise
    except (OSError, subprocess.SubprocessError) as error:
        shutil.rmtree(root, ignore_errors=True)
        raise Unavailable(f"cannot start PostgreSQL: {error}") from error
    return Server(f"postgresql+psycopg://postgres@/postgres?host={root}", data, run_as, bin_dir)

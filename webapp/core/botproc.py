"""A bot program on pipes, shared by the contests: lines in, lines out, every wait bounded.

What the controller of a contest may rely on, however a bot behaves:

* **Every wait has a deadline.** :meth:`BotProcess.read` waits at most its timeout for a line,
  :meth:`BotProcess.send` at most its timeout for the bot to take a line (a bot that never reads its input
  fills the pipe; the write then times out instead of blocking), and :meth:`BotProcess.close` is bounded
  too. There are no reader threads: the pipes are non-blocking and read with :mod:`selectors` by the caller,
  so nothing ever waits on a pipe that another process keeps open.
* **Bounded memory.** A line on standard output longer than ``max_line`` bytes raises :class:`LineTooLong`
  (a protocol error of that bot) without being kept; standard error is drained whenever the controller waits
  for the bot, its last ``STDERR_TAIL`` bytes are kept (they name a crash), the first ``echo_stderr``
  bytes may be passed on to the controller's standard error, and the rest is thrown away.
* **The whole tree ends.** The bot runs below a small keeper process, :mod:`webapp.core.botreaper`, which is
  a child subreaper (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``): whatever the bot starts stays in the keeper's
  tree, even in a session of its own, and :meth:`BotProcess.close` has the keeper kill all of it.
  The keeper also reports when the bot itself ends, with its exit status, so a bot that exited is known to
  have ended even while a grandchild still holds its output open.
* **A keeper killed by its bot takes the tree with it.** On Linux with user namespaces the keeper is process 1
  of the bot's own PID namespace: the bot cannot kill it nor see any process outside, and if it ends anyway the
  kernel kills the whole namespace. Without namespaces the bot dies with its keeper (``PR_SET_PDEATHSIG``) and
  :meth:`BotProcess.close` kills what is left by the session it recorded and by a marker in the environment
  of every descendant (:func:`kill_marked`). The controller itself does not become a subreaper: it is the
  CLI (or any process that starts bots); orphans re-parented to it would have to be reaped with
  ``waitpid(-1)``, which would take the exit statuses that :mod:`subprocess` waits for, and zombies would pile
  up otherwise. Details and the limits on each system: ``docs/bots.md``.
* **No secret reaches a bot.** It gets an environment of its own (:func:`bot_environment`: ``PATH``, a UTF-8
  locale, ``HOME`` and ``TMPDIR`` in a fresh scratch folder that is removed at the end, the marker, and what
  the contest adds), works in that scratch folder unless the contest names another one, runs under resource
  limits (:data:`DEFAULT_LIMITS`) and, in a namespace, sees an empty folder in place of each instance folder
  (:func:`secret_folders`) and a ``/proc`` of its own. The controller makes itself non-dumpable
  (``PR_SET_DUMPABLE``) so that a bot of the same user cannot read its environment through ``/proc``.
"""

from __future__ import annotations

import os
import secrets
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable, Mapping, Sequence

#: The keeper script (run by path, so that it imports nothing of this package).
REAPER = Path(__file__).with_name("botreaper.py")
#: Bytes of standard error kept for the failure report.
STDERR_TAIL = 4096
#: How long :meth:`BotProcess.close` waits for the keeper to kill the tree and end (seconds).
CLOSE_TIMEOUT = 10.0
_CHUNK = 65536
#: The environment variable that marks every process of one bot (its value: a random token per bot).
MARKER = "KARTENSCHULE_BOT"
#: Resource limits of every bot process (``setrlimit`` in the bot before ``exec``, see ``man 2 setrlimit``),
#: far above what an honest bot needs: CPU seconds, bytes of address space (a JVM or Node reserves much more
#: than it uses: 8 GiB), processes (counted inside the bot's namespace only, so set only there: elsewhere
#: RLIMIT_NPROC counts every process of the user), open files, bytes written to one file. A contest may pass
#: others (``BotProcess(limits=...)``).
DEFAULT_LIMITS: dict[str, int] = {"cpu": 3600, "as": 8 << 30, "nproc": 256, "nofile": 1024, "fsize": 1 << 30}
#: Whether bots run in namespaces where the system allows it (False: the fallback everywhere; for tests).
SANDBOX = True


class LineTooLong(Exception):
    """The bot wrote a line longer than the limit (a protocol error).

    Attributes:
        limit: the longest line allowed, in bytes.
        start: the line's first bytes, decoded (for the report; cut with :func:`shorten`).
    """

    def __init__(self, limit: int, start: str) -> None:
        super().__init__(f"a line longer than {limit} bytes")
        self.limit = limit
        self.start = start


def shorten(text: str, width: int = 80) -> str:
    """``text`` on one line, cut to at most ``width`` characters with an ellipsis (for reasons shown to people)."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"



def _read_now(fd: int) -> bytes | None:
    """What the non-blocking ``fd`` holds now (at most :data:`_CHUNK` bytes): ``b""`` at its end (a broken pipe
    counts as the end), ``None`` when nothing has arrived yet."""
    try:
        return os.read(fd, _CHUNK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def bot_environment(scratch: str | Path, token: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The whole environment of a bot: ``PATH`` (ours), ``LANG`` and ``LC_ALL`` ``C.UTF-8``, ``HOME`` and
    ``TMPDIR`` = ``scratch``, :data:`MARKER` = ``token``, then ``extra`` (what the contest adds, e.g. the
    ``PYTHONPATH`` of a class bot's worker). Nothing else of ours: no secret key, no database address."""
    scratch = str(scratch)
    env = {"PATH": os.environ.get("PATH") or os.defpath, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "HOME": scratch, "TMPDIR": scratch, MARKER: token}
    env.update(extra or {})
    return env


def python_path() -> str:
    """A ``PYTHONPATH`` for a bot run by our Python (a class bot's worker, ``python3 -m ...`` bots): the folders
    our imports come from, absolute (the bot works in another folder), so that it imports this package and its
    dependencies as the controller does."""
    return os.pathsep.join(dict.fromkeys(os.path.abspath(folder or os.curdir) for folder in sys.path))


def absolute_paths(argv: Sequence[str], base: str | Path | None = None) -> list[str]:
    """``argv`` with each word that names an existing file or folder relative to ``base`` (None: the current
    folder) made absolute, so that the command still works from a bot's scratch folder. The first word only
    when it holds a ``/`` (otherwise it is looked up on ``PATH``); options (``-x``) are left alone. Example:
    ``["node", "bot.js"]`` -> ``["node", "/home/kim/bot.js"]`` when ``bot.js`` is in ``/home/kim``.
    """
    base = Path.cwd() if base is None else Path(base)
    words = list(argv)
    for i, word in enumerate(words):
        if not word or word.startswith("-") or os.path.isabs(word) or (i == 0 and "/" not in word):
            continue
        if (base / word).exists():
            words[i] = os.path.abspath(base / word)
    return words


def secret_folders() -> list[Path]:
    """The instance folders a bot must not read (the secret key, the database), those that exist: the
    project's ``instance`` (Flask's default), ``instance`` in the current folder, and the user's data folder
    (``kartenschule serve``'s default, by platformdirs)."""
    candidates = [Path(__file__).resolve().parents[2] / "instance", Path.cwd() / "instance"]
    try:
        import platformdirs

        candidates.append(platformdirs.user_data_path("kartenschule", appauthor=False))
    except ImportError:  # pragma: no cover - a dependency
        pass
    found: list[Path] = []
    for folder in candidates:
        folder = folder.resolve()
        if folder.is_dir() and folder not in found:
            found.append(folder)
    return found


def _marked(token: str, session: int) -> list[int]:
    """Living processes in ``session`` (or its process group) or with :data:`MARKER` = ``token`` in their
    environment (Linux ``/proc``)."""
    needle = f"\0{MARKER}={token}\0".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                data = f.read()
            fields = data[data.rfind(b")") + 2:].split()
            if fields[0] in (b"Z", b"X"):
                continue
            if session in (int(fields[2]), int(fields[3])):
                found.append(int(name))
                continue
            with open(f"/proc/{name}/environ", "rb") as f:
                environ = f.read()
        except (OSError, IndexError, ValueError):  # ended meanwhile, or not ours to read
            continue
        if needle in b"\0" + environ:
            found.append(int(name))
    return found


def kill_marked(token: str, session: int, window: float = 5.0) -> int:
    """SIGKILL every process of one bot that its keeper did not take with it, until none is left (at most
    ``window`` seconds): those in the keeper's session ``session`` and those whose environment holds the
    bot's marker ``token`` (inherited by every descendant that does not clear its environment). Linux only
    (``/proc``); elsewhere it does nothing. Returns how many kill signals were sent."""
    if not os.path.isdir("/proc/self"):
        return 0
    sent = 0
    deadline = time.monotonic() + window
    while time.monotonic() < deadline:
        pids = _marked(token, session)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                sent += 1
            except OSError:
                pass
        time.sleep(0.005)
    return sent


_PROTECTED = False


def protect_controller() -> None:
    """Make this process non-dumpable (Linux ``prctl(PR_SET_DUMPABLE, 0)``, once): another process of the same
    user, without ``CAP_SYS_PTRACE``, can then neither trace it nor read its ``/proc/PID/environ`` (where
    ``KARTENSCHULE_SECRET_KEY`` or ``DATABASE_URL`` may be). Side effect: no core dump of this process."""
    global _PROTECTED
    if _PROTECTED or not sys.platform.startswith("linux"):
        return
    _PROTECTED = True
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass


class BotProcess:
    """A running bot program (see the module docstring).

    Args:
        argv: the command, already split (no shell); the first word is looked up on ``PATH``.
        cwd: its working directory, or None for a fresh scratch folder (removed by :meth:`close`).
        encoding: how lines are written and read (undecodable bytes become U+FFFD).
        max_line: the longest line read from standard output, in bytes (line end excluded).
        echo_stderr: how many bytes of the bot's standard error to pass on to ours (0: none).
        env: variables added to the bot's environment (:func:`bot_environment`; never ours).
        limits: resource limits (:data:`DEFAULT_LIMITS`, which names them); None: those.
        hide: folders the bot must not see besides :func:`secret_folders` (in a namespace only).
        sandbox: False: no namespaces, even where the system offers them (the fallback); None: :data:`SANDBOX`.
        start_timeout: seconds to wait for the keeper to report that the bot started.

    Attributes:
        features: the parts of the sandbox that hold, as the keeper reported them (``pidns``: a PID
            namespace of its own; ``proc``: its own ``/proc``; ``hidden``: the secret folders hidden).

    Raises:
        OSError: the program cannot be started (its ``errno`` and ``strerror`` say why).
    """

    def __init__(self, argv: Sequence[str], cwd: str | Path | None = None, *, encoding: str = "utf-8",
                 max_line: int = 4096, echo_stderr: int = 0, env: Mapping[str, str] | None = None,
                 limits: Mapping[str, int] | None = None, hide: Iterable[str | Path] = (), sandbox: bool | None = None,
                 start_timeout: float = 30.0) -> None:
        self.encoding, self.max_line, self.echo_left = encoding, max_line, echo_stderr
        self.pid: int | None = None
        self.features: frozenset[str] = frozenset()
        self.status: int | None = None  # the bot's exit status once known (negative: the signal)
        self.closed = False
        self._out = bytearray()
        self._out_eof = False
        self._err_tail = b""
        self._status_buf = b""
        protect_controller()
        self.token = secrets.token_hex(16)
        self.scratch = tempfile.mkdtemp(prefix="kartenschule-bot-")
        options: list[str] = [] if (SANDBOX if sandbox is None else sandbox) else ["--plain"]
        for name, value in (DEFAULT_LIMITS if limits is None else limits).items():
            options += ["--limit", f"{name}={int(value)}"]
        for folder in [*secret_folders(), *hide]:
            options += ["--hide", str(folder)]
        status_r, status_w = os.pipe()
        control_r, control_w = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(REAPER), str(status_w), str(control_r), *options, "--", *argv],
                cwd=self.scratch if cwd is None else cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, pass_fds=(status_w, control_r), start_new_session=True,
                env=bot_environment(self.scratch, self.token, env),
            )
        except BaseException:
            for fd in (status_r, status_w, control_r, control_w):
                os.close(fd)
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        os.close(status_w)
        os.close(control_r)
        self._status, self._control = status_r, control_w
        self._in, self._stdout, self._stderr = (self.process.stdin.fileno(), self.process.stdout.fileno(),
                                                self.process.stderr.fileno())
        for fd in (self._in, self._stdout, self._stderr, self._status):
            os.set_blocking(fd, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stderr, selectors.EVENT_READ)
        self._selector.register(self._status, selectors.EVENT_READ)
        deadline = time.monotonic() + start_timeout
        try:
            while self.pid is None:
                if time.monotonic() >= deadline:
                    raise OSError(62, f"the bot did not start within {start_timeout:g} s")  # ETIME
                self._wait(deadline)
        except OSError:
            self.close(grace=0)
            raise

    # --- the pipes ------------------------------------------------------------------
    def _wait(self, deadline: float, *, write: bool = False, out: bool = False) -> bool:
        """Handle what is ready on the pipes, waiting until something is or ``deadline`` passes.

        Standard error and the keeper's reports are always read; standard output only with ``out`` (so
        that it is read only while a line is wanted: its buffer stays bounded), standard input is waited
        for with ``write``. Returns False when the deadline passed with nothing ready.

        Raises:
            LineTooLong: standard output brought a line longer than ``max_line``.
            OSError: the keeper reported that the bot could not be started.
        """
        extra = []
        if write:
            extra.append((self._in, selectors.EVENT_WRITE))
        if out and not self._out_eof:
            extra.append((self._stdout, selectors.EVENT_READ))
        for fd, event in extra:
            self._selector.register(fd, event)
        try:
            events = self._selector.select(max(deadline - time.monotonic(), 0.0))
        finally:
            for fd, _ in extra:
                self._selector.unregister(fd)
        for key, _ in events:
            fd = key.fd
            if fd == self._stdout:
                self._read_stdout()
            elif fd == self._stderr:
                self._read_stderr()
            elif fd == self._status:
                self._read_status()
        return bool(events)

    def _drop(self, fd: int) -> None:
        try:
            self._selector.unregister(fd)
        except (KeyError, ValueError):
            pass

    def _read_stdout(self) -> bool:
        """Read what standard output holds now; False when it held nothing yet."""
        chunk = _read_now(self._stdout)
        if chunk is None:
            return False
        if not chunk:
            self._out_eof = True
        self._out += chunk
        self._check_line()
        return True

    def _check_line(self) -> None:
        """Raise :class:`LineTooLong` when the buffered line has no end within ``max_line`` bytes."""
        end = self._out.find(b"\n")
        if (end if end >= 0 else len(self._out)) > self.max_line:
            start = bytes(self._out[:200]).decode(self.encoding, errors="replace")
            self._out.clear()
            self._out_eof = True  # nothing more is read from it: the bot is out
            raise LineTooLong(self.max_line, start)

    def _read_stderr(self) -> None:
        chunk = _read_now(self._stderr)
        if chunk is None:
            return
        if not chunk:
            self._drop(self._stderr)
            return
        self._err_tail = (self._err_tail + chunk)[-STDERR_TAIL:]
        if self.echo_left > 0:
            shown, self.echo_left = chunk[: self.echo_left], self.echo_left - len(chunk)
            text = shown.decode("utf-8", errors="replace")
            if self.echo_left <= 0:
                text += "\n[further standard error of this bot is not shown]\n"
            try:
                sys.stderr.write(text)
                sys.stderr.flush()
            except (OSError, ValueError):
                pass

    def _read_status(self) -> None:
        chunk = _read_now(self._status)
        if chunk is None:
            return
        if not chunk:  # the keeper has ended
            self._drop(self._status)
            if self.pid is None:
                self.pid = -1
                raise OSError(2, "the bot could not be started")
            if self.status is None:
                self.status = -signal.SIGKILL
            return
        self._status_buf += chunk
        while b"\n" in self._status_buf:
            line, self._status_buf = self._status_buf.split(b"\n", 1)
            word, _, rest = line.decode("utf-8", errors="replace").partition(" ")
            if word == "started":
                pid, _, features = rest.partition(" ")
                self.pid = int(pid)
                self.features = frozenset(features.split(",")) - {"-", ""}
            elif word == "failed":
                number, _, message = rest.partition(" ")
                self.pid = -1
                raise OSError(int(number) if number.isdigit() else 0, message)
            elif word == "exit":
                self.status = int(rest)
            elif word == "signal":
                self.status = -int(rest)

    def _drain_stdout(self) -> None:
        """Read what standard output holds now, without waiting (up to the next line end)."""
        while not self._out_eof and b"\n" not in self._out and self._read_stdout():
            pass

    # --- the protocol ---------------------------------------------------------------
    @property
    def errors(self) -> list[str]:
        """The last lines the bot wrote on standard error (at most 5, from the last :data:`STDERR_TAIL` bytes)."""
        lines = self._err_tail.decode("utf-8", errors="replace").splitlines()
        return [line.rstrip() for line in lines if line.strip()][-5:]

    def send(self, line: str, timeout: float = 5.0) -> bool:
        """Write one line, waiting at most ``timeout`` seconds for the bot to take it.

        Returns:
            True when written; False when the bot's input is closed (it ended or closed it).

        Raises:
            TimeoutError: the bot did not take the line in time (it does not read its input).
        """
        data = memoryview(line.encode(self.encoding) + b"\n")
        deadline = time.monotonic() + max(timeout, 0.0)
        waited = False
        while data:
            try:
                data = data[os.write(self._in, data):]
                continue
            except BlockingIOError:
                pass
            except OSError:
                return False
            if waited and time.monotonic() >= deadline:  # checked apart: a flood on stderr keeps the pipes busy
                raise TimeoutError
            self._wait(deadline, write=True)
            waited = True
        return True

    def read(self, timeout: float) -> str | None:
        """The next line (without its line end), or None when the bot's output ended or the bot exited.

        A bot that exited has ended even when a process it started still holds its output open: what it
        wrote before it exited is still read.

        Raises:
            TimeoutError: no line within ``timeout`` seconds.
            LineTooLong: a line longer than ``max_line`` bytes.
        """
        deadline = time.monotonic() + max(timeout, 0.0)
        waited = False
        while True:
            end = self._out.find(b"\n")
            if end >= 0:
                raw = bytes(self._out[:end])
                del self._out[: end + 1]
                return raw.decode(self.encoding, errors="replace").rstrip("\r")
            if self.status is not None:
                self._drain_stdout()  # what it wrote before it ended is in the pipe now
                if b"\n" in self._out:
                    continue
            if self._out_eof or self.status is not None:
                if self._out:
                    raw = bytes(self._out)
                    self._out.clear()
                    return raw.decode(self.encoding, errors="replace").rstrip("\r")
                return None
            if waited and time.monotonic() >= deadline:  # checked apart: a flood on stderr keeps the pipes busy
                raise TimeoutError
            self._wait(deadline, out=True)
            waited = True

    def exit_status(self, wait: float = 0.5) -> int | None:
        """The bot's exit status (negative: ended by that signal), waiting up to ``wait`` seconds; None while it runs."""
        deadline = time.monotonic() + max(wait, 0.0)
        waited = False
        while self.status is None and self._status in self._selector.get_map():
            if waited and time.monotonic() >= deadline:
                break
            self._wait(deadline)
            waited = True
        return self.status

    def close(self, grace: float = 0.2) -> None:
        """Close its input, give it ``grace`` seconds to end, then kill it and everything it started.

        Bounded: the keeper gets :data:`CLOSE_TIMEOUT` seconds to kill the tree, then it is killed itself
        (with its process group). Then, unless the bot ran in a PID namespace of its own and the keeper ended
        normally, what is left of its tree is killed by :func:`kill_marked`. The scratch folder is removed.
        Calling it again does nothing.
        """
        if self.closed:
            return
        self.closed = True
        try:
            self.process.stdin.close()
        except OSError:
            pass
        if grace > 0 and self.pid not in (None, -1):
            try:
                self.exit_status(grace)
            except OSError:
                pass
        os.close(self._control)  # the keeper kills the tree and ends
        try:
            self.process.wait(CLOSE_TIMEOUT)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            try:
                self.process.wait(CLOSE_TIMEOUT)
            except subprocess.TimeoutExpired:
                pass
        if "pidns" not in self.features or self.process.returncode != 0:
            kill_marked(self.token, self.process.pid)
        shutil.rmtree(self.scratch, ignore_errors=True)
        self._selector.close()
        for stream in (self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass
        os.close(self._status)

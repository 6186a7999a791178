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
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Mapping, Sequence

#: The keeper script (run by path, so that it imports nothing of this package).
REAPER = Path(__file__).with_name("botreaper.py")
#: Bytes of standard error kept for the failure report.
STDERR_TAIL = 4096
#: How long :meth:`BotProcess.close` waits for the keeper to kill the tree and end (seconds).
CLOSE_TIMEOUT = 10.0
_CHUNK = 65536


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

class BotProcess:
    """A running bot program (see the module docstring).

    Args:
        argv: the command, already split (no shell); the first word is looked up on ``PATH``.
        cwd: its working directory, or None for ours.
        encoding: how lines are written and read (undecodable bytes become U+FFFD).
        max_line: the longest line read from standard output, in bytes (line end excluded).
        echo_stderr: how many bytes of the bot's standard error to pass on to ours (0: none).
        env: the environment (None: ours).
        start_timeout: seconds to wait for the keeper to report that the bot started.

    Raises:
        OSError: the program cannot be started (its ``errno`` and ``strerror`` say why).
    """

    def __init__(self, argv: Sequence[str], cwd: str | Path | None = None, *, encoding: str = "utf-8",
                 max_line: int = 4096, echo_stderr: int = 0, env: Mapping[str, str] | None = None,
                 start_timeout: float = 30.0) -> None:
        self.encoding, self.max_line, self.echo_left = encoding, max_line, echo_stderr
        self.pid: int | None = None
        self.status: int | None = None  # the bot's exit status once known (negative: the signal)
        self.closed = False
        self._out = bytearray()
        self._out_eof = False
        self._err_tail = b""
        self._status_buf = b""
        status_r, status_w = os.pipe()
        control_r, control_w = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(REAPER), str(status_w), str(control_r), "--", *argv],
                cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(status_w, control_r), start_new_session=True, env=None if env is None else dict(env),
            )
        except BaseException:
            for fd in (status_r, status_w, control_r, control_w):
                os.close(fd)
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
                self.pid = int(rest)
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
        (with its process group). Calling it again does nothing.
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
        self._selector.close()
        for stream in (self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass
        os.close(self._status)

"""A bot program on pipes, shared by the contests: lines in, lines out, every read bounded.

The program runs without a shell, in a new process group (so that closing it
also ends anything it started). A thread reads its standard output into a
queue, so a read never waits longer than its timeout, however the bot behaves;
a line longer than ``max_line`` bytes is cut (a bot printing without end cannot
fill the memory). Standard error is kept (its last lines name a crash) or, with
``capture_stderr=False``, passed through.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from collections import deque
from pathlib import Path
from typing import Sequence


class BotProcess:
    """A running bot program.

    Args:
        argv: the command, already split (no shell).
        cwd: its working directory, or None for ours.
        encoding: how lines are written and read (undecodable bytes become U+FFFD).
        max_line: the longest line read, in bytes.
        capture_stderr: keep the last standard-error lines in :attr:`errors` (else pass them through).

    Raises:
        OSError: the program cannot be started.
    """

    def __init__(self, argv: Sequence[str], cwd: str | Path | None = None, *, encoding: str = "utf-8",
                 max_line: int = 4096, capture_stderr: bool = True) -> None:
        self.encoding, self.max_line = encoding, max_line
        self.errors: deque[str] = deque(maxlen=5)
        self.process = subprocess.Popen(
            list(argv), cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if capture_stderr else None, start_new_session=True, shell=False,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        if capture_stderr:
            threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        try:
            while raw := self.process.stdout.readline(self.max_line):
                self.lines.put(raw.decode(self.encoding, errors="replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_stderr(self) -> None:
        try:
            for raw in self.process.stderr:
                self.errors.append(raw.decode("utf-8", errors="replace").rstrip())
        except (OSError, ValueError):
            pass

    def send(self, line: str) -> bool:
        """Write one line; False when the bot no longer reads its input."""
        try:
            self.process.stdin.write(line.encode(self.encoding) + b"\n")
            self.process.stdin.flush()
        except OSError:
            return False
        return True

    def read(self, timeout: float) -> str | None:
        """The next line (without its line end), or None when the bot's output ended.

        Raises:
            TimeoutError: no line within ``timeout`` seconds.
        """
        try:
            return self.lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise TimeoutError from None

    def exit_status(self, wait: float = 0.5) -> int | None:
        """The exit status, waiting up to ``wait`` seconds for it; None while it still runs."""
        try:
            return self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def close(self, grace: float = 0.2) -> None:
        """Close its input, give it ``grace`` seconds to end, then kill its process group."""
        process = self.process
        try:
            process.stdin.close()
        except OSError:
            pass
        self.exit_status(grace)
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the bot and anything it started
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

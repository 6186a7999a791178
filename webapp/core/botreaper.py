"""The keeper of one bot's process tree; :class:`webapp.core.botproc.BotProcess` runs it as a script.

    python -I -S botreaper.py STATUS_FD CONTROL_FD -- COMMAND...

It sits between the controller and the bot and imports nothing but the standard library (it starts fast):

* It makes itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``, Linux 3.4 and later, see
  ``man 2 prctl``): a process whose parent ends is re-parented to its nearest subreaper ancestor instead of
  init. So everything the bot starts stays below this process, even a grandchild in a session of its own
  (``setsid``) or one left behind by a double fork.
* It starts COMMAND (searched on ``PATH``) with its own standard streams, which are the controller's pipes,
  then points its own streams at ``/dev/null``: the controller sees the end of the bot's output as soon as
  the bot and its descendants close it, never later because of this process.
* On STATUS_FD it writes one line ``started PID`` (or ``failed ERRNO MESSAGE`` when COMMAND cannot be
  started), then ``exit CODE`` or ``signal NUMBER`` when the bot ends.
* When CONTROL_FD reaches its end (the controller closed it, or the controller died), it kills every process
  below it with SIGKILL, again until none is left (a process may fork while it is killed), and exits. It
  also exits by itself once the bot and every process it started have ended.

Where ``/proc`` or ``prctl`` is missing (not Linux), the processes still in its process group are killed
instead (``killpg``); a descendant in a session of its own may then survive.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_CHILD_SUBREAPER = 36
#: How long the kill loop may go on (seconds); the controller waits a little longer for this process.
KILL_WINDOW = 5.0


def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux); False when the system does not offer it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def descendants(root: int) -> list[int]:
    """The living processes below ``root`` (by the parent field of ``/proc/PID/stat``; zombies left out).

    Raises:
        OSError: ``/proc`` cannot be listed (not Linux).
    """
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                data = f.read()
        except OSError:  # it ended meanwhile
            continue
        fields = data[data.rfind(b")") + 2:].split()
        if len(fields) < 2 or fields[0] in (b"Z", b"X"):
            continue
        children.setdefault(int(fields[1]), []).append(int(name))
    found: list[int] = []
    todo = [root]
    while todo:
        for pid in children.get(todo.pop(), ()):
            found.append(pid)
            todo.append(pid)
    return found


def kill_tree() -> None:
    """SIGKILL every process below this one until none is left (at most :data:`KILL_WINDOW` seconds)."""
    deadline = time.monotonic() + KILL_WINDOW
    while time.monotonic() < deadline:
        try:
            pids = descendants(os.getpid())
        except OSError:
            try:
                os.killpg(os.getpgrp(), signal.SIGKILL)  # kills this process too
            except OSError:
                pass
            return
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.005)  # let the killed ones become zombies (they are reaped by the main thread)


def main(argv: list[str]) -> int:
    """Run the bot named in ``argv`` (see the module docstring); returns this process's exit status."""
    status_fd, control_fd, command = int(argv[1]), int(argv[2]), argv[4:]
    for fd in (status_fd, control_fd):
        os.set_inheritable(fd, False)  # the bot gets neither

    def report(text: str) -> None:
        try:
            os.write(status_fd, text.encode("utf-8", "replace") + b"\n")
        except OSError:
            pass

    become_subreaper()
    try:
        bot = os.posix_spawnp(command[0], command, os.environ, setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))
    except OSError as error:
        report(f"failed {error.errno or 0} {error.strerror or error}")
        return 1
    except (ValueError, IndexError) as error:  # an empty command, a NUL byte
        report(f"failed 22 {error}")
        return 1
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    report(f"started {bot}")

    def watch_control() -> None:
        while True:
            try:
                if not os.read(control_fd, 64):
                    break
            except InterruptedError:
                continue
            except OSError:
                break
        kill_tree()
        os._exit(0)

    threading.Thread(target=watch_control, daemon=True).start()
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except InterruptedError:
            continue
        except ChildProcessError:  # the bot and everything it started have ended
            os._exit(0)
        if pid == bot:
            if os.WIFSIGNALED(status):
                report(f"signal {os.WTERMSIG(status)}")
            else:
                report(f"exit {os.waitstatus_to_exitcode(status)}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))

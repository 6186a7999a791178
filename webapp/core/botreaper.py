"""The keeper of one bot's process tree; :class:`webapp.core.botproc.BotProcess` runs it as a script.

    python -I -S botreaper.py STATUS_FD CONTROL_FD [--limit NAME=N]... [--hide DIR]... [--plain] -- COMMAND...

It sits between the controller and the bot and imports nothing but the standard library (it starts fast):

* It makes itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``, Linux 3.4 and later, see
  ``man 2 prctl``): a process whose parent ends is re-parented to its nearest subreaper ancestor instead of
  init. So everything the bot starts stays below this process, even a grandchild in a session of its own
  (``setsid``) or one left behind by a double fork.
* **The sandbox (Linux, unless ``--plain``).** When the system lets an ordinary user create namespaces
  (``unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID)``, see ``man 7 user_namespaces``), it forks once: the
  child is process 1 of a new PID namespace and keeps the bot's tree; the parent only waits for it. A process
  in the namespace cannot signal process 1 with SIGKILL or SIGSTOP (``man 7 pid_namespaces``) and cannot name
  any process outside (the controller, this parent), and when process 1 ends for any reason the kernel kills
  every process in the namespace. Process 1 also mounts a ``/proc`` of the namespace (the bot sees no other
  process, nor their environments) and an empty read-only ``tmpfs`` over each ``--hide`` folder (the instance
  folder with the secret key and the database). The user inside is the invoking user, or ``nobody`` when
  that is root, so that the bot holds no capability to undo the mounts.
* Without namespaces (macOS, a kernel or container that forbids them, ``--plain``) the bot gets
  ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` (Linux): it dies with this process; what it started in a session of its
  own is found and killed by the controller (:func:`webapp.core.botproc.kill_marked`).
* In the bot's process, before ``exec``, the ``--limit`` resource limits are set (``setrlimit``: ``cpu``
  seconds, ``as`` bytes of address space, ``nproc`` processes, ``nofile`` open files, ``fsize`` bytes written
  to one file; ``nproc`` only in a namespace, where Linux 5.14 and later count the namespace's processes
  alone: outside, it counts every process of the user, and root is never held to it), SIGPIPE and SIGXFSZ
  get their default action back, and this process's environment is passed on (the controller gives this
  process only what a bot may see).
* It starts COMMAND (searched on ``PATH``) with its own standard streams, which are the controller's pipes,
  then points its own streams at ``/dev/null``: the controller sees the end of the bot's output as soon as
  the bot and its descendants close it, never later because of this process.
* On STATUS_FD it writes one line ``started PID FEATURES`` (FEATURES: the sandbox parts that hold, a comma
  list of ``pidns``, ``proc``, ``hidden``, or ``-``; PID is the bot's number in its namespace) or ``failed
  ERRNO MESSAGE`` when COMMAND cannot be started, then ``exit CODE`` or ``signal NUMBER`` when the bot ends.
* When CONTROL_FD reaches its end (the controller closed it, or the controller died), it kills every process
  below it with SIGKILL, again until none is left (a process may fork while it is killed), and exits. It
  also exits by itself once the bot and every process it started have ended.

Where ``/proc`` or ``prctl`` is missing (not Linux), the processes still in its process group are killed
instead (``killpg``); a descendant in a session of its own may then survive.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID = 0x00020000, 0x10000000, 0x20000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 0x4000, 1 << 18
#: The user inside the namespace when the invoking user is root (``nobody``): no capability after ``exec``.
NOBODY = 65534
#: How long the kill loop may go on (seconds); the controller waits a little longer for this process.
KILL_WINDOW = 5.0
#: ``--limit`` names -> resource numbers (those this system has).
LIMITS = {name: getattr(resource, f"RLIMIT_{name.upper()}") for name in ("cpu", "as", "nproc", "nofile", "fsize")
          if hasattr(resource, f"RLIMIT_{name.upper()}")}


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


LIBC = _libc()
if LIBC is not None and hasattr(LIBC, "mount"):
    LIBC.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]


def prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` (Linux); False when it failed or the system has none."""
    try:
        return LIBC is not None and LIBC.prctl(option, value, 0, 0, 0) == 0
    except AttributeError:
        return False


def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux); False when the system does not offer it."""
    return prctl(PR_SET_CHILD_SUBREAPER, 1)


def _write(path: str, text: str) -> None:
    with open(path, "w") as f:
        f.write(text)


def enter_namespaces() -> bool:
    """Move this process into a new user and mount namespace and make its *next child* process 1 of a new PID
    namespace (``unshare``, Linux); the user inside is ours (``nobody`` for root). False when not allowed
    (nothing changed then, or the change is harmless: the mount namespace is a copy of ours)."""
    if not sys.platform.startswith("linux") or LIBC is None:
        return False
    uid, gid = os.geteuid(), os.getegid()
    try:
        if LIBC.unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID) != 0:
            return False
    except AttributeError:
        return False
    inside_uid, inside_gid = (NOBODY, NOBODY) if uid == 0 else (uid, gid)
    try:  # without a map the bot runs as the overflow user inside: still the same user outside
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{inside_uid} {uid} 1")
        _write("/proc/self/gid_map", f"{inside_gid} {gid} 1")
    except OSError:
        pass
    return True  # the next child is process 1 of a new PID namespace, whatever the maps say


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None = None) -> bool:
    """``mount(2)``; False when it failed."""
    def encode(text: str | None) -> bytes | None:
        return None if text is None else os.fsencode(text)

    return LIBC.mount(encode(source), encode(target), encode(fstype), flags, encode(data)) == 0


def seal(hide: list[str]) -> list[str]:
    """In the new namespaces, as process 1: a private mount tree, a ``/proc`` of this PID namespace and an empty
    read-only ``tmpfs`` over each folder of ``hide``. Returns the parts that hold (``proc``, ``hidden``)."""
    held = []
    if not mount("none", "/", None, MS_REC | MS_PRIVATE):
        return held  # nothing may be mounted unless it stays in this namespace
    if mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC):
        held.append("proc")
    flags = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC
    if all([mount("tmpfs", folder, "tmpfs", flags, "size=4k,mode=0555") for folder in hide if os.path.isdir(folder)]):
        held.append("hidden")
    return held


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


def spawn(command: list[str], limits: dict[str, int]) -> int:
    """Fork and ``exec`` COMMAND with ``limits`` set and, on Linux, SIGKILL as its parent-death signal.

    Returns:
        the bot's process id.

    Raises:
        OSError: COMMAND cannot be started (its errno and message, as ``exec`` reported them).
    """
    if not command:
        raise OSError(22, "no command")
    if any("\0" in word for word in command):
        raise OSError(22, "embedded null byte")
    keeper = os.getpid()
    errors_r, errors_w = os.pipe()  # close-on-exec: it ends at a successful exec
    pid = os.fork()
    if pid == 0:  # the bot, before exec: nothing here may return
        try:
            os.close(errors_r)
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != keeper:  # the keeper died before the line above
                os._exit(127)
            for signum in (signal.SIGPIPE, getattr(signal, "SIGXFSZ", None)):
                if signum is not None:
                    signal.signal(signum, signal.SIG_DFL)
            for name, value in limits.items():
                if name in LIMITS:
                    try:
                        resource.setrlimit(LIMITS[name], (value, value))
                    except (OSError, ValueError):
                        pass  # a hard limit below ours already, or a system that refuses this one
            os.execvp(command[0], command)
        except OSError as error:
            os.write(errors_w, f"{error.errno or 0} {error.strerror or error}".encode("utf-8", "replace"))
        except BaseException as error:  # noqa: BLE001 - nothing may escape into the keeper's code
            os.write(errors_w, f"22 {error}".encode("utf-8", "replace"))
        os._exit(127)
    os.close(errors_w)
    report = b""
    while chunk := os.read(errors_r, 4096):
        report += chunk
    os.close(errors_r)
    if report:
        os.waitpid(pid, 0)
        number, _, message = report.decode("utf-8", "replace").partition(" ")
        raise OSError(int(number) if number.isdigit() else 0, message)
    return pid


def parse(argv: list[str]) -> tuple[int, int, dict[str, int], list[str], bool, list[str]]:
    """(status fd, control fd, limits, folders to hide, plain, command) from this script's arguments."""
    status_fd, control_fd = int(argv[1]), int(argv[2])
    limits: dict[str, int] = {}
    hide: list[str] = []
    plain = False
    rest = argv[3:]
    while rest and rest[0] != "--":
        option = rest.pop(0)
        if option == "--plain":
            plain = True
        elif option == "--limit":
            name, _, value = rest.pop(0).partition("=")
            limits[name] = int(value)
        elif option == "--hide":
            hide.append(rest.pop(0))
    return status_fd, control_fd, limits, hide, plain, rest[1:]


def outside(fds: tuple[int, ...]) -> None:
    """The part outside the namespaces: wait until process 1 (its child) and whatever the kernel hands over
    have ended, then exit. It holds none of the controller's pipes (``fds``: those it closes)."""
    prctl(PR_SET_DUMPABLE, 0)
    for fd in fds:
        os.close(fd)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    while True:
        try:
            os.waitpid(-1, 0)
        except InterruptedError:
            continue
        except ChildProcessError:
            os._exit(0)


def main(argv: list[str]) -> int:
    """Run the bot named in ``argv`` (see the module docstring); returns this process's exit status."""
    status_fd, control_fd, limits, hide, plain, command = parse(argv)
    for fd in (status_fd, control_fd):
        os.set_inheritable(fd, False)  # the bot gets neither

    def report(text: str) -> None:
        try:
            os.write(status_fd, text.encode("utf-8", "replace") + b"\n")
        except OSError:
            pass

    become_subreaper()
    features: list[str] = []
    if not plain and enter_namespaces():
        init = os.fork()
        if init:
            outside((status_fd, control_fd))
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # the part outside was killed: the namespace ends
        features = ["pidns", *seal(hide)]
    if "pidns" not in features:  # RLIMIT_NPROC counts every process of the user outside a user namespace
        limits.pop("nproc", None)
    prctl(PR_SET_DUMPABLE, 0)  # the bot, the same user, cannot open this process's /proc files (its pipes)
    try:
        bot = spawn(command, limits)
    except OSError as error:
        report(f"failed {error.errno or 0} {error.strerror or error}")
        return 1
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    report(f"started {bot} {','.join(features) or '-'}")

    def watch_control() -> None:
        while True:
            try:
                if not os.read(control_fd, 64):
                    break
            except InterruptedError:
                continue
            except OSError:
                break
        if "pidns" not in features:
            kill_tree()
        os._exit(0)  # as process 1 of its namespace: the kernel kills every process in it

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

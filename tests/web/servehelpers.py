"""Helpers of the `kartenschule serve` tests (imported by module name; also run as a script, see :func:`main`).

* :class:`Served`: a ``kartenschule serve`` process, its output kept in files, waited for by polling its answer.
* :class:`Client`: a tiny HTTP client with cookies that fills in a form's CSRF token, as a browser would.
* ``python servehelpers.py lan-check PORT INSTANCE`` runs the ``--lan`` check (:func:`lan_check`) and prints
  its findings as JSON: the test runs it inside a network namespace of its own (``unshare -n``) with a
  made-up network interface, so that no packet leaves this computer.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: What a request to a server that is not (yet) there raises.
GONE = (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException)
#: The repository's console script, run by this Python (PYTHONPATH points at the repository).
SERVE = [sys.executable, "-c", "from webapp.cli import main; main()", "serve"]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


class Client:
    """Cookies, redirects followed, and the CSRF token of a page's form sent with its POST."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path: str, headers: dict | None = None) -> tuple[int, str, str]:
        """``(status, final path, body)``; an error status is returned, not raised."""
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.geturl().removeprefix(self.base), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, path, error.read().decode(errors="replace")

    def submit(self, page: str, form: dict, action: str) -> str:
        """Open ``page``, POST ``form`` with the page's CSRF token to ``action``; the final path."""
        _status, _path, html = self.get(page)
        token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
        data = urllib.parse.urlencode({**form, "csrf_token": token}).encode()
        with self.opener.open(self.base + action, data=data, timeout=30) as response:
            response.read()
            return response.geturl().removeprefix(self.base)


def _ctrl_c_as_in_a_terminal() -> None:
    """In the server's process before it starts: SIGINT's default action, as a command started in a terminal has.

    A test run started in the background by a shell (``make test &``) ignores SIGINT, and every process it starts
    inherits that: waitress (which leaves the signal to Python) then never saw :meth:`Served.interrupt`'s Ctrl-C.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """A ``kartenschule serve`` process started with ``args``; stdout and stderr go to files in ``folder``."""

    def __init__(self, command: list[str], folder: Path, env: dict | None = None, cwd: Path | None = None) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.out_path, self.err_path = folder / "stdout.txt", folder / "stderr.txt"
        with self.out_path.open("wb") as out, self.err_path.open("wb") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, cwd=cwd or ROOT,
                                            env=env if env is not None else os.environ.copy(),
                                            start_new_session=os.name != "nt",
                                            preexec_fn=_ctrl_c_as_in_a_terminal if os.name != "nt" else None)

    @property
    def stdout(self) -> str:
        return self.out_path.read_text(errors="replace")

    @property
    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace")

    def wait_ready(self, url: str, seconds: float = 90) -> None:
        """Poll ``url`` until it answers; raise with the server's output when the process ends or time is up."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server ended ({self.process.returncode}):\n{self.stdout}\n{self.stderr}")
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    response.read()
                    return
            except urllib.error.HTTPError:
                return  # it answers
            except GONE:
                time.sleep(0.1)
        self.kill()
        raise AssertionError(f"no answer from {url} within {seconds} s:\n{self.stdout}\n{self.stderr}")

    def interrupt(self, seconds: float = 60) -> int:
        """Ctrl-C as a terminal sends it: SIGINT to the whole process group (the master and every worker);
        the exit status."""
        if os.name == "nt":
            self.process.send_signal(signal.CTRL_C_EVENT)
        else:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"Ctrl-C did not stop the server within {seconds} s:\n{self.stderr}") from None

    def kill(self) -> None:
        if self.process.poll() is None:
            if os.name == "nt":
                self.process.kill()
            else:
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def join_address(html: str) -> str:
    return re.search(r'<strong class="join-url">([^<]+)</strong>', html).group(1)


def start_class(client: Client) -> str:
    """Start a class as a teacher; the projector page's path."""
    return client.submit("/class", {"kind": "skat_family", "difficulty": "normal"}, "/class/new")


def refused(host: str, port: int) -> bool:
    """Whether a TCP connection to ``host:port`` is refused (nothing listens there)."""
    try:
        with socket.create_connection((host, port), timeout=5):
            return False
    except ConnectionRefusedError:
        return True


def lan_check(port: int, instance: Path) -> dict:
    """Inside the test's network namespace: `serve --lan` answers on the non-loopback address it finds, the
    projector opened as 127.0.0.1 shows that address; plain `serve` is not reachable there."""
    from webapp.serve import lan_addresses

    found: dict = {"addresses": lan_addresses()}
    address = found["addresses"][0]
    served = Served([*SERVE, "--lan", "--port", str(port), "--workers", "1", "--instance", str(instance)],
                    instance / "lan")
    try:
        served.wait_ready(f"http://{address}:{port}/class")
        found["lan_status"] = Client(f"http://{address}:{port}").get("/class")[0]
        teacher = Client(f"http://127.0.0.1:{port}")
        found["join_url"] = join_address(teacher.get(start_class(teacher))[2])
    finally:
        found["lan_rc"] = served.interrupt()
    found["lan_stdout"] = served.stdout
    local = Served([*SERVE, "--port", str(port), "--workers", "1", "--instance", str(instance)], instance / "local")
    try:
        local.wait_ready(f"http://127.0.0.1:{port}/class")
        found["local_refused_on_lan"] = refused(address, port)
    finally:
        found["local_rc"] = local.interrupt()
    return found


def main() -> None:
    """``servehelpers.py lan-check PORT INSTANCE``: print :func:`lan_check` as JSON."""
    _verb, port, instance = sys.argv[1:4]
    print(json.dumps(lan_check(int(port), Path(instance))))


if __name__ == "__main__":
    main()

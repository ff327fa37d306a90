"""Change notifications between server processes sharing one SQLite file on one machine.

PostgreSQL tells the other server processes of every change itself (LISTEN/NOTIFY, see
`hub.Listener`); SQLite cannot. Here each process binds a Unix datagram socket in a folder
named after the database file (`<temp>/boardwright-peers-<hash>/<origin>.sock`, the folder
only for this user) and, after each commit, sends `<game id> <kind>` to every other socket
there. A socket whose process is gone (killed) refuses the datagram and is removed. A
datagram is never waited for: when a receiver's queue is full it is dropped, and that
process's poller (`Hub._poll`, every `Settings.recheck` seconds) still finds the change.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("boardwright.web")
LIST_EVERY = 1.0  # seconds between listings of the folder (processes come and go)


def peers_dir(url: str) -> Path | None:
    """The folder of the processes sharing the SQLite file of `url` (None: not a SQLite file,
    or no Unix sockets here)."""
    if not hasattr(socket, "AF_UNIX"):
        return None
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return None
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    where = os.path.realpath(parsed.database)
    digest = hashlib.sha256(where.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"boardwright-peers-{os.getuid()}-{digest}"


class Peers:
    """This process's socket among its peers': `announce` a change, hear theirs (`changed`)."""

    def __init__(self, folder: Path, origin: str, changed: Callable[[str, str], None],
                 stop: threading.Event) -> None:
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.stat().st_uid != os.getuid():
            raise OSError(f"{folder} belongs to another user")
        self.folder = folder
        self.path = folder / f"{origin}.sock"
        self.changed = changed
        self.stop = stop
        self.inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.inbox.bind(str(self.path))
        self.inbox.settimeout(0.5)
        self.outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.outbox.setblocking(False)
        self._others: list[str] = []
        self._listed = 0.0
        self._folder_mtime = -1
        self._send = threading.Lock()
        threading.Thread(target=self._run, daemon=True, name="peers").start()

    def others(self) -> list[str]:
        t = time.monotonic()
        try:
            changed = self.folder.stat().st_mtime_ns != self._folder_mtime  # a peer came or went
        except OSError:
            changed = True
        if changed or t - self._listed > LIST_EVERY:
            self._listed = t
            with contextlib.suppress(OSError):
                self._folder_mtime = self.folder.stat().st_mtime_ns
            mine = self.path.name
            self._others = [str(p) for p in self.folder.glob("*.sock") if p.name != mine]
        return self._others

    def announce(self, gid: str, kind: str) -> None:
        """Tell every other process that game `gid` changed (after the change was committed)."""
        message = f"{gid} {kind}".encode()
        with self._send:
            for path in self.others():
                try:
                    self.outbox.sendto(message, path)
                except (ConnectionRefusedError, FileNotFoundError):  # its process is gone
                    with contextlib.suppress(OSError):
                        os.unlink(path)
                    self._listed = 0.0
                except OSError:  # its queue is full: its poller finds the change
                    pass

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                data = self.inbox.recv(512)
            except TimeoutError:
                continue
            except OSError:
                return
            gid, _, kind = data.decode("utf-8", "replace").partition(" ")
            try:
                self.changed(gid, kind or "log")
            except Exception:
                log.exception("a change notification failed: %r", data)
        self.close()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            self.inbox.close()

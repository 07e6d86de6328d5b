"""A venue's connection to the server that a test can cut and restore: a TCP forwarder.

pytest-django's ``live_server`` runs in the test's process and cannot be paused and resumed (its
thread stops for good, and a new one would listen on another port, so another origin, where the
page's service worker and IndexedDB are not). Chromium's offline mode, on the other hand, tells
the page that it is offline (``navigator.onLine``, the ``online`` event), which a real dropped
venue uplink does not: the wifi stays up, and the server simply does not answer.

So the browser is pointed at this forwarder instead (``url``), a port of its own on the loopback
that passes every connection on to the live server. ``stop()`` closes the listening socket and
every connection under way, both ways: from the browser's side the server is gone (connection
refused, or reset mid-answer), exactly as when the server's machine or the hall's uplink dies.
``start()`` listens again on the same port, so the origin, and with it the service worker's
scope, the page's caches and its IndexedDB, stay the same across the outage.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress

ACCEPT_POLL = 0.1  # seconds: how soon ``stop`` is noticed by the accepting thread
CHUNK = 65536


class Proxy:
    """Forward ``127.0.0.1:port`` to ``target`` (host, port) while started."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = _free_port()
        self._listener: socket.socket | None = None
        self._accepting: threading.Thread | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Listen (again) on the same port."""
        if self._listener is not None:
            return
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        listener.settimeout(ACCEPT_POLL)
        self._listener = listener
        self._accepting = threading.Thread(
            target=self._accept, args=(listener,), name="test-proxy-accept", daemon=True
        )
        self._accepting.start()

    def stop(self) -> None:
        """Refuse new connections and cut every open one: the server is out of reach."""
        listener, self._listener = self._listener, None
        if listener is None:
            return
        listener.close()
        if self._accepting is not None:
            self._accepting.join()
        with self._lock:
            cut, self._open = self._open, set()
        for sock in cut:
            _close(sock)

    def _accept(self, listener: socket.socket) -> None:
        while self._listener is listener:
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:  # closed by ``stop``
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                _close(client)
                continue
            with self._lock:
                if self._listener is not listener:  # stopped meanwhile
                    _close(client)
                    _close(server)
                    return
                self._open.update((client, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(
                    target=self._pipe, args=(source, sink), name="test-proxy-pipe", daemon=True
                ).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        """Copy one direction until either side closes; then close both."""
        try:
            while data := source.recv(CHUNK):
                sink.sendall(data)
        except OSError:
            pass
        with self._lock:
            self._open.discard(source)
            self._open.discard(sink)
        _close(source)
        _close(sink)


def _close(sock: socket.socket) -> None:
    with suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with suppress(OSError):
        sock.close()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

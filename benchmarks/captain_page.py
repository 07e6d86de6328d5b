"""The captain's page on a slow phone: ``python benchmarks/captain_page.py [--runs 3]``.

The page must show a table at once on a hall's poor wifi, and it now also brings the scoring
engine (Pyodide, about 13 MB) for judging hands offline. This measures the page's first view on
a throttled phone profile, with and without the offline module, and the engine's download behind
it, so that the README can show that the engine does not delay the first view.

Set-up, on this machine: the product under gunicorn (2 workers, ``DEBUG=0``, its static files
collected and served by WhiteNoise as in production), on a SQLite database of its own made here
with one published round; headless Chromium (Debian's) at a phone's viewport (390 x 844, German).

The phone profile is Lighthouse's mobile one ("slow 4G"): 150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up, the page's CPU 4x slower (CDP ``Emulation.setCPUThrottlingRate``; the engine's
worker runs on a thread of its own, unthrottled: its start is no part of the first view). The
network is throttled by a link in this process between the browser and gunicorn (``PhoneLink``),
not by CDP's ``Network.emulateNetworkConditions``: that applies to the one target it is sent to,
the page, and not to the engine's Web Worker, whose download competes for the same link on a
real phone and is what this must show to stay out of the way. The link shares its bandwidth
among every connection, adds half the round trip each way, and counts the bytes it delivers to
the browser (headers included): "bytes" below are bytes over the wire.

Three views, each in a fresh browser context (no cache, no service worker) unless said:

- ``without offline module``: the page with ``static/js/offline/`` refused (the page as it was
  before issue 25: no service worker, no engine);
- ``first view``: the page as served;
- ``reopened``: the same page loaded again in the same context once the engine ran (its service
  worker and caches in place).

Measured per view: first contentful paint (``paint`` timing), DOMContentLoaded, time to
interactive, and the bytes delivered by then; for the page as served also when the engine is
ready and the bytes in all. "Interactive" is when the captain can save a hand: the page's scripts
have run (DOMContentLoaded, ``htmx`` and ``captain.js`` deferred) and, where it is loaded, the
offline module has started (``body[data-offline=started]``: it keeps and sends a hand from then
on). Times are from the navigation's start; each figure is the median of ``--runs`` runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, wherever the script is run from

import argparse  # noqa: E402
import os  # noqa: E402
import queue  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from contextlib import suppress  # noqa: E402

from benchmarks import common  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
RTT = 0.150  # seconds
DOWN = 1.6e6 / 8  # bytes a second
UP = 0.75e6 / 8
CPU_SLOWDOWN = 4
ENGINE_TIMEOUT = 600_000  # ms: 13 MB at 1.6 Mbit/s takes over a minute
CHUNK = 16384

# the moments the page reaches, from the navigation's start (ms), recorded in the page itself
MARKS = """
const marks = (window.__marks = {});
new MutationObserver(() => {
  const data = document.body ? document.body.dataset : {};
  if (data.offline === "started" && !marks.started) marks.started = performance.now();
  if (data.engine && !marks.engine) marks.engine = performance.now();
}).observe(document, { attributes: true, subtree: true,
                       attributeFilter: ["data-offline", "data-engine"] });
"""
TIMINGS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return { origin: performance.timeOrigin, fcp: paint ? paint.startTime : null,
           dcl: nav.domContentLoadedEventEnd, marks: window.__marks,
           engine: document.body.dataset.engine || null };
}"""


class PhoneLink:
    """``127.0.0.1:port`` forwarded to ``target`` as over a phone's connection: each direction's
    bandwidth shared by all connections, half the round trip added each way; the bytes delivered
    to the browser are logged with the (epoch) time of their delivery."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.free_at = {"down": 0.0, "up": 0.0}
        self.lock = threading.Lock()
        self.delivered: list[tuple[float, int]] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def bytes_until(self, moment: float | None = None) -> int:
        with self.lock:
            return sum(n for at, n in self.delivered if moment is None or at <= moment)

    def reset(self) -> None:
        with self.lock:
            self.delivered.clear()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            server = socket.create_connection(self.target)
            for source, sink, way in ((client, server, "up"), (server, client, "down")):
                pending: queue.Queue = queue.Queue()
                for work, end in ((self._read, source), (self._write, sink)):
                    threading.Thread(target=work, args=(end, pending, way), daemon=True).start()

    def _read(self, source: socket.socket, pending: queue.Queue, way: str) -> None:
        rate = DOWN if way == "down" else UP
        while True:
            try:
                data = source.recv(CHUNK)
            except OSError:
                data = b""
            if not data:
                pending.put((0.0, b""))
                return
            with self.lock:  # the link's bandwidth is shared: one chunk after another
                start = max(time.time(), self.free_at[way])
                self.free_at[way] = start + len(data) / rate
                pending.put((self.free_at[way] + RTT / 2, data))

    def _write(self, sink: socket.socket, pending: queue.Queue, way: str) -> None:
        while True:
            at, data = pending.get()
            if not data:
                with suppress(OSError):
                    sink.shutdown(socket.SHUT_WR)
                return
            time.sleep(max(0.0, at - time.time()))
            try:
                sink.sendall(data)
            except OSError:
                return
            if way == "down":
                with self.lock:
                    self.delivered.append((time.time(), len(data)))


def _environment(database: Path) -> dict:
    return common.server_environment(DATABASE_URL=f"sqlite:///{database}", REDIS_URL="")


def _prepare(database: Path) -> str:
    """Migrate a new database, collect the static files, make a round: a table's code."""
    env = _environment(database)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, cwd=ROOT, check=True)
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True
    )
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DEBUG", "REDIS_URL", "SECRET_KEY")})
    os.environ["DJANGO_SETTINGS_MODULE"] = "tichu_site.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournaments.services.events import event_create, players_register
    from tournaments.services.history import Actor
    from tournaments.services.rounds import round_pair, round_publish

    owner = get_user_model().objects.create_user(username="bench", password="bench-password-1")
    event = event_create(owner=owner, name="Captain page", preset="dtm", seed=5)
    orga = Actor.organizer(owner)
    players_register(event=event, names=[f"Spieler {i}" for i in range(8)], actor=orga)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    return rnd.tables.order_by("number").first().code


def _view(page, link: PhoneLink, url: str | None, *, offline_module: bool) -> dict:
    """Load (or, without ``url``, reload) the page; its timings and the bytes delivered."""
    link.reset()
    if url is None:
        page.reload(wait_until="domcontentloaded")
    else:
        page.goto(url, wait_until="domcontentloaded")
    if offline_module:
        page.wait_for_selector("body[data-offline=started]", state="attached")
    found = page.evaluate(TIMINGS)
    interactive = found["marks"].get("started", found["dcl"]) if offline_module else found["dcl"]
    origin = found["origin"] / 1000
    return {
        "fcp": found["fcp"],
        "dcl": found["dcl"],
        "tti": interactive,
        "bytes": link.bytes_until(origin + interactive / 1000),
        "origin": origin,
    }


def _engine(page, link: PhoneLink, view: dict) -> None:
    """Wait for the engine; when it was ready (from the same navigation's start), bytes in all."""
    page.wait_for_selector("body[data-engine]", state="attached", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=ENGINE_TIMEOUT)
    found = page.evaluate(TIMINGS)
    if found["engine"] != "ready":
        raise RuntimeError(f"the engine did not start: {found['engine']}")
    view["engine"] = found["marks"]["engine"]
    view["total"] = link.bytes_until()


def _run(browser, link: PhoneLink, url: str) -> dict[str, dict]:
    """One run of the three views (module docstring)."""
    views = {}
    for name, offline_module in (("without offline module", False), ("first view", True)):
        context = browser.new_context(viewport=PHONE, locale="de-DE")
        page = context.new_page()
        page.add_init_script(MARKS)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        if not offline_module:
            page.route("**/static/js/offline/**", lambda route: route.abort())
        views[name] = _view(page, link, url, offline_module=offline_module)
        if offline_module:
            _engine(page, link, views[name])
            views["reopened"] = _view(page, link, None, offline_module=True)
            _engine(page, link, views["reopened"])
        context.close()
    return views


def _median(runs: list[dict], view: str, key: str) -> float | None:
    values = [run[view][key] for run in runs if run[view].get(key) is not None]
    return common.median(values) if values else None


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f} ms"


def _kb(value: float | None) -> str:
    return "–" if value is None else f"{value / 1024:,.0f} kB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "captain.sqlite3"
        code = _prepare(database)
        port = common.free_port()
        server = common.start_gunicorn(_environment(database), port)
        link = PhoneLink(("127.0.0.1", port))
        url = f"http://127.0.0.1:{link.port}/t/{code}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
                )
                runs = [_run(browser, link, url) for _ in range(args.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(
        f"### The captain's page on a slow phone (RTT {RTT * 1000:.0f} ms, "
        f"{DOWN * 8 / 1e6:.1f} Mbit/s down, {UP * 8 / 1e6:.2f} Mbit/s up, CPU {CPU_SLOWDOWN}x "
        f"slower), median of {args.runs} runs\n"
    )
    print(f"{common.machine()}\n")
    rows = [
        [
            view,
            _ms(_median(runs, view, "fcp")),
            _ms(_median(runs, view, "dcl")),
            _ms(_median(runs, view, "tti")),
            _kb(_median(runs, view, "bytes")),
            _ms(_median(runs, view, "engine")),
            _kb(_median(runs, view, "total")),
        ]
        for view in ("without offline module", "first view", "reopened")
    ]
    columns = ["view", "first paint", "DOMContentLoaded", "interactive", "bytes by then"]
    print(common.table([*columns, "engine ready", "bytes in all"], rows))


if __name__ == "__main__":
    main()

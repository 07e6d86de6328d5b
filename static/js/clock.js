// The round clock (templates/_clock.html): counts the time left down each second from what the
// server counted when it rendered the page (data-clock-seconds), so a wrong clock on this device
// does not matter. Elements swapped in later (the results desk polls) are counted from when they
// are first seen, and so is a clock whose data a page changes (the captain's page follows the
// server: data-clock-rendered, the server's time of counting, changes). Without this script the
// page shows the minutes left at render.
//
// A clock with data-clock-keep (the captain's page) also works without the server: each time the
// server's count arrives fresh, the page remembers (localStorage, under that key) the server's
// time of counting and this device's time of receiving it. A copy of the page shown while the
// server cannot be reached (the service worker marks it: body[data-page-copy]) counts on from
// the time its own count was made, placed on this device's clock by what was remembered, so
// the countdown goes on from the last known end of the round; and while the server is out of
// reach the clock says when it last heard from it (HH:MM, this device's time).
(function () {
  if (window.tichuClock) return;
  window.tichuClock = true;
  var seen = new WeakMap();

  function digits(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function remembered(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  /* This device's time (ms) at which the clock's count (data-clock-seconds) was true. */
  function since(clock) {
    var rendered = clock.dataset.clockRendered || "";
    var known = seen.get(clock);
    if (known && known.rendered === rendered) return known.at;
    // only the count the page came with can be old: a later one is the server's, fresh
    var copy = known === undefined && document.body.dataset.pageCopy !== undefined;
    var at = Date.now(), key = clock.dataset.clockKeep, last = key ? remembered(key) : null;
    if (key && rendered) {
      if (copy && last) {
        // the server's time of this copy's count, on this device's clock
        at = last.at + (Number(rendered) - last.rendered) * 1000;
      } else {
        try {
          localStorage.setItem(key, JSON.stringify({ rendered: Number(rendered), at: at }));
        } catch (error) { /* private mode: counted from now */ }
      }
    }
    seen.set(clock, { rendered: rendered, at: at });
    return at;
  }

  function offline() {
    return !navigator.onLine || document.body.dataset.server === "unreachable"
      || (document.body.dataset.pageCopy !== undefined && document.body.dataset.server !== "reachable");
  }

  function synced(clock) {
    var line = clock.querySelector(".clock-synced"), last = remembered(clock.dataset.clockKeep);
    if (!line) return;
    if (!offline() || !last) {
      line.hidden = true;
      return;
    }
    var time = new Date(last.at).toLocaleTimeString(document.documentElement.lang || undefined,
      { hour: "2-digit", minute: "2-digit" });
    line.textContent = clock.dataset.clockSynced.replace("%(time)s", time);
    line.hidden = false;
  }

  function tick() {
    document.querySelectorAll("[data-clock-seconds]").forEach(function (clock) {
      var at = since(clock);
      var left = Number(clock.dataset.clockSeconds), state = clock.dataset.clockState;
      if (state === "running") {
        left = Math.max(0, left - Math.floor((Date.now() - at) / 1000));
      }
      if (clock.dataset.clockKeep) synced(clock);
      var time = clock.querySelector(".clock-time");
      if (!time) return;
      if (left === 0 && state !== "paused") {
        time.textContent = clock.dataset.clockOver;
        clock.classList.add("over");
      } else {
        time.textContent = digits(left);
        clock.classList.remove("over");
      }
    });
  }

  tick();
  setInterval(tick, 1000);
})();

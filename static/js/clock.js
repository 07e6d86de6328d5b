// The round clock (templates/_clock.html): counts the time left down each second from what the
// server counted when it rendered the page (data-clock-seconds), so a wrong clock on this device
// does not matter. Elements swapped in later (the results desk polls) are counted from when they
// are first seen. Without this script the page shows the minutes left at render.
(function () {
  if (window.tichuClock) return;
  window.tichuClock = true;
  var seen = new WeakMap();

  function digits(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function tick() {
    document.querySelectorAll("[data-clock-seconds]").forEach(function (clock) {
      if (!seen.has(clock)) seen.set(clock, Date.now());
      var left = Number(clock.dataset.clockSeconds), state = clock.dataset.clockState;
      if (state === "running") {
        left = Math.max(0, left - Math.floor((Date.now() - seen.get(clock)) / 1000));
      }
      var time = clock.querySelector(".clock-time");
      if (!time) return;
      if (left === 0 && state !== "paused") {
        time.textContent = clock.dataset.clockOver;
        clock.classList.add("over");
      } else {
        time.textContent = digits(left);
      }
    });
  }

  tick();
  setInterval(tick, 1000);
})();

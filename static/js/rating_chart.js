// A person's rating history (public/person.html), drawn by Chart.js (served by the project,
// never a CDN): the rating after each event, and its uncertainty as a band of one sigma either
// side. The same numbers stand in the table below the chart, for a page without JavaScript.
(function () {
  "use strict";
  var canvas = document.getElementById("rating-chart");
  var source = document.getElementById("rating-history");
  if (!canvas || !source || typeof Chart === "undefined") return;
  var points = JSON.parse(source.textContent);
  var labels = points.map(function (p) { return p.event; });
  var mu = points.map(function (p) { return p.mu; });
  var low = points.map(function (p) { return p.mu - p.sigma; });
  var high = points.map(function (p) { return p.mu + p.sigma; });
  var band = { borderWidth: 0, pointRadius: 0, backgroundColor: "rgba(31, 95, 168, 0.15)" };
  new Chart(canvas, {
    type: "line",
    data: {
      labels: labels,
      datasets: [
        Object.assign({ label: canvas.dataset.band, data: high, fill: "+1" }, band),
        Object.assign({ label: canvas.dataset.band, data: low, fill: false }, band),
        { label: canvas.dataset.rating, data: mu, borderColor: "#1f5fa8",
          backgroundColor: "#1f5fa8", tension: 0.2, fill: false },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: { labels: { filter: function (item) { return item.datasetIndex !== 1; } } },
      },
      scales: { x: { ticks: { autoSkip: true, maxRotation: 0 } } },
    },
  });
})();

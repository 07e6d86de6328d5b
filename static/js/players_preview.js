// The preview of a player list: a new choice of what a column holds (or of the encoding) reads
// the list again at once, so the rows and their warnings always follow the choices.
document.querySelectorAll("#read-again select").forEach(function (select) {
  select.addEventListener("change", function () {
    if (select.form.requestSubmit) { select.form.requestSubmit(); } else { select.form.submit(); }
  });
});

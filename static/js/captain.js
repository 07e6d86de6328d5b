/* The captain's form: typing one team's card points fills in the other's (the deck's total minus
   them). Nothing else is decided here: the server's engine scores the hand (preview via htmx). */
(function () {
  function setup(form) {
    var total = parseInt(form.dataset.cardTotal, 10);
    var a = form.querySelector("[name=cp_0]");
    var b = form.querySelector("[name=cp_1]");
    if (!a || !b || isNaN(total)) return;
    function fill(from, to) {
      var value = from.value.trim();
      if (value === "" || !/^-?\d+$/.test(value)) return;
      to.value = String(total - parseInt(value, 10));
    }
    a.addEventListener("input", function () { fill(a, b); });
    b.addEventListener("input", function () { fill(b, a); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-card-total]").forEach(setup);
  });
})();

/* The hand form: typing one team's card points fills in the other's (the deck's total minus
   them), but only while that other field holds nothing the person typed. A typed value is never
   rewritten: two typed values that do not add up are the engine's to refuse (the live preview
   shows its message before anything is saved). Nothing else is decided here.

   The hidden field "filled" names the field this script filled in, so that a page coming back
   from the server (a refused entry, a correction) still tells a filled value from a typed one. */
(function () {
  function setup(form) {
    var total = parseInt(form.dataset.cardTotal, 10);
    var a = form.querySelector("[name=cp_0]");
    var b = form.querySelector("[name=cp_1]");
    var filled = form.querySelector("[name=filled]");
    if (!a || !b || !filled || isNaN(total)) return;
    function isTyped(field) {
      return field.value.trim() !== "" && filled.value !== field.name;
    }
    function typed(from, to) {
      if (filled.value === from.name) filled.value = "";
      if (isTyped(to)) return;
      var value = from.value.trim();
      if (/^-?\d+$/.test(value)) {
        to.value = String(total - parseInt(value, 10));
        filled.value = to.name;
      } else {
        to.value = "";
        filled.value = "";
      }
    }
    a.addEventListener("input", function () { typed(a, b); });
    b.addEventListener("input", function () { typed(b, a); });
  }
  /* A finish order (Grand Seigneur): tapping a player's name appends their seat to the text
     field the server reads ("3,1,5"); the tapped names are listed in order and their buttons
     disabled; "take back" removes the last. Typing in the field works as well (without this
     script it is the way). */
  function setupPlacing(fieldset) {
    var input = fieldset.querySelector("[name=finish_order]");
    var list = fieldset.querySelector("#tapped");
    var buttons = fieldset.querySelectorAll("[data-seat]");
    var undo = fieldset.querySelector("[data-undo]");
    if (!input || !list) return;
    function seats() {
      return input.value.split(",").map(function (s) { return s.trim(); })
        .filter(function (s) { return s !== ""; });
    }
    function render() {
      var chosen = seats();
      list.innerHTML = "";
      chosen.forEach(function (seat) {
        var button = fieldset.querySelector("[data-seat='" + seat + "']");
        var item = document.createElement("li");
        item.textContent = button ? button.dataset.name : seat;
        list.appendChild(item);
      });
      buttons.forEach(function (button) {
        button.disabled = chosen.indexOf(button.dataset.seat) !== -1;
      });
    }
    function changed() {
      render();
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        input.value = seats().concat([button.dataset.seat]).join(",");
        changed();
      });
    });
    if (undo) undo.addEventListener("click", function () {
      input.value = seats().slice(0, -1).join(",");
      changed();
    });
    input.addEventListener("input", render);
    render();
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-card-total]").forEach(setup);
    document.querySelectorAll("[data-placing]").forEach(setupPlacing);
  });
})();

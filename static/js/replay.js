/* A hand replayed step by step (templates/public/_replay.html).
 *
 * The server computes every frame with the engine and words it (tournaments/views/replay_page.py);
 * this script only draws a frame and steps through them: the buttons, the slider, the arrow keys
 * (Home and End: the first and the last step). A frame sends a seat's cards only where they
 * changed: they are carried forward here once, at load. The step shown is kept in the address
 * (#step-N), so a step can be linked to and survives a reload. No library. */
(function () {
  "use strict";
  var source = document.getElementById("replay-data");
  var root = document.querySelector("[data-replay]");
  if (!source || !root) return;
  var data = JSON.parse(source.textContent);
  var words = data.words;
  var held = [];
  var frames = data.frames.map(function (frame) {
    held = held.slice();
    Object.keys(frame.hands).forEach(function (seat) { held[+seat] = frame.hands[seat]; });
    var full = Object.assign({}, frame);
    full.hands = held;
    return full;
  });
  var last = frames.length - 1;
  var slider = root.querySelector(".replay-slider");
  var current = 0;

  function fill(text, params) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(params[key]); });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function chip(code) {
    var card = data.cards[code];
    var node = el("span", "c c-" + card.suit + (card.second ? " c-second" : ""), card.label);
    node.title = card.name;
    node.setAttribute("aria-label", card.name);
    node.setAttribute("role", "img");
    return node;
  }

  function sorted(cards) {
    return cards.slice().sort(function (a, b) {
      return data.cards[a].order - data.cards[b].order || (a < b ? -1 : a > b ? 1 : 0);
    });
  }

  function chips(cards, keepOrder) {
    var box = el("span", "cards");
    (keepOrder ? cards : sorted(cards)).forEach(function (code) { box.appendChild(chip(code)); });
    return box;
  }

  function badge(text, tone) { return el("span", "badge" + (tone ? " " + tone : ""), text); }

  function seatName(seat) { return data.seats[seat].name; }

  function drawPlay(play) {
    var line = el("li", "play");
    line.appendChild(el("strong", "", seatName(play.seat) + " "));
    if (play.pass) {
      line.appendChild(el("span", "muted", words.passes));
      line.classList.add("pass");
    } else {
      line.appendChild(chips(play.cards, true));
      if (play.kind && data.kinds[play.kind]) line.appendChild(el("span", "muted kind", " " + data.kinds[play.kind]));
    }
    return line;
  }

  function drawTable(frame) {
    var wish = root.querySelector(".replay-wish");
    wish.textContent = frame.wish ? fill(words.wish, { rank: data.ranks[frame.wish] }) : "";
    wish.hidden = !frame.wish;
    var title = root.querySelector(".replay-trick-title");
    title.textContent = frame.trick_number ? fill(words.trick, { n: frame.trick_number }) : "";
    var trick = root.querySelector(".replay-trick");
    trick.textContent = "";
    if (!frame.trick.length) trick.appendChild(el("li", "muted empty", words.table_empty));
    frame.trick.forEach(function (play) { trick.appendChild(drawPlay(play)); });
    var lastTrick = root.querySelector(".replay-last");
    lastTrick.textContent = "";
    if (frame.last_trick && frame.trick_number) {
      lastTrick.appendChild(el("h3", "", fill(words.last_trick, { seat: seatName(frame.last_trick.to) })));
      var list = el("ol", "replay-trick past");
      frame.last_trick.plays.forEach(function (play) {
        if (!play.pass) list.appendChild(drawPlay(play));
      });
      lastTrick.appendChild(list);
    }
    var score = root.querySelector(".replay-score");
    score.hidden = current !== last;
    var lines = score.querySelector("ul");
    lines.textContent = "";
    data.score.forEach(function (line) { lines.appendChild(el("li", "", line)); });
  }

  function drawSeat(frame, seat) {
    var info = data.seats[seat];
    var box = el("article", "seat card");
    if (info.team !== null) box.classList.add("team-" + info.team);
    if (frame.to_act === seat) box.classList.add("acting");
    var head = el("header", "seat-head");
    head.appendChild(el("strong", "seat-name", info.name));
    if (info.role) head.appendChild(badge(info.role));
    var call = frame.calls[seat];
    if (call) head.appendChild(badge(data.calls[call], "warn"));
    var place = frame.out.indexOf(seat);
    if (place >= 0) {
      head.appendChild(badge(fill(words.out, { place: place + 1 }), "ok"));
      box.classList.add("is-out");
    }
    if (frame.to_act === seat) head.appendChild(badge(words.to_act, "err"));
    box.appendChild(head);
    var cards = frame.hands[seat] || [];
    box.appendChild(cards.length ? chips(cards) : el("p", "muted no-cards", words.no_cards));
    var given = frame.exchange[seat];
    if (given) {
      var line = el("p", "given muted", words.gives + ": ");
      given.forEach(function (pair, index) {
        if (index) line.appendChild(document.createTextNode(", "));
        line.appendChild(chip(pair[1]));
        line.appendChild(document.createTextNode(" → " + seatName(pair[0])));
      });
      box.appendChild(line);
    }
    var taken = frame.taken[seat];
    if (taken[0]) {
      var takenWords = data.card_points ? words.taken : words.taken_cards;
      box.appendChild(el("p", "taken muted", fill(takenWords, { cards: taken[0], points: taken[1] })));
    }
    return box;
  }

  function show(step) {
    current = Math.max(0, Math.min(last, step));
    var frame = frames[current];
    slider.value = String(current);
    root.querySelector(".replay-count").textContent = fill(words.step, { n: current, total: last });
    root.querySelector(".replay-caption").textContent = frame.caption;
    var notes = root.querySelector(".replay-notes");
    notes.textContent = "";
    frame.notes.forEach(function (note) { notes.appendChild(el("li", "", note)); });
    drawTable(frame);
    // around the table: the first half of the seats in a row above the table, the others
    // below it, right to left on a wide screen (replay.css), so that play goes round
    var top = root.querySelector(".replay-row.top");
    var bottom = root.querySelector(".replay-row.bottom");
    var half = Math.ceil(data.seats.length / 2);
    top.textContent = "";
    bottom.textContent = "";
    data.seats.forEach(function (_, seat) {
      (seat < half ? top : bottom).appendChild(drawSeat(frame, seat));
    });
    root.querySelector("[data-step=back]").disabled = current === 0;
    root.querySelector("[data-step=first]").disabled = current === 0;
    root.querySelector("[data-step=forward]").disabled = current === last;
    root.querySelector("[data-step=last]").disabled = current === last;
    root.dataset.step = String(current);
    if (history.replaceState) history.replaceState(null, "", "#step-" + current);
  }

  var moves = {
    first: function () { return 0; },
    back: function () { return current - 1; },
    forward: function () { return current + 1; },
    last: function () { return last; },
  };
  root.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () { show(moves[button.dataset.step]()); });
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  var keys = { ArrowRight: "forward", ArrowLeft: "back", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var move = keys[event.key];
    var target = event.target;
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target === slider || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    event.preventDefault();
    show(moves[move]());
  });
  var linked = /^#step-(\d+)$/.exec(location.hash);
  show(linked ? parseInt(linked[1], 10) : 0);
})();

// Spieltisch game page: step through the positions (slider, buttons, arrow keys; the
// position is the URL's #n) and follow a running game (polls version.json).
(function () {
  "use strict";
  var body = document.body;
  var last = Number(body.dataset.last);
  var token = body.dataset.token;
  var query = body.dataset.query;
  var template = body.dataset.position;
  var board = document.getElementById("board");
  var slider = document.getElementById("slider");
  var label = document.getElementById("position");
  var moves = document.querySelectorAll("#moves li");
  var current = last;

  function show(n) {
    n = Math.max(0, Math.min(last, n));
    current = n;
    board.src = token + "/" + n + ".png" + query;
    board.alt = board.dataset["alt" + (n === 0 ? "0" : n === 1 ? "1" : "N")].replace("{n}", n);
    slider.value = String(n);
    label.textContent = template.replace("{n}", n).replace("{total}", last);
    for (var i = 0; i < moves.length; i++) {
      moves[i].classList.toggle("current", i + 1 === n);
    }
    // The current move in view inside the list (the list scrolls, not the page).
    var item = moves[n - 1];
    var list = document.getElementById("moves");
    if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
    if (location.hash !== "#" + n) {
      history.replaceState(null, "", "#" + n);
    }
  }

  function fromHash() {
    var m = /^#(\d+)$/.exec(location.hash);
    show(m ? Number(m[1]) : last);
  }

  window.addEventListener("hashchange", fromHash);
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  // A reviewed game: to the position after the next (previous) marked move.
  function toMark(step) {
    for (var n = current + step; n >= 1 && n <= last; n += step) {
      if (moves[n - 1] && moves[n - 1].classList.contains("mark")) { show(n); return; }
    }
  }
  var nextMark = document.getElementById("next-mark");
  var prevMark = document.getElementById("prev-mark");
  if (nextMark) { nextMark.addEventListener("click", function () { toMark(1); }); }
  if (prevMark) { prevMark.addEventListener("click", function () { toMark(-1); }); }
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      show(to);
    }
  });
  fromHash();

  if (body.dataset.live === "1") {
    setInterval(function () {
      fetch(token + "/version.json", { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (v) {
          if (!v || (v.seq === last && v.takebacks === Number(body.dataset.takebacks))) { return; }
          // Someone moved: show the new position if the latest was shown, else stay.
          if (current === last) { history.replaceState(null, "", location.pathname + location.search); }
          location.reload();
        })
        .catch(function () {});
    }, 10000);
  }
})();

// Spieltisch tournament page: while the tournament is open or running, look for news
// every 10 s (version.json: the stage, round, entrants, ended games and moves) and
// reload when anything changed.
(function () {
  "use strict";
  var body = document.body;
  if (body.dataset.live !== "1") { return; }
  var seen = body.dataset.version;
  // The page is at /…/t/<token>: its version at <token>/version.json.
  var token = location.pathname.split("/").pop();
  setInterval(function () {
    fetch(token + "/version.json", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (v) { if (v !== null && v !== seen) { location.reload(); } })
      .catch(function () {});
  }, 10000);
})();

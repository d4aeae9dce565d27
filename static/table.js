// The table screen (templates/table/screen.html): keep the screen on where the browser allows it (Screen Wake
// Lock), and catch up at once when the laptop wakes or the network comes back. Polling and morphing are app.js's.
(function () {
  "use strict";
  var lock = null;
  function keepAwake() {
    if (lock || !navigator.wakeLock || document.visibilityState !== "visible" ||
        !document.body || !document.body.hasAttribute("data-wake-lock")) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });  // not allowed here (no user gesture, a policy): the screen may sleep
  }
  function catchUp() {
    if (window.htmx && document.getElementById("live")) window.htmx.trigger(document.body, "gameChanged");
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    keepAwake();  // the browser released the lock when the page was hidden
    catchUp();
  });
  window.addEventListener("online", catchUp);
  window.addEventListener("pageshow", function (e) { if (e.persisted) catchUp(); });
  document.addEventListener("click", keepAwake);  // some browsers grant it only after a tap
  keepAwake();
})();

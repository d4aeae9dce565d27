// Progressive enhancement only: every form works without this file.
(function () {
  "use strict";
  function status(state) {
    var el = document.getElementById("sync-status");
    if (el) el.setAttribute("data-state", state);
  }
  document.addEventListener("htmx:afterRequest", function (e) {
    var t = e.detail && e.detail.elt;
    if (t && t.id === "sync") status(e.detail.successful || e.detail.xhr.status === 204 ? "synced" : "offline");
  });
  document.addEventListener("htmx:sendError", function () { status("offline"); });
  document.addEventListener("htmx:timeout", function () { status("offline"); });
  window.addEventListener("offline", function () { status("offline"); });
  window.addEventListener("online", function () { status("synced"); });
  // A fresh fragment replaced the page's live part: clear an old error message.
  document.addEventListener("htmx:afterSwap", function (e) {
    var t = e.detail && e.detail.target;
    if (t && t.id === "live") {
      var flash = document.getElementById("flash");
      if (flash && e.detail.xhr && e.detail.xhr.status < 400) flash.innerHTML = "";
    }
  });
})();

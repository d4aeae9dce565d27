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
  // The person does something new: the previous error message has served its purpose.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail && e.detail.elt;
    if (elt && elt.tagName === "FORM" && elt.getAttribute("method") === "post") {
      var flash = document.getElementById("flash");
      if (flash) flash.innerHTML = "";
    }
  });
})();

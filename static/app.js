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

  // The poller asks for changes after the newest state this page shows: the live part's marker (updated by
  // every swap of the live part) or the poller's own (updated by the poll that saw the change). No
  // out-of-band swaps: a response never needs an element the page may not have.
  function seqOf(el) { var n = el ? parseInt(el.getAttribute("data-seq"), 10) : NaN; return isNaN(n) ? -1 : n; }
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail && e.detail.elt;
    if (!elt || elt.id !== "sync") return;
    var seen = Math.max(seqOf(elt), seqOf(document.querySelector("[data-live-seq]")));
    e.detail.parameters.seq = String(seen);
  });

  // ---------------------------------------------------------------- morphing that keeps this person's work
  // A field this person changed and has not sent keeps its value when another phone's change arrives; if the
  // server's value for that very field changed, a small note beside it says so.
  var dirty = new Set();
  function isField(el) {
    return el && (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA") &&
      el.type !== "hidden";
  }
  function serverValue(el) {
    if (el.tagName === "SELECT") {
      var o = el.querySelector("option[selected]") || el.options[0];
      return o ? o.textContent.trim() : "";
    }
    if (el.type === "checkbox" || el.type === "radio") return el.hasAttribute("checked") ? "on" : "off";
    return el.getAttribute("value") || "";
  }
  function mark(e) {
    var el = e.target;
    if (!isField(el) || el.closest("#sync")) return;
    if (el.type === "radio" && el.form && el.name) {
      // one choice of a group: the whole group is this person's
      Array.prototype.forEach.call(el.form.querySelectorAll("input[type=radio]"), function (r) {
        if (r.name === el.name) { dirty.add(r); }
      });
    }
    dirty.add(el);
  }
  // A section this person opened or closed stays so; one they never touched follows the server.
  document.addEventListener("click", function (e) {
    var s = e.target.closest && e.target.closest("summary");
    if (s && s.parentElement && s.parentElement.tagName === "DETAILS") s.parentElement.mkToggled = true;
  }, true);
  // The navigation's "More" closes again when the person taps anywhere else.
  document.addEventListener("click", function (e) {
    var more = document.querySelector(".gamenav-more[open]");
    if (more && !more.contains(e.target)) more.open = false;
  });
  document.addEventListener("input", mark, true);
  document.addEventListener("change", mark, true);
  function clean(form) {
    dirty.forEach(function (el) { if (!el.isConnected || el.form === form) { dirty.delete(el); el.mkNote = null; el.mkServer = undefined; } });
    Array.prototype.forEach.call(form.querySelectorAll(".remote-note"), function (n) { n.remove(); });
  }
  document.addEventListener("submit", function (e) { if (e.target.tagName === "FORM") { clean(e.target); e.target.mkSubmitted = true; } }, true);
  // A running total (.combat-check) is asked for 500 ms after typing; once the form was sent, that answer would
  // describe the emptied form ("Block 0 of 4"), not the block just recorded: drop it until the person types again.
  document.addEventListener("input", function (e) { if (e.target.form) e.target.form.mkSubmitted = false; }, true);
  document.addEventListener("htmx:confirm", function (e) {
    var elt = e.detail && e.detail.elt, form = elt && elt.closest && elt.closest("form");
    if (form && form.mkSubmitted && elt.classList.contains("combat-check")) e.preventDefault();
  });
  // A second tap on the same button of a form whose first tap is still on its way is dropped. htmx would queue it
  // and send it once the answer had morphed the form - by then the next player's button ("End Ben's turn" became
  // "End Anna's turn"): a double tap recorded a command nobody tapped. Only a POST, only the same button: another
  // token tapped quickly on the combat set-up is queued and recorded, and a filter form (GET) sends every change.
  // (at most for htmx's timeout, 8 s: a request that never ends does not block its form for good)
  function submitterOf(ev) { return (ev && ev.submitter) || null; }
  document.addEventListener("htmx:confirm", function (e) {
    var d = e.detail || {}, elt = d.elt;
    if (elt && elt.tagName === "FORM" && d.verb === "post" && elt.mkInFlight && Date.now() - elt.mkInFlight < 8000
        && submitterOf(d.triggeringEvent) === elt.mkSubmitter) e.preventDefault();
  });
  ["htmx:afterRequest", "htmx:sendError", "htmx:timeout", "htmx:sendAbort", "htmx:onLoadError"].forEach(function (name) {
    document.addEventListener(name, function (e) {
      var elt = e.detail && e.detail.elt;
      if (elt && elt.tagName === "FORM") elt.mkInFlight = 0;
    });
  });
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail && e.detail.elt;
    if (elt && elt.tagName === "FORM" && (elt.getAttribute("method") || "").toLowerCase() === "post") {
      elt.mkInFlight = Date.now();
      elt.mkSubmitter = submitterOf(e.detail.requestConfig && e.detail.requestConfig.triggeringEvent);
      clean(elt);
      // The person does something new: the previous error message has served its purpose.
      var flash = document.getElementById("flash");
      if (flash) flash.innerHTML = "";
      // (a refusal whose own form was sent - "Move on anyway" - goes once the answer is in)
      Array.prototype.forEach.call(document.querySelectorAll(".refusal"), function (r) {
        if (r.contains(elt)) { r.mkDone = true; } else { r.remove(); }
      });
    }
  });

  // ---------------------------------------------------------------- a refusal where the player is looking
  // A refused change (4xx) is shown right after the form that was used, announced (aria-live), and scrolled into
  // view; the form keeps everything typed in it (nothing is swapped). A request without a form puts it after its
  // element; when that element is gone, htmx's default applies (the server's HX-Retarget: #flash).
  function refusalHost(elt) {
    if (!elt || !elt.isConnected) return null;
    var form = elt.tagName === "FORM" ? elt : (elt.form || elt.closest("form"));
    return form && form.isConnected ? form : elt;
  }
  function showRefusal(host, doc) {
    var box = host.nextElementSibling;
    if (!box || !box.classList.contains("refusal")) {
      box = document.createElement("div");
      box.className = "refusal";
      box.setAttribute("aria-live", "assertive");
      box.setAttribute("data-testid", "refusal");
      box.tabIndex = -1;
      host.insertAdjacentElement("afterend", box);
    }
    var msg = doc.querySelector(".flash, [role=alert]");
    // filled a moment after the (empty) live region is in the page, so screen readers announce it
    window.requestAnimationFrame(function () {
      box.replaceChildren(document.importNode(msg, true));
      if (window.htmx) window.htmx.process(box);  // a form in the reason ("Move on anyway") is sent as any other
      box.scrollIntoView({block: "nearest"});
    });
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    var xhr = e.detail && e.detail.xhr;
    if (!xhr || xhr.status < 400 || xhr.status > 499) return;
    var elt = e.detail.requestConfig ? e.detail.requestConfig.elt : e.detail.elt;
    if (!elt || elt.id === "sync" || elt.id === "live") return;
    var host = refusalHost(elt);
    if (!host) return;
    // the reason: the error message, or a page's own alert (a page answering 4xx with itself and the reason)
    var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    if (!doc.querySelector(".flash, [role=alert]")) return;
    e.detail.shouldSwap = false;
    showRefusal(host, doc);
  });
  // Whose change a swap shows: a swap of the live part asked for by the poller (another phone changed the game) or by
  // a 409, versus the answer to this phone's own request. Only the first may say "Changed on another phone"; the
  // second moves on the value the note compares with (it is the table's state now), except in the form that was
  // sent (its answer may carry back what was typed there).
  var ownSwap = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    var elt = e.detail && (e.detail.requestConfig ? e.detail.requestConfig.elt : e.detail.elt);
    ownSwap = elt && elt.id !== "live" && elt.id !== "sync" ? {form: elt.tagName === "FORM" ? elt : elt.form || null} : null;
  });
  document.addEventListener("htmx:afterSwap", function () { ownSwap = null; });
  function owner(el) {
    if (dirty.has(el)) return el;
    if (el.tagName === "OPTION") { var s = el.closest("select"); if (s && dirty.has(s)) return s; }
    return null;
  }
  function noteText() {
    var live = document.getElementById("live");
    return (live && live.getAttribute("data-changed-note")) || "Changed on another phone: now %s";
  }
  function newServerValue(oldEl, newEl) {
    if (newEl.tagName === "SELECT") {
      var o = newEl.querySelector("option[selected]") || newEl.querySelector("option");
      return o ? o.textContent.trim() : "";
    }
    if (newEl.type === "checkbox" || newEl.type === "radio") return newEl.hasAttribute("checked") ? "on" : "off";
    return newEl.getAttribute("value") || "";
  }
  if (window.Idiomorph) {
    var cb = window.Idiomorph.defaults.callbacks;
    cb.beforeAttributeUpdated = function (attr, el) {
      // a section this person opened stays open, one they closed stays closed: their choice
      if (attr === "open" && el.tagName === "DETAILS" && el.mkToggled) return false;
      if ((attr === "value" || attr === "checked" || attr === "selected") && owner(el)) return false;
      return true;
    };
    cb.beforeNodeMorphed = function (oldNode, newNode) {
      // a running total of what this person is typing stays until it is asked again (after the swap, below)
      if (oldNode.nodeType === 1 && oldNode.classList.contains("combat-check") && typing(oldNode)) return false;
      if (oldNode.nodeType !== 1 || !dirty.has(oldNode) || oldNode.type === "radio" || oldNode.type === "checkbox") {
        return true;
      }
      var before = oldNode.mkServer !== undefined ? oldNode.mkServer : serverValue(oldNode);
      var after = newServerValue(oldNode, newNode);
      if (ownSwap) {
        if (oldNode.form !== ownSwap.form) oldNode.mkServer = after;
        return true;
      }
      if (after !== before) oldNode.mkNote = noteText().replace("%s", after);
      oldNode.mkServer = after;
      return true;
    };
    cb.beforeNodeRemoved = function (node) {
      // a refusal stays until the person does something new
      if (node.nodeType === 1 && node.classList && node.classList.contains("refusal")) return !!node.mkDone;
      // a note about a field still being edited stays until the person sends or leaves it
      if (node.nodeType === 1 && node.classList && node.classList.contains("remote-note")) {
        var f = node.previousElementSibling;
        return !(f && dirty.has(f) && f.mkNote);
      }
      return true;
    };
  }
  // A running total (.combat-check) of a form this person is typing in, after another swap of the live part
  // (another phone's change, or a form this person sent elsewhere on the page): asked again, so it describes the
  // new state; and typed before htmx had set the new form up, asked at all.
  function typing(check) {
    var form = check.closest("form");
    if (!form || form.mkSubmitted) return false;
    var found = false;
    dirty.forEach(function (el) { if (el.isConnected && el.form === form) found = true; });
    return found;
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    var target = e.detail && e.detail.target;
    if (!target || target.id !== "live" || !window.htmx) return;
    Array.prototype.forEach.call(document.querySelectorAll(".combat-check"), function (check) {
      if (typing(check)) window.htmx.trigger(check.closest("form"), "input");
    });
  });
  // A refusal says how the game stood when it was refused (its data-seq): once this page shows the game moved on
  // (another phone's change), it is removed, so no stale reason stays ("still to play: Anna" after Anna played).
  document.addEventListener("htmx:afterSettle", function (e) {
    var target = e.detail && e.detail.target;
    if (!target || target.id !== "live") return;
    var mark = target.querySelector("[data-live-seq]");
    var now = mark ? parseInt(mark.getAttribute("data-seq"), 10) : NaN;
    if (isNaN(now)) return;
    Array.prototype.forEach.call(document.querySelectorAll(".refusal .flash[data-seq], #flash .flash[data-seq]"),
      function (f) {
        if (parseInt(f.getAttribute("data-seq"), 10) < now) (f.closest(".refusal") || f).remove();
      });
  });
  document.addEventListener("htmx:afterSwap", function () {
    dirty.forEach(function (el) {
      if (!el.isConnected) { dirty.delete(el); return; }
      if (!el.mkNote) return;
      var n = el.nextElementSibling;
      if (!n || !n.classList.contains("remote-note")) {
        n = document.createElement("span");
        n.className = "remote-note";
        n.setAttribute("role", "status");
        el.insertAdjacentElement("afterend", n);
      }
      n.textContent = el.mkNote;
    });
  });

  // ---------------------------------------------------------------- the result of a tap where the player is looking
  // A form whose result appears elsewhere on the page (a combat's outcome, the Dummy's next step, a battle's winner)
  // names it in a hidden "show" field; once the answer is in the page, that element is scrolled into view (and
  // focused, so it is read out). Without JavaScript the server's redirect carries the same id as its fragment.
  var wantShow = null;
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail && e.detail.elt, form = elt && (elt.tagName === "FORM" ? elt : elt.form);
    var field = form && form.querySelector("input[name=show]");
    if (elt && elt.id !== "sync" && elt.id !== "live" && !(elt.classList && elt.classList.contains("combat-check"))) {
      // a button's own data-show (the combat's "Plan"), else its form's
      var id = (elt.getAttribute && elt.getAttribute("data-show")) || (field && field.value);
      wantShow = id ? {id: id, elt: elt} : null;
    }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.failed && e.detail.elt && e.detail.elt.id !== "sync") wantShow = null;
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    var cfg = e.detail && e.detail.requestConfig;
    if (!wantShow || !cfg || cfg.elt !== wantShow.elt) return;
    var el = document.getElementById(wantShow.id);
    wantShow = null;
    if (!el) return;
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({preventScroll: true});
    el.scrollIntoView({block: "start"});
  });

  // New game: only the ways the chosen scenario is played (Solo Conquest: solo) and the variants that fit that way
  // (no Interactive Combat solo) are offered; a way that does not fit gives way to the scenario's first one. The
  // server renders the same for a scenario it knows, and checks again.
  function words(opt, name) { return opt ? (opt.getAttribute(name) || "").split(" ").filter(Boolean) : []; }
  function fitNewGame(form, newScenario) {
    var sel = form.querySelector("select[name=scenario]");
    var opt = sel && sel.options[sel.selectedIndex];
    var modes = words(opt, "data-modes"), own = words(opt, "data-own");
    if (modes.length) {
      Array.prototype.forEach.call(form.querySelectorAll("input[name=mode]"), function (r) {
        var fits = modes.indexOf(r.value) >= 0;
        r.disabled = !fits;
        r.closest("label").hidden = !fits;
      });
      var current = form.querySelector("input[name=mode]:checked");
      // another scenario: its own way of playing, unless the one chosen is one of them (solo stays an option)
      if (!current || current.disabled || (newScenario && own.length && own.indexOf(current.value) < 0)) {
        var want = form.querySelector("input[name=mode][value='" + (modes.indexOf("competitive") >= 0 ? "competitive" : modes[0]) + "']");
        if (want) { want.checked = true; }
      }
    }
    var mode = form.querySelector("input[name=mode]:checked");
    Array.prototype.forEach.call(form.querySelectorAll("label[data-not-solo]"), function (l) {
      var unfit = !!mode && mode.value === "solo";
      l.hidden = unfit;
      l.querySelector("input").disabled = unfit;
    });
  }
  document.addEventListener("change", function (e) {
    var el = e.target;
    if (el && el.form && (el.name === "scenario" || el.name === "mode") && el.form.querySelector("select[name=scenario]")) {
      fitNewGame(el.form, el.name === "scenario");
    }
  });
  var newGame = document.querySelector("select[name=scenario]");
  if (newGame && newGame.form) fitNewGame(newGame.form);


})();

/* Live game page: while the tab is visible, ask /games/<id>/live/ every few seconds
   (ETag / If-None-Match: usually a 304 with no body). When the game changed, fetch the
   page again and swap the game in place (board, scores, moves, whose turn, tab title),
   keeping the board's zoom and position, the chat and the notes being typed. When only
   the chat changed, refresh the chat list. Stateless on the server: any process answers.
   Also sends chat messages and saves notes without leaving the page. */
(function () {
  "use strict";
  var root = document.getElementById("game-live");
  if (!root || !root.dataset.liveUrl) return;
  var url = root.dataset.liveUrl;
  var interval = parseInt(root.dataset.liveInterval, 10) || 4000;
  var etag = root.dataset.liveEtag || "";
  var known = { game: root.dataset.liveGame, chat: root.dataset.liveChat };
  var timer = null, inflight = false, pendingGame = false, swapping = null;

  function visible() { return document.visibilityState !== "hidden"; }

  function schedule(delay) {
    clearTimeout(timer);
    if (visible()) timer = setTimeout(poll, delay === undefined ? interval : delay);
  }

  function poll() {
    if (inflight || !visible()) return;
    inflight = true;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json", "If-None-Match": etag } })
      .then(function (response) {
        if (response.status === 304 || !response.ok) return pendingGame ? refreshGame(false).then(function () { return null; }) : null;
        etag = response.headers.get("ETag") || etag;
        return response.json();
      })
      .then(function (data) {
        if (!data) return null;
        var jobs = [];
        if (data.game !== known.game || pendingGame) jobs.push(refreshGame(false));
        if (data.chat !== known.chat) { known.chat = data.chat; jobs.push(refreshChat()); }
        return Promise.all(jobs);
      })
      .catch(function () { /* offline for a moment: try again later */ })
      .finally(function () { inflight = false; schedule(); });
  }

  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }

  /* Swap in the game as the server shows it now. Waits while a placement is being chosen. */
  function refreshGame(force) {
    var turn = window.CarcTurn && window.CarcTurn.current;
    if (swapping) return swapping;  // one swap at a time; it brings the latest state
    var decision = window.CarcDecision && window.CarcDecision.current;
    if (!force && ((turn && turn.busy()) || (decision && decision.busy()))) { pendingGame = true; return Promise.resolve(); }
    pendingGame = false;
    swapping = fetch(window.location.pathname + window.location.search, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
      .then(function (html) {
        var doc = parse(html);
        var fresh = doc.getElementById("game-live");
        var current = document.getElementById("game-live");
        if (!fresh || !current) return;
        fresh.querySelectorAll("[data-live-keep][id]").forEach(function (el) {
          var old = document.getElementById(el.id);
          if (old) el.replaceWith(old);
        });
        var before = window.CarcBoards && window.CarcBoards.get("board-scroll");
        var view = before ? { zoom: before.zoom, left: before.scroller.scrollLeft, top: before.scroller.scrollTop } : null;
        var focused = document.activeElement && document.activeElement.id;
        current.replaceWith(fresh);
        document.querySelectorAll("[data-live-nav]").forEach(function (el) {
          var other = doc.getElementById(el.id);
          if (other) el.replaceWith(document.importNode(other, true));
        });
        var scroller = document.getElementById("board-scroll");
        if (scroller && window.CarcBoards) {
          var board = window.CarcBoards.attach(scroller);
          if (view && board.svg) {
            board.setZoom(view.zoom, false);
            scroller.scrollLeft = view.left;
            scroller.scrollTop = view.top;
          }
          window.CarcBoard = board;
        }
        if (window.CarcTurn) window.CarcTurn.init();
        if (window.CarcDecision) window.CarcDecision.init();
        document.title = doc.title;
        known.game = fresh.dataset.liveGame;
        etag = fresh.dataset.liveEtag || etag;
        if (focused && document.getElementById(focused)) document.getElementById(focused).focus({ preventScroll: true });
        bindForms();
      })
      .catch(function () { pendingGame = true; })
      .finally(function () { swapping = null; });
    return swapping;
  }

  function chatList() { return document.querySelector("[data-chat-list]"); }

  function refreshChat() {
    var panel = document.getElementById("chat");
    if (!panel || !panel.dataset.chatUrl) return Promise.resolve();
    return fetch(panel.dataset.chatUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
      .then(function (html) {
        var fresh = parse(html).querySelector("[data-chat-list]");
        var list = chatList();
        if (!fresh || !list) return;
        list.innerHTML = fresh.innerHTML;
        list.scrollTop = list.scrollHeight;
      });
  }

  function csrf(form) {
    var input = form.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function send(form) {
    return fetch(form.action, {
      method: "POST", credentials: "same-origin", body: new FormData(form),
      headers: { Accept: "application/json", "X-CSRFToken": csrf(form) }
    }).then(function (response) {
      if (response.ok) return response;
      return response.json().catch(function () { return {}; }).then(function (body) {
        throw new Error(body.detail || interpolate(gettext("HTTP %(status)s"), { status: response.status }, true));
      });
    });
  }

  function bindForms() {
    var chatForm = document.querySelector("[data-chat-form]");
    if (chatForm && !chatForm._live) {
      chatForm._live = true;
      chatForm.addEventListener("submit", function (event) {
        event.preventDefault();
        var alertBox = document.querySelector("[data-chat-alert]");
        if (alertBox) alertBox.textContent = "";
        send(chatForm).then(function () {
          chatForm.reset();
          return refreshChat();
        }).catch(function (error) { if (alertBox) alertBox.textContent = error.message; });
      });
    }
    var noteForm = document.querySelector("[data-note-form]");
    if (noteForm && !noteForm._live) {
      noteForm._live = true;
      var status = noteForm.querySelector("[data-note-status]");
      noteForm.addEventListener("submit", function (event) {
        event.preventDefault();
        send(noteForm).then(function () { if (status) status.textContent = status.dataset.saved || "Saved."; })
          .catch(function (error) { if (status) status.textContent = error.message; });
      });
    }
  }

  document.addEventListener("visibilitychange", function () {
    if (visible()) schedule(0); else clearTimeout(timer);
  });

  window.CarcLive = { refresh: function () { return refreshGame(true); }, poll: poll };
  var list = chatList();
  if (list) list.scrollTop = list.scrollHeight;
  bindForms();
  schedule();
})();

/* Live game page: while the tab is visible, ask /games/<id>/live/ every few seconds
   (ETag / If-None-Match: usually a 304 with no body). When the game changed, fetch the
   game's fragment (/games/<id>/fragment/: the game part of the page without the chat,
   notes, bag pictures and the moves the page already lists; after the player's own move
   the move's answer is it: post_move.js's "carc:move-played") and swap the game in place
   (board, scores, moves, whose turn, tab title), keeping the board's zoom and position, the
   chat and the notes being typed; then turn.js and decision.js start again on the new
   panels. When only the chat changed, refresh the chat list. Stateless on the server: any
   process answers. Also sends chat messages and saves notes without leaving the page, and
   says in one line (announce.js) what the moves did. */
import { announce } from "./announce.js";
import * as boards from "./board.js";
import * as decision from "./decision.js";
import * as past from "./past_board.js";
import { shownMove } from "./post_move.js";
import * as turn from "./turn.js";

var root = document.getElementById("game-live");
var attrs = root ? root.dataset : {};
var url = attrs.liveUrl;  // none: the page does not follow the game
var fragmentUrl = attrs.liveFragment;
var interval = parseInt(attrs.liveInterval, 10) || 4000;
var etag = attrs.liveEtag || "";
var known = { game: attrs.liveGame, chat: attrs.liveChat };
var timer = null, inflight = false, pendingGame = false, swapping = null;

function visible() { return document.visibilityState !== "hidden"; }

function schedule(delay) {
  clearTimeout(timer);
  if (visible()) timer = setTimeout(poll, delay === undefined ? interval : delay);
}

/* Ask whether the game or the chat changed (now; then every few seconds). */
export function poll() {
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

function fetchDoc(href) {
  return fetch(href, { credentials: "same-origin", cache: "no-store" })
    .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
    .then(parse);
}

function fragmentHref() {
  var query = window.location.search ? window.location.search.slice(1) + "&" : "";
  return fragmentUrl + "?" + query + "since=" + shownMove();
}

/* Whether the page holds what the fragment leaves out: each kept panel and each
   picture of the bag (a panel shown for the first time needs the whole page). */
function completes(fresh) {
  var complete = true;
  fresh.querySelectorAll("[data-live-placeholder][id]").forEach(function (el) {
    if (!document.getElementById(el.id)) complete = false;
  });
  fresh.querySelectorAll("[data-bag-art]").forEach(function (el) {
    if (!bagArt(el.parentNode.getAttribute("data-tile"))) complete = false;
  });
  return complete;
}

function bagArt(tile) {
  var item = document.querySelector('#game-live .bag-tile[data-tile="' + tile + '"]');
  return item && item.querySelector("svg");
}

/* Put back into ``fresh`` what the fragment left out: the bag's pictures and the moves
   up to its ``data-since``. */
function fillIn(fresh) {
  fresh.querySelectorAll("[data-bag-art]").forEach(function (el) { el.replaceWith(bagArt(el.parentNode.getAttribute("data-tile"))); });
  var list = fresh.querySelector("[data-testid=move-list][data-since]");
  var old = document.querySelector("#game-live [data-testid=move-list]");
  if (list && old) {
    var since = parseInt(list.getAttribute("data-since"), 10);
    Array.prototype.slice.call(old.children).forEach(function (li) {  // and the link to the earlier moves
      var value = li.getAttribute("value");
      if (value === null || parseInt(value, 10) <= since) list.appendChild(li);
    });
  }
}

/* The words of the moves in ``fresh`` numbered above ``since``, oldest first. */
function movesAfter(fresh, since) {
  var rows = Array.prototype.slice.call(fresh.querySelectorAll("[data-testid=move-list] li[value]"));
  return rows.filter(function (li) { return parseInt(li.getAttribute("value"), 10) > since; })
    .sort(function (a, b) { return parseInt(a.getAttribute("value"), 10) - parseInt(b.getAttribute("value"), 10); })
    .map(function (li) { var text = li.querySelector(".move-text"); return text ? text.textContent.replace(/\s+/g, " ").trim() : ""; })
    .filter(Boolean);
}

/* Swap the game of ``doc`` (a fragment or the whole page) into the page; false when
   the fragment is not enough (nothing is changed then). The moves it brings are
   announced (seen and heard), after ``own`` (the player's own move, said by the caller). */
function swapIn(doc, own) {
  var fresh = doc.getElementById("game-live");
  var current = document.getElementById("game-live");
  if (!fresh || !current) return true;
  if (!completes(fresh)) return false;
  var news = movesAfter(fresh, Math.max(shownMove(), own ? own.number : 0));
  fillIn(fresh);
  fresh.querySelectorAll("[data-live-keep][id]").forEach(function (el) {
    var old = document.getElementById(el.id);
    if (old) el.replaceWith(old);
  });
  var before = boards.get("board-scroll");
  var view = before ? { zoom: before.zoom, left: before.scroller.scrollLeft, top: before.scroller.scrollTop } : null;
  var focused = document.activeElement && document.activeElement.id;
  current.replaceWith(fresh);
  document.querySelectorAll("[data-live-nav]").forEach(function (el) {
    var other = doc.getElementById(el.id);
    if (other) el.replaceWith(document.importNode(other, true));
  });
  var scroller = document.getElementById("board-scroll");
  if (scroller) {
    var board = boards.attach(scroller);
    if (view && board.svg) {
      board.setZoom(view.zoom, false);
      scroller.scrollLeft = view.left;
      scroller.scrollTop = view.top;
    }
    boards.setGameBoard(board);
  }
  turn.init();
  decision.init();
  document.title = doc.title;
  known.game = fresh.dataset.liveGame;
  etag = fresh.dataset.liveEtag || etag;
  pendingGame = false;  // this swap brought the latest state
  var again = focused && document.getElementById(focused);
  if (again) again.focus({ preventScroll: true });
  else if (focused && scroller) scroller.focus({ preventScroll: true });  // the button pressed is gone: keys go on to the board
  bindForms();
  if (own || news.length) announce([own ? own.text : ""].concat(news.slice(-3)).filter(Boolean).join(" · "));
  document.dispatchEvent(new CustomEvent("carc:game-swapped"));
  return true;
}

/* Swap in the game as the server shows it now. Waits while a placement is being chosen
   or a past move's board is shown. */
function refreshGame(force) {
  if (swapping) return swapping;  // one swap at a time; it brings the latest state
  var choosing = (turn.current && turn.current.busy()) || (decision.current && decision.current.busy());
  if (!force && (choosing || past.busy())) { pendingGame = true; return Promise.resolve(); }  // past: a past move's board is looked at
  pendingGame = false;
  swapping = fetchDoc(fragmentHref())
    .then(function (doc) {
      if (swapIn(doc)) return null;
      return fetchDoc(window.location.pathname + window.location.search).then(swapIn);
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

/* Swap in the game as the server shows it now, whatever is being chosen. */
export function refresh() { return refreshGame(true); }

/* After the player's own move (``own``: its number and words): swap in the fragment its
   answer is (``page``, a parsed document), or fetch one. */
export function show(page, own) {
  if (own) announce(own.text);
  if (page && swapIn(page, own)) return Promise.resolve();
  return refreshGame(true);
}

if (url) {
  document.addEventListener("visibilitychange", function () {
    if (visible()) schedule(0); else clearTimeout(timer);
  });
  document.addEventListener("carc:move-played", function (event) {
    event.preventDefault();  // taken: post_move.js does not reload the page
    show(event.detail.page, event.detail.own);
  });
  var list = chatList();
  if (list) list.scrollTop = list.scrollHeight;
  bindForms();
  schedule();
}

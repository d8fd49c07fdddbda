/* Your turn, seen from any open page of the site: the tab's title says it ("Your turn (2) ·
   ...") and its icon carries a red dot while a game waits for the player; and, if they opted
   in (the account menu's button, remembered in this browser), a browser notification when a
   game starts waiting while the tab is not looked at. It asks GET /games/your-turn/ (one
   light query, usually a 304) every half minute, every minute while hidden; on a game page,
   the count live.js swaps in with the game is shown at once. */
var menu = document.querySelector("[data-your-turn]");
var url = menu && menu.getAttribute("data-your-turn");
var interval = parseInt(menu && menu.getAttribute("data-your-turn-interval"), 10) || 30000;
var icon = document.getElementById("favicon");
var plainIcon = icon ? icon.getAttribute("href") : "";
var button = document.querySelector("[data-turn-notify]");
var KEY = "carc-turn-notify";
var etag = "";
var known = null;  // the ids of the games waiting at the last answer
var prefix = "";  // what this module put before the page's own title
var timer = null;

function hidden() { return document.visibilityState === "hidden"; }

function navCount() {
  var nav = document.getElementById("nav-waiting");
  return nav ? parseInt(nav.textContent, 10) || 0 : 0;
}

/* The title and the icon for ``count`` games waiting. */
function show(count) {
  var title = document.title;
  if (prefix && title.indexOf(prefix) === 0) title = title.slice(prefix.length);
  var own = gettext("Your turn");
  prefix = count > 0 && title.indexOf(own) !== 0 ? interpolate(gettext("Your turn (%(count)s)"), { count: count }, true) + " · " : "";
  document.title = prefix + title;
  if (icon) {
    var wanted = count > 0 ? icon.getAttribute("data-turn-icon") : plainIcon;
    if (icon.getAttribute("href") !== wanted) icon.setAttribute("href", wanted);
  }
  var nav = document.getElementById("nav-waiting");
  if (nav && nav.textContent.trim() !== String(count)) {
    nav.firstChild.nodeValue = String(count);
    nav.hidden = count === 0;
  }
}

function wanted() {
  try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
}

function canNotify() { return "Notification" in window && window.Notification.permission === "granted"; }

function notify(data, fresh) {
  if (!fresh.length || !wanted() || !canNotify()) return;
  if (!hidden() && document.hasFocus()) return;  // looked at: the title says it
  var note;
  try {
    note = new window.Notification(gettext("Your turn"), {
      body: interpolate(ngettext("%(count)s game is waiting for you.", "%(count)s games are waiting for you.", data.waiting), { count: data.waiting }, true),
      icon: icon ? icon.getAttribute("data-turn-icon") : undefined,
      tag: "carc-your-turn"  // one notification, whichever tabs are open
    });
  } catch (e) { return; }  // a browser that notifies only from a service worker: the title says it
  note.onclick = function () { window.focus(); window.location.href = data.url; note.close(); };
}

function answer(data) {
  var before = known === null ? null : known;
  known = data.games;
  var fresh = before === null ? (data.waiting > startCount ? data.games : []) : data.games.filter(function (id) { return before.indexOf(id) < 0; });
  show(data.waiting);
  notify(data, fresh);
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(poll, hidden() ? interval * 2 : interval);
}

function poll() {
  fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json", "If-None-Match": etag } })
    .then(function (response) {
      if (response.status === 304 || !response.ok) return null;
      etag = response.headers.get("ETag") || etag;
      return response.json();
    })
    .then(function (data) { if (data) answer(data); })
    .catch(function () { /* offline for a moment: ask again later */ })
    .finally(schedule);
}

function showButton() {
  if (!button || !("Notification" in window) || window.Notification.permission === "denied") return;
  button.hidden = false;
  button.setAttribute("aria-pressed", wanted() && canNotify() ? "true" : "false");
}

if (button) {
  button.addEventListener("click", function () {
    if (button.getAttribute("aria-pressed") === "true") {
      try { window.localStorage.removeItem(KEY); } catch (e) { /* private mode: nothing kept */ }
      showButton();
      return;
    }
    Promise.resolve(window.Notification.permission === "granted" ? "granted" : window.Notification.requestPermission())
      .then(function (permission) {
        if (permission === "granted") { try { window.localStorage.setItem(KEY, "on"); } catch (e) { /* not kept */ } }
        showButton();
        if (permission === "denied") button.hidden = true;
      });
  });
}

var startCount = navCount();
if (url) {
  showButton();
  show(startCount);
  document.addEventListener("carc:game-swapped", function () { prefix = ""; show(navCount()); });  // live.js set the title anew
  document.addEventListener("visibilitychange", function () { if (!hidden()) { clearTimeout(timer); poll(); } else schedule(); });
  schedule();
}

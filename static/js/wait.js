/* Waiting for a task (a game's analysis, a hint): an element with data-wait-url (a JSON
   endpoint with a "state") and data-wait-while (the states that mean "not yet") asks
   every few seconds while the tab is visible, and reloads the page once the state is
   another. A <progress data-wait-progress> inside it follows the answer's "progress"
   (moves judged so far). Without JS the element's own refresh link does the same. */
var el = document.querySelector("[data-wait-url]");
if (el) wait(el);

/* Ask for ``el``'s task until it is done. */
function wait(el) {
  var url = el.dataset.waitUrl;
  var waiting = (el.dataset.waitWhile || "").split(" ");
  var delay = parseInt(el.dataset.waitMs, 10) || 2000;

  function ask() {
    if (document.visibilityState === "hidden") { setTimeout(ask, delay); return; }
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (data && waiting.indexOf(data.state) === -1) { window.location.reload(); return; }
        var bar = el.querySelector("[data-wait-progress]");
        if (bar && data && typeof data.progress === "number") { bar.value = data.progress; }
        setTimeout(ask, delay);
      })
      .catch(function () { setTimeout(ask, delay * 2); });
  }
  setTimeout(ask, delay);
}

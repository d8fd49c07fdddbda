/* The director's player picker: an input with data-player-picker="<lookup URL>" and a
   <datalist> (its list attribute) that this fills with the usernames starting with the
   name being typed (the last of the names, separated by spaces or commas). Each
   suggestion is the whole field with that name completed, so choosing one keeps the names
   before it. Without JS the field is a plain text field. */
var PAUSE_MS = 200;

document.querySelectorAll("input[data-player-picker]").forEach(start);

/* Complete the last name typed in ``input`` from its lookup URL. */
function start(input) {
  var list = input.list;
  var url = input.getAttribute("data-player-picker");
  if (!list || !url) return;
  var timer = null;
  var asked = "";

  function ask() {
    var value = input.value;
    var match = /^(.*?[\s,]*)([^\s,]*)$/.exec(value);
    var before = match ? match[1] : "";
    var partial = match ? match[2] : value;
    if (partial.length < 2 || partial === asked) return;
    asked = partial;
    fetch(url + "?q=" + encodeURIComponent(partial), { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : { usernames: [] }; })
      .then(function (data) {
        if (input.value !== value) return; // typed on meanwhile: the next answer fills it
        var chosen = before.split(/[\s,]+/).filter(Boolean);
        list.replaceChildren();
        (data.usernames || []).forEach(function (name) {
          if (chosen.indexOf(name) >= 0) return;
          var option = document.createElement("option");
          option.value = before + name;
          option.textContent = name;
          list.appendChild(option);
        });
      })
      .catch(function () {});
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, PAUSE_MS);
  });
}

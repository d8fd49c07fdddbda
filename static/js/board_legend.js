/* The board's legend beside the board (King & Robber's awards), the page's own text
   (games/templates/games/_board_legend.html): rebuilt from a move state's ``legend`` lines
   when the board shown changes, on the archive's replay and the game page's past boards. */

function line(data) {
  var li = document.createElement("li");
  li.className = "award award-" + data.award;
  if (data.seat !== null) li.setAttribute("data-seat", String(data.seat));
  var icon = new DOMParser().parseFromString(data.icon, "image/svg+xml").documentElement;
  if (icon && icon.nodeName === "svg") li.appendChild(document.importNode(icon, true));
  if (data.color) {
    var dot = document.createElement("span");
    dot.className = "dot dot-" + data.color;
    dot.setAttribute("aria-hidden", "true");
    li.appendChild(dot);
  }
  var strong = document.createElement("strong");
  strong.textContent = data.text;
  var why = document.createElement("span");
  why.className = "muted small";
  why.textContent = data.tooltip;
  li.appendChild(strong);
  li.appendChild(document.createTextNode(" "));
  li.appendChild(why);
  return li;
}

/* The legend list inside ``within`` (the page's, or null without a legend). */
export function find(within) { return (within || document).querySelector("[data-board-legend]"); }

/* Fill ``list`` with ``lines`` (a move state's ``legend``); nothing without either. */
export function render(list, lines) {
  if (!list || !lines) return;
  list.textContent = "";
  lines.forEach(function (data) { list.appendChild(line(data)); });
}

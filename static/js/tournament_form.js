/* The new-tournament form shows only the options of the chosen format. Each option's
   input says in data-formats which formats it belongs to ("knockout_top": also when the
   main stage ends in a knockout). Without JS every option shows. */
var form = document.querySelector("[data-tournament-form]");
if (form) start(form);

/* Show the options of the chosen format in ``form``. */
function start(form) {
  var format = form.querySelector('[name="format"]');
  var top = form.querySelector('[name="knockout_top"]');

  function update() {
    var chosen = format.value;
    var knockoutAfter = chosen !== "knockout" && top && parseInt(top.value, 10) > 1;
    form.querySelectorAll("[data-formats]").forEach(function (input) {
      var formats = input.getAttribute("data-formats").split(" ");
      var show = formats.indexOf(chosen) >= 0 || (knockoutAfter && formats.indexOf("knockout_top") >= 0);
      var box = input.closest(".field");
      if (box) box.hidden = !show;
    });
  }
  format.addEventListener("change", update);
  if (top) top.addEventListener("input", update);
  update();
}

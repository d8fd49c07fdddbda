/* A time-zone field never saved yet (UTC) starts at the browser's own zone. */
(function () {
  "use strict";
  var select = document.querySelector('select[data-browser-zone="1"]');
  if (!select || !window.Intl) return;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || select.value !== "UTC") return;
  var option = Array.prototype.find.call(select.options, function (o) { return o.value === zone; });
  if (option) select.value = zone;
})();

// The reader's colour scheme before the first paint (inline, first script of every
// page's head): the one saved by the theme switch, if any; and the class that says
// scripts run, which the styles read. Its element names the class (data-class), the
// attribute of the scheme (data-attr), the storage key (data-key) and the schemes
// (data-themes).
(function () {
  var me = document.currentScript, root = document.documentElement, d = me && me.dataset;
  if (!d) return;
  root.className = d.class;
  try {
    var t = localStorage.getItem(d.key);
    if (t && d.themes.split(' ').indexOf(t) >= 0) root.setAttribute(d.attr, t);
  } catch (e) {}
})();

// Runs before the first paint (a blocking script in <head>). The key must match THEME_STORAGE_KEY in
// packages/shared/src/constants.ts; apps/web/src/lib/theme.test.ts checks that it does.
(function () {
  var theme = 'light';
  try {
    var stored = localStorage.getItem('stride-theme');
    if (stored === 'dark' || stored === 'light') theme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) theme = 'dark';
  } catch {
    // storage blocked: keep light
  }
  document.documentElement.setAttribute('data-theme', theme);
})();

// Runs before first paint (a blocking script in <head>, external because the admin's CSP forbids inline script):
// applies the theme stored by this browser (light, dark or system) and the UI language, so nothing flashes.
;(function () {
  var root = document.documentElement
  var theme = 'system'
  var lang = 'en'
  try {
    theme = localStorage.getItem('atrium-admin:theme') || 'system'
    lang = localStorage.getItem('atrium-admin:lang') || (navigator.language || 'en').slice(0, 2)
  } catch {
    /* storage blocked: defaults */
  }
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light')
  root.style.colorScheme = dark ? 'dark' : 'light'
  root.setAttribute('lang', lang === 'de' ? 'de' : 'en')
})()

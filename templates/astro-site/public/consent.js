// The cookie banner: hidden at once when the visitor has chosen (this file is loaded in <head>, before the page
// paints), and choices stored without reloading. Without JavaScript the banner's form posts to /api/consent instead.
;(function () {
  var script = document.currentScript
  var name = (script && script.dataset.cookie) || 'atrium_consent'
  var root = document.documentElement
  if (
    document.cookie.split('; ').some(function (c) {
      return c.indexOf(name + '=') === 0
    })
  )
    root.dataset.consent = 'given'

  function store(form, choice) {
    var value = {}
    var boxes = form.querySelectorAll('input[name="group"]')
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i]
      value[box.value] = box.disabled || choice === 'all' || (choice === 'selected' && box.checked)
    }
    document.cookie =
      name + '=' + encodeURIComponent(JSON.stringify(value)) + '; Max-Age=15552000; Path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '')
    root.dataset.consent = 'given'
    document.dispatchEvent(new CustomEvent('atrium:consent', { detail: value }))
  }

  document.addEventListener('submit', function (event) {
    var form = event.target
    if (!form.closest || !form.closest('[data-consent-banner]')) return
    event.preventDefault()
    store(form, event.submitter ? event.submitter.value : 'selected')
  })
  document.addEventListener('click', function (event) {
    var opener = event.target.closest && event.target.closest('[data-consent-open]')
    if (!opener) return
    delete root.dataset.consent
    var heading = document.getElementById('consent-title')
    if (heading) {
      heading.setAttribute('tabindex', '-1')
      heading.focus()
    }
  })
})()

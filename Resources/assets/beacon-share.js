// Beacon sitegen: «Del siden» on «Mine steder» (Components.shareButton in Swift). Plain modern
// JavaScript, no build step, no requests.
//
// The button is hidden in the markup and shown here, so a reader without script never meets a
// button that does nothing. Where the browser has the Web Share API (most phones) it opens the
// system's share sheet; elsewhere the page's link is copied, and the line beside the button
// (role="status") says so, or, when copying is refused, shows the link to copy by hand.
'use strict';

(() => {
  const button = document.getElementById('share-page');
  const status = document.getElementById('share-status');
  const Text = window.BeaconText;
  if (!button || !status || !Text) return;

  /** The page's address: the canonical one when the site has a base URL, else the address bar's, without a fragment. */
  function pageURL() {
    const canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && canonical.href) return canonical.href;
    const url = new URL(location.href);
    url.hash = '';
    return url.href;
  }

  let sayTimer = 0;
  function say(text) {
    // Emptied first and filled a moment later, so a second copy is announced again.
    clearTimeout(sayTimer);
    status.textContent = '';
    sayTimer = setTimeout(() => { status.textContent = text; }, 60);
  }

  /** The older way to copy (no Clipboard API: plain http, older browsers): a selected, unseen text field. */
  function copyBySelection(text) {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.className = 'visually-hidden';
    document.body.append(field);
    field.select();
    let copied = false;
    try { copied = document.execCommand('copy'); } catch (_) { copied = false; }
    field.remove();
    button.focus();
    return copied;
  }

  function copy(url) {
    const copied = () => say(Text.t('share.copied'));
    const refused = () => say(Text.t('share.failed', { url }));
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      navigator.clipboard.writeText(url).then(copied, () => (copyBySelection(url) ? copied() : refused()));
    } else if (copyBySelection(url)) {
      copied();
    } else {
      refused();
    }
  }

  button.addEventListener('click', () => {
    const url = pageURL();
    const data = { title: document.title, url };
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      navigator.share(data).catch((error) => {
        // The reader closed the share sheet: nothing to say. Anything else: the link is copied instead.
        if (!error || error.name !== 'AbortError') copy(url);
      });
    } else {
      copy(url);
    }
  });
  button.hidden = false;
})();

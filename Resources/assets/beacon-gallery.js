// Beacon sitegen: the photo gallery on a place's page (DetailPage.gallery in Swift). Plain modern
// JavaScript, no build step, no requests.
//
// Without this script the gallery is a row that snaps photo by photo: swiped on a phone, scrolled with
// the arrow keys once focused. This adds the previous and next buttons (hidden in the markup, so a reader
// without script never meets a button that does nothing), turns Home and End into the first and last
// photo, and hides a button at its end of the row.
'use strict';

(() => {
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  for (const gallery of document.querySelectorAll('[data-gallery]')) {
    const track = gallery.querySelector('.gallery__track');
    const previous = gallery.querySelector('.gallery__button--previous');
    const next = gallery.querySelector('.gallery__button--next');
    if (!track || !previous || !next) continue;
    const slides = Array.from(track.children);
    if (slides.length < 2) continue;
    // Right to left, the row starts at the right and scrollLeft counts down from 0.
    const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;

    /** The photo most in view. */
    function current() {
      const width = track.clientWidth || 1;
      return Math.max(0, Math.min(slides.length - 1, Math.round((sign * track.scrollLeft) / width)));
    }

    function show(index) {
      const target = Math.max(0, Math.min(slides.length - 1, index));
      track.scrollTo({ left: sign * target * track.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
    }

    function update() {
      const index = current();
      const focused = document.activeElement;
      previous.disabled = index === 0;
      next.disabled = index === slides.length - 1;
      // A button that goes at its end of the row hands the focus to the other.
      if (focused === previous && previous.disabled) next.focus();
      if (focused === next && next.disabled) previous.focus();
    }

    previous.addEventListener('click', () => show(current() - 1));
    next.addEventListener('click', () => show(current() + 1));
    track.addEventListener('keydown', (event) => {
      if (event.key === 'Home') show(0);
      else if (event.key === 'End') show(slides.length - 1);
      else return;
      event.preventDefault();
    });
    let frame = 0;
    track.addEventListener('scroll', () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    }, { passive: true });
    previous.hidden = false;
    next.hidden = false;
    update();
  }
})();

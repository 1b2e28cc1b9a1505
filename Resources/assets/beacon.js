// Beacon sitegen: the list page's script (search, filters, sort, "Finn nærmeste meg", map).
// Plain modern JavaScript, no build step, no requests to other hosts.
//
// Progressive enhancement: the page already lists every place (server-rendered
// cards, category links, pagination). This script reads the places from the
// inline JSON block `#beacon-data` (written by Sources/Templates/PageData.swift),
// un-hides the controls that Sources/Templates/ListPage.swift (`ExplorerControls`)
// rendered hidden, and from then on renders the list (and the map) from the data.
//
// Data contract (keys are short because a guide can hold 100,000 places):
//   { v: 1, center: { lat, lon, label? }, radiusKm, radiusKmRange: [min, max],
//     star: { path: SVG path of the star, fill: id prefix of its five gradient fills },
//     places: [ { id, n: name, c: "restaurant"|"cafe"|"hotel", lat, lon,
//                 d: whole metres from the centre, u: page URL relative to the site root,
//                 a?: address, s?: rounded stars 1–5, avg?: average to three decimals,
//                 r?: rating count, f?: 1 when a favorite, h?: opening hours (OSM syntax) } ] }
//
// The rules of search, filters, order and the formats shown live in beacon-query.js
// (window.BeaconQuery, the same rules as `sitegen search`); "Åpent nå" in beacon-hours.js
// (window.BeaconHours). Both load before this script, which keeps the state and the page.
'use strict';

(() => {
  const root = document.getElementById('explorer');
  const dataElement = document.getElementById('beacon-data');
  if (!root || !dataElement) return;
  const scriptURL = document.currentScript ? document.currentScript.src : '';

  const Query = window.BeaconQuery;
  if (!Query) return;
  const { CATEGORY_KEYS, CATEGORIES, SORTS, integer, count, formatDistance, haversine } = Query;
  const PAGE_SIZE = 100;
  const MAP_PIN_LIMIT = 400;
  const DEBOUNCE_MS = 300;
  const STORAGE_KEY = 'beacon.explorer.v1';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const HEART_PATH = 'M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.8 4.5 6.6 4.5c2.2 0 3.7 1.3 4.4 2.5h2c.7-1.2 2.2-2.5 4.4-2.5 3.8 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z';

  const TEXT = {
    favorite: 'Favoritt',
    noMatches: 'Ingen treff',
    fromYou: 'Avstand fra din posisjon',
    fromYouAnnounced: 'Avstand fra din posisjon. Nærmeste først.',
    locating: 'Finner posisjonen din …',
    measureFromCenter: (label) => `Mål fra ${label} igjen`,
    measuringFromCenter: (label) => `Avstand fra ${label}`,
    denied: 'Du har ikke gitt siden tilgang til posisjonen din. Tillat posisjon for denne siden i nettleseren og prøv igjen, eller bruk radius og sortering.',
    insecure: 'Nettleseren gir bare posisjonen til sider på en sikker tilkobling (https). Bruk radius og sortering i stedet.',
    unavailable: 'Fant ikke posisjonen din akkurat nå. Sjekk at posisjonstjenester er slått på, og prøv igjen.',
    timeout: 'Det tok for lang tid å finne posisjonen din. Prøv igjen.',
    unsupported: 'Nettleseren din kan ikke dele posisjonen. Bruk radius og sortering i stedet.',
    fetchedWithin: (km) => `Stedene er hentet innen ${km} km`,
    showing: (shown, total) => `Viser ${integer(shown)} av ${count(total, 'sted', 'steder')}`,
    mapLabel: (n, label) => `Kart: ${count(n, 'sted', 'steder')} rundt ${label}`,
    mapCapped: (shown, total) => `Kartet viser de ${integer(shown)} første av ${count(total, 'treff', 'treff')} i valgt rekkefølge. Snevre inn søket for å se resten.`,
    you: 'Du',
    ratingLabel: (stars, n) => `Vurdering: ${stars} av 5, ${count(n, 'vurdering', 'vurderinger')}`,
    openNow: 'Åpent nå',
    closedNow: 'Stengt nå',
  };

  /** A User Timing entry for the benchmark (scripts/bench-browser); never lets the page fail. */
  function measure(name, start) {
    try {
      performance.clearMeasures(name);
      performance.measure(name, { start });
    } catch (_) { /* older browsers: no measure options */ }
  }

  // ---------- DOM helpers ----------

  const $ = (id) => document.getElementById(id);
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svg(tag, attributes) {
    const node = document.createElementNS(SVG_NS, tag);
    if (attributes) for (const name in attributes) node.setAttribute(name, attributes[name]);
    return node;
  }

  // ---------- Start ----------

  try {
    start();
  } catch (error) {
    // The server-rendered list stays usable; say what went wrong in the console.
    const loading = $('explorer-loading');
    if (loading) loading.hidden = true;
    console.error('Beacon: kunne ikke starte søket', error);
  }

  function start() {
    const data = JSON.parse(dataElement.textContent);
    const places = Array.isArray(data.places) ? data.places : [];
    const n = places.length;
    const center = data.center || { lat: 0, lon: 0 };
    const centerLabel = (center.label && String(center.label)) || 'sentrum';
    // The radius slider's bounds and the star's shape and fills, as the build defines them.
    const radiusBounds = Array.isArray(data.radiusKmRange) && data.radiusKmRange.length === 2 ? data.radiusKmRange.map(Number) : [1, 10];
    const star = data.star && typeof data.star.path === 'string' ? data.star : { path: '', fill: 'star-fill-' };
    const fetchedKm = clampRadius(Number(data.radiusKm) || radiusBounds[1]);
    const sitePrefix = siteRootPrefix();

    // Worked out once (beacon-query.js): folded search text, category codes, favorites, metres.
    const placeIndex = Query.index(places);
    const { categoryCode, favorite, centerMetres } = placeIndex;

    // ---------- Opening hours ("Åpent nå"; the rules live in beacon-hours.js) ----------

    const hoursAPI = window.BeaconHours && typeof window.BeaconHours.isOpenAt === 'function' ? window.BeaconHours : null;
    // Each place's raw hours. beacon-hours.js parses each distinct string once and caches it;
    // the parsing happens while the reader looks (see Ready), or when first needed.
    const hoursOf = new Array(n);
    for (let i = 0; i < n; i++) hoursOf[i] = hoursAPI && typeof places[i].h === 'string' ? places[i].h : null;
    // "Åpent nå" is offered when some place has hours the script understands (stops at the first).
    let hasHours = false;
    for (let i = 0; i < n && !hasHours; i++) hasHours = hoursOf[i] !== null && hoursAPI.parse(hoursOf[i]) !== null;
    let clock = null;              // { weekday, minute } in Oslo that the statuses are for
    let clockKey = -1;
    let statusByRaw = new Map();   // raw hours → 1 open, 0 closed, -1 unknown, at `clock`

    /** Moves the statuses to the current minute; true when the minute has turned. */
    function syncClock() {
      if (!hasHours) return false;
      const now = hoursAPI.osloNow();
      const key = now ? now.weekday * 1440 + now.minute : -2;
      if (key === clockKey) return false;
      clockKey = key;
      clock = now;
      statusByRaw = new Map();
      return true;
    }

    /** 1 open, 0 closed, -1 unknown or no hours: place i at `clock`. Each distinct string is evaluated once a minute. */
    function openStatus(i) {
      const raw = hoursOf[i];
      if (raw === null || clock === null) return -1;
      let status = statusByRaw.get(raw);
      if (status === undefined) {
        const open = hoursAPI.isOpenAt(raw, clock.weekday, clock.minute);
        status = open === null ? -1 : (open ? 1 : 0);
        statusByRaw.set(raw, status);
      }
      return status;
    }

    // ---------- Where distances are measured from ----------

    let origin = null;              // the reader's position, once known
    let distance = centerMetres;    // whole metres the list shows and orders by

    // ---------- State (radius, category and sort are remembered) ----------

    // "Åpent nå" is not remembered: it answers a question about this moment, and a filter that
    // quietly came back on the next visit would hide most of the guide.
    const defaults = { text: '', radius: fetchedKm, category: 'all', sort: 'distance', favoritesOnly: false, openNow: false };
    const state = Object.assign({}, defaults, { view: 'list', shown: PAGE_SIZE }, loadSaved());

    function clampRadius(value) { return Math.min(radiusBounds[1], Math.max(radiusBounds[0], Math.round(value))); }
    function loadSaved() {
      try {
        const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null');
        if (!saved || typeof saved !== 'object') return {};
        const out = {};
        if (Number.isInteger(saved.radius) && saved.radius === clampRadius(saved.radius)) out.radius = saved.radius;
        if (saved.category === 'all' || CATEGORY_KEYS.includes(saved.category)) out.category = saved.category;
        if (SORTS.includes(saved.sort)) out.sort = saved.sort;
        return out;
      } catch (_) {
        return {};
      }
    }
    function save() {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ radius: state.radius, category: state.category, sort: state.sort }));
      } catch (_) { /* storage may be off (private mode, file://); the page works without it */ }
    }

    // ---------- Elements ----------

    const controls = $('explorer-controls');
    const status = $('explorer-status');
    const viewGroup = $('explorer-view');
    const list = $('place-list');
    const countLine = $('results-count');
    const searchInput = $('explorer-search');
    const radiusInput = $('explorer-radius');
    const radiusValue = $('explorer-radius-value');
    const radiusNote = $('explorer-radius-note');
    const sortSelect = $('explorer-sort');
    const locateButton = $('explorer-locate');
    const resetButton = $('explorer-reset');
    const openNowButton = $('explorer-open-now');
    const message = $('explorer-message');
    const originReset = $('explorer-origin-reset');
    const more = $('explorer-more');
    const moreStatus = $('explorer-more-status');
    const moreButton = $('explorer-more-button');
    const empty = $('explorer-empty');
    const map = $('explorer-map');
    const mapNote = $('explorer-map-note');
    const mapCanvas = $('explorer-map-canvas');
    const favoriteButtons = Array.from(root.querySelectorAll('[data-favorites]'));
    const viewButtons = Array.from(root.querySelectorAll('[data-view]'));
    const categoryButtons = enhanceCategoryLinks();

    /** The category links become a group of toggle buttons (one pressed). */
    function enhanceCategoryLinks() {
      const nav = root.querySelector('nav.segmented');
      if (!nav) return [];
      const group = element('div', nav.className);
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', 'Kategori');
      const ul = element('ul');
      const buttons = [];
      for (const link of nav.querySelectorAll('a[data-category]')) {
        const button = element('button');
        button.type = 'button';
        button.dataset.category = link.dataset.category;
        for (const child of link.childNodes) button.append(child.cloneNode(true));
        const li = element('li');
        li.append(button);
        ul.append(li);
        buttons.push(button);
      }
      group.append(ul);
      nav.replaceWith(group);
      return buttons;
    }

    // ---------- Filtering and rendering ----------

    let results = [];
    let resultsKey = '';

    function update(resetPaging = true) {
      const started = performance.now();
      if (resetPaging) state.shown = PAGE_SIZE;
      const turned = syncClock();
      filter();
      render();
      // A new minute: cards that stay (the same results) get the new statuses in place.
      if (turned) refreshOpenMarks();
      measure('beacon-update', started);
    }

    /** `results`: the indices that pass every filter, in the chosen order. */
    function filter() {
      const query = { text: state.text, radiusKm: state.radius, category: state.category,
                      favoritesOnly: state.favoritesOnly, openNow: state.openNow && hasHours };
      results = placeIndex.filter(query, placeIndex.order(state.sort, distance), (i) => openStatus(i) === 1);
    }

    function render() {
      const total = results.length;
      const countText = total === 0 ? TEXT.noMatches : count(total, 'sted', 'steder');
      if (countLine.textContent !== countText) countLine.textContent = countText;
      countLine.classList.toggle('visually-hidden', total === 0);
      empty.hidden = total > 0;
      const showList = state.view === 'list';
      list.hidden = !showList || total === 0;
      map.hidden = showList || total === 0;
      if (showList) {
        renderList();
      } else {
        more.hidden = true;
        renderMap();
      }
    }

    /** What the rendered cards show; the same key means nothing to redraw. */
    function listKey() {
      const shown = Math.min(results.length, state.shown);
      return `${state.sort}|${origin ? 'me' : 'c'}|${shown}|${results.length}|${results.slice(0, shown).join(',')}`;
    }

    function renderList() {
      const total = results.length;
      const shown = Math.min(total, state.shown);
      const key = listKey();
      if (key !== resultsKey) {
        resultsKey = key;
        const fragment = document.createDocumentFragment();
        for (let k = 0; k < shown; k++) fragment.append(card(results[k]));
        list.replaceChildren(fragment);
      }
      more.hidden = shown >= total;
      if (shown < total) moreStatus.textContent = TEXT.showing(shown, total);
    }

    /** One card, the same markup as Components.placeCard in Swift. */
    function card(i) {
      const p = places[i];
      const info = CATEGORIES[CATEGORY_KEYS[categoryCode[i]]];
      const li = element('li', 'place-card');
      li.dataset.id = p.id;
      const link = element('a', 'place-card__link');
      link.href = sitePrefix + p.u;
      const emoji = element('span', 'place-card__emoji', info.emoji);
      emoji.setAttribute('aria-hidden', 'true');
      const body = element('span', 'place-card__body');
      body.append(element('span', 'place-card__name', p.n));
      if (p.a) body.append(element('span', 'place-card__address', p.a));
      body.append(element('span', 'place-card__meta', `${info.singular} · ${formatDistance(distance[i])}`));
      const status = openStatus(i);
      if (status >= 0) body.append(openBadge(status === 1));
      const aside = element('span', 'place-card__aside');
      if (favorite[i]) aside.append(favoriteMark());
      if (p.s) aside.append(ratingBadge(p));
      link.append(emoji, body, aside);
      li.append(link);
      return li;
    }

    /** "Åpent nå" / "Stengt nå" (only for hours that beacon-hours.js understands). */
    function openBadge(open) {
      const badge = element('span', 'open-badge', open ? TEXT.openNow : TEXT.closedNow);
      badge.dataset.state = open ? 'open' : 'closed';
      return badge;
    }

    function starFill(stars) { return `url(#${star.fill}${Math.min(5, Math.max(1, stars))})`; }
    function starIcon(stars, className) {
      const icon = svg('svg', { class: className, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
      icon.append(svg('path', { class: 'star__shape', fill: starFill(stars), d: star.path }));
      return icon;
    }
    function ratingBadge(p) {
      const badge = element('span', 'rating');
      badge.dataset.stars = String(p.s);
      const text = element('span', 'rating__text', String(p.s));
      text.setAttribute('aria-hidden', 'true');
      badge.append(starIcon(p.s, 'star'), text, element('span', 'visually-hidden', TEXT.ratingLabel(p.s, p.r || 0)));
      return badge;
    }
    function favoriteMark() {
      const mark = element('span', 'favorite-mark');
      const heart = svg('svg', { class: 'heart', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
      heart.append(svg('path', { d: HEART_PATH }));
      mark.append(heart, element('span', 'visually-hidden', TEXT.favorite));
      return mark;
    }

    // ---------- Map (SVG, no external service) ----------

    let mapSize = 0;

    /** Pins placed by an equirectangular projection around the centre, scaled so the radius circle fits. */
    function renderMap() {
      const total = results.length;
      if (total === 0) { mapCanvas.replaceChildren(); return; }
      const width = Math.max(280, Math.round(mapCanvas.clientWidth || root.clientWidth || 600));
      const height = Math.round(Math.min(width, Math.max(340, window.innerHeight * 0.7)));
      mapSize = width;
      const cx = width / 2, cy = height / 2;
      const ringRadius = Math.min(width, height) / 2 - 26;
      const metresPerUnit = (state.radius * 1000) / ringRadius;
      const metresPerDegree = Query.EARTH_RADIUS_M * Math.PI / 180;
      const cosLat = Math.cos(center.lat * Math.PI / 180);
      const project = (lat, lon) => {
        const x = cx + ((lon - center.lon) * cosLat * metresPerDegree) / metresPerUnit;
        const y = cy - ((lat - center.lat) * metresPerDegree) / metresPerUnit;
        return [Math.min(width - 14, Math.max(14, x)), Math.min(height - 14, Math.max(14, y))];
      };

      const pinCount = Math.min(total, MAP_PIN_LIMIT);
      const chart = svg('svg', {
        class: 'explorer-map__svg', viewBox: `0 0 ${width} ${height}`, width: String(width), height: String(height),
        role: 'group', 'aria-label': TEXT.mapLabel(pinCount, centerLabel),
      });
      chart.append(svg('rect', { class: 'map-background', x: '0', y: '0', width: String(width), height: String(height), rx: '14' }));

      const backdrop = svg('g', { 'aria-hidden': 'true' });
      backdrop.append(
        svg('circle', { class: 'map-radius', cx: String(cx), cy: String(cy), r: String(ringRadius) }),
        svg('circle', { class: 'map-radius map-radius--half', cx: String(cx), cy: String(cy), r: String(ringRadius / 2) }),
      );
      const ringLabel = svg('text', { class: 'map-label', x: String(cx + 6), y: String(cy - ringRadius + 16) });
      ringLabel.textContent = `${state.radius} km`;
      const centerMark = svg('g', { class: 'map-center', transform: `translate(${cx} ${cy})` });
      centerMark.append(svg('circle', { r: '7' }), svg('circle', { r: '2.5', class: 'map-center__dot' }));
      const centerText = svg('text', { class: 'map-label map-label--center', x: String(cx), y: String(cy + 22) });
      centerText.textContent = centerLabel;
      backdrop.append(ringLabel, centerMark, centerText);
      chart.append(backdrop);

      const pins = svg('g', { class: 'map-pins' });
      // Drawn last-first so the first result (the top of the list) lies on top; the links still come in list order for the keyboard.
      const items = [];
      for (let k = 0; k < pinCount; k++) items.push(pin(results[k], project));
      for (let k = items.length - 1; k >= 0; k--) pins.append(items[k]);
      chart.append(pins);

      if (origin) {
        const [ox, oy] = project(origin.lat, origin.lon);
        const you = svg('g', { class: 'map-you', transform: `translate(${ox} ${oy})`, 'aria-hidden': 'true' });
        you.append(svg('circle', { r: '9' }));
        const label = svg('text', { class: 'map-label', y: '-14' });
        label.textContent = TEXT.you;
        you.append(label);
        chart.append(you);
      }
      mapCanvas.replaceChildren(chart);
      mapNote.hidden = total <= MAP_PIN_LIMIT;
      if (total > MAP_PIN_LIMIT) mapNote.textContent = TEXT.mapCapped(pinCount, total);
    }

    function pin(i, project) {
      const p = places[i];
      const info = CATEGORIES[CATEGORY_KEYS[categoryCode[i]]];
      const [x, y] = project(p.lat, p.lon);
      const parts = [p.n, info.singular, formatDistance(distance[i])];
      if (p.s) parts.push(TEXT.ratingLabel(p.s, p.r || 0));
      if (favorite[i]) parts.push(TEXT.favorite);
      const status = openStatus(i);
      if (status >= 0) parts.push(status === 1 ? TEXT.openNow : TEXT.closedNow);
      const link = svg('a', { class: `map-pin map-pin--${CATEGORY_KEYS[categoryCode[i]]}`, href: sitePrefix + p.u, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, 'aria-label': parts.join(', ') });
      link.dataset.id = p.id;
      link.dataset.open = String(status);
      const title = svg('title');
      title.textContent = p.n;
      link.append(title, svg('circle', { class: 'map-pin__focus', r: '22' }), svg('circle', { class: 'map-pin__body', r: '16' }));
      const emoji = svg('text', { class: 'map-pin__emoji', 'aria-hidden': 'true', y: '1' });
      emoji.textContent = info.emoji;
      link.append(emoji);
      if (p.s) {
        const mark = svg('g', { class: 'map-pin__star', transform: 'translate(6 -24)', 'aria-hidden': 'true' });
        mark.append(svg('path', { class: 'star__shape', fill: starFill(p.s), d: star.path, transform: 'scale(0.75)' }));
        link.append(mark);
      }
      return link;
    }

    // ---------- Controls ----------

    function syncControls() {
      if (searchInput.value !== state.text) searchInput.value = state.text;
      radiusInput.value = String(state.radius);
      radiusInput.setAttribute('aria-valuetext', `${state.radius} km`);
      radiusValue.textContent = `${state.radius} km`;
      const beyond = state.radius > fetchedKm;
      radiusNote.hidden = !beyond;
      radiusNote.textContent = TEXT.fetchedWithin(fetchedKm);
      if (beyond) radiusInput.setAttribute('aria-describedby', 'explorer-radius-note');
      else radiusInput.removeAttribute('aria-describedby');
      sortSelect.value = state.sort;
      for (const button of categoryButtons) button.setAttribute('aria-pressed', String(button.dataset.category === state.category));
      for (const button of favoriteButtons) button.setAttribute('aria-pressed', String((button.dataset.favorites === 'only') === state.favoritesOnly));
      if (openNowButton) openNowButton.setAttribute('aria-pressed', String(state.openNow));
      for (const button of viewButtons) button.setAttribute('aria-pressed', String(button.dataset.view === state.view));
      root.dataset.view = state.view;
    }

    function change(patch, { persist = false } = {}) {
      Object.assign(state, patch);
      if (persist) save();
      syncControls();
      update();
    }

    let searchTimer = 0;
    searchInput.addEventListener('input', () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => change({ text: searchInput.value }), DEBOUNCE_MS);
    });
    searchInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        clearTimeout(searchTimer);
        change({ text: searchInput.value });
      }
    });
    radiusInput.addEventListener('input', () => change({ radius: clampRadius(Number(radiusInput.value)) }, { persist: true }));
    sortSelect.addEventListener('change', () => {
      if (SORTS.includes(sortSelect.value)) change({ sort: sortSelect.value }, { persist: true });
    });
    for (const button of categoryButtons) {
      button.addEventListener('click', () => change({ category: button.dataset.category }, { persist: true }));
    }
    for (const button of favoriteButtons) {
      button.addEventListener('click', () => change({ favoritesOnly: button.dataset.favorites === 'only' }));
    }
    for (const button of viewButtons) {
      button.addEventListener('click', () => change({ view: button.dataset.view === 'map' ? 'map' : 'list' }));
    }
    if (openNowButton) {
      // Shown only when some place has hours the script understands.
      openNowButton.hidden = !hasHours;
      openNowButton.addEventListener('click', () => change({ openNow: !state.openNow }));
    }
    resetButton.addEventListener('click', () => {
      clearTimeout(searchTimer);
      change(Object.assign({}, defaults), { persist: true });
      searchInput.focus();
    });
    moreButton.addEventListener('click', () => {
      const first = state.shown;
      state.shown += PAGE_SIZE;
      renderList();
      const next = list.children[first];
      if (next) next.querySelector('a').focus();
    });
    let resizeTimer = 0;
    window.addEventListener('resize', () => {
      if (state.view !== 'map' || map.hidden) return;
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        if (Math.round(mapCanvas.clientWidth) !== mapSize) renderMap();
      }, 150);
    });

    // ---------- "Finn nærmeste meg" ----------

    function say(text, kind) {
      message.textContent = text;
      message.dataset.kind = kind || '';
    }
    locateButton.addEventListener('click', () => {
      if (!('geolocation' in navigator)) {
        say(window.isSecureContext === false ? TEXT.insecure : TEXT.unsupported, 'error');
        return;
      }
      locateButton.setAttribute('aria-disabled', 'true');
      say(TEXT.locating, 'busy');
      navigator.geolocation.getCurrentPosition((position) => {
        locateButton.removeAttribute('aria-disabled');
        useOrigin({ lat: position.coords.latitude, lon: position.coords.longitude });
      }, (error) => {
        locateButton.removeAttribute('aria-disabled');
        if (error && error.code === 1) say(window.isSecureContext === false ? TEXT.insecure : TEXT.denied, 'error');
        else if (error && error.code === 3) say(TEXT.timeout, 'error');
        else say(TEXT.unavailable, 'error');
      }, { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 });
    });
    originReset.textContent = TEXT.measureFromCenter(centerLabel);
    originReset.addEventListener('click', () => {
      useOrigin(null);
      locateButton.focus();
    });

    function useOrigin(position) {
      origin = position;
      if (position) {
        const measured = new Float64Array(n);
        for (let i = 0; i < n; i++) measured[i] = Math.round(haversine(position.lat, position.lon, places[i].lat, places[i].lon));
        distance = measured;
      } else {
        distance = centerMetres;
      }
      resultsKey = '';
      originReset.hidden = !position;
      root.dataset.origin = position ? 'reader' : 'center';
      say(position ? TEXT.fromYouAnnounced : TEXT.measuringFromCenter(centerLabel), position ? 'origin' : '');
      change(position ? { sort: 'distance' } : {}, { persist: !!position });
    }

    // ---------- "Åpent nå" keeps time ----------

    /** The rendered cards' badges brought to the current statuses, in place (the focus stays). */
    function refreshOpenMarks() {
      if (!hasHours || list.hidden || !list.firstElementChild) return;
      const index = new Map();
      const shown = Math.min(results.length, state.shown);
      for (let k = 0; k < shown; k++) index.set(places[results[k]].id, results[k]);
      for (const li of list.children) {
        const i = index.get(li.dataset.id);
        const body = li.querySelector('.place-card__body');
        if (i === undefined || !body) continue;
        const status = openStatus(i);
        const old = body.querySelector('.open-badge');
        if (status < 0) {
          if (old) old.remove();
        } else if (!old || old.dataset.state !== (status === 1 ? 'open' : 'closed')) {
          const fresh = openBadge(status === 1);
          if (old) old.replaceWith(fresh); else body.append(fresh);
        }
      }
    }

    /** Whether a pin on the map shows another status than now. */
    function pinsStale() {
      const index = new Map();
      for (let k = 0; k < Math.min(results.length, MAP_PIN_LIMIT); k++) index.set(places[results[k]].id, results[k]);
      for (const pinLink of mapCanvas.querySelectorAll('a.map-pin')) {
        const i = index.get(pinLink.dataset.id);
        if (i !== undefined && pinLink.dataset.open !== String(openStatus(i))) return true;
      }
      return false;
    }

    /** On each minute's turn: with "Åpent nå" on, filter again; bring badges and pins up to date. */
    function tickOpen() {
      if (syncClock()) {
        if (state.openNow) {
          const before = results;
          filter();
          const same = before.length === results.length && before.every((i, k) => i === results[k]);
          if (!same) render(); // only then: a redraw would take the reader's focus
        }
        if (state.view === 'map') {
          if (!map.hidden && pinsStale()) renderMap();
        } else {
          refreshOpenMarks();
        }
      }
      // Oslo is a whole number of hours from UTC, so its minutes turn with Date.now()'s.
      setTimeout(tickOpen, 60000 - (Date.now() % 60000) + 50);
    }
    if (hasHours) setTimeout(tickOpen, 60000 - (Date.now() % 60000) + 50);

    // ---------- Printing ----------

    // The print stylesheet hides the map: printed from the map view, the page prints the list
    // of the same places instead.
    window.addEventListener('beforeprint', () => {
      if (state.view !== 'map' || results.length === 0) return;
      renderList();
      list.hidden = false;
    });
    window.addEventListener('afterprint', () => {
      if (state.view !== 'map') return;
      list.hidden = true;
      more.hidden = true;
    });

    // ---------- Ready ----------

    const pagination = root.querySelector('.pagination');
    if (pagination) pagination.hidden = true;
    syncControls();
    update();
    controls.hidden = false;
    status.hidden = false;
    viewGroup.hidden = false;
    $('explorer-loading').hidden = true;
    root.dataset.ready = 'true';
    try { performance.mark('beacon-ready'); } catch (_) { /* timing is for the benchmark only */ }
    // The collation rank costs most at 10,000 places: prepare it while the reader looks.
    const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));
    idle(() => {
      const started = performance.now();
      placeIndex.order('name', distance);
      measure('beacon-collation', started);
    });
    // Likewise every place's opening hours (parsed once per distinct string, then evaluated for
    // this minute), a slice at a time, so the first press of "Åpent nå" is quick.
    let prepared = 0;
    const preparingSince = performance.now();
    const prepareHours = () => {
      const until = performance.now() + 8;
      while (prepared < n) {
        openStatus(prepared++);
        if ((prepared & 63) === 0 && performance.now() > until) break;
      }
      if (prepared < n) idle(prepareHours);
      else measure('beacon-hours', preparingSince);
    };
    if (hasHours) idle(prepareHours);
  }

  /** The prefix from this page to the site root ("" on the front page), from the script's own URL. */
  function siteRootPrefix() {
    if (!scriptURL) return '';
    try {
      const siteRoot = new URL('../', scriptURL).href;
      const pageFolder = new URL('./', location.href).href;
      if (siteRoot === pageFolder) return '';
      if (pageFolder.startsWith(siteRoot)) {
        const depth = pageFolder.slice(siteRoot.length).split('/').filter(Boolean).length;
        return '../'.repeat(depth);
      }
      return siteRoot;
    } catch (_) {
      return '';
    }
  }
})();

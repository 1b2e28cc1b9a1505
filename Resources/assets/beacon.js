// Beacon sitegen: the explorer's script (search, filters, sort, "Finn nærmeste meg", map)
// on the front page and on each category page. Plain modern JavaScript, no build step,
// no requests to other hosts.
//
// Progressive enhancement: the page already lists its places (server-rendered cards,
// category chips as links, pagination). This script reads the places from the inline JSON
// block `#beacon-data` (Sources/Templates/PageData.swift) or, for a guide of more than
// 2,000 places, fetches them from the data files that block names (`chunks`, under data/;
// a category page keeps its own category), brings the controls that
// Sources/Templates/ExplorerControls.swift rendered to life, and from then on renders the
// list (and the map) from the data. The category is the page's own (`data-category` on
// #explorer); the chips stay links to the other explorer pages, and the reader's search,
// filters and position go along (sessionStorage: for half an hour, or on the way back from a place),
// while the radius and order are remembered between visits (localStorage).
//
// Where the map goes: beside the list on a wide screen (64rem on); on a narrower one, the list with
// «Liste · Kart» to swap them; and on a phone (37.5rem and less) whose guide has a basemap
// (BeaconMap.hasBasemap), the map first: it fills the screen under the header, search and chips float
// over its top, a round «Finn meg» sits in its corner above the credits, and the list is a sheet over
// it that peeks (its count and first card) and is pulled up by its handle (`data-layout="map-first"`
// on #explorer; the sheet is the page scrolling, so the list, the guide's introduction and the footer
// follow one another as ever, and the page without script is the list).
//
// One centre: distances, the radius filter, the order and the map's ring are all measured
// from the guide's centre, or from the reader once "Finn nærmeste meg" has found them, and
// the page says which. A reader too far away for any place to be within reach is told so,
// and the guide's centre stays.
//
// Data contract (keys are short because a guide can hold 100,000 places):
//   { v: 1, center: { lat, lon, label? }, radiusKm, radiusKmRange: [min, max],
//     picksMinimumRating: the average a rated place needs to be a pick in «Anbefalt» (1–5),
//     star: { path: SVG path of the star (its fill: BeaconText.starIcon) },
//     places: [ { id, n: name, c: category key ("cafe", "bar", an own kind), lat, lon,
//                 d: whole metres from the centre, u: page URL relative to the site root,
//                 a?: address, s?: rounded stars 1–5, avg?: average to three decimals,
//                 r?: rating count, m?: the newest comment as one line of plain text,
//                 f?: 1 when a favorite, x?: 1 when a favorite no longer
//                 in the data, h?: opening hours (OSM syntax; never for hotels),
//                 k?: cuisines ("indian;pizza", OSM values), dv?/dg?: vegetarian/vegan offer
//                 ("yes"|"only"|"limited"), w?: wheelchair ("yes"|"limited"|"no"), p?: price level 1–4 } ] }
//   or, for a big guide, instead of `places`: count, chunks: [ "data/steder-1-<hash>.json", … ],
//   each file a JSON array of the same place entries.
//
// The rules of search, filters, order and the formats shown live in beacon-query.js
// (window.BeaconQuery, the same rules as `sitegen search`); opening hours in beacon-hours.js
// (window.BeaconHours). Both load before this script, which keeps the state and the page.
'use strict';

(() => {
  const root = document.getElementById('explorer');
  const dataElement = document.getElementById('beacon-data');
  if (!root || !dataElement) return;
  const scriptURL = document.currentScript ? document.currentScript.src : '';

  const Query = window.BeaconQuery;
  if (!Query) return;
  const { CATEGORY_KEYS, CATEGORIES, SORTS, SEARCH_DEBOUNCE_MS, integer, count, formatDistance, haversine } = Query;
  /** The page's language: which of a place's names its cards and pins show (`Query.shownName`). */
  const pageLanguage = Query.pageLanguage();
  const PAGE_SIZE = 100;
  // v3: «Anbefalt» became the default order; v2 saved the old default (distance) with every change,
  // so only its radius is carried over.
  const STORAGE_KEY = 'beacon.explorer.v3';
  const OLD_STORAGE_KEY = 'beacon.explorer.v2';
  const SESSION_KEY = 'beacon.explorer.session.v1';
  // How long the search and filters of a tab's last visit come back on a new visit (back from a place, they
  // always do): long enough to go from one category page to the next, not so long that a reader returning
  // to an old tab the next day meets yesterday's «xyzzy» and «Ingen treff».
  const SESSION_FRESH_MS = 30 * 60 * 1000;
  // The card a reader opened, and how many cards were shown: back, or «Alle steder», returns there.
  const RETURN_KEY = 'beacon.explorer.return.v1';
  const WIDE = '(min-width: 64rem)';
  const PHONE = '(max-width: 37.5rem)';
  // Cuisine chips show when one category has at least this share of a page's places, at most this many.
  const CUISINE_DOMINANCE = 0.6;
  const MAX_CUISINE_CHIPS = 10;
  const NAME_SEPARATOR = ' · ';  // NameSuffixes.separator
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const HEART_PATH = 'M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.8 4.5 6.6 4.5c2.2 0 3.7 1.3 4.4 2.5h2c.7-1.2 2.2-2.5 4.4-2.5 3.8 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z';

  // Texts in the page's language (assets/beacon-text.js, from the build's catalogues).
  const Text = window.BeaconText;
  if (!Text) return;
  const { t } = Text;
  const TEXT = {
    favorite: t('favorite'),
    noMatches: t('noMatches'),
    nothingHere: t('nothingHere'),
    nothingHereHint: t('nothingHereHint'),
    places: (n) => Text.count(n, 'place'),
    favorites: (n) => Text.count(n, 'favorite'),
    within: (km, from) => t('within', { km, from }),
    you: t('you'),
    center: t('center'),
    noMatchesFor: (text) => t('noMatchesFor', { text }),
    showResults: (n) => t('showResults', { places: Text.count(n, 'place') }),
    filtersActive: (n) => t('filtersActive', { n }),
    fromYou: t('fromYou'),
    locating: t('locating'),
    useCenter: (label) => t('useCenter', { label }),
    measuringFromCenter: (label) => t('measuringFromCenter', { label }),
    farAway: (distance, label, km) => t('farAway', { distance, label, km }),
    denied: t('denied'),
    insecure: t('insecure'),
    unavailable: t('unavailable'),
    timeout: t('timeout'),
    unsupported: t('unsupported'),
    // «4 andre gatekjøkken» kept on one line: a narrow sheet breaks the count after its «·».
    searchTiers: (own, text, others) => t('searchTiers', { places: Text.count(own, 'place'), text, others: others.replace(/ /g, '\u00a0') }),
    otherMatches: (n, key) => (n === 1 ? t('otherMatches.one')
      : key ? t('otherPlaces', { n: integer(n), places: (Text.categories[key] || { other: key }).other.toLowerCase() })
        : t('otherMatches.other', { n: integer(n) })),
    showing: (shown, total) => t('showing', { shown: integer(shown), total: Text.count(total, 'place') }),
    inView: (places) => t('inView', { places }),
    sheetOpened: t('sheet.opened'),
    sheetClosed: t('sheet.closed'),
    mapLabel: (label) => t('mapLabel', { label }),
    /** "Vurdering: 4,5 av 5, 2 vurderinger" for an average `avg` (Strings.ratingLabel). */
    ratingLabel: (avg, n) => t('ratingLabel', { stars: Text.average(avg), ratings: Text.count(n, 'rating') }),
    openNow: t('openNow'),
    closedNow: t('closedNow'),
    needsServer: t('needsServer'),
    dataFailed: t('dataFailed'),
    category: (key) => (Text.categories[key] || { one: key }).one,
    commentLabel: t('comment.label'),
    quoted: (text) => t('comment.quoted', { text }),
    cuisine: (key) => (Object.prototype.hasOwnProperty.call(Text.cuisines || {}, key) ? Text.cuisines[key] : key.replace(/_/g, ' ')),
    vegetarian: { yes: t('mark.vegetarian'), only: t('mark.vegetarianOnly') },
    vegan: { yes: t('mark.vegan'), only: t('mark.veganOnly') },
    wheelchair: t('mark.wheelchair'),
    price: [null, t('mark.price.1'), t('mark.price.2'), t('mark.price.3'), t('mark.price.4')],
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
  function readStorage(storage, key) {
    try {
      const value = JSON.parse(storage.getItem(key) || 'null');
      return value && typeof value === 'object' ? value : {};
    } catch (_) {
      return {};
    }
  }
  function writeStorage(storage, key, value) {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch (_) { /* storage may be off (private mode, file://); the page works without it */ }
  }

  // ---------- Start ----------

  /** The server-rendered list stays usable; the controls that need the script go away. */
  function fail(error, notice) {
    root.dataset.failed = 'true';
    delete root.dataset.loading;
    if (notice) {
      const message = document.getElementById('explorer-message');
      const status = document.getElementById('explorer-status');
      if (message && status) {
        message.textContent = notice;
        message.dataset.kind = 'error';
        status.hidden = false;
      }
    }
    if (error) console.error('Beacon: kunne ikke starte søket', error);
  }

  try {
    const data = JSON.parse(dataElement.textContent);
    if (Array.isArray(data.places)) {
      start(data, data.places);
    } else if (Array.isArray(data.chunks)) {
      // A big guide: the places are in data files, fetched now that the page is shown.
      if (location.protocol === 'file:') {
        fail(null, TEXT.needsServer);
      } else {
        root.dataset.loading = 'true';
        loadChunks(data.chunks).then((all) => {
          delete root.dataset.loading;
          const own = CATEGORY_KEYS.includes(root.dataset.category) ? all.filter((p) => p.c === root.dataset.category) : all;
          try { start(data, own); } catch (error) { fail(error); }
        }, (error) => fail(error, TEXT.dataFailed));
      }
    } else {
      throw new Error('no places in #beacon-data');
    }
  } catch (error) {
    fail(error);
  }

  /** Every place of a big guide, in the order of its data files (the front page's order). */
  function loadChunks(paths) {
    const base = new URL(siteRootPrefix() || './', location.href);
    const started = performance.now();
    return Promise.all(paths.map((path) => fetch(new URL(path, base)).then((response) => {
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    }))).then((parts) => {
      const all = [].concat(...parts);
      measure('beacon-data', started);
      return all;
    });
  }

  function start(data, places) {
    const n = places.length;
    const center = data.center || { lat: 0, lon: 0 };
    const centerLabel = (center.label && String(center.label)) || TEXT.center;
    // The radius slider's bounds and the star's shape, as the build defines them (its fill: BeaconText.starIcon).
    const radiusBounds = Array.isArray(data.radiusKmRange) && data.radiusKmRange.length === 2 ? data.radiusKmRange.map(Number) : [1, 10];
    const star = data.star && typeof data.star.path === 'string' ? data.star : { path: '' };
    const fetchedKm = clampRadius(Number(data.radiusKm) || radiusBounds[1]);
    const category = CATEGORY_KEYS.includes(root.dataset.category) ? root.dataset.category : 'all';
    const sitePrefix = siteRootPrefix();

    // Worked out once (beacon-query.js): category codes, favorites, metres; the folded search text
    // on the first search, or at idle below.
    const placeIndex = Query.index(places, undefined, Text.cuisineWords || {}, data.picksMinimumRating);
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
    let clock = null;              // { weekday, minute } on the guide's clock that the statuses are for
    let clockKey = -1;
    let statusByRaw = new Map();   // raw hours → { state: 1 open, 0 closed, -1 unknown, text }, at `clock`
    const UNKNOWN = { state: -1, text: '' };

    /** Moves the statuses to the current minute; true when the minute has turned. */
    function syncClock() {
      if (!hasHours) return false;
      const now = hoursAPI.zoneNow();
      const key = now ? now.weekday * 1440 + now.minute : -2;
      if (key === clockKey) return false;
      clockKey = key;
      clock = now;
      statusByRaw = new Map();
      return true;
    }

    /** Place i's status at `clock`, with its text ("Åpent · stenger kl. 22:00"). Each distinct string is evaluated once a minute. */
    function hoursStatus(i) {
      const raw = hoursOf[i];
      if (raw === null || clock === null) return UNKNOWN;
      let status = statusByRaw.get(raw);
      if (status === undefined) {
        if (typeof hoursAPI.statusAt === 'function') {
          const found = hoursAPI.statusAt(raw, clock.weekday, clock.minute);
          status = found ? { state: found.open ? 1 : 0, text: found.text } : UNKNOWN;
        } else {
          const open = hoursAPI.isOpenAt(raw, clock.weekday, clock.minute);
          status = open === null ? UNKNOWN : { state: open ? 1 : 0, text: open ? TEXT.openNow : TEXT.closedNow };
        }
        statusByRaw.set(raw, status);
      }
      return status;
    }
    /** 1 open, 0 closed, -1 unknown or no hours. */
    function openStatus(i) { return hoursStatus(i).state; }

    // ---------- Where distances are measured from ----------

    let origin = null;              // the reader's position, once known and within reach of the guide
    let distance = centerMetres;    // whole metres the list shows, filters and orders by

    // ---------- State ----------

    // Radius and order are remembered between visits. The search, the favorites and
    // "Åpent nå" filters and the reader's position last for this tab only, and only while fresh
    // (SESSION_FRESH_MS): they follow the reader from one category to the next, but a filter that
    // quietly came back on the next visit would hide most of the guide. The list/map view belongs to this history entry:
    // back from a place returns to the map; a page opened or reloaded starts on the list.
    const defaults = { text: '', radius: fetchedKm, sort: 'recommended', favoritesOnly: false, openNow: false, cuisine: null };
    const stored = readStorage(localStorage, STORAGE_KEY);
    const saved = Object.keys(stored).length ? stored : { radius: readStorage(localStorage, OLD_STORAGE_KEY).radius };
    const storedSession = readStorage(sessionStorage, SESSION_KEY);
    const sessionAge = Date.now() - storedSession.at;
    // Either way of the clock: a clock set back (or a test's, which starts again at each page) is no age.
    const session = cameBack() || Math.abs(sessionAge) < SESSION_FRESH_MS ? storedSession : {};
    const state = Object.assign({}, defaults, { view: 'list', shown: PAGE_SIZE });
    if (Number.isInteger(saved.radius) && saved.radius === clampRadius(saved.radius)) state.radius = saved.radius;
    if (SORTS.includes(saved.sort)) state.sort = saved.sort;
    // The order the reader chose, kept for the next visit; «Finn nærmeste meg» puts the nearest
    // first for as long as the reader's position is the centre, then gives this back.
    let sortChosen = state.sort;
    if (cameBack() && history.state && history.state.beaconView === 'map') state.view = 'map';
    if (typeof session.text === 'string') state.text = session.text.slice(0, 200);
    if (session.favoritesOnly === true) state.favoritesOnly = true;
    if (session.openNow === true) state.openNow = true;
    // The cuisine chips this page offers (when one category dominates it); a cuisine from another page
    // that this one does not offer is let go.
    const cuisineOffer = offeredCuisines();
    if (typeof session.cuisine === 'string' && cuisineOffer.some((c) => c.key === session.cuisine)) state.cuisine = session.cuisine;
    // Back from a place (or its «Alle steder»): as many cards as before, and that card in view.
    const listPage = location.pathname.replace(/index\.html$/, '');
    const returnPoint = readStorage(sessionStorage, RETURN_KEY);
    const returning = returnPoint.page === listPage && typeof returnPoint.id === 'string'
      && (cameBack() || (!!document.referrer && document.referrer.split('#')[0] === returnPoint.href));
    if (returning && Number.isInteger(returnPoint.shown)) state.shown = Math.min(Math.max(returnPoint.shown, PAGE_SIZE), 1e6);

    /**
     * The cuisines offered as chips under the categories: only when one category has most of the page's
     * places within the radius (a category page, or a front page that is mostly restaurants), each cuisine at least two of
     * them have, most first, at most MAX_CUISINE_CHIPS; none when fewer than two are left.
     */
    function offeredCuisines() {
      const own = [];
      const perCategory = new Array(CATEGORY_KEYS.length).fill(0);
      const wanted = category === 'all' ? -1 : CATEGORY_KEYS.indexOf(category);
      // As the list first shows them: within the guide's radius (the count on a chip is what it finds).
      const reach = fetchedKm * 1000;
      for (let i = 0; i < n; i++) {
        if (placeIndex.outside[i] || centerMetres[i] > reach || (wanted >= 0 && categoryCode[i] !== wanted)) continue;
        own.push(i);
        perCategory[categoryCode[i]]++;
      }
      if (!own.length || Math.max(...perCategory) < own.length * CUISINE_DOMINANCE) return [];
      const counts = new Map();
      for (const i of own) for (const key of Query.cuisinesOf(places[i])) counts.set(key, (counts.get(key) || 0) + 1);
      const offer = Array.from(counts, ([key, count]) => ({ key, count, name: TEXT.cuisine(key) }))
        .filter((c) => c.count >= 2)
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
        .slice(0, MAX_CUISINE_CHIPS);
      return offer.length >= 2 ? offer : [];
    }

    function clampRadius(value) { return Math.min(radiusBounds[1], Math.max(radiusBounds[0], Math.round(value))); }
    function save() {
      writeStorage(localStorage, STORAGE_KEY, { radius: state.radius, sort: sortChosen });
      try {
        history.replaceState(Object.assign({}, history.state, { beaconView: state.view }), '');
      } catch (_) { /* a sandboxed page may not touch its history */ }
      writeStorage(sessionStorage, SESSION_KEY, {
        text: state.text, favoritesOnly: state.favoritesOnly, openNow: state.openNow, cuisine: state.cuisine,
        origin: origin ? { lat: origin.lat, lon: origin.lon } : null, sort: origin ? state.sort : null,
        at: Date.now(),
      });
    }

    // ---------- Elements ----------

    const status = $('explorer-status');
    const list = $('place-list');
    const countLine = $('results-count');
    const searchInput = $('explorer-search');
    const filtersButton = $('explorer-filters-button');
    const filterCount = $('explorer-filter-count');
    const filterPanel = $('explorer-filters');
    const filtersDone = $('explorer-filters-done');
    const radiusInput = $('explorer-radius');        // absent when the guide covers only 1 km
    const radiusValue = $('explorer-radius-value');
    const sortSelect = $('explorer-sort');
    const favoritesButton = $('explorer-favorites');
    const openNowButton = $('explorer-open-now');
    const resetButton = $('explorer-reset');
    const locateButton = $('explorer-locate');
    const message = $('explorer-message');
    const originReset = $('explorer-origin-reset');
    const more = $('explorer-more');
    const moreStatus = $('explorer-more-status');
    const moreButton = $('explorer-more-button');
    const empty = $('explorer-empty');
    const emptyTitle = empty.querySelector('.explorer-empty__title');
    const emptyHint = empty.querySelector('.explorer-empty__hint');
    const noMatchesHint = emptyHint.textContent;  // the page's own, for a search that found nothing
    const emptyReset = $('explorer-empty-reset');
    const map = $('explorer-map');
    const mapCanvas = $('explorer-map-canvas');
    const viewButtons = Array.from(root.querySelectorAll('[data-view]'));
    const cuisineRow = $('explorer-cuisines');
    const cuisineButtons = cuisineRow ? cuisineChips() : [];
    const wide = window.matchMedia ? window.matchMedia(WIDE) : { matches: false, addEventListener() {} };
    const phone = window.matchMedia ? window.matchMedia(PHONE) : { matches: false, addEventListener() {} };
    const bar = $('explorer-bar');
    const sheet = $('explorer-results');             // the list's column; on a phone with the map first, its sheet
    const handle = $('explorer-sheet-handle');       // absent without a map
    const handleCount = $('explorer-sheet-count');
    const sheetStatus = $('explorer-sheet-status');
    const areaSearch = $('explorer-area-search');
    const areaReset = $('explorer-area-reset');
    const mapLocate = $('explorer-map-locate');

    // ---------- Filtering and rendering ----------

    let results = [];
    let resultsKey = '';
    let area = null;         // «Søk i dette området»: the map's view the list is limited to ({ s, w, n, e }), or none
    let mapFirst = false;    // a phone whose guide has a basemap: the map fills the screen, the list is its sheet
    let keepPaging = returning; // the first render keeps the cards a returning reader had

    function update(resetPaging = true) {
      const started = performance.now();
      if (resetPaging && !keepPaging) state.shown = PAGE_SIZE;
      keepPaging = false;
      const turned = syncClock();
      filter();
      render();
      // A new minute: cards that stay (the same results) get the new statuses in place.
      if (turned) refreshOpenMarks();
      measure('beacon-update', started);
      // For the benchmark: until the frame that shows the new list has been drawn (the task after it).
      requestAnimationFrame(() => setTimeout(() => measure('beacon-list-drawn', started), 0));
    }

    /** `results`: the indices that pass every filter, in the chosen order, measured from the centre in use. */
    function filter() {
      const query = { text: state.text, radiusKm: state.radius, category, cuisine: state.cuisine,
                      favoritesOnly: state.favoritesOnly, openNow: state.openNow && hasHours };
      results = placeIndex.filter(query, placeIndex.order(state.sort, distance), (i) => openStatus(i) === 1, distance);
      if (area) {
        const { s, w, n: north, e } = area;
        const inArea = (i) => places[i].lat >= s && places[i].lat <= north && places[i].lon >= w && places[i].lon <= e;
        const own = results.slice(0, results.own).filter(inArea);
        results = own.concat(results.slice(results.own).filter(inArea));
        results.own = own.length;
      }
    }

    /** Whether the reader narrowed the list (a word, a smaller radius, favourites, open now): only then is an empty one «Ingen treff». */
    function narrowed() {
      return state.text.trim() !== '' || state.radius !== fetchedKm || state.favoritesOnly || (state.openNow && hasHours)
        || state.cuisine !== null || area !== null;
    }

    /**
     * "12 steder innen 2 km fra Oslo S", "5 favoritter", or "Ingen treff"; a search that found places
     * both by their own words and only by their category's: «3 steder med «kebab» · 90 andre gatekjøkken».
     */
    function countText(total) {
      if (total === 0 && narrowed()) return TEXT.noMatches;
      const own = results.own;
      if (own > 0 && own < total) {
        const first = categoryCode[results[own]];
        let same = true;
        for (let k = own + 1; k < total && same; k++) same = categoryCode[results[k]] === first;
        const text = state.text.trim().replace(/\s+/g, ' ');
        return TEXT.searchTiers(own, text, TEXT.otherMatches(total - own, same ? CATEGORY_KEYS[first] : null));
      }
      if (area) return TEXT.inView(state.favoritesOnly ? TEXT.favorites(total) : TEXT.places(total));
      if (state.favoritesOnly) return TEXT.favorites(total);
      return `${TEXT.places(total)} ${TEXT.within(state.radius, origin ? TEXT.you : centerLabel)}`;
    }

    function render() {
      const total = results.length;
      const text = countText(total);
      if (countLine.textContent !== text) countLine.textContent = text;
      if (handleCount && handleCount.textContent !== text) handleCount.textContent = text;
      // «Vis 0 steder», and nothing to press: the reader changes a filter or resets them.
      filtersDone.textContent = TEXT.showResults(total);
      filtersDone.disabled = total === 0;
      empty.hidden = total > 0;
      if (total === 0) {
        // Nothing searched and still nothing (a category the guide has no places in): say so, not «try another word».
        const searched = narrowed();
        const words = state.text.trim();
        emptyTitle.textContent = !searched ? TEXT.nothingHere : words ? TEXT.noMatchesFor(words) : TEXT.noMatches;
        emptyHint.textContent = searched ? noMatchesHint : TEXT.nothingHereHint;
        emptyReset.hidden = !searched;
      }
      list.hidden = total === 0;
      if (listVisible()) renderList();
      else more.hidden = true;
      if (mapVisible()) scheduleMap();
    }

    function listVisible() { return state.view === 'list' || wide.matches || mapFirst; }

    // The map follows the list one frame later (the frame after the list's, then a task), so a
    // keystroke's new list is drawn first and never waits for a big guide's pins to be regrouped.
    let mapFrame = 0;   // the frame the map waits for, then
    let mapTimer = 0;   // the task it is drawn in
    function scheduleMap() {
      if (mapFrame || mapTimer || !MapKit) return;
      map.dataset.pending = 'true';
      mapFrame = requestAnimationFrame(() => {
        mapFrame = requestAnimationFrame(() => { mapFrame = 0; mapTimer = setTimeout(drawMapNow, 0); });
      });
    }
    function drawMapNow() {
      if (mapFrame) cancelAnimationFrame(mapFrame);
      if (mapTimer) clearTimeout(mapTimer);
      mapFrame = 0;
      mapTimer = 0;
      const started = performance.now();
      if (mapVisible()) renderMap();
      if (map) delete map.dataset.pending;
      measure('beacon-map', started);
    }

    /** The page's places (its category's, on a category page) within `metres` of the centre in use. */
    function pagePlacesWithin(metres) {
      const wanted = category === 'all' ? -1 : CATEGORY_KEYS.indexOf(category);
      const within = [];
      for (let i = 0; i < n; i++) {
        if (placeIndex.outside[i] || distance[i] > metres || (wanted >= 0 && categoryCode[i] !== wanted)) continue;
        within.push(i);
      }
      return within;
    }

    function mapVisible() { return !!MapKit && (state.view === 'map' || wide.matches || mapFirst); }

    /** What the rendered cards show; the same key means nothing to redraw. */
    function listKey() {
      const shown = Math.min(results.length, state.shown);
      return `${state.sort}|${origin ? `${origin.lat},${origin.lon}` : 'c'}|${shown}|${results.length}|${results.slice(0, shown).join(',')}`;
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

    /** A rated place's average (`avg`, three decimals; its rounded `s` in data without one). */
    function averageOf(p) { return Number.isFinite(p.avg) ? p.avg : p.s || 0; }

    /** «Nando's · Princes Street»: the name and what tells it apart from others of that name (NameSuffixes in Swift). */
    function displayName(p) {
      const name = Query.shownName(p, pageLanguage);
      return p.ns ? name + NAME_SEPARATOR + p.ns : name;
    }

    /** The name as the card shows it; marked with its language (`nlang`) when shown as the data has it, in a
     * language other than the page's (Components.name in Swift). */
    function nameElement(p) {
      const name = Query.shownName(p, pageLanguage);
      const span = element('span', 'place-card__name');
      const family = pageLanguage === 'en' ? ['en'] : ['nb', 'nn', 'no'];
      if (name === p.n && typeof p.nlang === 'string' && !family.includes(p.nlang)) {
        const marked = element('span', '', name);
        marked.lang = p.nlang;
        span.append(marked);
      } else {
        span.append(name);
      }
      if (p.ns) span.append(element('span', 'name-suffix', NAME_SEPARATOR + p.ns));
      return span;
    }

    /** One card, the same markup as Components.placeCard in Swift, plus the opening status. */
    function card(i) {
      const p = places[i];
      const key = CATEGORY_KEYS[categoryCode[i]];
      const info = { singular: TEXT.category(key), icon: CATEGORIES[key].icon };
      const li = element('li', 'place-card');
      li.dataset.id = p.id;
      const link = element('a', 'place-card__link');
      link.href = sitePrefix + Text.home + p.u;
      const icon = p.ph ? cardPhoto(p) : element('span', `place-card__icon cat-icon ${info.icon}`, '');
      if (!p.ph) icon.setAttribute('aria-hidden', 'true');
      const body = element('span', 'place-card__body');
      body.append(nameElement(p));
      // The address, else the part of town the data names (Components.cardAddress), else nothing.
      if (p.a || p.ar) body.append(element('span', 'place-card__address', p.a || p.ar));
      body.append(element('span', 'place-card__meta', `${kindOf(p, info.singular)} · ${formatDistance(distance[i])}`));
      const marks = traitMarks(p);
      if (marks) body.append(marks);
      const aside = element('span', 'place-card__aside');
      if (favorite[i]) aside.append(favoriteMark());
      if (p.s) aside.append(ratingBadge(p));
      link.append(icon, body, aside);
      // The open status and the comment under the lines, as wide as the card (Components.placeCard).
      const hours = hoursStatus(i);
      const hasComment = typeof p.m === 'string' && p.m;
      if (hours.state >= 0 || hasComment) {
        const footer = element('span', 'place-card__footer');
        if (hours.state >= 0) footer.append(openBadge(hours));
        if (hasComment) footer.append(commentLine(p.m));
        link.append(footer);
      }
      li.append(link);
      return li;
    }

    /**
     * The owner's first photo in place of the symbol (PhotoMarkup.thumbnail in Swift): decorative, since the
     * card's name says where the link goes; the WebP, the JPEG for a browser without it.
     */
    function cardPhoto(p) {
      const box = element('span', 'place-card__photo');
      const picture = document.createElement('picture');
      const source = document.createElement('source');
      source.type = 'image/webp';
      source.srcset = sitePrefix + p.ph;
      const img = document.createElement('img');
      if (p.pc) img.className = p.pc;
      img.src = sitePrefix + (p.pj || p.ph);
      img.width = p.pw || 360;
      img.height = p.phh || 270;
      img.alt = '';
      img.decoding = 'async';
      img.loading = 'lazy';
      picture.append(source, img);
      box.append(picture);
      return box;
    }

    /** «Indisk, pizza» when the data knows the cuisines, else the category (Components.kind in Swift). */
    function kindOf(p, categoryName) {
      const cuisines = Query.cuisinesOf(p);
      if (!cuisines.length) return categoryName;
      const list = cuisines.map(TEXT.cuisine).join(', ');
      return list.charAt(0).toUpperCase() + list.slice(1);
    }

    /** «Vegetar», «Vegansk», «Rullestolvennlig», «$$» (Components.traitMarks in Swift); null for none. */
    function traitMarks(p) {
      const words = [];
      if (TEXT.vegetarian[p.dv]) words.push(['mark mark--diet', TEXT.vegetarian[p.dv]]);
      if (TEXT.vegan[p.dg]) words.push(['mark mark--diet', TEXT.vegan[p.dg]]);
      if (p.w === 'yes') words.push(['mark mark--access', TEXT.wheelchair]);
      const level = Number.isInteger(p.p) && p.p >= 1 && p.p <= 4 ? p.p : 0;
      if (!words.length && !level) return null;
      const marks = element('span', 'marks');
      for (const [className, text] of words) marks.append(element('span', className, text));
      if (level) {
        const price = element('span', 'mark mark--price');
        const symbols = element('span', '', '$'.repeat(level));
        symbols.setAttribute('aria-hidden', 'true');
        price.append(symbols, element('span', 'visually-hidden', TEXT.price[level]));
        marks.append(price);
      }
      return marks;
    }

    /** «Byens beste filterkaffe»: the owner's newest comment, one line (Components.cardComment in Swift). */
    function commentLine(text) {
      const line = element('span', 'place-card__comment');
      line.append(element('span', 'visually-hidden', TEXT.commentLabel), ' ', TEXT.quoted(text));
      return line;
    }

    /** "Åpent · stenger kl. 22:00" / "Stengt · åpner kl. 11:00" (only for hours that beacon-hours.js understands). */
    function openBadge(hours) {
      const badge = element('span', 'open-badge', hours.text);
      badge.dataset.state = hours.state === 1 ? 'open' : 'closed';
      return badge;
    }

    /** The star, filled by the average, and the average beside it («4,5»): Components.rating in Swift. */
    function ratingBadge(p) {
      const badge = element('span', 'rating');
      const text = element('span', 'rating__text', Text.average(averageOf(p)));
      text.setAttribute('aria-hidden', 'true');
      badge.append(Text.starIcon(averageOf(p), 'star'), text, element('span', 'visually-hidden', TEXT.ratingLabel(averageOf(p), p.r || 0)));
      return badge;
    }
    function favoriteMark() {
      const mark = element('span', 'favorite-mark');
      const heart = svg('svg', { class: 'heart', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
      heart.append(svg('path', { d: HEART_PATH }));
      mark.append(heart, element('span', 'visually-hidden', TEXT.favorite));
      return mark;
    }

    // ---------- Map (Leaflet through beacon-map.js; the basemap from the page data) ----------

    const MapKit = window.BeaconMap && window.L && data.map && map ? window.BeaconMap : null;
    if (!MapKit) {
      // No map library on this site (or no map on this page): the list is the page.
      root.dataset.map = 'none';
      state.view = 'list';
      if (map) map.hidden = true;
      for (const button of viewButtons) button.closest('.view-switch').hidden = true;
    }
    // A basemap (tiles, or Beacon's own vector map) puts the map first on a phone.
    const hasBasemap = !!MapKit && typeof MapKit.hasBasemap === 'function' && MapKit.hasBasemap(data.map);
    let leaflet = null;       // the map, made when it is first shown
    let cluster = null;
    let lift = null;          // lifts the pin (or its cluster) of the card the reader points at
    let ringLayer = null;
    let readerLayer = null;
    let locateControl = null; // «Finn meg» in the map's corner, while the map comes first
    let shownOnMap = null;    // the results the pins show
    let fittedFor = null;     // the centre and radius the view was last fitted to
    let readerMoved = false;  // the reader has dragged or zoomed since then
    let fitting = false;      // the view is being set by this script, not by the reader
    const markers = new Array(n); // one marker per place, made when first shown

    /** Sets the view (or the size) without counting it as the reader's move. */
    function quietly(action) {
      fitting = true;
      try { action(); } finally { fitting = false; }
    }

    /** The map, made on first use: basemap, clusters, ring, the guide's centre. */
    function ensureMap() {
      if (leaflet) return leaflet;
      leaflet = MapKit.create(mapCanvas, data.map, TEXT.mapLabel(centerLabel), { visibleInset: hiddenEdges });
      // Tens of thousands of pins: grouped by this script, only what is in view drawn (beacon-map.js).
      cluster = MapKit.usesGrid(n)
        ? MapKit.gridGroup(n, (i) => [places[i].lat, places[i].lon], markerFor).addTo(leaflet)
        : MapKit.clusterGroup(n).addTo(leaflet);
      lift = MapKit.pinLifter(cluster);
      ringLayer = MapKit.ring().addTo(leaflet);
      MapKit.centerMarker({ lat: center.lat, lon: center.lon, label: centerLabel }).addTo(leaflet);
      readerLayer = MapKit.readerMarker();
      leaflet.on('dragstart zoomstart', () => { if (!fitting) readerMoved = true; });
      // Once the reader has moved a wide screen's map, the list can follow it: «Søk i dette området».
      leaflet.on('moveend', () => {
        if (fitting || !wide.matches || !areaSearch) return;
        areaSearch.hidden = false;
      });
      if (mapLocate) locateControl = MapKit.cornerControl(mapLocate, 'bottomright');
      placeLocateControl();
      // The map's box changes with the layout (a phone turned, the sheet's peek measured): Leaflet is told.
      if (window.ResizeObserver) new ResizeObserver(() => quietly(() => leaflet.invalidateSize({ pan: false }))).observe(mapCanvas);
      return leaflet;
    }

    /** «Finn meg» stands in the map's corner, above the credits, while the map comes first. */
    function placeLocateControl() {
      if (!locateControl || !leaflet) return;
      if (mapFirst) locateControl.addTo(leaflet);
      else locateControl.remove();
      mapLocate.hidden = !mapFirst;
    }

    function markerFor(i) {
      if (markers[i]) return markers[i];
      const p = places[i];
      const info = { singular: TEXT.category(CATEGORY_KEYS[categoryCode[i]]) };
      const label = [displayName(p), info.singular].concat(p.s ? [TEXT.ratingLabel(averageOf(p), p.r || 0)] : []).join(', ');
      const marker = window.L.marker([p.lat, p.lon], { icon: MapKit.pinIcon({ c: CATEGORY_KEYS[categoryCode[i]], s: p.s, avg: p.avg, n: displayName(p), f: p.f }, star, label), keyboard: true });
      marker.options.placeId = p.id;
      marker.options.place = i;
      bindPlaceCard(marker);
      // With the map first, a pin opens the sheet at its place's card (the card there is the pin's card).
      marker.on('click', () => { if (mapFirst) openSheetAt(p.id); });
      marker.on('popupopen', () => {
        if (!wide.matches) return;
        const card = cardFor(p.id, true);
        if (!card) return;
        card.classList.add('place-card--active');
        if (wide.matches) card.scrollIntoView({ block: 'nearest' });
      });
      marker.on('popupclose', () => {
        for (const card of list.querySelectorAll('.place-card--active')) card.classList.remove('place-card--active');
      });
      markers[i] = marker;
      return marker;
    }

    /** A pin's small card on the map, except while the map comes first (its card is then the list's). */
    function bindPlaceCard(marker) {
      if (mapFirst) {
        marker.unbindPopup();
        return;
      }
      if (marker.getPopup()) return;
      const i = marker.options.place;
      const p = places[i];
      marker.bindPopup(() => {
        const hours = hoursStatus(i);
        return MapKit.placeCard({
          name: displayName(p), meta: `${TEXT.category(CATEGORY_KEYS[categoryCode[i]])} · ${formatDistance(distance[i])}`,
          stars: p.s, average: p.s ? averageOf(p) : 0, ratingLabel: p.s ? TEXT.ratingLabel(averageOf(p), p.r || 0) : '', href: sitePrefix + Text.home + p.u,
          status: hours.state >= 0 ? { text: hours.text, open: hours.state === 1 } : null,
          photo: p.ph ? { src: sitePrefix + p.ph, width: p.pw, height: p.phh, placeholder: p.pc } : null,
        }, star);
      }, { maxWidth: 260, minWidth: 200, autoPanPadding: [24, 24] });
    }

    /**
     * The card of place `id` in the list, or null; with `render`, the list grows by pages until it holds
     * the card (a pin of a place beyond the first hundred).
     */
    function cardFor(id, render) {
      const find = () => Array.from(list.children).find((li) => li.dataset.id === id) || null;
      let card = find();
      if (card || !render) return card;
      const k = results.findIndex((i) => places[i].id === id);
      if (k < 0) return null;
      state.shown = Math.max(state.shown, (Math.floor(k / PAGE_SIZE) + 1) * PAGE_SIZE);
      renderList();
      return find();
    }

    /**
     * The results as clustered pins, the ring around the centre in use, the reader. The view is
     * fitted to the places at first, when the centre or radius changes, and when the results
     * change unless the reader has moved the map since.
     */
    function renderMap() {
      if (!MapKit) return;
      const lmap = ensureMap();
      quietly(() => lmap.invalidateSize({ pan: false }));
      const focus = origin || center;
      ringLayer.setLatLng([focus.lat, focus.lon]);
      ringLayer.setRadius(state.radius * 1000);
      if (origin) readerLayer.setLatLng([origin.lat, origin.lon]).addTo(lmap);
      else readerLayer.remove();
      const key = results.join(',');
      const changed = key !== shownOnMap;
      if (changed) {
        shownOnMap = key;
        if (cluster.setItems) {
          cluster.setItems(results, { redraw: false }); // drawn once below, after the view is fitted
        } else {
          cluster.clearLayers();
          cluster.addLayers(results.map(markerFor));
        }
      }
      mapCanvas.dataset.count = String(results.length);
      const frame = `${origin ? `${origin.lat},${origin.lon}` : 'centre'}|${state.radius}`;
      // A search that finds nothing leaves the map where it was: there is nothing to show elsewhere.
      const keepView = results.length === 0 && fittedFor !== null && frame === fittedFor;
      if (frame !== fittedFor || (changed && !readerMoved && !keepView)) {
        fitView(focus);
        fittedFor = frame;
        readerMoved = false;
      }
      if (cluster.redraw) cluster.redraw();
    }

    /**
     * What covers the map's box, in px at each edge (`BeaconMap`'s `visibleInset`): with the map first, the
     * floating search and chips over its top and the list's sheet over its foot; beside the list on a wide
     * screen, the fold under a map as tall as the window.
     */
    function hiddenEdges() {
      const box = mapCanvas.getBoundingClientRect();
      const top = mapFirst && bar ? Math.max(0, bar.getBoundingClientRect().bottom - box.top) : 0;
      let bottom = box.top < window.innerHeight ? Math.max(0, box.bottom - window.innerHeight) : 0;
      if (mapFirst && sheet) bottom = Math.max(bottom, box.bottom - sheet.getBoundingClientRect().top);
      return { top, bottom, left: 0, right: 0 };
    }

    /**
     * The view the map opens on: where the places are, at street level (`BeaconMap.firstView`: the places
     * nearest the centre and the owner's picks, never further out than the radius), in the part of the map
     * the reader sees; once "Finn meg" has found the reader, centred on them, as far out as their nearest
     * places; with no places, the ring.
     */
    function fitView(focus) {
      const L = window.L;
      const radiusBounds = L.latLng(focus.lat, focus.lon).toBounds(state.radius * 2000);
      if (!origin) {
        // The places within the radius (with «Favoritter» on, the favorites elsewhere only when none is).
        let chosen = results.filter((i) => distance[i] <= state.radius * 1000);
        if (!chosen.length) chosen = results;
        // Nothing found (a search restored on opening, a smaller radius): where the page's places are.
        if (!chosen.length) chosen = pagePlacesWithin(state.radius * 1000);
        if (chosen.length) {
          const size = leaflet.getSize();
          const edges = hiddenEdges();
          const margin = 28;
          const padding = L.point(edges.left + edges.right + 2 * margin, edges.top + edges.bottom + 2 * margin);
          const reach = L.latLngBounds(radiusBounds.getSouthWest(), radiusBounds.getNorthEast());
          for (const i of chosen) reach.extend([places[i].lat, places[i].lon]);
          const view = MapKit.firstView(
            chosen.map((i) => {
              const p = places[i];
              const picksFrom = Number.isFinite(data.picksMinimumRating) ? data.picksMinimumRating : 4;
              return { lat: p.lat, lon: p.lon, pick: !!p.f || (Number.isFinite(p.avg) ? p.avg : p.s || 0) >= picksFrom };
            }),
            focus, { width: size.x - padding.x, height: size.y - padding.y },
            { min: leaflet.getBoundsZoom(reach, false, padding), max: leaflet.getMaxZoom() });
          quietly(() => MapKit.showAt(leaflet, [view.lat, view.lon], view.zoom, { animate: false }));
          return;
        }
      }
      const reach = state.favoritesOnly ? Infinity : state.radius * 1000;
      let bounds = null;
      // The ten nearest places within reach, and the reader in the middle.
      const nearest = [];
      for (const i of origin ? results : []) {
        if (distance[i] > reach) continue;
        if (nearest.length < 10) nearest.push(i);
        else if (distance[i] < distance[nearest[9]]) nearest[9] = i;
        else continue;
        nearest.sort((a, b) => distance[a] - distance[b]);
      }
      if (nearest.length) {
        let dLat = 0.0015, dLon = 0.003;
        for (const i of nearest) {
          dLat = Math.max(dLat, Math.abs(places[i].lat - origin.lat));
          dLon = Math.max(dLon, Math.abs(places[i].lon - origin.lon));
        }
        bounds = L.latLngBounds([origin.lat - dLat, origin.lon - dLon], [origin.lat + dLat, origin.lon + dLon]);
      }
      // Without places, the ring (from its centre and size: the layer has no view to measure yet).
      quietly(() => MapKit.fitVisible(leaflet, bounds || radiusBounds, { maxZoom: 16, animate: false }));
    }

    // ---------- «Søk i dette området» (a wide screen's map, once the reader has moved it) ----------

    function limitToView() {
      if (!leaflet) return;
      const b = leaflet.getBounds();
      area = { s: b.getSouth(), w: b.getWest(), n: b.getNorth(), e: b.getEast() };
      areaSearch.hidden = true;
      areaReset.hidden = false;
      change({});
      areaReset.focus();
    }
    function showEverywhere({ focus = true } = {}) {
      if (!area && areaReset && areaReset.hidden) return;
      area = null;
      if (areaReset) areaReset.hidden = true;
      if (areaSearch) areaSearch.hidden = true;
      change({});
      if (focus && leaflet) leaflet.getContainer().focus({ preventScroll: true });
    }
    if (areaSearch) areaSearch.addEventListener('click', limitToView);
    if (areaReset) areaReset.addEventListener('click', () => showEverywhere());

    /** For the browser tests and the benchmark: what the map shows (read-only). */
    window.BeaconExplorer = Object.freeze({
      mapPlaceIds: () => {
        if (!cluster) return [];
        if (cluster.getItems) return cluster.getItems().map((i) => places[i].id);
        return cluster.getLayers().map((marker) => marker.options.placeId);
      },
      /** A big guide's map: the size of each group drawn (1 for a pin), null otherwise. */
      mapGroups: () => (cluster && cluster.drawnCounts ? cluster.drawnCounts() : null),
      ring: () => (ringLayer && leaflet ? { lat: ringLayer.getLatLng().lat, lon: ringLayer.getLatLng().lng, metres: ringLayer.getRadius() } : null),
      reader: () => (readerLayer && leaflet && leaflet.hasLayer(readerLayer) ? { lat: readerLayer.getLatLng().lat, lon: readerLayer.getLatLng().lng } : null),
      map: () => leaflet,
      /** The sheet of the list, while the map comes first: 'open' or 'closed'; null otherwise. */
      sheet: () => (mapFirst ? (sheetOpen ? 'open' : 'closed') : null),
    });

    // ---------- Controls ----------

    /** The cuisine chips after «Alle kjøkken» (ExplorerControls.cuisineChips renders that one): buttons that filter. */
    function cuisineChips() {
      cuisineRow.hidden = cuisineOffer.length === 0;
      const rowList = cuisineRow.querySelector('ul');
      for (const offer of cuisineOffer) {
        const button = element('button', 'chip chip--cuisine', offer.name.charAt(0).toUpperCase() + offer.name.slice(1));
        button.type = 'button';
        button.dataset.cuisine = offer.key;
        const tally = element('span', 'chip__count', integer(offer.count));
        button.append(' ', tally);
        const item = element('li');
        item.append(button);
        rowList.append(item);
      }
      const buttons = Array.from(cuisineRow.querySelectorAll('button[data-cuisine]'));
      for (const button of buttons) {
        button.addEventListener('click', () => {
          const key = button.dataset.cuisine || null;
          change({ cuisine: key === state.cuisine ? null : key });
        });
      }
      return buttons;
    }

    /** How many of the panel's settings differ from the defaults (the badge on "Filtre"). */
    function activeFilters() {
      return (state.radius !== fetchedKm ? 1 : 0) + (state.sort !== defaults.sort ? 1 : 0)
        + (state.favoritesOnly ? 1 : 0) + (state.openNow && hasHours ? 1 : 0);
    }

    function syncControls() {
      if (searchInput.value !== state.text) searchInput.value = state.text;
      if (radiusInput) {
        radiusInput.value = String(state.radius);
        radiusInput.setAttribute('aria-valuetext', `${state.radius} km`);
        radiusValue.textContent = `${state.radius} km`;
        // Favorites are all shown wherever they are: the radius does not apply to them.
        radiusInput.disabled = state.favoritesOnly;
      }
      sortSelect.value = state.sort;
      favoritesButton.setAttribute('aria-pressed', String(state.favoritesOnly));
      if (openNowButton) openNowButton.setAttribute('aria-pressed', String(state.openNow));
      for (const button of cuisineButtons) button.setAttribute('aria-pressed', String((button.dataset.cuisine || null) === state.cuisine));
      for (const button of viewButtons) button.setAttribute('aria-pressed', String(button.dataset.view === state.view));
      root.dataset.view = state.view;
      const active = activeFilters();
      filterCount.hidden = active === 0;
      filterCount.textContent = String(active);
      if (active === 0) filtersButton.removeAttribute('aria-description');
      else filtersButton.setAttribute('aria-description', TEXT.filtersActive(active));
    }

    /** `automatic`: the order «Finn nærmeste meg» set, not one the reader chose (which is kept). */
    function change(patch, automatic) {
      if (!automatic && 'sort' in patch) sortChosen = patch.sort;
      Object.assign(state, patch);
      save();
      syncControls();
      update();
    }

    let searchTimer = 0;
    /** The results while the search waits: dimmed and busy at the first key, so it feels instant. */
    function searching(waiting) {
      if (waiting) list.setAttribute('aria-busy', 'true');
      else list.removeAttribute('aria-busy');
    }
    function search() {
      clearTimeout(searchTimer);
      searching(false);
      change({ text: searchInput.value });
    }
    searchInput.addEventListener('input', () => {
      clearTimeout(searchTimer);
      searching(searchInput.value !== state.text);
      searchTimer = setTimeout(search, SEARCH_DEBOUNCE_MS);
    });
    searchInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        search();
        searchInput.blur(); // a phone's keyboard goes away and shows the results
      }
    });

    function setPanel(open) {
      filterPanel.hidden = !open;
      filtersButton.setAttribute('aria-expanded', String(open));
    }
    filtersButton.addEventListener('click', () => {
      const open = filterPanel.hidden;
      setPanel(open);
      if (open) (radiusInput || sortSelect).focus();
    });
    filtersDone.addEventListener('click', () => {
      setPanel(false);
      filtersButton.focus();
      // «Vis 12 steder»: the list, over the map when the map comes first.
      if (mapFirst) moveSheet(true);
      else if (!wide.matches) root.querySelector('.explorer-body').scrollIntoView({ block: 'start' });
    });
    filterPanel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        setPanel(false);
        filtersButton.focus();
      }
    });
    if (radiusInput) radiusInput.addEventListener('input', () => change({ radius: clampRadius(Number(radiusInput.value)) }));
    sortSelect.addEventListener('change', () => {
      if (SORTS.includes(sortSelect.value)) change({ sort: sortSelect.value });
    });
    favoritesButton.addEventListener('click', () => change({ favoritesOnly: !state.favoritesOnly }));
    for (const button of viewButtons) {
      button.addEventListener('click', () => {
        change({ view: button.dataset.view === 'map' ? 'map' : 'list' });
        window.scrollTo({ top: 0 });
      });
    }
    if (openNowButton) {
      // Shown only when some place has hours the script understands.
      openNowButton.hidden = !hasHours;
      openNowButton.addEventListener('click', () => change({ openNow: !state.openNow }));
    }
    /** «Nullstill»: the search, the filters, the order and «Søk i dette området» back to the start. */
    function resetAll() {
      clearTimeout(searchTimer);
      area = null;
      if (areaReset) areaReset.hidden = true;
      change(Object.assign({}, defaults));
    }
    resetButton.addEventListener('click', () => {
      resetAll();
      resetButton.focus();
    });
    // The empty list's own way out; the focus goes to the count of what is back.
    emptyReset.addEventListener('click', () => {
      resetAll();
      if (mapFirst) moveSheet(true);
      countLine.focus({ preventScroll: mapFirst });
    });
    // A card's link remembers where the reader was (the pages are static: the list is rebuilt on return).
    list.addEventListener('click', (event) => {
      const link = event.target.closest && event.target.closest('a.place-card__link');
      const card = link && link.closest('.place-card');
      if (!card) return;
      writeStorage(sessionStorage, RETURN_KEY, { page: listPage, id: card.dataset.id, href: link.href, shown: state.shown });
    });
    /** The card the reader came back from, scrolled into view (with the map first: the sheet opened at it), focused and marked for a moment. */
    function returnToCard(id) {
      if (mapFirst) {
        openSheetAt(id, { returned: true });
        return;
      }
      if (state.view === 'map' && !wide.matches) return;
      const card = Array.from(list.children).find((li) => li.dataset.id === id);
      if (!card) return;
      card.scrollIntoView({ block: 'center' });
      card.querySelector('a').focus({ preventScroll: true });
      card.classList.add('place-card--returned');
      setTimeout(() => card.classList.remove('place-card--returned'), 2000);
    }

    // A card and its pin go together: pointing at or focusing a card lifts its pin (or the count of the
    // cluster it is in); a pin's popup scrolls its card into view beside the map (markerFor).
    let indexById = null; // place id → index, made on first use
    function markerOf(id) {
      if (!indexById) {
        indexById = new Map();
        for (let k = 0; k < n; k++) indexById.set(places[k].id, k);
      }
      const i = indexById.get(id);
      return i === undefined ? null : markers[i] || null;
    }
    if (MapKit) MapKit.linkCards(list, markerOf, (marker) => { if (lift) lift(marker); });

    moreButton.addEventListener('click', () => {
      const first = state.shown;
      state.shown += PAGE_SIZE;
      renderList();
      const next = list.children[first];
      if (next) next.querySelector('a').focus();
    });
    // Crossing 64rem: the map joins the list, or leaves it (and the list no longer follows the map's view).
    wide.addEventListener('change', () => {
      if (!wide.matches && (area || (areaReset && !areaReset.hidden) || (areaSearch && !areaSearch.hidden))) {
        showEverywhere({ focus: false });
      }
      render();
    });
    // Crossing 37.5rem: the map comes first, or the list does.
    phone.addEventListener('change', () => {
      if (setLayout()) render();
    });

    // ---------- "Finn nærmeste meg" ----------

    function say(text, kind) {
      message.textContent = text;
      message.dataset.kind = kind || '';
      status.hidden = !text && originReset.hidden;
    }
    // "Finn nærmeste meg" above the list, and the round «Finn meg» in the map when the map comes first: one
    // action, which also centres the map on the reader.
    const locateButtons = [locateButton, mapLocate].filter(Boolean);
    function locate() {
      if (!('geolocation' in navigator)) {
        say(window.isSecureContext === false ? TEXT.insecure : TEXT.unsupported, 'error');
        return;
      }
      for (const button of locateButtons) button.setAttribute('aria-disabled', 'true');
      say(TEXT.locating, 'busy');
      navigator.geolocation.getCurrentPosition((position) => {
        for (const button of locateButtons) button.removeAttribute('aria-disabled');
        fittedFor = null; // found again where they were: the map still comes back to them
        useReaderPosition({ lat: position.coords.latitude, lon: position.coords.longitude }, true);
      }, (error) => {
        for (const button of locateButtons) button.removeAttribute('aria-disabled');
        if (error && error.code === 1) say(window.isSecureContext === false ? TEXT.insecure : TEXT.denied, 'error');
        else if (error && error.code === 3) say(TEXT.timeout, 'error');
        else say(TEXT.unavailable, 'error');
      }, { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 });
    }
    for (const button of locateButtons) {
      button.addEventListener('click', () => {
        if (button.getAttribute('aria-disabled') !== 'true') locate();
      });
    }
    originReset.textContent = TEXT.useCenter(centerLabel);
    originReset.addEventListener('click', () => {
      setOrigin(null);
      say(TEXT.measuringFromCenter(centerLabel), '');
      change({ sort: sortChosen });
      (mapFirst && mapLocate ? mapLocate : locateButton).focus();
    });

    /** Distances from the reader, or none when no place is within the largest radius of them. */
    function distancesFrom(position) {
      const measured = new Float64Array(n);
      let nearest = Infinity;
      for (let i = 0; i < n; i++) {
        measured[i] = Math.round(haversine(position.lat, position.lon, places[i].lat, places[i].lon));
        if (!places[i].x && measured[i] < nearest) nearest = measured[i];
      }
      return nearest <= radiusBounds[1] * 1000 ? measured : null;
    }

    function setOrigin(position, measured) {
      // A new centre: the list is the places around it again, not those of a view the reader chose.
      area = null;
      if (areaReset) areaReset.hidden = true;
      if (areaSearch) areaSearch.hidden = true;
      origin = position;
      distance = position ? measured : centerMetres;
      resultsKey = '';
      originReset.hidden = !position;
      root.dataset.origin = position ? 'reader' : 'center';
    }

    /** The reader's position becomes the one centre, or, far outside the guide, is declined with a reason. */
    function useReaderPosition(position, announce) {
      const measured = distancesFrom(position);
      if (!measured) {
        setOrigin(null);
        const away = formatDistance(haversine(position.lat, position.lon, center.lat, center.lon));
        say(TEXT.farAway(away, centerLabel, fetchedKm), 'far');
        change({});
        return;
      }
      setOrigin(position, measured);
      if (announce) say(TEXT.fromYou, 'origin');
      else say('', '');
      // The button means nearest first, whatever the order was: the select shows «Avstand», and
      // the reader's own choice comes back with the guide's centre.
      change({ sort: 'distance' }, true);
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
        const link = li.querySelector('.place-card__link');
        if (i === undefined || !link) continue;
        const hours = hoursStatus(i);
        let footer = link.querySelector('.place-card__footer');
        const old = footer && footer.querySelector('.open-badge');
        if (hours.state < 0) {
          if (old) old.remove();
          if (footer && !footer.firstChild) footer.remove();
        } else if (!old || old.textContent !== hours.text || old.dataset.state !== (hours.state === 1 ? 'open' : 'closed')) {
          const fresh = openBadge(hours);
          // Under the card's lines, above the comment, as card() places it.
          if (old) old.replaceWith(fresh);
          else {
            if (!footer) link.append(footer = element('span', 'place-card__footer'));
            footer.prepend(fresh);
          }
        }
      }
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
        refreshOpenMarks();
      }
      // Every zone is a whole number of minutes from UTC, so its minutes turn with Date.now()'s.
      setTimeout(tickOpen, 60000 - (Date.now() % 60000) + 50);
    }
    if (hasHours) setTimeout(tickOpen, 60000 - (Date.now() % 60000) + 50);

    // ---------- The map first (a phone, a guide with a basemap): the list as a sheet ----------
    //
    // The map sticks to the top of the screen and the results come after it in the page, their top edge
    // (the handle: the count, and a grip) and first card showing under the map: scrolling the page pulls the
    // sheet up over the map. So the reader's finger on the list pulls it as any page scrolls; the handle is
    // pulled by pointer events (mouse, pen or finger), tapped, or pressed (Enter, Space; Escape closes); an
    // open sheet is an entry in the history, so the back button closes it; and a sheet let go between
    // closed and open settles on the nearer.

    let sheetOpen = false;
    let sheetEntry = false;  // the open sheet's history entry is this page's own (pushed here)
    let moving = false;      // the page is scrolling to where this script sent it
    let movingTimer = 0;
    let drag = null;         // the handle being pulled: { id, y, scroll, moved, last, time, velocity }
    let clickAfterDrag = false;
    const still = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

    /** Whether the map comes first now; sets the page's layout to match. True when that changed. */
    function setLayout() {
      const next = hasBasemap && phone.matches && !!handle && !!sheet && !!bar;
      if (next === mapFirst && (root.dataset.layout === 'map-first') === next) return false;
      mapFirst = next;
      if (next) {
        root.dataset.layout = 'map-first';
        root.dataset.sheet = 'closed';
        // An open sheet from another visit of this entry (a reload) starts closed: its entry is not ours.
        if (history.state && history.state.beaconSheet) replaceHistory({ beaconSheet: null });
        // The sheet's place is this script's to set: a browser restoring the scroll of an entry (back, a
        // reload) would open or close it behind the script's back.
        setScrollRestoration('manual');
        measureSheet();
      } else {
        delete root.dataset.layout;
        delete root.dataset.sheet;
        delete root.dataset.bar;
        setScrollRestoration('auto');
        sheetOpen = false;
        if (handle) handle.setAttribute('aria-expanded', 'false');
      }
      for (const marker of markers) if (marker) bindPlaceCard(marker);
      if (leaflet) leaflet.closePopup();
      placeLocateControl();
      return true;
    }

    function setScrollRestoration(mode) {
      try {
        if ('scrollRestoration' in history) history.scrollRestoration = mode;
      } catch (_) { /* a sandboxed page may not touch its history */ }
    }

    function replaceHistory(patch) {
      try {
        history.replaceState(Object.assign({}, history.state, patch), '');
      } catch (_) { /* a sandboxed page may not touch its history */ }
    }

    /**
     * The sizes the layout reads (CSS custom properties on #explorer): the floating bar's height, where the
     * explorer starts (under the header) and, with `peek` (on arrival and when the window changes, never
     * as the list does, so the map keeps its size while the reader types), how much of the sheet peeks:
     * its handle and the first card.
     */
    function measureSheet({ peek = true } = {}) {
      if (!mapFirst) return;
      const set = (name, px) => {
        const value = `${Math.round(px)}px`;
        if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
      };
      set('--explorer-bar-h', bar.getBoundingClientRect().height);
      set('--explorer-top', root.getBoundingClientRect().top + window.scrollY);
      if (!peek) return;
      const first = !list.hidden && list.firstElementChild;
      const top = sheet.getBoundingClientRect().top;
      // Under a quarter of the screen: a tall first card shows its top, and the map keeps the rest.
      const bottom = first ? first.getBoundingClientRect().bottom + 12 : handle.getBoundingClientRect().bottom + 96;
      set('--sheet-peek', Math.min(Math.max(bottom - top, 112), window.innerHeight * 0.23));
    }
    if (window.ResizeObserver && bar) {
      // The bar grows with the filter panel and the cuisine chips; the header with a note above the page.
      const sizes = new ResizeObserver(() => measureSheet({ peek: false }));
      sizes.observe(bar);
      sizes.observe(document.body);
    }
    // A phone's address bar coming and going changes the window's height only: the sheet keeps its peek.
    let measuredWidth = window.innerWidth;
    window.addEventListener('resize', () => {
      const widthChanged = window.innerWidth !== measuredWidth;
      measuredWidth = window.innerWidth;
      measureSheet({ peek: widthChanged });
    });

    /** The page's scroll position at which the sheet is open: its top under the floating bar. */
    function openTop() {
      return Math.max(0, Math.round(sheet.getBoundingClientRect().top + window.scrollY - bar.getBoundingClientRect().height));
    }

    /**
     * The sheet's state as the handle says it and a screen reader hears it, and its entry in the history
     * (`remember`: false when the reader came back to the list by the history itself: a new entry would
     * cut off the way forward again).
     */
    function showSheetState(open, { remember = true } = {}) {
      if (open === sheetOpen) return;
      sheetOpen = open;
      handle.setAttribute('aria-expanded', String(open));
      root.dataset.sheet = open ? 'open' : 'closed';
      sheetStatus.textContent = open ? TEXT.sheetOpened : TEXT.sheetClosed;
      try {
        if (open && !sheetEntry && remember) {
          history.pushState(Object.assign({}, history.state, { beaconSheet: 'open' }), '');
          sheetEntry = true;
        } else if (!open && sheetEntry) {
          sheetEntry = false;
          history.back(); // lands on the closed sheet's entry: popstate finds the sheet as it should be
        }
      } catch (_) { /* a sandboxed page may not touch its history */ }
      if (!open && sheet.contains(document.activeElement) && document.activeElement !== handle) {
        // The card in focus goes below the screen's edge: the handle keeps the place.
        handle.focus({ preventScroll: true });
      }
    }

    /** Opens or closes the sheet: the page scrolls there (at once for a reader who asked for less motion). */
    function moveSheet(open, target, { remember = true } = {}) {
      if (!mapFirst) return;
      showSheetState(open, { remember });
      let top = open ? (target === undefined ? openTop() : Math.max(target, openTop())) : 0;
      // From deep in the list, closing first comes back to the list's top, at once.
      if (!open && window.scrollY > openTop() + 1) window.scrollTo(0, openTop());
      top = Math.round(top);
      if (Math.abs(window.scrollY - top) < 1) return;
      moving = true;
      clearTimeout(movingTimer);
      movingTimer = setTimeout(() => { moving = false; followScroll(); }, 1200);
      window.scrollTo({ top, behavior: still() ? 'auto' : 'smooth' });
    }

    /** The sheet opened at place `id`'s card (a pin was chosen, or the reader came back from its page). */
    function openSheetAt(id, { returned = false } = {}) {
      const card = cardFor(id, true);
      if (!card) {
        moveSheet(true);
        return;
      }
      for (const other of list.querySelectorAll('.place-card--active')) other.classList.remove('place-card--active');
      // The card right under the handle, which stays at the top of the open sheet.
      const above = () => bar.getBoundingClientRect().height + handle.getBoundingClientRect().height + 12;
      const cardTop = card.getBoundingClientRect().top + window.scrollY;
      moveSheet(true, cardTop - above(), { remember: !returned });
      // Coming back, the page is still settling (a big guide's data files, the map's layout, the cards
      // above growing): the card is kept under the handle until nothing moves for a moment, or the reader acts.
      if (returned) keepUnderHandle(card, above);
      card.classList.add(returned ? 'place-card--returned' : 'place-card--active');
      setTimeout(() => card.classList.remove('place-card--returned', 'place-card--active'), returned ? 2000 : 4000);
      const link = card.querySelector('a');
      if (link) link.focus({ preventScroll: true });
    }

    /** Keeps `card` at `above()` px from the window's top while the layout settles (at most 3 s). */
    function keepUnderHandle(card, above) {
      let stable = 0, frames = 0, stopped = false;
      const stop = () => { stopped = true; };
      const inputs = ['pointerdown', 'wheel', 'keydown', 'touchstart'];
      for (const type of inputs) window.addEventListener(type, stop, { once: true, passive: true });
      const step = () => {
        if (stopped || !mapFirst || frames++ > 180 || stable > 20) {
          for (const type of inputs) window.removeEventListener(type, stop);
          return;
        }
        const offset = card.getBoundingClientRect().top - above();
        if (Math.abs(offset) > 2 && !moving) {
          window.scrollTo(0, Math.round(window.scrollY + offset));
          stable = 0;
        } else if (!moving) {
          stable += 1;
        }
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }

    /** After each scroll: the state follows where the sheet is, and the bar over it turns solid once it covers the map. */
    function followScroll() {
      if (!mapFirst) return;
      const top = openTop();
      if (!moving && !drag) showSheetState(window.scrollY > top / 2);
      const covered = sheet.getBoundingClientRect().top <= bar.getBoundingClientRect().bottom + 1;
      if (covered) root.dataset.bar = 'solid';
      else delete root.dataset.bar;
    }
    let scrollFrame = 0;
    window.addEventListener('scroll', () => {
      if (!mapFirst || scrollFrame) return;
      scrollFrame = requestAnimationFrame(() => { scrollFrame = 0; followScroll(); });
    }, { passive: true });
    // Let go between closed and open, the sheet settles on the nearer.
    window.addEventListener('scrollend', () => {
      if (!mapFirst || drag) return;
      if (moving) {
        moving = false;
        clearTimeout(movingTimer);
        followScroll();
        return;
      }
      const top = openTop(), y = window.scrollY;
      if (y > 1 && y < top - 1) moveSheet(y > top / 2);
    });

    window.addEventListener('popstate', () => {
      if (!mapFirst) return;
      const open = !!(history.state && history.state.beaconSheet === 'open');
      sheetEntry = open;
      if (open !== sheetOpen || (!open && window.scrollY > 1)) moveSheet(open);
    });

    if (handle) {
      handle.addEventListener('click', (event) => {
        if (clickAfterDrag) {
          clickAfterDrag = false;
          event.preventDefault();
          return;
        }
        moveSheet(!sheetOpen);
      });
      handle.addEventListener('pointerdown', (event) => {
        clickAfterDrag = false;
        if (!mapFirst || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
        drag = { id: event.pointerId, y: event.clientY, scroll: Math.min(window.scrollY, openTop()), moved: false,
                 last: event.clientY, time: event.timeStamp, velocity: 0 };
        try { handle.setPointerCapture(event.pointerId); } catch (_) { /* the pointer is already gone */ }
      });
      handle.addEventListener('pointermove', (event) => {
        if (!drag || event.pointerId !== drag.id) return;
        const dy = event.clientY - drag.y;
        if (!drag.moved && Math.abs(dy) < 6) return;
        if (!drag.moved && window.scrollY > openTop()) window.scrollTo(0, openTop());
        drag.moved = true;
        const elapsed = Math.max(1, event.timeStamp - drag.time);
        drag.velocity = (event.clientY - drag.last) / elapsed; // px/ms, up is negative
        drag.last = event.clientY;
        drag.time = event.timeStamp;
        window.scrollTo(0, Math.min(Math.max(drag.scroll - dy, 0), openTop()));
        followScroll();
      });
      const letGo = (event) => {
        if (!drag || event.pointerId !== drag.id) return;
        const { moved, velocity } = drag;
        drag = null;
        if (!moved) return;
        clickAfterDrag = true;
        const top = openTop();
        moveSheet(velocity < -0.4 ? true : velocity > 0.4 ? false : window.scrollY > top / 2);
      };
      handle.addEventListener('pointerup', letGo);
      handle.addEventListener('pointercancel', letGo);
      // A mouse pulling the handle scrolls a card's link under it, which the browser would start to drag.
      document.addEventListener('dragstart', (event) => { if (drag) event.preventDefault(); });
      sheet.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || !mapFirst || !sheetOpen) return;
        event.preventDefault();
        moveSheet(false);
        handle.focus({ preventScroll: true });
      });
    }

    // ---------- Printing ----------

    // The print stylesheet hides the map: printed from the map view, the page prints the list
    // of the same places instead.
    window.addEventListener('beforeprint', () => {
      if (state.view !== 'map' || results.length === 0) return;
      renderList();
    });

    // ---------- Ready ----------

    const pagination = root.querySelector('.pagination');
    if (pagination) pagination.hidden = true;
    // Text typed before the script was ready counts.
    if (!state.text && searchInput.value) state.text = searchInput.value;
    const sessionOrigin = session.origin;
    const positionFromSession = sessionOrigin && Number.isFinite(sessionOrigin.lat) && Number.isFinite(sessionOrigin.lon)
      && Math.abs(sessionOrigin.lat) <= 90 && Math.abs(sessionOrigin.lon) <= 180;
    if (positionFromSession) {
      const measured = distancesFrom(sessionOrigin);
      if (measured) setOrigin({ lat: sessionOrigin.lat, lon: sessionOrigin.lon }, measured);
      if (origin && SORTS.includes(session.sort)) state.sort = session.sort;
    }
    if (origin) say(TEXT.fromYou, 'origin');
    setLayout();
    syncControls();
    update(); // the map follows in the next frame: the list is ready first
    measureSheet();
    followScroll();
    scrollCurrentChipIntoView();
    if (returning) returnToCard(returnPoint.id);
    root.dataset.ready = 'true';
    try { performance.mark('beacon-ready'); } catch (_) { /* timing is for the benchmark only */ }
    // The collation rank costs most at 10,000 places: prepare it while the reader looks.
    const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));
    idle(() => {
      const started = performance.now();
      placeIndex.order('name', distance);
      measure('beacon-collation', started);
    });
    // And the folded search text, so the first keystroke finds it ready.
    idle(() => {
      const started = performance.now();
      placeIndex.searchKeys();
      measure('beacon-search-index', started);
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

  /** Whether the reader came back to this page (back or forward), rather than opening or reloading it. */
  function cameBack() {
    try {
      const [entry] = performance.getEntriesByType('navigation');
      return !!entry && entry.type === 'back_forward';
    } catch (_) {
      return false;
    }
  }

  /** On a category page, the row of chips scrolled so that its chip is in view. */
  function scrollCurrentChipIntoView() {
    const current = root.querySelector('.chip[aria-current="page"]');
    const row = current && current.closest('ul');
    if (!row || row.scrollWidth <= row.clientWidth) return;
    const left = current.offsetLeft - row.offsetLeft;
    if (left + current.offsetWidth > row.scrollLeft + row.clientWidth || left < row.scrollLeft) {
      row.scrollLeft = Math.max(0, left - 16);
    }
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

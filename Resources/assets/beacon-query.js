// Beacon sitegen: the rules of the list page's search, filters and order, and the Norwegian
// number and distance formats it shows. Plain modern JavaScript, no build step, no requests.
//
// The same rules as Sources/BeaconSite/Query/PlaceQuery.swift and Sources/BeaconModel (TextFolding.swift,
// NorwegianFormat.swift, NorwegianCollation.swift), which `sitegen search` uses; both run
// one case table, Tests/Fixtures/query-cases.json (QueryCaseTableTests in Swift,
// Tests/browser/test_query.py here). In short:
// - a distance is whole metres (the page data's `d`): "850 m" to the nearest 10 m under a
//   kilometre, "1,2 km" (tenths: metres / 100, rounded) under 100 km, whole km beyond;
// - search: every word of the text, folded (lower case, accents removed, æ → ae, ø → o,
//   å → a, ß → ss, œ → oe), must occur in the folded name, address, category names, the
//   category's everyday words (kaffe, coffee …; mat, middag …; overnatting, hostel …) or the
//   place's cuisines in every language (k: "indian;pizza" → "indian indisk …", from the
//   catalogues through beacon-text.js; a value they do not name, as given); the places whose own
//   words (names, address, cuisines) hold every word come first, then those found only through
//   their category's words, each part in the order chosen (`filter`'s `own`: how many are first);
// - filters combine with AND: within the radius (metres ≤ km × 1000, from the centre in
//   use), category, cuisine (one of the place's k), favorites, open now (only places whose hours say open); except that
//   with favorites only, every favorite is shown wherever it is, and that a favorite no
//   longer in the data (x: 1) is shown only then;
// - orders, every tie finally broken by the page data's order: recommended, the default (the
//   owner's picks: favorites first, then places rated at least picksMinimumRating (the page
//   data's; 4 by default) by higher average, compared at three decimals, then the rest, unrated
//   or rated lower, nearer first); distance (nearest first);
//   rating (rated first; higher average, compared at three decimals as the page data has
//   it; then more ratings; then nearer); name (Norwegian: … Z, Æ, Ø, Å, with "aa" as Å,
//   Ä as Æ, Ö as Ø, case and other accents ignored; then nearer).
//
// A search also finds a place by the names other languages' pages show (`nl`), and name order follows the
// name the page shows.
//
// API: window.BeaconQuery = { CATEGORIES, CATEGORY_KEYS, SORTS, EARTH_RADIUS_M, pageLanguage, integer,
// count, formatDistance, fold, nameKey, shownName, haversine, cuisinesOf,
// index(places, lang, cuisineWords, picksMinimumRating), run(places, query, isOpen) }.
'use strict';

(() => {
  const NBSP = '\u00A0';
  const EARTH_RADIUS_M = 6371008.8; // Coordinate.earthRadiusMetres
  // Every category preset's bokmål names, icon class and everyday search words (PlaceCategory.swift, the
  // preset table), in the table's order: written by the build into assets/beacon-text.js.
  const CATEGORIES = Object.freeze((window.BeaconText && window.BeaconText.categoryTable) || {});
  const CATEGORY_KEYS = Object.freeze(Object.keys(CATEGORIES));
  const NO_CATEGORY = { singular: '', plural: '', icon: 'cat-icon--place', words: [] };
  const SORTS = ['recommended', 'distance', 'rating', 'name'];
  // The average a rated place needs to be a pick when the page data names none (SiteSettings).
  const PICKS_MINIMUM_RATING = 4;

  // ---------- Formats (NorwegianFormat.swift, LanguageFormat.swift) ----------

  /** The page's language ("nb", "nn", "en"): what numbers, distances and name order follow. */
  function pageLanguage() {
    const lang = (document.documentElement.getAttribute('lang') || 'nb').toLowerCase();
    return lang === 'en' || lang === 'nn' ? lang : 'nb';
  }

  /** "7", "12 345" with a no-break space between thousands (nb, nn); "12,345" (en). */
  function integer(value, lang = pageLanguage()) {
    const digits = String(Math.abs(Math.trunc(value)));
    const group = lang === 'en' ? ',' : NBSP;
    let out = '';
    for (let i = 0; i < digits.length; i++) {
      if (i > 0 && (digits.length - i) % 3 === 0) out += group;
      out += digits[i];
    }
    return value < 0 ? '−' + out : out;
  }
  function count(n, singular, plural, lang = pageLanguage()) { return `${integer(n, lang)} ${n === 1 ? singular : plural}`; }

  /** Whole metres as the page shows them: "850 m", "1,2 km" (nb, nn) or "1.2 km" (en), "123 km". */
  function formatDistance(metres, lang = pageLanguage()) {
    const m = Math.max(0, Math.round(metres));
    const tens = Math.round(m / 10) * 10;
    if (tens < 1000) return `${tens}${NBSP}m`;
    if (m < 99950) {
      const tenths = Math.round(m / 100);
      return `${integer(Math.floor(tenths / 10), lang)}${lang === 'en' ? '.' : ','}${tenths % 10}${NBSP}km`;
    }
    return `${integer(Math.round(m / 1000), lang)}${NBSP}km`;
  }

  // ---------- Text (TextFolding.swift, NorwegianCollation.swift) ----------

  /** The search key: lower case, accents removed, æ → ae, ø → o, ß → ss, œ → oe (å → a by NFD). */
  function fold(text) {
    return String(text).toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      .replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/ß/g, 'ss').replace(/œ/g, 'oe');
  }

  /** The words of a search, folded: what every one of them must be found in. */
  function searchWords(text) { return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean); }

  /** A place's cuisine keys (the page data's k, "indian;pizza"). */
  function cuisinesOf(place) { return typeof place.k === 'string' && place.k ? place.k.split(';') : []; }

  /**
   * The name a page in `lang` shows (GuidePlace.name(in:) in Swift): the page data's `nl` has it where it is
   * not `n`, the name as the data has it («The Museum of Kyoto» for «京都府京都文化博物館»).
   */
  function shownName(place, lang = pageLanguage()) {
    const names = place.nl;
    return names && typeof names === 'object' && typeof names[lang] === 'string' ? names[lang] : place.n;
  }

  /** The names other languages' pages show, besides `n`. */
  function otherNames(place) {
    const names = place.nl;
    if (!names || typeof names !== 'object') return [];
    return Object.keys(names).map((key) => names[key]).filter((name) => typeof name === 'string' && name !== place.n);
  }

  /** What the search finds a place by of its own; `cuisineWords` names each cuisine key in every language. */
  function ownSearchText(place, cuisineWords = {}) {
    const cuisines = cuisinesOf(place).map((key) => (Object.prototype.hasOwnProperty.call(cuisineWords, key)
      ? cuisineWords[key] : key.replace(/_/g, ' ')));
    return [place.n].concat(otherNames(place), [place.a || ''], cuisines).join('\n');
  }

  /** A category's names and everyday words: a search looks in them for the words a place's own lack. */
  function categorySearchText(key) {
    const info = CATEGORIES[key] || NO_CATEGORY;
    return [info.singular, info.plural].concat(info.words).join('\n');
  }

  /**
   * A key whose UTF-16 order is the language's alphabetical order. Norwegian (nb, nn): Æ, Ø
   * and Å after Z (as U+E000–U+E002), "aa" as Å, Ä as Æ, Ö as Ø; case and other accents
   * ignored. English: the search key (Æ as AE, Ø as O, Å as A, accents ignored).
   */
  function nameKey(name, lang = pageLanguage()) {
    if (lang === 'en') return fold(name);
    return String(name).normalize('NFC').toLowerCase()
      .replace(/ä/g, 'æ').replace(/ö/g, 'ø').replace(/aa/g, 'å')
      .normalize('NFD')
      .replace(/a\u030a/g, '\ue002')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/æ/g, '\ue000').replace(/ø/g, '\ue001');
  }

  function toRadians(degrees) { return degrees * Math.PI / 180; }
  /** Great-circle distance in metres (haversine, as Coordinate.distance). */
  function haversine(lat1, lon1, lat2, lon2) {
    const p1 = toRadians(lat1), p2 = toRadians(lat2);
    const dp = p2 - p1, dl = toRadians(lon2 - lon1);
    const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  // ---------- The places, ready to filter and order (PlaceQuery.swift) ----------

  /**
   * The page data's places with what every search needs worked out once: category codes,
   * favorites, whole metres from the centre, and (on the first search, or `searchKeys()` ahead
   * of it) the folded search text (`cuisineWords`: beacon-text.js's names of each cuisine). `order(sort, metres)`
   * lists every index in an order (each order is cached per distance array; `picksMinimumRating`:
   * the page data's, for «Anbefalt»); `filter(query, order, isOpen)` keeps the indices that pass every filter.
   */
  function index(places, lang = pageLanguage(), cuisineWords = {}, picksMinimumRating = PICKS_MINIMUM_RATING) {
    const n = places.length;
    let keys = null; // folded own search text, worked out on the first search (or while the reader looks)
    // Each category code's folded names and words.
    const categoryKeys = CATEGORY_KEYS.map((key) => fold(categorySearchText(key)));
    const categoryCode = new Uint8Array(n);
    const favorite = new Uint8Array(n);
    const outside = new Uint8Array(n);
    const centerMetres = new Float64Array(n);
    // The average as the page data has it (three decimals); 0 unrated, below every rated place's.
    const average = new Float64Array(n);
    // The average «Anbefalt» orders by: a pick's (a favorite, or rated at least picksMinimumRating); 0 for the rest.
    const pickAverage = new Float64Array(n);
    const picksFrom = Number.isFinite(Number(picksMinimumRating)) ? Number(picksMinimumRating) : PICKS_MINIMUM_RATING;
    for (let i = 0; i < n; i++) {
      const p = places[i];
      const category = CATEGORIES[p.c] ? p.c : 'restaurant';
      categoryCode[i] = CATEGORY_KEYS.indexOf(category);
      favorite[i] = p.f ? 1 : 0;
      outside[i] = p.x ? 1 : 0;
      centerMetres[i] = Number.isFinite(p.d) ? Math.round(p.d) : 0;
      average[i] = p.r > 0 && Number.isFinite(p.avg) ? p.avg : 0;
      pickAverage[i] = favorite[i] || average[i] >= picksFrom ? average[i] : 0;
    }

    /** Every place's folded own search text; the most costly part of the index at 100,000 places. */
    function searchKeys() {
      if (keys) return keys;
      keys = new Array(n);
      for (let i = 0; i < n; i++) keys[i] = fold(ownSearchText(places[i], cuisineWords));
      return keys;
    }

    let nameRank = null;
    /** Each place's rank in name order (equal names share a rank); computed once. */
    function rankNames() {
      if (nameRank) return nameRank;
      const nameKeys = places.map((p) => nameKey(shownName(p, lang), lang));
      const indices = Array.from({ length: n }, (_, i) => i);
      indices.sort((a, b) => (nameKeys[a] < nameKeys[b] ? -1 : nameKeys[a] > nameKeys[b] ? 1 : 0));
      nameRank = new Int32Array(n);
      let rank = 0;
      for (let k = 0; k < n; k++) {
        if (k > 0 && nameKeys[indices[k - 1]] !== nameKeys[indices[k]]) rank++;
        nameRank[indices[k]] = rank;
      }
      return nameRank;
    }

    const cache = new Map();
    /** Every index in `sort` order, distances taken from `metres` (whole metres; the centre's by default). */
    function order(sort, metres = centerMetres) {
      let byMetres = cache.get(metres);
      if (!byMetres) {
        // Orders for an earlier reader position are of no more use.
        for (const key of cache.keys()) if (key !== centerMetres) cache.delete(key);
        byMetres = {};
        cache.set(metres, byMetres);
      }
      if (byMetres[sort]) return byMetres[sort];
      const byDistance = (a, b) => metres[a] - metres[b] || a - b;
      const indices = Array.from({ length: n }, (_, i) => i);
      if (sort === 'recommended') {
        // The default order, sorted on every page load: typed arrays only, no place objects read.
        indices.sort((a, b) => favorite[b] - favorite[a] || pickAverage[b] - pickAverage[a] || byDistance(a, b));
      } else if (sort === 'rating') {
        indices.sort((a, b) => {
          const pa = places[a], pb = places[b];
          const ra = pa.r > 0, rb = pb.r > 0;
          if (ra !== rb) return ra ? -1 : 1;
          if (ra) {
            if (pa.avg !== pb.avg) return pb.avg - pa.avg;
            if (pa.r !== pb.r) return pb.r - pa.r;
          }
          return byDistance(a, b);
        });
      } else if (sort === 'name') {
        const rank = rankNames();
        indices.sort((a, b) => rank[a] - rank[b] || byDistance(a, b));
      } else {
        indices.sort(byDistance);
      }
      byMetres[sort] = Int32Array.from(indices);
      return byMetres[sort];
    }

    /**
     * The indices of `order` that pass every filter of `query` ({ text, radiusKm, category:
     * 'all' or a key, cuisine: a cuisine key or none, favoritesOnly, openNow }); `isOpen(i)` says whether place i is open now;
     * the radius is measured in `metres` (from the centre in use: the guide's, or the reader's).
     * Favorites are all kept under favoritesOnly, whatever the radius; a favorite that is no
     * longer in the data (x: 1) is shown only there. The places found in their own words come
     * first, then those found only through their category's words; the array's `own` says how
     * many are first (all of them without a search).
     */
    function filter(query, anOrder, isOpen, metres = centerMetres) {
      const words = searchWords(String(query.text || ''));
      const limit = query.favoritesOnly ? Infinity : (Number(query.radiusKm) || Infinity) * 1000;
      const category = !query.category || query.category === 'all' ? -1 : CATEGORY_KEYS.indexOf(query.category);
      const keys = words.length ? searchKeys() : null;
      const cuisine = typeof query.cuisine === 'string' && query.cuisine ? query.cuisine : null;
      const first = words[0];
      const more = words.slice(1);
      const out = [];
      const byCategory = [];
      for (let k = 0; k < anOrder.length; k++) {
        const i = anOrder[k];
        if (metres[i] > limit) continue;
        if (outside[i] && !query.favoritesOnly) continue;
        if (category >= 0 && categoryCode[i] !== category) continue;
        if (cuisine !== null && !cuisinesOf(places[i]).includes(cuisine)) continue;
        if (query.favoritesOnly && !favorite[i]) continue;
        if (query.openNow && !isOpen(i)) continue;
        if (keys) {
          // One word is the usual case: no call per place for it.
          const key = keys[i];
          if (!key.includes(first) || (more.length && !more.every((word) => key.includes(word)))) {
            const categoryKey = CATEGORIES[places[i].c] ? categoryKeys[categoryCode[i]] : '';
            if (!words.every((word) => key.includes(word) || categoryKey.includes(word))) continue;
            byCategory.push(i);
            continue;
          }
        }
        out.push(i);
      }
      const own = out.length;
      for (let k = 0; k < byCategory.length; k++) out.push(byCategory[k]);
      out.own = own;
      return out;
    }

    return { size: n, categoryCode, favorite, outside, centerMetres, searchKeys, rankNames, order, filter };
  }

  /** The whole rule in one call: the ids of `places` that `query` keeps, in its order (`own`: as `filter`'s). */
  function run(places, query, isOpen = () => false) {
    const ix = index(places, query.lang || pageLanguage(), query.cuisineWords || {}, query.picksMinimumRating);
    const found = ix.filter(query, ix.order(query.sort || 'recommended'), (i) => isOpen(places[i]));
    const ids = found.map((i) => places[i].id);
    ids.own = found.own;
    return ids;
  }

  // How long the search waits after the last key before it filters (the brief: at least 300 ms);
  // the browser tests read it from here.
  const SEARCH_DEBOUNCE_MS = 300;

  window.BeaconQuery = { SEARCH_DEBOUNCE_MS, CATEGORIES, CATEGORY_KEYS, SORTS, EARTH_RADIUS_M, pageLanguage, integer, count, formatDistance, fold, searchWords, nameKey, shownName, haversine, cuisinesOf, index, run };
})();

// Beacon sitegen: maps, on Leaflet (Debian's libjs-leaflet and libjs-leaflet.markercluster,
// copied into assets/leaflet/ by the build). Plain modern JavaScript, no build step.
//
// window.BeaconMap = { create(container, basemap, label), hasBasemap(basemap), pinIcon(place, star, label),
//   clusterGroup(pinCount), gridGroup(count, position, marker) and usesGrid(pinCount) (a big guide's own
//   grouping), ring(), centerMarker(center), readerMarker(), placeCard(parts), cornerControl(node,
//   position), pinLifter(group), linkCards(list, markerOf, lift) }
// is used by beacon.js (the explorer's map). On a place's page this script also draws the small
// map of #place-map from the JSON in #beacon-map (DetailPage.placeMap in Swift), and on «Mine
// steder» the favorites' map of #favorites-map from #beacon-favorites-map (FavoritesPage.map), and
// on a list's page its numbered pins in #list-map from #beacon-list-map (SavedListPage.map).
//
// The basemap (MapData.swift): { tiles: "kart/{z}/{x}/{y}.png", minZoom, maxZoom, bounds: [s, w, n, e],
// credits: [{ t, u? }] } for tiles published with the site (relative to the site root), { tiles:
// "https://…", remote: true, maxZoom, credits } for a provider's, { vector: "kart/osm/{z}/{x}/{y}.js",
// levels, credits } for our own (drawn by beacon-basemap.js), { credits: [] } for none: pins on a
// plain background. `hasBasemap` tells the first three from the last: with one, a phone's explorer
// puts its map first (beacon.js). Nothing here writes style attributes into markup: Leaflet positions by CSSOM,
// which the pages' Content-Security-Policy allows.
'use strict';

(() => {
  const L = window.L;
  if (!L) return;
  const scriptURL = document.currentScript ? document.currentScript.src : '';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // Texts in the page's language (assets/beacon-text.js).
  const Text = window.BeaconText;
  if (!Text) return;
  /** Each category's icon class (`cat-icon--bar`, beacon.css draws it), from the build's table (beacon-text.js). */
  const ICON = Object.fromEntries(Object.entries(Text.categoryTable || {}).map(([key, info]) => [key, info.icon]));
  const TEXT = {
    zoomIn: Text.t('map.zoomIn'),
    zoomOut: Text.t('map.zoomOut'),
    close: Text.t('map.close'),
    details: Text.t('map.details'),
    cluster: (n) => Text.t('map.cluster', { places: Text.count(n, 'place') }),
    you: Text.t('map.you'),
  };

  /** The site root as an absolute URL, from this script's own (assets/beacon-map.js). */
  const siteRoot = (() => {
    try { return new URL('../', scriptURL || location.href).href; } catch (_) { return ''; }
  })();

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A div icon whose outer element is a named button (Leaflet makes it focusable with `keyboard`). */
  const NamedIcon = L.DivIcon.extend({
    createIcon(old) {
      const div = L.DivIcon.prototype.createIcon.call(this, old);
      if (this.options.label) {
        div.setAttribute('role', 'button');
        div.setAttribute('aria-label', this.options.label);
      }
      return div;
    },
  });

  /** A credit as a link (or text), escaped by the DOM. */
  function creditHTML(credit) {
    const text = String(credit && credit.t || '');
    if (credit && typeof credit.u === 'string' && /^https:\/\//.test(credit.u)) {
      const link = element('a', '', text);
      link.href = credit.u;
      return link.outerHTML;
    }
    return element('span', '', text).outerHTML;
  }

  /**
   * A map in `container` on `basemap`, named `label` for screen readers; zoom buttons in
   * Norwegian, the credits in the corner, keyboard panning and zooming on the map itself.
   */
  function create(container, basemap, label, options = {}, { compact = false } = {}) {
    const vector = basemap && typeof basemap.vector === 'string' && Array.isArray(basemap.levels) && window.BeaconBasemap ? basemap : null;
    const tiles = basemap && typeof basemap.tiles === 'string' ? basemap : null;
    const published = tiles && !tiles.remote;
    const nativeMax = tiles && Number.isFinite(tiles.maxZoom) ? tiles.maxZoom : 18;
    const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const map = L.map(container, Object.assign({
      zoomControl: false,
      attributionControl: false,
      keyboard: true,
      // No gliding zooms or fading tiles for a reader who asked for less motion.
      fadeAnimation: !still,
      zoomAnimation: !still,
      markerZoomAnimation: !still,
      // Published tiles stop at their lowest zoom; below it the plain background shows.
      // Our own basemap draws from its lowest data zoom down to two below it, and up to street level.
      minZoom: vector ? Math.max(3, vector.levels[0][0] - 2)
        : published && Number.isFinite(tiles.minZoom) ? Math.max(3, tiles.minZoom - 2) : 3,
      maxZoom: vector ? 19 : tiles ? Math.min(20, nativeMax + (published ? 2 : 0)) : 19,
    }, options));
    new VisibleZoom({ position: 'topright', zoomInTitle: TEXT.zoomIn, zoomOutTitle: TEXT.zoomOut }).addTo(map);
    // A small map keeps only the credits the data and tiles require (not the library's courtesy link).
    const prefix = compact ? false : creditHTML({ t: 'Leaflet', u: 'https://leafletjs.com/' });
    const credits = L.control.attribution({ position: 'bottomright', prefix }).addTo(map);
    for (const credit of (basemap && Array.isArray(basemap.credits) ? basemap.credits : [])) credits.addAttribution(creditHTML(credit));
    if (tiles) {
      const layerOptions = { maxNativeZoom: nativeMax, maxZoom: map.getMaxZoom() };
      if (published) {
        layerOptions.minZoom = tiles.minZoom;
        if (Array.isArray(tiles.bounds) && tiles.bounds.length === 4) {
          const [s, w, n, e] = tiles.bounds;
          layerOptions.bounds = L.latLngBounds([s, w], [n, e]);
        }
      }
      L.tileLayer(published ? siteRoot + tiles.tiles : tiles.tiles, layerOptions).addTo(map);
    }
    if (vector) for (const layer of window.BeaconBasemap.layers(vector, siteRoot)) layer.addTo(map);
    arrangeNames(map);
    container.classList.add(vector ? 'beacon-map--vector' : tiles ? 'beacon-map--tiles' : 'beacon-map--plain');
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    // The popup's close button is a link named "×": give it a name a screen reader can say.
    map.on('popupopen', (event) => {
      const close = event.popup.getElement() && event.popup.getElement().querySelector('.leaflet-popup-close-button');
      if (close) {
        close.setAttribute('aria-label', TEXT.close);
        close.setAttribute('role', 'button');
      }
    });
    return map;
  }

  // ---------- The part of the map the reader sees ----------
  //
  // A phone's explorer floats its search over the map's top and lays the list's sheet over its foot, and a
  // desktop's tall map may run below the fold: a map's owner says what covers its edges with the option
  // `visibleInset` (a function → { top, right, bottom, left } in px), and the zoom buttons, a tapped count and
  // the first view centre on the middle of what is left, not on the middle of the map's box.

  /** The px of `map`'s box hidden at each edge (none when its owner says nothing). */
  function insetOf(map) {
    const read = map.options.visibleInset;
    const inset = typeof read === 'function' ? read() : null;
    const size = map.getSize();
    const edge = (v) => Math.max(0, Number(v) || 0);
    const top = edge(inset && inset.top), bottom = edge(inset && inset.bottom);
    const left = edge(inset && inset.left), right = edge(inset && inset.right);
    // However much is covered, a strip of 120 px is left to centre on.
    const spareY = Math.max(0, top + bottom - Math.max(0, size.y - 120));
    const spareX = Math.max(0, left + right - Math.max(0, size.x - 120));
    return { top: top - spareY / 2, bottom: bottom - spareY / 2, left: left - spareX / 2, right: right - spareX / 2 };
  }

  /** The middle of the part of `map` the reader sees, as a point in its box (px). */
  function visibleMiddle(map) {
    const size = map.getSize();
    const inset = insetOf(map);
    return L.point((inset.left + size.x - inset.right) / 2, (inset.top + size.y - inset.bottom) / 2);
  }

  /** The map's centre that puts `latlng` in the middle of the visible part at `zoom`. */
  function centreShowing(map, latlng, zoom) {
    const size = map.getSize();
    const offset = visibleMiddle(map).subtract(size.divideBy(2));
    return map.unproject(map.project(latlng, zoom).subtract(offset), zoom);
  }

  /**
   * Shows `latlng` in the middle of the visible part at `zoom` (clamped to the map's zooms); `fly`: by a flight
   * out and in (`flyTo`), as far away as it is; `animate: false`: at once.
   */
  function showAt(map, latlng, zoom, { animate, fly = false } = {}) {
    const z = Math.min(map.getMaxZoom(), Math.max(map.getMinZoom(), zoom));
    const centre = centreShowing(map, latlng, z);
    if (fly) map.flyTo(centre, z, { duration: 1.2 });
    else map.setView(centre, z, animate === undefined ? {} : { animate });
  }

  /** `bounds` fitted into the visible part, `margin` px inside it, at most `maxZoom`; at least one zoom in with `closer`. */
  function fitVisible(map, bounds, { margin = 28, maxZoom = map.getMaxZoom(), closer = false, animate, fly = false } = {}) {
    const inset = insetOf(map);
    const padding = L.point(inset.left + inset.right + 2 * margin, inset.top + inset.bottom + 2 * margin);
    let zoom = Math.min(maxZoom, map.getBoundsZoom(bounds, false, padding));
    if (closer && zoom <= map.getZoom()) zoom = map.getZoom() + 1;
    showAt(map, bounds.getCenter(), zoom, { animate, fly });
  }

  /** «+» and «−» (and their keys' shift for three steps) zoom about the middle of the visible part. */
  const VisibleZoom = L.Control.Zoom.extend({
    _zoomIn(event) { this._step(event, 1); },
    _zoomOut(event) { this._step(event, -1); },
    _step(event, sign) {
      const map = this._map;
      if (this._disabled || !map) return;
      const zoom = Math.min(map.getMaxZoom(), Math.max(map.getMinZoom(), map.getZoom() + sign * map.options.zoomDelta * (event && event.shiftKey ? 3 : 1)));
      if (zoom === map.getZoom()) return;
      map.setZoomAround(visibleMiddle(map), zoom);
    },
  });

  /** Whether `basemap` (the page data's descriptor) draws a ground under the pins: tiles or Beacon's own vector map. */
  function hasBasemap(basemap) {
    return !!basemap && (typeof basemap.tiles === 'string' || typeof basemap.vector === 'string');
  }

  /** `element` as a control of `map` in a corner: a later control in a bottom corner stands above the earlier
   * (the credits), so nothing covers them. Clicks and wheel turns on it stay off the map. */
  function cornerControl(node, position) {
    const Control = L.Control.extend({
      onAdd() {
        const box = element('div', 'beacon-control');
        box.append(node);
        L.DomEvent.disableClickPropagation(box);
        L.DomEvent.disableScrollPropagation(box);
        return box;
      },
    });
    return new Control({ position });
  }

  /**
   * A card the reader points at or focuses lifts its pin (`is-highlighted`; while the pin is in a cluster, the
   * cluster's count): `lift(marker)` lifts one and puts the last back, `lift(null)` puts it back.
   */
  function pinLifter(group) {
    let lifted = null;
    function mark(layer, on) {
      const icon = layer.getElement && layer.getElement();
      if (icon) icon.classList.toggle('is-highlighted', on);
      if (layer.setZIndexOffset) layer.setZIndexOffset(on ? 1000 : 0);
    }
    return (marker) => {
      let target = null;
      if (marker) target = (group && group.getVisibleParent ? group.getVisibleParent(marker) : marker) || null;
      if (target === lifted) return;
      if (lifted) mark(lifted, false);
      lifted = target;
      if (lifted) mark(lifted, true);
    };
  }

  /** Pointing at or focusing a card of `list` (`li[data-id]`) lifts its pin: `markerOf(id)` → the marker or null. */
  function linkCards(list, markerOf, lift) {
    for (const [type, on] of [['mouseover', true], ['mouseout', false], ['focusin', true], ['focusout', false]]) {
      list.addEventListener(type, (event) => {
        const card = event.target.closest && event.target.closest('.place-card');
        const related = event.relatedTarget && event.relatedTarget.closest && event.relatedTarget.closest('.place-card');
        if (!card || card === related) return;
        if (on) lift(markerOf(card.dataset.id));
        else if (!related) lift(null);
      });
    }
  }

  /** A rated place's average: `avg` (three decimals), else its rounded stars `s`. */
  function averageOf(place) { return Number.isFinite(place.avg) ? place.avg : place.s || 0; }

  /**
   * A category pin with its star: { c: category, s?: stars, avg?: their average, n?: the name shown beside it at street level,
   * f?: 1 for a favorite, num?: its number in one of the owner's lists, shown in place of the category's symbol },
   * named `label` for screen readers.
   */
  function pinIcon(place, star, label) {
    return new PinIcon({ pin: { c: place.c, s: place.s, avg: place.avg, n: place.n, f: place.f, num: place.num }, star, className: 'map-pin-icon',
      iconSize: [38, 38], iconAnchor: [19, 19], popupAnchor: [0, -20], label });
  }

  /** The pin's markup is made when the pin is first shown: a big guide has 100,000 pins, most in clusters. */
  const PinIcon = NamedIcon.extend({
    createIcon(old) {
      if (!this.options.html) {
        const { pin: place, star } = this.options;
        const numbered = Number.isInteger(place.num);
        const pin = element('span', `map-pin map-pin--${place.c}${numbered ? ' map-pin--numbered' : ''}`);
        const icon = numbered ? element('span', 'map-pin__number', String(place.num))
          : element('span', `map-pin__icon cat-icon ${ICON[place.c] || 'cat-icon--place'}`, '');
        icon.setAttribute('aria-hidden', 'true');
        pin.append(icon);
        if (place.s && star && star.path) pin.append(Text.starIcon(averageOf(place), 'map-pin__star'));
        const html = element('span', 'map-pin-place');
        html.append(pin);
        if (place.n) {
          // Shown by `arrangeNames` where it fits; the pin's own name (`label`) is what a screen reader says.
          const name = element('span', 'map-pin__name', place.n);
          name.setAttribute('aria-hidden', 'true');
          name.dir = 'auto'; // an Arabic or Hebrew name reads from the right, as on the place's page
          name.hidden = true;
          name.dataset.rank = String((place.f ? 10 : 0) + (place.s || 0));
          html.append(name);
        }
        this.options.html = html;
      }
      return NamedIcon.prototype.createIcon.call(this, old);
    },
  });

  /**
   * Markercluster's group, but a count a reader taps (or presses Enter on) fits its pins into the visible part
   * of the map (`visibleInset`), not into the map's whole box, part of which the search or the sheet covers.
   * Pins that stand on one another at the last zoom still fan out.
   */
  const ClusterGroup = L.MarkerClusterGroup ? L.MarkerClusterGroup.extend({
    _zoomOrSpiderfy(event) {
      const cluster = event.layer;
      if (event.type === 'clusterkeypress' && event.originalEvent && event.originalEvent.keyCode !== 13) return;
      let bottom = cluster;
      while (bottom._childClusters.length === 1) bottom = bottom._childClusters[0];
      if (bottom._zoom === this._maxZoom && bottom._childCount === cluster._childCount) cluster.spiderfy();
      else fitVisible(this._map, cluster.getBounds(), { closer: true });
      if (event.originalEvent && event.originalEvent.keyCode === 13) this._map.getContainer().focus();
    },
  }) : null;

  /** Pins that crowd become one round count; a click (or Enter) zooms in on them. */
  function clusterGroup(pinCount = 0) {
    return new ClusterGroup({
      showCoverageOnHover: false,
      // Pins are 38 px across: only pins that would overlap at this zoom become a count; those that still
      // stand on one another at the last zoom fan out (spiderfy) when their count is clicked.
      maxClusterRadius: 36,
      spiderfyOnMaxZoom: true,
      chunkedLoading: true,
      // Up to `gridFrom` pins (`pinCount`): grouped in slices of at most 200 ms, typing goes on meanwhile.
      chunkInterval: 200,
      iconCreateFunction: (cluster) => clusterIcon(cluster.getChildCount()),
    });
  }

  /** A round count of `n` pins; a click (or Enter) zooms in on them. */
  function clusterIcon(n) {
    const size = n < 10 ? 38 : n < 100 ? 44 : 50;
    const bubble = element('span', 'map-cluster', String(n));
    bubble.setAttribute('aria-hidden', 'true');
    return new NamedIcon({ html: bubble, className: 'map-cluster-icon', iconSize: [size, size], label: TEXT.cluster(n) });
  }

  /** From this many pins on, the map groups them itself (`gridGroup`) instead of with markercluster. */
  const gridFrom = 20000;
  const usesGrid = (pinCount) => pinCount >= gridFrom;

  /**
   * Pins of a big guide (tens of thousands): grouped on a screen grid of the view by this script,
   * again each time the map stops moving, and only what is in view is drawn; a pin's own marker is
   * made only when it is drawn alone. (Markercluster keeps a marker per pin and regroups them all on
   * every change, which at 100,000 pins took seconds and held up typing.) Each place's position is
   * projected once (Web Mercator, 0–1), so grouping is arithmetic on typed arrays.
   * `position(i)` → [lat, lon] of place i (0 ≤ i < count); `marker(i)` → its marker, made once by the caller.
   */
  const GridGroup = L.Layer.extend({
    initialize(count, position, marker) {
      this._position = position;
      this._marker = marker;
      this._x = new Float64Array(count).fill(NaN);
      this._y = new Float64Array(count);
      this._items = [];
      this._shown = new Map(); // key → layer: kept while it stays the same, so an open card stays open
    },
    setItems(items, { redraw = true } = {}) {
      this._items = items;
      this._version = (this._version || 0) + 1;
      for (const i of items) {
        if (!Number.isNaN(this._x[i])) continue;
        const [lat, lon] = this._position(i);
        const sin = Math.min(Math.max(Math.sin(lat * Math.PI / 180), -0.9999), 0.9999);
        this._x[i] = 0.5 + lon / 360;
        this._y[i] = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
      }
      if (this._map && redraw) this._redraw();
      return this;
    },
    getItems() { return this._items; },
    /** Draws now, unless the items and the view are as last drawn. */
    redraw() { this._redraw(); },
    /** What is drawn: each group's size (1 for a pin), for the tests. */
    drawnCounts() { return Array.from(this._shown.values(), (layer) => layer.options.count || 1); },
    onAdd(map) {
      map.on('moveend', this._redraw, this);
      this._redraw();
    },
    onRemove(map) {
      map.off('moveend', this._redraw, this);
      this._drawnFor = null;
      for (const layer of this._shown.values()) layer.remove();
      this._shown.clear();
    },
    _redraw() {
      const map = this._map;
      if (!map) return;
      const zoom = map.getZoom();
      const scale = 256 * Math.pow(2, zoom);
      const cell = 96; // px: bubbles (up to 50 px) keep room between them
      const view = map.getPixelBounds();
      const drawn = `${this._version}|${zoom}|${view.min.x}|${view.min.y}|${view.max.x}|${view.max.y}`;
      if (drawn === this._drawnFor) return;
      this._drawnFor = drawn;
      const minX = view.min.x - cell, minY = view.min.y - cell, maxX = view.max.x + cell, maxY = view.max.y + cell;
      const alone = zoom >= map.getMaxZoom();
      // The view (plus a cell around it) as a grid of cells: counts and sums in typed arrays.
      const left = Math.floor(minX / cell), top = Math.floor(minY / cell);
      const columns = Math.floor(maxX / cell) - left + 1, rows = Math.floor(maxY / cell) - top + 1;
      const counts = new Int32Array(columns * rows), firsts = new Int32Array(columns * rows);
      const sumX = new Float64Array(columns * rows), sumY = new Float64Array(columns * rows);
      const lone = [];
      const xs = this._x, ys = this._y, items = this._items;
      for (let k = 0; k < items.length; k++) {
        const i = items[k];
        const x = xs[i] * scale, y = ys[i] * scale;
        if (x < minX || x > maxX || y < minY || y > maxY) continue;
        if (alone) { lone.push(i); continue; }
        const c = (Math.floor(y / cell) - top) * columns + (Math.floor(x / cell) - left);
        if (counts[c] === 0) firsts[c] = i;
        counts[c] += 1;
        sumX[c] += x;
        sumY[c] += y;
      }
      const groups = new Map();
      for (const i of lone) groups.set(-1 - i, { first: i, count: 1 });
      for (let c = 0; c < counts.length; c++) {
        if (counts[c]) groups.set(c, { first: firsts[c], count: counts[c], x: sumX[c], y: sumY[c] });
      }
      const next = new Map();
      for (const group of groups.values()) {
        // A group is known by where it is in the world (its cell at this zoom) and its size.
        const id = group.count === 1 ? `p${group.first}` : `c${zoom}:${Math.floor(group.x / group.count)}:${Math.floor(group.y / group.count)}:${group.count}`;
        let layer = this._shown.get(id);
        if (!layer) {
          if (group.count === 1) {
            layer = this._marker(group.first);
          } else {
            const at = map.unproject([group.x / group.count, group.y / group.count], zoom);
            layer = L.marker(at, { icon: clusterIcon(group.count), keyboard: true, count: group.count });
            layer.on('click', () => showAt(map, at, zoom + 2));
          }
          layer.addTo(map);
        }
        next.set(id, layer);
      }
      for (const [id, layer] of this._shown) if (!next.has(id)) layer.remove();
      this._shown = next;
    },
  });

  function gridGroup(count, position, marker) { return new GridGroup(count, position, marker); }

  /** The radius ring (Beacon orange, dashed). */
  function ring() {
    return L.circle([0, 0], { radius: 1, className: 'map-ring', interactive: false, weight: 2, dashArray: '7 6', fillOpacity: 0.06 });
  }

  /**
   * The guide's centre: a dot under the pins and counts (a pin there stays whole), and its name over them (the
   * distances are from it), under a lifted pin and the reader's dot. Neither takes a click. The name stands
   * below the dot, or on another side where it hides fewer pins (`arrangeNames`).
   */
  function centerMarker(center) {
    const mark = (part, zIndexOffset) => {
      const node = element('span', 'map-center');
      node.append(part);
      return L.marker([center.lat, center.lon], {
        icon: L.divIcon({ html: node, className: 'map-center-icon', iconSize: [16, 16], iconAnchor: [8, 8] }),
        keyboard: false, interactive: false, zIndexOffset,
      });
    };
    const layers = [mark(element('span', 'map-center__dot'), -100)];
    if (center.label) layers.push(mark(element('span', 'map-center__label', center.label), 500));
    return L.layerGroup(layers);
  }

  /**
   * From this zoom on (streets, a few blocks across), a lone pin's name may stand beside it. A map of one place
   * names its pin at every zoom (`pinNamesFromZoom: 0`): there it crowds nothing; so does «Mine steder»'s map
   * of up to `FAVORITES_NAMED_UP_TO` favorites.
   */
  const PIN_NAMES_FROM_ZOOM = 15;
  const FAVORITES_NAMED_UP_TO = 30;
  const CENTER_LABEL_SIDES = ['below', 'above', 'right', 'left'];
  /** The pin names' font, as beacon.css draws them (`.map-pin__name`), for measuring without layout. */
  const PIN_NAME_FONT = '600 12px system-ui, sans-serif';
  const PIN_NAME_MAX_WIDTH = 140;
  let measure = null;

  /**
   * The names over `map`'s pins, laid out again when the map stops and when its pins come, go or glide into
   * place: the centre's name on the first side of its dot where it hides no pin or count (else where it hides
   * least); then, from street level on, each lone pin's name beside it, right or left, where it hides no pin,
   * count, name or button and lies in the part of the map the reader sees: the owner's favorites first, then
   * the best rated. When pins or names moved without the map moving, the map fires `beacon:covers`, so that
   * the basemap's names (beacon-basemap.js) make room for what now stands over them.
   */
  function arrangeNames(map) {
    const pane = map.getPane('markerPane');
    let pending = false;
    let pinsMoved = false;
    const run = () => {
      pending = false;
      if (layOutNames(map, pane) || pinsMoved) map.fire('beacon:covers');
      pinsMoved = false;
    };
    const schedule = () => {
      if (!pending) { pending = true; requestAnimationFrame(run); }
    };
    const pinsChanged = () => { pinsMoved = true; schedule(); };
    map.on('moveend resize', schedule);
    // Pins come and go while the map stands still (a filter, a count fanning out, pins added in slices), and
    // glide to their places after a zoom (markercluster's transitions end after its last change to the pane).
    new MutationObserver(pinsChanged).observe(pane, { childList: true });
    pane.addEventListener('transitionend', (event) => {
      if (event.propertyName === 'transform' && event.target.classList.contains('leaflet-marker-icon')) pinsChanged();
    });
  }

  /** One layout of `arrangeNames`; whether any name moved, came or went. */
  function layOutNames(map, pane) {
    const container = map.getContainer();
    const box = (r) => ({ minX: r.left, minY: r.top, maxX: r.right, maxY: r.bottom });
    const meets = (a, b) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
    const icons = Array.from(pane.children);
    const pins = icons.filter((icon) => !icon.classList.contains('map-center-icon')).map((icon) => ({ icon, box: box(icon.getBoundingClientRect()) }));
    let changed = false;

    // The centre's name: tried on each side (few maps have more than one centre).
    const taken = pins.map((pin) => pin.box);
    for (const node of pane.querySelectorAll('.map-center')) {
      const text = node.querySelector('.map-center__label');
      if (!text) {
        taken.push(box(node.getBoundingClientRect())); // the dot: no pin's name covers it
        continue;
      }
      const before = node.dataset.side || 'below';
      let best = null;
      for (const side of CENTER_LABEL_SIDES) {
        node.dataset.side = side;
        const r = box(text.getBoundingClientRect());
        let area = 0;
        for (const p of taken) area += Math.max(0, Math.min(r.maxX, p.maxX) - Math.max(r.minX, p.minX)) * Math.max(0, Math.min(r.maxY, p.maxY) - Math.max(r.minY, p.minY));
        if (!best || area < best.area) best = { side, area, r };
        if (area === 0) break;
      }
      node.dataset.side = best.side;
      changed = changed || best.side !== before;
      taken.push(best.r);
    }

    // The pins' names: computed from the pins' boxes and the names' measured widths, then shown in one pass.
    const from = map.options.pinNamesFromZoom;
    const named = map.getZoom() >= (Number.isFinite(from) ? from : PIN_NAMES_FROM_ZOOM);
    const frame = box(container.getBoundingClientRect());
    const corner = (selector, side) => {
      const element = container.querySelector(selector);
      return element ? Math.max(0, parseFloat(getComputedStyle(element)[side]) || 0) : 0;
    };
    const view = { minX: frame.minX + 2, minY: frame.minY + corner('.leaflet-top', 'top') + 2, maxX: frame.maxX - 2,
      maxY: frame.maxY - corner('.leaflet-bottom', 'bottom') - 2 };
    for (const control of container.querySelectorAll('.leaflet-control')) taken.push(box(control.getBoundingClientRect()));
    const candidates = [];
    for (const pin of pins) {
      const name = pin.icon.querySelector('.map-pin__name');
      if (name) candidates.push({ pin, name, rank: Number(name.dataset.rank) || 0 });
    }
    candidates.sort((a, b) => b.rank - a.rank);
    if (named && candidates.length && !measure) measure = document.createElement('canvas').getContext('2d');
    for (const { pin, name } of candidates) {
      let side = null;
      if (named && meets(pin.box, view)) {
        measure.font = PIN_NAME_FONT;
        const width = Math.min(PIN_NAME_MAX_WIDTH, Math.ceil(measure.measureText(name.textContent).width)) + 4;
        const middle = (pin.box.minY + pin.box.maxY) / 2;
        for (const [s, minX] of [['right', pin.box.maxX + 2], ['left', pin.box.minX - 2 - width]]) {
          const r = { minX, maxX: minX + width, minY: middle - 9, maxY: middle + 9 };
          const inside = r.minX >= view.minX && r.maxX <= view.maxX && r.minY >= view.minY && r.maxY <= view.maxY;
          if (inside && !taken.some((t) => meets(t, r))) {
            side = s;
            taken.push(r);
            break;
          }
        }
      }
      const shown = side !== null;
      if (name.hidden === shown || (shown && name.dataset.side !== side)) changed = true;
      name.hidden = !shown;
      if (shown) name.dataset.side = side;
    }
    return changed;
  }

  /** The reader, after "Finn nærmeste meg". */
  function readerMarker() {
    const dot = element('span', 'map-you');
    dot.append(element('span', 'visually-hidden', TEXT.you));
    return L.marker([0, 0], {
      icon: L.divIcon({ html: dot, className: 'map-you-icon', iconSize: [22, 22], iconAnchor: [11, 11] }),
      keyboard: false, interactive: false, zIndexOffset: 1000,
    });
  }

  /**
   * The small card a pin opens: { name, meta: "Kafé · 450 m", stars?, average?, ratingLabel?, status?:
   * { text, open }, href, photo?: { src, width, height, placeholder } }, and the page's star (its path: no path, no star).
   */
  function placeCard(parts, star) {
    const card = element('div', 'map-card');
    if (parts.photo) {
      // The owner's first photo over the name, decorative (the name follows); WebP only: a browser that
      // runs this map reads WebP.
      const img = document.createElement('img');
      img.className = 'map-card__photo' + (parts.photo.placeholder ? ' ' + parts.photo.placeholder : '');
      img.src = parts.photo.src;
      img.width = parts.photo.width || 360;
      img.height = parts.photo.height || 270;
      img.alt = '';
      img.decoding = 'async';
      card.append(img);
    }
    card.append(element('p', 'map-card__name', parts.name));
    card.append(element('p', 'map-card__meta', parts.meta));
    if (parts.stars && star && star.path) {
      const rating = element('p', 'map-card__rating');
      const avg = averageOf({ s: parts.stars, avg: parts.average });
      rating.append(Text.starIcon(avg, 'star'));
      const text = element('span', '', Text.average(avg));
      text.setAttribute('aria-hidden', 'true');
      rating.append(text, element('span', 'visually-hidden', parts.ratingLabel || ''));
      card.append(rating);
    }
    if (parts.status) {
      const badge = element('p', 'open-badge', parts.status.text);
      badge.dataset.state = parts.status.open ? 'open' : 'closed';
      card.append(badge);
    }
    const link = element('a', 'map-card__link', TEXT.details);
    link.href = parts.href;
    card.append(link);
    return card;
  }

  // ---------- The first view ----------

  /** The first view's numbers (`firstView`). */
  const FIRST_VIEW = Object.freeze({ nearest: 24, nearby: 6, fewest: 4, crowded: 30, streetZoom: 14, maxZoom: 17, pin: 36, nearMetres: 1000 });
  const WORLD_METRES = 40075016.686; // the equator, in metres: a zoom-0 world of 256 px

  /** Web Mercator: [lat, lon] → world px at zoom 0 (the world is 256 px across), and back. */
  function toWorld(lat, lon) {
    const sin = Math.min(Math.max(Math.sin(lat * Math.PI / 180), -0.9999), 0.9999);
    return { x: 256 * (0.5 + lon / 360), y: 256 * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
  }
  function fromWorld(x, y) {
    const n = Math.PI - 2 * Math.PI * y / 256;
    return { lat: 180 / Math.PI * Math.atan(Math.sinh(n)), lon: x / 256 * 360 - 180 };
  }

  /**
   * The view a map of the places around a centre opens on (issue #58): where the places are, at street level,
   * rather than the whole radius zoomed out until it is all counts. A pure function:
   *   places: [{ lat, lon, pick }] in play (within the radius), `pick` for the owner's picks (favorites and
   *           places rated 4 or more); anchor: { lat, lon }, the guide's centre;
   *   size: { width, height } of the part of the map the reader sees, less a margin (px);
   *   zooms: { min: the zoom that holds the whole radius (never further out), max: the map's }.
   * Returns { lat, lon, zoom }: what to put in the middle of the visible part, and the zoom.
   *
   * The rule:
   *  1. Around the centre; or, when fewer than 6 places lie within 1 km of it, around the densest square
   *     kilometre of places.
   *  2. The 24 places nearest to it, at whatever zoom holds them (at most 17, and never further out than the
   *     radius).
   *  3. The owner's picks, nearest first, each as long as the view stays at street level with it (zoom 14 or
   *     closer, and no more than 30 places in view: a city's streets, not its counts).
   *  4. While 30 places or more are in view, or two would stand closer than a pin's width (so a count would
   *     stand for them), one zoom closer, as long as 4 places stay in view; and where that does not clear the
   *     view, the same for fewer of the nearest places (23, 22 … 4), keeping the clear view with the most
   *     places if it shows 6 or more: a first view of pins to tell apart, not of counts, wherever one can be
   *     had; else a count among the pins (two places a few metres apart near the centre) rather than 4 pins.
   */
  function firstView(places, anchor, size, zooms) {
    const F = FIRST_VIEW;
    const maxZoom = Math.min(F.maxZoom, zooms.max);
    const minZoom = Math.min(zooms.min, maxZoom);
    const width = Math.max(1, size.width), height = Math.max(1, size.height);
    const points = places.map((p) => Object.assign(toWorld(p.lat, p.lon), { pick: !!p.pick }));
    let centre = toWorld(anchor.lat, anchor.lon);
    if (!points.length) return { lat: anchor.lat, lon: anchor.lon, zoom: Math.max(minZoom, Math.min(maxZoom, F.streetZoom)) };
    const metre = 256 / (WORLD_METRES * Math.max(0.05, Math.cos(anchor.lat * Math.PI / 180))); // world px per metre
    const near = F.nearMetres * metre;
    const within = (c, r) => points.reduce((n, p) => n + ((p.x - c.x) ** 2 + (p.y - c.y) ** 2 <= r * r ? 1 : 0), 0);
    if (within(centre, near) < Math.min(F.nearby, points.length)) {
      // The densest square kilometre: cells of 1 km, each counted with its eight neighbours.
      const cells = new Map();
      const key = (i, j) => `${i},${j}`;
      for (const p of points) {
        const k = key(Math.floor(p.x / near), Math.floor(p.y / near));
        cells.set(k, (cells.get(k) || 0) + 1);
      }
      let best = null;
      for (const p of points) {
        const i = Math.floor(p.x / near), j = Math.floor(p.y / near);
        let n = 0;
        for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) n += cells.get(key(i + di, j + dj)) || 0;
        if (!best || n > best.n) best = { n, i, j };
      }
      const members = points.filter((p) => Math.abs(Math.floor(p.x / near) - best.i) <= 1 && Math.abs(Math.floor(p.y / near) - best.j) <= 1);
      centre = { x: members.reduce((a, p) => a + p.x, 0) / members.length, y: members.reduce((a, p) => a + p.y, 0) / members.length };
    }
    const gap = (p) => (p.x - centre.x) ** 2 + (p.y - centre.y) ** 2;
    const order = points.slice().sort((a, b) => gap(a) - gap(b));
    /** The highest zoom at which a box (world px at zoom 0) fits the visible part. */
    const fits = (box) => {
      const w = box.maxX - box.minX, h = box.maxY - box.minY;
      const scale = Math.min(w > 0 ? width / w : Infinity, h > 0 ? height / h : Infinity);
      return Number.isFinite(scale) ? Math.floor(Math.log2(scale)) : maxZoom;
    };
    const grow = (box, p) => ({ minX: Math.min(box.minX, p.x), minY: Math.min(box.minY, p.y), maxX: Math.max(box.maxX, p.x), maxY: Math.max(box.maxY, p.y) });
    /** The places in the view of `box` fitted at zoom `z`, and `halo` px around it. */
    const inView = (b, z, halo = 0) => {
      const halfW = (width / 2 + halo) / 2 ** z, halfH = (height / 2 + halo) / 2 ** z;
      const mx = (b.minX + b.maxX) / 2, my = (b.minY + b.maxY) / 2;
      return points.filter((p) => Math.abs(p.x - mx) <= halfW && Math.abs(p.y - my) <= halfH);
    };
    const crowded = (shown, z) => {
      const pin = F.pin / 2 ** z;
      for (let i = 0; i < shown.length; i++) {
        for (let j = i + 1; j < shown.length; j++) {
          if ((shown[i].x - shown[j].x) ** 2 + (shown[i].y - shown[j].y) ** 2 <= pin * pin) return true;
        }
      }
      return false;
    };
    /** Steps 2 and 3 for the `k` nearest places: the box. */
    const boxOf = (k) => {
      let box = { minX: order[0].x, minY: order[0].y, maxX: order[0].x, maxY: order[0].y };
      for (const p of order.slice(1, k)) box = grow(box, p);
      for (const p of order) {
        if (!p.pick) continue;
        const wider = grow(box, p);
        const z = Math.min(maxZoom, fits(wider));
        if (z >= F.streetZoom && inView(wider, z).length <= Math.max(F.crowded, F.nearest)) box = wider;
      }
      return box;
    };
    // A count may gather pins from just outside the view (under the margin or the floating search): they count too.
    const halo = 2 * F.pin;
    /** Step 4 for a box: its zoom, and whether its view shows pins only. */
    const settle = (box) => {
      let zoom = Math.max(minZoom, Math.min(maxZoom, fits(box)));
      for (;;) {
        const shown = inView(box, zoom);
        if (shown.length < F.crowded && !crowded(inView(box, zoom, halo), zoom)) return { box, zoom, clear: true };
        if (zoom >= maxZoom || inView(box, zoom + 1).length < Math.min(F.fewest, shown.length)) return { box, zoom, clear: false };
        zoom += 1;
      }
    };
    // Where a closer zoom would leave too few places, fewer of the nearest (down to 4) may give a view of pins:
    // of those, the one with the most places in view.
    let view = settle(boxOf(F.nearest));
    if (!view.clear) {
      let most = F.nearby - 1; // a clear view of fewer than 6 places is worse than a count among pins
      for (let k = F.nearest - 1; k >= F.fewest; k--) {
        const fewer = settle(boxOf(k));
        const count = fewer.clear ? inView(fewer.box, fewer.zoom).length : 0;
        if (count > most) { most = count; view = fewer; }
      }
    }
    const { box, zoom } = view;
    const middle = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
    const at = fromWorld(middle.x, middle.y);
    return { lat: at.lat, lon: at.lon, zoom };
  }

  window.BeaconMap = Object.freeze({
    create, hasBasemap, pinIcon, clusterGroup, gridGroup, usesGrid, ring, centerMarker, readerMarker, placeCard,
    cornerControl, pinLifter, linkCards, siteRoot, firstView, showAt, fitVisible, visibleMiddle,
  });

  // ---------- A place's page: the small map ----------

  function drawPlaceMap() {
    const canvas = document.getElementById('place-map');
    const source = document.getElementById('beacon-map');
    if (!canvas || !source) return;
    try {
      const data = JSON.parse(source.textContent);
      const place = data.place;
      const center = data.center;
      const map = create(canvas, data.basemap, Text.t('map.placeLabel', { name: place.n }), {
        scrollWheelZoom: false,
        dragging: !L.Browser.mobile, // one finger scrolls the page on a phone; two pinch the map
        pinNamesFromZoom: 0,
      }, { compact: true });
      const here = [place.lat, place.lon];
      L.marker(here, { icon: pinIcon(place, data.star, place.n), keyboard: false }).addTo(map);
      const points = [here];
      if (center && (Math.abs(center.lat - place.lat) > 1e-5 || Math.abs(center.lon - place.lon) > 1e-5)) {
        L.polyline([[center.lat, center.lon], here], { className: 'map-route', interactive: false, weight: 2, dashArray: '4 6' }).addTo(map);
        centerMarker(center).addTo(map);
        points.push([center.lat, center.lon]);
      }
      if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 16 });
      else map.setView(here, 16);
      canvas.closest('.place-map').dataset.ready = 'true';
    } catch (error) {
      canvas.closest('.place-map').hidden = true;
      console.error('Beacon: kunne ikke tegne kartet', error);
    }
  }

  // ---------- «Mine steder»: the favorites' map ----------

  /**
   * The explorer's pins, clusters and cards for the favorites of the page, from the JSON in
   * #beacon-favorites-map (FavoritesPage.map in Swift): { basemap, center, star, label, places:
   * [{ id, n, c, lat, lon, u: link from this page, meta: "Kafé · 450 m", s?, label?: rating text }] }.
   * Cards and pins go together as in the explorer: a card pointed at or focused lifts its pin, and a pin's
   * card on the map marks the place's card in the list (and, beside the map on a wide screen, brings it
   * into view).
   */
  function drawFavoritesMap() {
    const canvas = document.getElementById('favorites-map');
    const source = document.getElementById('beacon-favorites-map');
    if (!canvas || !source) return;
    const section = canvas.closest('.favorites-map');
    try {
      const data = JSON.parse(source.textContent);
      const places = Array.isArray(data.places) ? data.places : [];
      const map = create(canvas, data.basemap, String(data.label || ''), {
        scrollWheelZoom: false, // the page scrolls past the map; the buttons and two fingers zoom
        dragging: !L.Browser.mobile,
        // Beside the list on a wide screen the map is as tall as the window, so its foot may start below the
        // fold: the favorites are fitted to the part the reader sees.
        // The button to far favorites stands over the map's top: the pins keep clear of it.
        visibleInset: () => {
          const box = canvas.getBoundingClientRect();
          const far = canvas.querySelector('.map-far');
          return {
            top: far ? Math.max(0, far.getBoundingClientRect().bottom - box.top) : 0,
            bottom: box.top < window.innerHeight ? Math.max(0, box.bottom - window.innerHeight) : 0,
          };
        },
        // A short list's pins are named at every zoom, as a guide's map is, where the names hide nothing.
        pinNamesFromZoom: places.length <= FAVORITES_NAMED_UP_TO ? 0 : undefined,
      });
      const cluster = clusterGroup(places.length).addTo(map);
      const list = document.querySelector('.place-list--favorites');
      const cardOf = (id) => (list ? Array.from(list.children).find((li) => li.dataset.id === id) : null) || null;
      const beside = window.matchMedia ? window.matchMedia('(min-width: 64rem)') : { matches: false };
      const markers = new Map();
      cluster.addLayers(places.map((p) => {
        const marker = cardMarker(p, data.star, cardOf, beside);
        markers.set(p.id, marker);
        return marker;
      }));
      if (list) linkCards(list, (id) => markers.get(id) || null, pinLifter(cluster));
      if (data.center) centerMarker(data.center).addTo(map);
      // The map opens on the main group; favorites far from it (`far`, FavoritesPage.farAway) are a button's.
      const far = data.far && Array.isArray(data.far.places) ? new Set(data.far.places) : new Set();
      const main = places.filter((_, i) => !far.has(i)).map((p) => [p.lat, p.lon]);
      const away = places.filter((_, i) => far.has(i)).map((p) => [p.lat, p.lon]);
      const show = (points, move) => {
        if (points.length > 1) fitVisible(map, L.latLngBounds(points), Object.assign({ margin: 36, maxZoom: 16 }, move));
        else if (points.length === 1) showAt(map, points[0], 16, move);
      };
      if (away.length) map.addControl(farControl(map, data.far, main, away, show));
      show(main, { animate: false });
      // For the browser tests: the places the pins stand for (read-only).
      window.BeaconFavoritesMap = Object.freeze({ placeIds: () => cluster.getLayers().map((m) => m.options.placeId), map: () => map });
      section.dataset.ready = 'true';
    } catch (error) {
      section.hidden = true;
      console.error('Beacon: kunne ikke tegne kartet', error);
    }
  }

  /**
   * The pin of a place of «Mine steder» or of a list (`p`: as the page data has it, FavoritesPage.pin in Swift) with
   * its card on the map; while the card is open, the place's card in the page's list (`cardOf(id)`) is marked, and
   * beside the map (`beside`) brought into view.
   */
  function cardMarker(p, star, cardOf, beside) {
    const label = (Number.isInteger(p.num) ? `${p.num}. ` : '') + [p.n, p.meta].concat(p.label ? [p.label] : []).join(', ');
    const marker = L.marker([p.lat, p.lon], { icon: pinIcon(p, star, label), keyboard: true });
    marker.options.placeId = p.id;
    marker.bindPopup(() => placeCard({
      name: p.n, meta: p.meta, stars: p.s, average: p.avg, ratingLabel: p.label || '', href: p.u,
      photo: p.ph ? { src: p.ph, width: p.pw, height: p.phh, placeholder: p.pc } : null,
    }, star),
      { maxWidth: 260, minWidth: 200, autoPanPadding: [24, 24] });
    marker.on('popupopen', () => {
      const card = cardOf(p.id);
      if (!card) return;
      card.classList.add('place-card--active');
      if (beside.matches) card.scrollIntoView({ block: 'nearest' });
    });
    marker.on('popupclose', () => {
      const card = cardOf(p.id);
      if (card) card.classList.remove('place-card--active');
    });
    return marker;
  }

  // ---------- One of the owner's lists: its numbered pins ----------

  /**
   * The pins of a list's places from the JSON in #beacon-list-map (SavedListPage.map in Swift): { basemap, star,
   * label, places: [{ …as «Mine steder»'s, num: 1, 2 … in the page's order }] }. Each pin shows its card's number
   * and none is grouped into a count, so the numbered list is the map's legend; the map opens fitted to all of
   * them, each named beside its pin where there is room. Cards and pins go together as on «Mine steder».
   */
  function drawSavedListMap() {
    const canvas = document.getElementById('list-map');
    const source = document.getElementById('beacon-list-map');
    if (!canvas || !source) return;
    const section = canvas.closest('.saved-list-map');
    try {
      const data = JSON.parse(source.textContent);
      const places = Array.isArray(data.places) ? data.places : [];
      const map = create(canvas, data.basemap, String(data.label || ''), {
        scrollWheelZoom: false,
        dragging: !L.Browser.mobile,
        // Beside the list on a wide screen the map may run below the fold: the list is fitted to what shows.
        visibleInset: () => {
          const box = canvas.getBoundingClientRect();
          return { bottom: box.top < window.innerHeight ? Math.max(0, box.bottom - window.innerHeight) : 0 };
        },
        pinNamesFromZoom: places.length <= FAVORITES_NAMED_UP_TO ? 0 : undefined,
      });
      const pins = L.featureGroup().addTo(map);
      const list = document.querySelector('.place-list--numbered');
      const cardOf = (id) => (list ? Array.from(list.children).find((li) => li.dataset.id === id) : null) || null;
      const beside = window.matchMedia ? window.matchMedia('(min-width: 64rem)') : { matches: false };
      const markers = new Map();
      for (const p of places) {
        const marker = cardMarker(p, data.star, cardOf, beside);
        marker.options.number = p.num;
        markers.set(p.id, marker);
        pins.addLayer(marker);
      }
      if (list) linkCards(list, (id) => markers.get(id) || null, pinLifter(pins));
      const points = places.map((p) => [p.lat, p.lon]);
      if (points.length > 1) fitVisible(map, L.latLngBounds(points), { margin: 36, maxZoom: 16, animate: false });
      else if (points.length === 1) showAt(map, points[0], 16, { animate: false });
      // For the browser tests: the pins in the map's order, each with its number and place (read-only).
      window.BeaconListMap = Object.freeze({
        pins: () => pins.getLayers().map((m) => ({ id: m.options.placeId, number: m.options.number, lat: m.getLatLng().lat, lon: m.getLatLng().lng })),
        map: () => map,
      });
      section.dataset.ready = 'true';
    } catch (error) {
      section.hidden = true;
      console.error('Beacon: kunne ikke tegne kartet', error);
    }
  }

  /**
   * The button to the favorites far from the rest: «1 til, 931 km unna» (its text from the page data, in the
   * page's language), an arrow pointing their way; pressed, the map flies there and the button offers the way
   * back («Tilbake til 150 steder»).
   */
  function farControl(map, far, main, away, show) {
    const button = element('button', 'map-far');
    button.type = 'button';
    const arrow = element('span', 'map-far__arrow', '→');
    arrow.setAttribute('aria-hidden', 'true');
    const text = element('span', 'map-far__text', String(far.go || ''));
    button.append(arrow, text);
    const middle = (points) => L.latLngBounds(points).getCenter();
    const from = map.project(middle(main), 0), to = map.project(middle(away), 0);
    const angle = Math.atan2(to.y - from.y, to.x - from.x) * 180 / Math.PI;
    let there = false;
    const point = () => { arrow.style.transform = `rotate(${there ? angle + 180 : angle}deg)`; };
    point();
    const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    button.addEventListener('click', () => {
      there = !there;
      text.textContent = String((there ? far.back : far.go) || '');
      button.dataset.there = String(there);
      point();
      map.closePopup();
      show(there ? away : main, still ? { animate: false } : { fly: true });
    });
    // Top left: a wide screen's map runs below the fold, and the zoom buttons keep the top right.
    return cornerControl(button, 'topleft');
  }

  drawPlaceMap();
  drawFavoritesMap();
  drawSavedListMap();
})();

// Beacon sitegen: our own basemap, drawn from OpenStreetMap data the build cut into vector tiles
// (BeaconMap VectorTiles: kart/osm/{z}/{x}/{y}.js). Plain modern JavaScript on Leaflet, no build step.
//
// window.BeaconBasemap = { tile(z, x, y, data) — what each tile file calls; layers(descriptor, root) — the
//   map's background and its names, to add to a Leaflet map; labels() — the names drawn now, for the tests }
//
// A tile is a script, not JSON, so that a guide opened from disk (file://, where fetch() is refused)
// draws its map too; the pages' Content-Security-Policy allows scripts from the site itself.
// The colours are the stylesheet's (--basemap-* in beacon.css, light and dark), read when drawing.
// Areas and streets are drawn per tile on canvas (each tile's data reaches a little past its edges, so
// neighbours meet without seams); names are drawn once over the whole view after each move, so no
// name is cut at a tile's edge, no two overlap and none lies under a pin, a count or the centre's mark.
'use strict';

(() => {
  const L = window.L;
  if (!L) return;
  const EXTENT = 4096;
  /** Tile data by "z/x/y", and the callbacks waiting for it. */
  const loaded = new Map();
  const waiting = new Map();
  const labelLayers = new Set();

  /** Called by each tile file. */
  function tile(z, x, y, data) {
    const key = `${z}/${x}/${y}`;
    const decoded = decode(data);
    loaded.set(key, decoded);
    for (const callback of waiting.get(key) || []) callback(decoded);
    waiting.delete(key);
  }

  /** Parts as absolute grid points (Int32Array x,y,x,y…), with each feature's box for skipping it quickly. */
  function decode(data) {
    const kinds = Array.isArray(data && data.k) ? data.k : [];
    const features = [];
    for (const raw of Array.isArray(data && data.f) ? data.f : []) {
      const [k, name, parts] = raw;
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      const absolute = parts.map((part) => {
        const points = new Int32Array(part.length);
        let x = 0, y = 0;
        for (let i = 0; i + 1 < part.length; i += 2) {
          x += part[i]; y += part[i + 1];
          points[i] = x; points[i + 1] = y;
          if (x < minX) minX = x; if (x > maxX) maxX = x;
          if (y < minY) minY = y; if (y > maxY) maxY = y;
        }
        return points;
      });
      features.push({ kind: kinds[k], name: typeof name === 'string' ? name : null, parts: absolute, minX, minY, maxX, maxY });
    }
    return features;
  }

  /** The tile's data (from memory, else its script), or an empty tile when the file cannot be had. */
  function load(root, template, z, x, y) {
    const key = `${z}/${x}/${y}`;
    if (loaded.has(key)) return Promise.resolve(loaded.get(key));
    return new Promise((resolve) => {
      const first = !waiting.has(key);
      if (first) waiting.set(key, []);
      waiting.get(key).push(resolve);
      if (!first) return;
      const script = document.createElement('script');
      script.src = root + template.replace('{z}', z).replace('{x}', x).replace('{y}', y);
      script.async = true;
      script.onerror = () => tile(z, x, y, null);
      script.onload = () => { script.remove(); if (waiting.has(key)) tile(z, x, y, null); };
      document.head.append(script);
    });
  }

  // ---------- The style ----------

  const AREA_KINDS = ['sea', 'land', 'residential', 'commercial', 'industrial', 'cemetery', 'forest', 'park', 'pedestrian-area', 'water'];
  /** Roads from the least to the most important, each with its width in px at zoom 16. */
  const ROADS = { path: 1.6, service: 4, minor: 7, tertiary: 8.5, secondary: 9.5, primary: 10.5, motorway: 11.5 };
  const ROAD_ORDER = Object.keys(ROADS);
  /** The zoom from which a road's name is written along it. */
  const ROAD_NAMES = { path: 17, service: 17, minor: 15, tertiary: 15, secondary: 14, primary: 14, motorway: 14 };

  let palette = null;
  /** The stylesheet's colours for the map (each --basemap-KIND), read once per colour scheme. */
  function colours(element) {
    if (palette) return palette;
    const style = getComputedStyle(element);
    const read = (name, fallback) => (style.getPropertyValue(`--basemap-${name}`) || '').trim() || fallback;
    palette = { land: read('land', '#f2ede6') };
    for (const kind of AREA_KINDS) palette[kind] = read(kind, 'transparent');
    for (const kind of ROAD_ORDER) {
      palette[kind] = read(kind, '#ffffff');
      palette[`${kind}-casing`] = read(`${kind}-casing`, 'transparent');
    }
    palette.land = read('land', '#f2ede6');
    palette.rail = read('rail', '#a9a29b');
    palette.waterway = read('waterway', read('water', '#a9cbe3'));
    palette.label = read('label', '#3b3b48');
    palette.halo = read('label-halo', '#ffffff');
    palette['place-label'] = read('place-label', '#5a5a6e');
    palette.nodata = read('nodata', '#e6dfd5');
    palette['nodata-grid'] = read('nodata-grid', 'rgba(32, 32, 42, 0.08)');
    return palette;
  }
  const scheme = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  const widthAt = (base, zoom) => Math.max(0.6, base * Math.pow(2, (zoom - 16) * 0.75));

  // ---------- Choosing data for a view ----------

  /** The level (data zoom and its tile rectangle) that draws world pixels `rect` at `zoom`, or null. */
  function levelFor(levels, zoom, rect) {
    let chosen = null;
    for (const level of levels) {
      const [z, minX, minY, maxX, maxY] = level;
      if (z > zoom && chosen) break;
      const size = 256 * Math.pow(2, zoom - z);
      const inside = rect.minX >= minX * size && rect.maxX <= (maxX + 1) * size && rect.minY >= minY * size && rect.maxY <= (maxY + 1) * size;
      const overlaps = rect.maxX > minX * size && rect.minX < (maxX + 1) * size && rect.maxY > minY * size && rect.minY < (maxY + 1) * size;
      if (inside || (!chosen && overlaps)) chosen = level;
    }
    return chosen;
  }

  /** The data tiles of `level` under world pixels `rect` at `zoom`. */
  function dataTiles(level, zoom, rect) {
    const [z, minX, minY, maxX, maxY] = level;
    const size = 256 * Math.pow(2, zoom - z);
    const tiles = [];
    for (let y = Math.max(minY, Math.floor(rect.minY / size)); y <= Math.min(maxY, Math.floor((rect.maxY - 1) / size)); y++) {
      for (let x = Math.max(minX, Math.floor(rect.minX / size)); x <= Math.min(maxX, Math.floor((rect.maxX - 1) / size)); x++) {
        tiles.push({ z, x, y, size });
      }
    }
    return tiles;
  }

  // ---------- Drawing a tile ----------

  function tracePart(ctx, points, scale, ox, oy, closed) {
    ctx.moveTo(points[0] * scale + ox, points[1] * scale + oy);
    for (let i = 2; i + 1 < points.length; i += 2) ctx.lineTo(points[i] * scale + ox, points[i + 1] * scale + oy);
    if (closed) ctx.closePath();
  }

  /** Draws `features` of one data tile whose grid starts at (ox, oy) px, `scale` px per grid unit, on `ctx` (px). */
  function drawFeatures(ctx, features, scale, ox, oy, zoom, width, height, colour) {
    const visible = (f) => f.maxX * scale + ox >= -16 && f.minX * scale + ox <= width + 16 && f.maxY * scale + oy >= -16 && f.minY * scale + oy <= height + 16;
    // Areas, in the order the tile lists them (the kinds' drawing order).
    for (const f of features) {
      if (!AREA_KINDS.includes(f.kind) || !visible(f)) continue;
      ctx.beginPath();
      for (const part of f.parts) tracePart(ctx, part, scale, ox, oy, true);
      ctx.fillStyle = colour[f.kind];
      ctx.fill('evenodd');
    }
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    const lines = (kind, style, lineWidth, dash) => {
      let any = false;
      ctx.beginPath();
      for (const f of features) {
        if (f.kind !== kind || !visible(f)) continue;
        for (const part of f.parts) tracePart(ctx, part, scale, ox, oy, false);
        any = true;
      }
      if (!any) return;
      ctx.strokeStyle = style;
      ctx.lineWidth = lineWidth;
      ctx.setLineDash(dash || []);
      ctx.stroke();
      ctx.setLineDash([]);
    };
    lines('waterway', colour.waterway, widthAt(3, zoom));
    lines('rail', colour.rail, widthAt(2.2, zoom), zoom >= 15 ? [6, 4] : null);
    // Casings first (the wider, darker edge), then the roads over them, least important first.
    if (zoom >= 13) {
      for (const kind of ROAD_ORDER) {
        if (kind === 'path') continue;
        lines(kind, colour[`${kind}-casing`], widthAt(ROADS[kind], zoom) + (zoom >= 15 ? 2 : 1.2));
      }
    }
    for (const kind of ROAD_ORDER) {
      if (kind === 'path') lines(kind, colour.path, widthAt(ROADS.path, zoom), zoom >= 15 ? [3, 3] : null);
      else lines(kind, colour[kind], widthAt(ROADS[kind], zoom));
    }
  }

  /**
   * Where the map has no data (beyond the tiles, or beyond `descriptor.covers`, the box the data behind
   * them covers: the sample's extract of central Oslo), a plain ground with a grid, as a map app shows
   * an area it has nothing for, rather than land that looks empty. `rect`: the tile's world pixels;
   * `covered`: the covered part in the same pixels (left clear), or null.
   */
  function drawNoData(ctx, rect, covered, colour) {
    const width = rect.maxX - rect.minX;
    const height = rect.maxY - rect.minY;
    ctx.fillStyle = colour.nodata;
    ctx.fillRect(0, 0, width, height);
    // Lines every 32 world pixels, so they run on across tiles.
    ctx.beginPath();
    for (let x = Math.ceil(rect.minX / 32) * 32; x < rect.maxX; x += 32) {
      ctx.moveTo(x - rect.minX + 0.5, 0);
      ctx.lineTo(x - rect.minX + 0.5, height);
    }
    for (let y = Math.ceil(rect.minY / 32) * 32; y < rect.maxY; y += 32) {
      ctx.moveTo(0, y - rect.minY + 0.5);
      ctx.lineTo(width, y - rect.minY + 0.5);
    }
    ctx.strokeStyle = colour['nodata-grid'];
    ctx.lineWidth = 1;
    ctx.stroke();
    if (covered) {
      ctx.clearRect(covered.minX - rect.minX, covered.minY - rect.minY, covered.maxX - covered.minX, covered.maxY - covered.minY);
    }
  }

  /** `descriptor.covers` ([south, west, north, east]) in world pixels at `zoom`, or null. */
  function coveredRect(map, covers, zoom) {
    if (!map || !Array.isArray(covers) || covers.length !== 4) return null;
    const [south, west, north, east] = covers;
    const a = map.project([north, west], zoom);
    const b = map.project([south, east], zoom);
    return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
  }

  /**
   * The background: one canvas per 512 px tile (fewer edges, fewer canvases on a phone), drawn from
   * the data tiles of the level for the map's zoom.
   */
  function makeGridLayer(descriptor, root) {
    const Layer = L.GridLayer.extend({
      createTile(coords, done) {
        const canvas = document.createElement('canvas');
        const size = this.getTileSize();
        const ratio = Math.min(2, window.devicePixelRatio || 1);
        canvas.width = size.x * ratio;
        canvas.height = size.y * ratio;
        canvas.setAttribute('aria-hidden', 'true');
        const rect = { minX: coords.x * size.x, minY: coords.y * size.y, maxX: (coords.x + 1) * size.x, maxY: (coords.y + 1) * size.y };
        const level = levelFor(descriptor.levels, coords.z, rect);
        const colour = () => colours(this._map ? this._map.getContainer() : document.body);
        if (!level) {
          const ctx = canvas.getContext('2d');
          ctx.scale(ratio, ratio);
          drawNoData(ctx, rect, null, colour());
          setTimeout(() => done(null, canvas), 0);
          return canvas;
        }
        const covered = coveredRect(this._map, descriptor.covers, coords.z);
        const wanted = dataTiles(level, coords.z, rect);
        Promise.all(wanted.map((t) => load(root, descriptor.vector, t.z, t.x, t.y))).then((all) => {
          const ctx = canvas.getContext('2d');
          ctx.scale(ratio, ratio);
          const ink = colour();
          const inside = covered && rect.minX >= covered.minX && rect.maxX <= covered.maxX
            && rect.minY >= covered.minY && rect.maxY <= covered.maxY;
          if (covered && !inside) drawNoData(ctx, rect, covered, ink);
          wanted.forEach((t, i) => {
            const scale = t.size / EXTENT;
            drawFeatures(ctx, all[i], scale, t.x * t.size - rect.minX, t.y * t.size - rect.minY, coords.z, size.x, size.y, ink);
          });
          done(null, canvas);
          // The first tile on the page: the benchmark's "first map paint" (scripts/bench-browser).
          if (!performance.getEntriesByName('beacon-basemap-drawn').length) performance.mark('beacon-basemap-drawn');
          this.fire('beacon:drawn');
        });
        return canvas;
      },
    });
    return new Layer({ tileSize: 512, updateWhenIdle: false, keepBuffer: 1, className: 'basemap-tiles' });
  }

  // ---------- Names ----------

  /** Names over the whole view: places, and streets along their lines; redrawn when the map stops. */
  const LabelLayer = L.Layer.extend({
    initialize(descriptor, root) {
      this._descriptor = descriptor;
      this._root = root;
      this._drawn = [];
    },
    onAdd(map) {
      if (!map.getPane('basemapLabels')) {
        const pane = map.createPane('basemapLabels');
        pane.style.zIndex = 350; // over the tiles and the ring, under pins and cards
        pane.style.pointerEvents = 'none';
      }
      this._canvas = L.DomUtil.create('canvas', 'basemap-labels');
      this._canvas.setAttribute('aria-hidden', 'true');
      map.getPane('basemapLabels').append(this._canvas);
      // `beacon:covers` (beacon-map.js's `arrangeNames`): pins or their names moved while the map stood still.
      map.on('moveend resize beacon:covers', this._schedule, this);
      map.on('zoomstart', this._hide, this);
      map.on('zoomend', this._zoomed, this);
      labelLayers.add(this);
      this._schedule();
    },
    onRemove(map) {
      map.off('moveend resize beacon:covers', this._schedule, this);
      map.off('zoomstart', this._hide, this);
      map.off('zoomend', this._zoomed, this);
      this._canvas.remove();
      labelLayers.delete(this);
    },
    _hide() {
      this._zooming = true;
      this._canvas.style.visibility = 'hidden';
    },
    _zoomed() { this._zooming = false; },
    _schedule() {
      // While the map zooms, its panes are scaled: the names are laid out again when it stops.
      if (this._pending || this._zooming) return;
      this._pending = true;
      requestAnimationFrame(() => { this._pending = false; this.redraw(); });
    },
    redraw() {
      const map = this._map;
      if (!map) return;
      const zoom = map.getZoom();
      const view = map.getPixelBounds();
      const rect = { minX: view.min.x, minY: view.min.y, maxX: view.max.x, maxY: view.max.y };
      const level = levelFor(this._descriptor.levels, zoom, rect);
      const wanted = level ? dataTiles(level, zoom, rect) : [];
      const token = (this._token || 0) + 1;
      this._token = token;
      Promise.all(wanted.map((t) => load(this._root, this._descriptor.vector, t.z, t.x, t.y))).then((all) => {
        if (token !== this._token || !this._map) return;
        this._paint(zoom, view, wanted, all);
      });
    },
    _paint(zoom, view, wanted, all) {
      const map = this._map;
      const size = map.getSize();
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      const canvas = this._canvas;
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      canvas.style.visibility = '';
      const ctx = canvas.getContext('2d');
      ctx.scale(ratio, ratio);
      const colour = colours(map.getContainer());
      const marks = coveredBoxes(map);
      const margins = mapMargins(map);
      const candidates = [];
      wanted.forEach((t, i) => {
        const scale = t.size / EXTENT;
        const ox = t.x * t.size - view.min.x, oy = t.y * t.size - view.min.y;
        for (const f of all[i]) {
          if (!f.name) continue;
          // A city's own name while the city fits the view; its boroughs' and neighbourhoods' nearer in.
          if (f.kind === 'city' && zoom <= 12) candidates.push({ f, rank: 0, ox, oy, scale });
          else if (f.kind === 'major-place' && zoom <= 14) candidates.push({ f, rank: 0, ox, oy, scale });
          else if (f.kind === 'place' && zoom >= 13 && zoom <= 16) candidates.push({ f, rank: 1, ox, oy, scale });
          else if (ROADS[f.kind] && zoom >= ROAD_NAMES[f.kind]) candidates.push({ f, rank: 8 - ROAD_ORDER.indexOf(f.kind), ox, oy, scale });
        }
      });
      candidates.sort((a, b) => a.rank - b.rank);
      const boxes = [];
      const named = new Map(); // name → centres drawn, so a street is named again only further along
      const drawn = [];
      const free = (box) => box.minX >= 2 && box.minY >= 2 + margins.top && box.maxX <= size.x - 2 && box.maxY <= size.y - 2 - margins.bottom
        && !boxes.some((b) => b.minX < box.maxX && box.minX < b.maxX && b.minY < box.maxY && box.minY < b.maxY);
      const farFromSame = (name, x, y, distance) => !(named.get(name) || []).some(([a, b]) => Math.hypot(a - x, b - y) < distance);
      const uncovered = (box) => !marks.some((b) => b.minX < box.maxX && box.minX < b.maxX && b.minY < box.maxY && box.minY < b.maxY);
      for (const c of candidates) {
        const place = c.f.kind === 'city' || c.f.kind === 'major-place' || c.f.kind === 'place';
        ctx.font = place ? `600 ${c.f.kind === 'place' ? 12 : 13}px system-ui, sans-serif` : '500 12px system-ui, sans-serif';
        const text = c.f.name;
        const width = ctx.measureText(text).width;
        const height = place ? 16 : 14;
        for (const part of c.f.parts) {
          // A place's name moves above or below a pin on it; a street's is tried all along its line.
          const spots = place ? pointSpots(part, c, height + 12) : lineSpots(part, c, width + 24);
          for (const spot of spots) {
            if (!spot) continue;
            const cos = Math.abs(Math.cos(spot.angle)), sin = Math.abs(Math.sin(spot.angle));
            // Place names keep more room around them: a map of names is not a map.
            const pad = place ? (zoom <= 13 ? 14 : 8) : 3;
            const textW = (width * cos + height * sin) / 2, textH = (width * sin + height * cos) / 2;
            const ink = { minX: spot.x - textW, maxX: spot.x + textW, minY: spot.y - textH, maxY: spot.y + textH };
            const box = { minX: ink.minX - pad, maxX: ink.maxX + pad, minY: ink.minY - pad, maxY: ink.maxY + pad };
            if (!free(box) || !uncovered(ink) || !farFromSame(text, spot.x, spot.y, place ? 200 : 260)) continue;
            boxes.push(box);
            named.set(text, (named.get(text) || []).concat([[spot.x, spot.y]]));
            ctx.save();
            ctx.translate(spot.x, spot.y);
            ctx.rotate(spot.angle);
            ctx.textAlign = 'center';
            ctx.textBaseline = 'middle';
            ctx.lineJoin = 'round';
            ctx.strokeStyle = colour.halo;
            ctx.lineWidth = 3.5;
            ctx.strokeText(text, 0, 0);
            ctx.fillStyle = place ? colour['place-label'] : colour.label;
            ctx.fillText(text, 0, 0);
            ctx.restore();
            const client = map.getContainer().getBoundingClientRect();
            drawn.push({ text, kind: c.f.kind, x: client.left + box.minX, y: client.top + box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY,
              ink: { x: client.left + ink.minX, y: client.top + ink.minY, width: ink.maxX - ink.minX, height: ink.maxY - ink.minY } });
          }
        }
      }
      this._drawn = drawn;
      map.getContainer().dataset.basemapLabels = String(drawn.length);
    },
  });

  /**
   * How much of the map's top and bottom the page covers (a phone's floating search over the map, the
   * sheet's round corners under it): where the page moved the map's corner controls to.
   */
  function mapMargins(map) {
    const container = map.getContainer();
    const offset = (selector, side) => {
      const corner = container.querySelector(selector);
      return corner ? Math.max(0, parseFloat(getComputedStyle(corner)[side]) || 0) : 0;
    };
    return { top: offset('.leaflet-top', 'top'), bottom: offset('.leaflet-bottom', 'bottom') };
  }

  /** Where a place's name may stand: on its point, else just above or below it. */
  function pointSpots(part, c, step) {
    const x = part[0] * c.scale + c.ox, y = part[1] * c.scale + c.oy;
    return [{ x, y, angle: 0 }, { x, y: y - step, angle: 0 }, { x, y: y + step, angle: 0 }];
  }

  /**
   * The boxes (px in the map's container, 2 px around) of what stands over the map: pins, counts, the centre
   * with its name, the reader's dot, and the map's buttons and credits. A name under one would be half hidden.
   */
  function coveredBoxes(map) {
    const pane = map.getPane('markerPane');
    const container = map.getContainer();
    const origin = container.getBoundingClientRect();
    const boxes = [];
    for (const icon of [...(pane ? pane.children : []), ...container.querySelectorAll('.leaflet-control')]) {
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (const node of [icon, ...icon.querySelectorAll('span')]) {
        const r = node.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) continue;
        minX = Math.min(minX, r.left); minY = Math.min(minY, r.top);
        maxX = Math.max(maxX, r.right); maxY = Math.max(maxY, r.bottom);
      }
      if (minX > maxX) continue;
      boxes.push({ minX: minX - origin.left - 2, minY: minY - origin.top - 2, maxX: maxX - origin.left + 2, maxY: maxY - origin.top + 2 });
    }
    return boxes;
  }

  /**
   * Where a street's name fits along its line: stretches no more than 25° from straight and at
   * least `length` px long; the name is centred on each, turned to read left to right.
   */
  function lineSpots(part, c, length) {
    const spots = [];
    const n = part.length / 2;
    const px = (i) => part[2 * i] * c.scale + c.ox, py = (i) => part[2 * i + 1] * c.scale + c.oy;
    let start = 0;
    while (start < n - 1) {
      let run = 0, end = start;
      const direction = Math.atan2(py(start + 1) - py(start), px(start + 1) - px(start));
      while (end < n - 1) {
        const angle = Math.atan2(py(end + 1) - py(end), px(end + 1) - px(end));
        let turn = Math.abs(angle - direction);
        if (turn > Math.PI) turn = 2 * Math.PI - turn;
        if (turn > 0.44) break;
        run += Math.hypot(px(end + 1) - px(end), py(end + 1) - py(end));
        end += 1;
        if (run >= length) break;
      }
      if (run >= length) {
        let angle = Math.atan2(py(end) - py(start), px(end) - px(start));
        if (angle > Math.PI / 2) angle -= Math.PI;
        if (angle < -Math.PI / 2) angle += Math.PI;
        spots.push({ x: (px(start) + px(end)) / 2, y: (py(start) + py(end)) / 2, angle });
      }
      start = Math.max(end, start + 1);
    }
    return spots;
  }

  /** The background and the names for a map; `descriptor` is the page's basemap JSON ({ vector, levels, … }). */
  function layers(descriptor, root) {
    const grid = makeGridLayer(descriptor, root);
    const labels = new LabelLayer(descriptor, root);
    grid.on('beacon:drawn', () => labels._schedule());
    if (scheme && scheme.addEventListener) {
      scheme.addEventListener('change', () => { palette = null; grid.redraw(); labels._schedule(); });
    }
    return [grid, labels];
  }

  /** The names drawn now on every map of the page, with their boxes in the window (px), for the tests. */
  function labels() {
    return [].concat(...Array.from(labelLayers, (layer) => layer._drawn));
  }

  window.BeaconBasemap = Object.freeze({ tile, layers, labels });
})();

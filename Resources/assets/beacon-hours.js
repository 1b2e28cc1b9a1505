// Beacon sitegen: "Åpent · stenger kl. 22:00" / "Stengt · åpner kl. 11:00" from OSM opening
// hours, on the guide's clock: the IANA time zone the build writes on <html data-time-zone>
// (the owner's `timeZone`, or the zone at the guide's centre), read with the browser's own
// time-zone data, so a reader in another zone sees the place's local status.
// Plain modern JavaScript, no build step, no requests.
//
// The same parser and rules as Sources/BeaconModel/OpeningHours/ (OpeningHours.swift and
// OpeningHoursStatus.swift, used by `sitegen search --open-now`); both are tested against
// one table of cases, Tests/Fixtures/opening-hours-cases.json. In short:
// - the subset: weekday ranges ("Mo-Fr", "Fr-Mo") and lists ("Mo,We"), several time
//   ranges ("09:00-12:00,13:00-17:00"), off/closed, 24/7, times past midnight
//   ("22:00-02:00", "22:00-26:00"), PH; anything else does not parse → unknown (null);
// - any PH rule → unknown: public holidays cannot be dated here;
// - a rule after ";" replaces what earlier rules said about its days, a rule after ","
//   adds its times (or closes the day when it is "off");
// - start inclusive, end exclusive;
// - a range past midnight belongs to the evening it starts on and runs into the next
//   morning whatever the next day's own rules say;
// - the next change (OpeningHoursNextChange.swift) is the first later minute, within a
//   week, at which the answer differs.
//
// API: window.BeaconHours = { parse(raw), isOpen(raw, date), isOpenAt(raw, weekday, minute),
// status(raw, date), statusAt(raw, weekday, minute), zoneNow(date), clockIn(zone, date), timeZone,
// text }. Weekday 0 is Monday; a status is { open, text, next: { weekday, minute } | null } or
// null (unknown). On a detail page it fills #open-status.
'use strict';

(() => {
  const WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];
  const DAY = 1440;
  const cache = new Map();

  // ---------- Parser (OpeningHoursParser in Swift) ----------

  /** "Mo-Fr 08:00-16:00; Sa off" → ["Mo", "-", "Fr", "08:00", "-", "16:00", ";", "Sa", "off"]. */
  function tokenize(raw) {
    const tokens = [];
    let start = -1;
    for (let k = 0; k < raw.length; k++) {
      const c = raw.charCodeAt(k);
      const space = c === 32 || c === 9 || c === 10;
      const dash = c === 45 || c === 0x2013 || c === 0x2014;
      const separator = c === 59 || c === 44;
      if (space || dash || separator) {
        if (start >= 0) { tokens.push(raw.slice(start, k)); start = -1; }
        if (dash) tokens.push('-');
        else if (separator) tokens.push(c === 59 ? ';' : ',');
      } else if (start < 0) {
        start = k;
      }
    }
    if (start >= 0) tokens.push(raw.slice(start));
    return tokens;
  }

  const TIME = /^([0-9]{1,2}):([0-9]{2})$/;

  /** "08:00" → 480, "26:00" → 1560, up to 48:00; -1 when not a time. */
  function minutes(token) {
    const match = TIME.exec(token);
    if (!match) return -1;
    const h = Number(match[1]), m = Number(match[2]);
    if (h > 48 || m > 59) return -1;
    const total = h * 60 + m;
    return total <= 2 * DAY ? total : -1;
  }

  // The parser's state: one string at a time (the page script has a single thread).
  let tokens = [];
  let count = 0;
  let position = 0;
  const lower = [], day = [], time = [];

  function holidayAt(k) { return k < count && lower[k] === 'ph'; }

  /** `[weekdays] (times | off | closed | 24/7)`, or null. */
  function parseRule() {
    const days = [];
    let holidays = false;
    let named = false;
    while (position < count) {
      if (holidayAt(position)) {
        holidays = true;
        position += 1;
      } else if (day[position] >= 0) {
        const first = day[position];
        let last = first;
        position += 1;
        if (position + 1 < count && tokens[position] === '-' && day[position + 1] >= 0) {
          last = day[position + 1];
          position += 2;
        }
        named = true;
        for (let d = first; ; d = (d + 1) % 7) {
          if (!days.includes(d)) days.push(d);
          if (d === last) break;
        }
      } else {
        break;
      }
      // A comma continues the weekday list only when another weekday (or PH) follows.
      if (position + 1 < count && tokens[position] === ',' && (day[position + 1] >= 0 || holidayAt(position + 1))) {
        position += 1;
        continue;
      }
      break;
    }
    if (position >= count) return null; // "Mo-Fr" alone is not supported
    const weekdays = named ? days : (holidays ? [] : [0, 1, 2, 3, 4, 5, 6]);
    const word = lower[position];
    if (word === 'off' || word === 'closed') {
      position += 1;
      return { days: weekdays, holidays, times: [], additional: false };
    }
    if (word === '24/7') {
      position += 1;
      return { days: weekdays, holidays, times: [[0, DAY]], additional: false };
    }
    const times = [];
    while (position < count && time[position] >= 0) {
      const start = time[position];
      if (!(position + 2 < count) || tokens[position + 1] !== '-' || time[position + 2] < 0) return null;
      let end = time[position + 2];
      position += 3;
      if (start >= DAY) return null;
      if (end <= start) end += DAY; // runs past midnight
      if (end > 2 * DAY || end <= start) return null;
      times.push([start, end]);
      // Another time range follows a comma only when a time comes next.
      if (position + 1 < count && tokens[position] === ',' && time[position + 1] >= 0) {
        position += 1;
        continue;
      }
      break;
    }
    if (times.length === 0) return null;
    if (position < count && lower[position] === 'open') position += 1;
    return { days: weekdays, holidays, times, additional: false };
  }

  /**
   * The rules of a token list, or null. Each rule: { days (the weekdays it names, 0 = Monday),
   * holidays (names PH), times ([start, end] minutes; empty = off), additional (after ",") }.
   */
  function parseTokens(list) {
    tokens = list;
    count = list.length;
    position = 0;
    if (count === 0) return null;
    if (count === 1 && list[0] === '24/7') return { alwaysOpen: true, rules: [] };
    // Each token classified once.
    for (let k = 0; k < count; k++) {
      const word = list[k].toLowerCase();
      lower[k] = word;
      day[k] = word.length === 2 ? WEEKDAYS.indexOf(word) : -1;
      time[k] = word.length >= 4 && word.length <= 5 ? minutes(word) : -1;
    }
    const rules = [];
    let additional = false;
    while (position < count) {
      const rule = parseRule();
      if (!rule) return null;
      rule.additional = additional;
      rules.push(rule);
      if (position < count && (tokens[position] === ';' || tokens[position] === ',')) {
        additional = tokens[position] === ',';
        position += 1;
        if (position >= count) break; // trailing separator
      } else if (position < count) {
        return null;
      }
    }
    return rules.length === 0 ? null : { alwaysOpen: false, rules };
  }

  /**
   * The spans in force on each weekday (OpeningHours.spans(on:) in Swift), flattened:
   * week[day] = [start0, end0, start1, end1, …] in minutes, an end up to 2880.
   */
  function weekOf(rules) {
    const week = [];
    for (let d = 0; d < 7; d++) {
      let spans = [];
      for (const rule of rules) {
        if (!rule.days.includes(d)) continue;
        if (rule.additional && rule.times.length > 0) spans = spans.concat(rule.times);
        else spans = rule.times;
      }
      const flat = [];
      for (const [start, end] of spans) flat.push(start, end);
      week.push(flat);
    }
    return week;
  }

  /**
   * The parsed hours, or null when `raw` is outside the understood subset. Each distinct
   * string is parsed once (the result is cached and shared: do not change it). The result:
   * { alwaysOpen, holidays (a rule names PH), rules, week (see weekOf) }.
   */
  function parse(raw) {
    if (typeof raw !== 'string') return null;
    const cached = cache.get(raw);
    if (cached !== undefined) return cached;
    let parsed = null;
    const result = parseTokens(tokenize(raw));
    if (result) {
      parsed = {
        alwaysOpen: result.alwaysOpen,
        holidays: result.rules.some((rule) => rule.holidays),
        rules: result.rules,
        week: weekOf(result.rules),
      };
    }
    if (cache.size >= 50000) cache.clear();
    cache.set(raw, parsed);
    return parsed;
  }

  // ---------- Open now (OpeningHours.isOpen in Swift) ----------

  /** Whether `week` (see weekOf) is open at `minute` (0–1439) of `weekdayIndex` (0 = Monday). */
  function openIn(week, weekdayIndex, minute) {
    const today = week[weekdayIndex];
    for (let k = 0; k < today.length; k += 2) {
      if (today[k] <= minute && minute < today[k + 1]) return true;
    }
    // A night that began yesterday and runs past midnight.
    const yesterday = week[(weekdayIndex + 6) % 7];
    for (let k = 1; k < yesterday.length; k += 2) {
      if (yesterday[k] > DAY && minute < yesterday[k] - DAY) return true;
    }
    return false;
  }

  function validTime(weekdayIndex, minute) {
    return Number.isInteger(weekdayIndex) && weekdayIndex >= 0 && weekdayIndex <= 6
      && Number.isInteger(minute) && minute >= 0 && minute < DAY;
  }

  /** true (open), false (closed) or null (unknown) at `minute` (0–1439) of `weekday` (0 = Monday). */
  function isOpenAt(raw, weekdayIndex, minute) {
    const hours = parse(raw);
    if (hours === null || !(weekdayIndex >= 0 && weekdayIndex <= 6) || !(minute >= 0 && minute < DAY)) return null;
    if (hours.alwaysOpen) return true;
    if (hours.holidays) return null;
    return openIn(hours.week, weekdayIndex, minute);
  }

  // ---------- Status with the next change (OpeningHours.status in Swift) ----------

  const WEEK = 7 * DAY;
  // Texts in the page's language (assets/beacon-text.js, loaded first); without them the badges stay hidden.
  const Text = window.BeaconText;
  if (!Text) return;
  const say = Text.t;
  const DAY_NAMES = Text.weekdays;
  const AROUND_THE_CLOCK = say('hours.aroundTheClock');
  // Parsed hours → their sorted candidate minutes of the week, made on first use. Kept beside
  // the shared parse results rather than on them, and dropped with them when the cache clears.
  const candidateCache = new WeakMap();

  /**
   * Every span's start and end as a minute of the week (0–10079; ends past midnight wrap into
   * the next day, Sunday's into Monday), sorted, without duplicates: only there can the
   * state change.
   */
  function candidatesOf(hours) {
    let list = candidateCache.get(hours);
    if (list) return list;
    const seen = new Set();
    hours.week.forEach((flat, d) => {
      for (const value of flat) seen.add((d * DAY + value) % WEEK);
    });
    list = Array.from(seen).sort((a, b) => a - b);
    candidateCache.set(hours, list);
    return list;
  }

  function clock(minute) {
    const h = Math.floor(minute / 60), m = minute % 60;
    return (h < 10 ? '0' : '') + h + ':' + (m < 10 ? '0' : '') + m;
  }

  /**
   * "Åpent · stenger kl. 22:00" within a day, else with the weekday; "Stengt · åpner kl. 11:00"
   * today, "i morgen", or with the weekday. A closing at midnight reads "kl. 24:00" (of the day
   * before), as the hours are written ("18:00–24:00").
   */
  function statusText(open, minute, ahead, next) {
    if (open) {
      const midnight = next.minute === 0;
      const time = midnight ? '24:00' : clock(next.minute);
      if (ahead < DAY) return say('hours.closesAt', { time });
      return say('hours.closesOn', { day: DAY_NAMES[midnight ? (next.weekday + 6) % 7 : next.weekday], time });
    }
    const time = clock(next.minute);
    const days = Math.floor((minute + ahead) / DAY);
    if (days === 0) return say('hours.opensAt', { time });
    if (days === 1) return say('hours.opensTomorrow', { time });
    return say('hours.opensOn', { day: DAY_NAMES[next.weekday], time });
  }

  /**
   * { open, text, next: { weekday, minute } | null } at `minute` (0–1439) of `weekday`
   * (0 = Monday), or null when unknown (as isOpenAt). The candidates are checked in time order
   * for the actual state, so touching or overlapping spans are not a change; none within a
   * week means none at all (next: null).
   */
  function statusAt(raw, weekdayIndex, minute) {
    const hours = parse(raw);
    if (hours === null || !validTime(weekdayIndex, minute)) return null;
    if (hours.alwaysOpen) return { open: true, text: AROUND_THE_CLOCK, next: null };
    if (hours.holidays) return null;
    const week = hours.week;
    const now = weekdayIndex * DAY + minute;
    const open = openIn(week, weekdayIndex, minute);
    const candidates = candidatesOf(hours);
    const n = candidates.length;
    // The first candidate after now, then onwards round the week.
    let first = 0;
    while (first < n && candidates[first] <= now) first += 1;
    for (let k = 0; k < n; k++) {
      const at = candidates[(first + k) % n];
      if (at === now) continue;
      const day = Math.floor(at / DAY), dayMinute = at % DAY;
      if (openIn(week, day, dayMinute) === open) continue;
      const next = { weekday: day, minute: dayMinute };
      return { open, text: statusText(open, minute, (at - now + WEEK) % WEEK, next), next };
    }
    return { open, text: open ? AROUND_THE_CLOCK : say('hours.closed'), next: null };
  }

  // The page's zone; Oslo's on a page without one (an older build's, kept by the service worker).
  const ZONE = document.documentElement.getAttribute('data-time-zone') || 'Europe/Oslo';
  const formatters = new Map();

  /**
   * The weekday (0 = Monday), minute of the day and date ("2026-11-26") on `zone`'s clock at `date`,
   * or null (not a date, or a zone the browser does not know: say nothing rather than guess).
   */
  function clockIn(zone, date) {
    if (Object.prototype.toString.call(date) !== '[object Date]' || Number.isNaN(date.getTime())) return null;
    try {
      let formatter = formatters.get(zone);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat('en-GB', {
          timeZone: zone, numberingSystem: 'latn', hourCycle: 'h23',
          year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
        });
        formatters.set(zone, formatter);
      }
      const value = {};
      for (const part of formatter.formatToParts(date)) value[part.type] = Number(part.value);
      const { year, month, day, hour, minute } = value;
      if (![year, month, day, hour, minute].every(Number.isInteger)) return null;
      // The calendar date's weekday (getUTCDay: 0 = Sunday) turned into ours (0 = Monday).
      const weekdayIndex = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
      const pad = (n, width) => String(n).padStart(width, '0');
      return { weekday: weekdayIndex, minute: (hour % 24) * 60 + minute,
               date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` };
    } catch (_) {
      return null;
    }
  }

  /** The weekday (0 = Monday) and minute of the day on the guide's clock at `date` (default: now), or null. */
  function zoneNow(date) {
    const clock = clockIn(ZONE, date === undefined ? new Date() : date);
    return clock && { weekday: clock.weekday, minute: clock.minute };
  }

  /** true, false or null (unknown or unparsed hours) at `date` (default: now), on the guide's clock. */
  function isOpen(raw, date) {
    if (!parse(raw)) return null;
    const now = zoneNow(date);
    return now ? isOpenAt(raw, now.weekday, now.minute) : null;
  }

  /** statusAt for the guide's time at `date` (default: now), or null. */
  function status(raw, date) {
    if (!parse(raw)) return null;
    const now = zoneNow(date);
    return now ? statusAt(raw, now.weekday, now.minute) : null;
  }

  // Short labels (a card's badge, the filter).
  const TEXT = { open: say('openNow'), closed: say('closedNow') };

  window.BeaconHours = Object.freeze({
    parse, isOpen, isOpenAt, status, statusAt, zoneNow, clockIn, timeZone: ZONE, text: TEXT,
  });

  // ---------- Detail page: the badge and today's line of the hours ----------

  const badge = document.getElementById('open-status');
  if (!badge) return;
  const raw = badge.getAttribute('data-opening-hours');

  /**
   * Today's line of the hours list (each line's `data-days`, weekdays in force, from the build:
   * OpeningHours.daysInForce) in bold with «i dag» beside it, on the guide's clock.
   */
  function markToday() {
    const now = zoneNow();
    for (const line of document.querySelectorAll('.hours li[data-days]')) {
      const today = !!now && line.dataset.days.split(' ').includes(String(now.weekday));
      if (today === line.classList.contains('hours__today')) continue;
      line.classList.toggle('hours__today', today);
      if (today) {
        line.setAttribute('aria-current', 'date');
        line.append(' ', Object.assign(document.createElement('span'), { className: 'hours__today-label', textContent: say('hours.today') }));
      } else {
        line.removeAttribute('aria-current');
        for (const label of line.querySelectorAll('.hours__today-label')) { label.previousSibling.remove(); label.remove(); }
      }
    }
  }

  function show() {
    markToday();
    const now = status(raw);
    if (now === null) {
      badge.hidden = true;
      return;
    }
    if (badge.textContent !== now.text) badge.textContent = now.text;
    badge.dataset.state = now.open ? 'open' : 'closed';
    badge.hidden = false;
  }

  show();
  if (parse(raw)) {
    // Refresh on every minute's turn (every zone is a whole number of minutes from UTC).
    const tick = () => {
      show();
      setTimeout(tick, 60000 - (Date.now() % 60000) + 50);
    };
    setTimeout(tick, 60000 - (Date.now() % 60000) + 50);
  }
})();

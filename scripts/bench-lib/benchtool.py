#!/usr/bin/env python3
"""Helpers for scripts/bench (not timed).

  benchtool.py snapshot DIR OUT.tsv [--hash]
      One line per file under DIR: path, inode, mtime_ns, size[, sha256].
  benchtool.py diff BEFORE.tsv AFTER.tsv [--list N]
      Prints "written added removed same-bytes" on the first line, then (at most N of) the files
      written: a file counts as written when it is new or its inode or modification time changed
      (sitegen hard-links unchanged files into the new tree; Hugo rewrites in place). With hashes in
      both snapshots, a rewritten file whose bytes did not change is marked "(same bytes)".
  benchtool.py summary ERRFILE
      Parses sitegen's last stderr line ("Ferdig på 1,27 s: 10204 sider, 10000 steder. Filer: 0 skrevet,
      10210 uendret, 0 fjernet → …") and prints "pages places written unchanged removed".
  benchtool.py rate SITE PLACES.json INDEX STARS [OUTPUT]
      Adds one rating (STARS, dated 2026-10-01) to SITE/beacon-store.json for the place at INDEX in the
      places file, keyed `geoapify/<place_id>` (the synthetic places have no OpenStreetMap id). When
      sitegen's place index (SITE/.beacon-cache/places.json) holds the places, the key is checked
      against it and the place copy taken from it (likewise OUTPUT/eksport/steder.geojson). Prints "key<TAB>name<TAB>where the copy came from".
  benchtool.py favorite SITE PLACES.json INDEX [OUTPUT]
      Marks the place at INDEX a favorite (since 2026-10-02), keyed and copied as `rate` does.
  benchtool.py rename PLACES.json INDEX SUFFIX
      Appends SUFFIX to the name of feature INDEX, editing the file's bytes (every other feature keeps
      its bytes, as after an edit by hand). Prints "old name<TAB>new name".
  benchtool.py hugo-edit-loop SITE OUT RUNS
      Hugo's own edit loop: starts `hugo server --renderToDisk` on SITE (output OUT), waits for its first
      build, then RUNS times changes one place's rating in its content file and times how long until the
      place's page on disk shows the new stars and the list page is rewritten. Prints one line per run and
      "median SECONDS" last.
  benchtool.py time STDOUT STDERR CMD...
      Runs CMD with its output in STDOUT and STDERR and prints "wall_ms peak_rss_kb cpu_s other_cpu_s status":
      the wall time from just before the process is spawned to just after it has been reaped (one
      posix_spawn and one wait4 in this process, so no helper process's start or exit is counted), its
      peak RSS and CPU time (from wait4), and the CPU time other processes used meanwhile (/proc/stat).
  benchtool.py summary ERRFILE prints, besides, the pages rendered (the last number; all pages when the
      build does not say "(N laget på nytt)").
"""
import hashlib
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time


def snapshot(root, out, with_hash):
    rows = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            row = [os.path.relpath(path, root), str(st.st_ino), str(st.st_mtime_ns), str(st.st_size)]
            if with_hash:
                h = hashlib.sha256()
                with open(path, "rb") as f:
                    for chunk in iter(lambda: f.read(1 << 20), b""):
                        h.update(chunk)
                row.append(h.hexdigest())
            rows.append("\t".join(row))
    rows.sort()
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + ("\n" if rows else ""))


def load(path):
    table = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            table[parts[0]] = parts[1:]
    return table


def diff(before_path, after_path, limit):
    before, after = load(before_path), load(after_path)
    written, added, same = [], 0, 0
    for path, now in sorted(after.items()):
        old = before.get(path)
        if old is None:
            added += 1
            written.append(f"{path}  (new)")
        elif old[0] != now[0] or old[1] != now[1]:
            note = ""
            if len(old) > 3 and len(now) > 3 and old[3] == now[3]:
                note = "  (same bytes)"
                same += 1
            written.append(path + note)
    removed = [p for p in before if p not in after]
    print(len(written), added, len(removed), same)
    for line in written[:limit]:
        print(line)
    if len(written) > limit:
        print(f"… and {len(written) - limit} more")
    for path in sorted(removed)[:limit]:
        print(f"{path}  (removed)")


SUMMARY = re.compile(r"(\d+) sider(?: \((\d+) laget på nytt\))?, (\d+) steder\. Filer: (\d+) skrevet, (\d+) uendret, (\d+) fjernet")


def summary(errfile):
    with open(errfile, encoding="utf-8", errors="replace") as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    for line in reversed(lines):
        m = SUMMARY.search(line)
        if m:
            pages, rendered, places, written, unchanged, removed = m.groups()
            # pages, places, written, unchanged, removed, rendered (all pages when the build says nothing)
            print(" ".join([pages, places, written, unchanged, removed, rendered or pages]))
            return
    sys.exit(f"benchtool: found no summary line (\"… sider, … steder. Filer: … skrevet, …\") in {errfile}")


CATEGORY = {"catering.restaurant": "restaurant", "catering.cafe": "cafe", "accommodation.hotel": "hotel"}


def rename(places_file, index, suffix):
    """Appends SUFFIX to the name of feature INDEX by editing the file's bytes in place of a rewrite
    (as an editor would: every other feature keeps its bytes). Needs make-places.py's layout."""
    with open(places_file, "rb") as f:
        data = f.read()
    marker = b'{"type":"Feature"'
    start = -1
    for _ in range(index + 1):
        start = data.find(marker, start + 1)
        if start < 0:
            sys.exit(f"benchtool: {places_file} has no feature {index} in make-places.py's layout")
    name_at = data.find(b'"name":"', start)
    end = data.find(b'"', name_at + 8)
    following = data.find(marker, start + 1)
    if name_at < 0 or end < 0 or 0 <= following < name_at:
        sys.exit(f"benchtool: feature {index} of {places_file} has no name where make-places.py writes it")
    name = data[name_at + 8:end].decode("utf-8")
    tmp = places_file + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data[:end] + suffix.encode("utf-8") + data[end:])
    os.replace(tmp, places_file)
    print(f"{name}\t{name}{suffix}")


def favorite(site, places_file, index, output=None):
    """Marks the place at INDEX as a favorite (since 2026-10-02), keyed and copied as `rate` does."""
    key, snapshot, origin = store_key(site, places_file, index, output)
    update_store(site, key, snapshot, lambda entry: entry.__setitem__("favoriteSince", "2026-10-02"))
    print(f"{key}\t{snapshot['name']}\t{origin}")


def rate(site, places_file, index, stars, output=None):
    key, snapshot, origin = store_key(site, places_file, index, output)
    update_store(site, key, snapshot, lambda entry: entry.setdefault("ratings", []).append(
        {"stars": stars, "date": "2026-10-01", "comment": "Benchmark: én ny vurdering."}))
    print(f"{key}\t{snapshot['name']}\t{origin}")


def update_store(site, key, snapshot, change):
    store_path = os.path.join(site, "beacon-store.json")
    store = {"format": 1, "places": {}}
    if os.path.exists(store_path):
        with open(store_path, encoding="utf-8") as f:
            store = json.load(f)
    entry = store.setdefault("places", {}).setdefault(key, {})
    entry.setdefault("place", snapshot)
    change(entry)
    tmp = store_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(store, f, ensure_ascii=False, indent=2)
        f.write("\n")
    os.replace(tmp, store_path)


def store_key(site, places_file, index, output=None):
    """The store key of the place at INDEX, its snapshot, and where the snapshot came from."""
    with open(places_file, encoding="utf-8") as f:
        source = json.load(f)["features"][index]["properties"]
    key = "geoapify/" + source["place_id"]
    # The place as sitegen published it, from its place index when the index holds the places (a build
    # from a places file may keep only a pointer to that file), or else from a GeoJSON export in the output.
    published = None
    index_path = os.path.join(site, ".beacon-cache", "places.json")
    label = "the place index .beacon-cache/places.json"
    if os.path.exists(index_path):
        # Each place as sitegen's Codable writes it: name, category, address (its one line), lat, lon among others.
        with open(index_path, encoding="utf-8") as f:
            match = [p for p in json.load(f) if p.get("id") == key]
        if not match:
            sys.exit(f"benchtool: {key} (place {index} of {places_file}) is not in {index_path}; "
                     "sitegen no longer keys places without an OpenStreetMap id as geoapify/<place_id>")
        published = match[0]
    elif output:
        label = "the output's eksport/steder.geojson"
        export = os.path.join(output, "eksport", "steder.geojson")
        if os.path.exists(export):
            with open(export, encoding="utf-8") as f:
                features = json.load(f).get("features", [])
            match = [p for p in features if p.get("id") == key]
            if not match:
                sys.exit(f"benchtool: {key} (place {index} of {places_file}) is not in {export}; "
                         "sitegen no longer keys places without an OpenStreetMap id as geoapify/<place_id>")
            published = match[0]["properties"]
    if published is not None:
        snapshot = {"name": published["name"], "category": published["category"]}
        if published.get("address"):
            snapshot["address"] = published["address"]
        snapshot.update(lat=published["lat"], lon=published["lon"])
    else:
        category = next((CATEGORY[c] for c in reversed(source.get("categories", [])) if c in CATEGORY), "restaurant")
        snapshot = {"name": source["name"], "category": category,
                    "address": f"{source['street']} {source['housenumber']}, {source['postcode']} {source['city']}",
                    "lat": source["lat"], "lon": source["lon"]}
    origin = label if published is not None else "the places file"
    return key, snapshot, origin


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hugo_edit_loop(site, out, runs):
    content = os.path.join(site, "content", "steder")
    names = sorted(n for n in os.listdir(content) if n.endswith(".md"))
    if not names:
        sys.exit("benchtool: no content files in " + content)
    log = open(os.path.join(os.path.dirname(out.rstrip("/")) or ".", "hugo-server.log"), "w")
    server = subprocess.Popen(["hugo", "server", "-s", site, "-d", out, "--renderToDisk", "--disableLiveReload",
                               "--bind", "127.0.0.1", "--port", str(free_port()), "--quiet"],
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    index = os.path.join(out, "index.html")
    try:
        deadline = time.monotonic() + 600
        while not os.path.exists(index) or os.path.getsize(index) == 0:
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit("benchtool: hugo server did not build the site (see hugo-server.log)")
            time.sleep(0.05)
        time.sleep(2)  # let the first build settle
        times = []
        for run in range(runs):
            name = names[(len(names) // 2 + run * 7919) % len(names)]
            path = os.path.join(content, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            old = int(re.search(r"^rating: (\d+)$", text, re.M).group(1))
            new = old % 5 + 1
            page = os.path.join(out, "steder", name[:-3].lower(), "index.html")
            stars = "★" * new + "☆" * (5 - new)
            list_before = os.stat(index).st_mtime_ns
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(re.sub(r"^rating: \d+$", f"rating: {new}", text, count=1, flags=re.M))
            start = time.monotonic()
            os.replace(tmp, path)
            while True:
                try:
                    with open(page, encoding="utf-8") as f:
                        shown = stars in f.read()
                    if shown and os.stat(index).st_mtime_ns != list_before:
                        break
                except OSError:
                    pass
                if time.monotonic() - start > 60:
                    sys.exit(f"benchtool: hugo server did not rewrite {page} and the list within 60 s")
                time.sleep(0.002)
            took = time.monotonic() - start
            times.append(took)
            print(f"run {run + 1}: {took:.3f} s ({name}, {old} → {new} stars)")
            time.sleep(0.5)
        print(f"median {statistics.median(times):.3f}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()


def busy_seconds():
    """Busy CPU time of the whole machine (user+nice+system+irq+softirq+steal), in seconds."""
    with open("/proc/stat") as f:
        fields = f.readline().split()
    return sum(int(fields[i]) for i in (1, 2, 3, 6, 7, 8)) / os.sysconf("SC_CLK_TCK")


def time_command(stdout_path, stderr_path, argv):
    out = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    err = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    actions = [(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, err, 2)]
    busy_before = busy_seconds()
    started = time.perf_counter_ns()
    try:
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    except OSError as error:
        os.write(err, f"benchtool: cannot start {argv[0]}: {error.strerror}\n".encode())
        print("0 0 0 0 127")
        return
    _, status, usage = os.wait4(pid, 0)
    ended = time.perf_counter_ns()
    busy_after = busy_seconds()
    os.close(out)
    os.close(err)
    cpu = usage.ru_utime + usage.ru_stime
    other = max(0.0, busy_after - busy_before - cpu)
    print(f"{(ended - started) / 1e6:.1f} {usage.ru_maxrss} {cpu:.2f} {other:.2f} {os.waitstatus_to_exitcode(status)}")


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    cmd, rest = args[0], args[1:]
    if cmd == "time" and len(rest) >= 3:
        time_command(rest[0], rest[1], rest[2:])
    elif cmd == "snapshot" and len(rest) in (2, 3):
        snapshot(rest[0], rest[1], "--hash" in rest[2:])
    elif cmd == "diff" and len(rest) >= 2:
        limit = int(rest[rest.index("--list") + 1]) if "--list" in rest else 20
        diff(rest[0], rest[1], limit)
    elif cmd == "summary" and len(rest) == 1:
        summary(rest[0])
    elif cmd == "hugo-edit-loop" and len(rest) == 3:
        hugo_edit_loop(rest[0], rest[1], int(rest[2]))
    elif cmd == "favorite" and len(rest) in (3, 4):
        favorite(rest[0], rest[1], int(rest[2]), rest[3] if len(rest) == 4 else None)
    elif cmd == "rename" and len(rest) == 3:
        rename(rest[0], int(rest[1]), rest[2])
    elif cmd == "rate" and len(rest) in (4, 5):
        rate(rest[0], rest[1], int(rest[2]), int(rest[3]), rest[4] if len(rest) == 5 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()

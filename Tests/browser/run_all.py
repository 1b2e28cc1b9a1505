#!/usr/bin/python3
"""Runs every browser test, its modules shared among a few processes at once.

Most of a browser test's time is spent waiting for the page (a debounce, an animation, a service worker,
a reload), so a few Chromiums side by side finish sooner than one after another, even on two cores. Each
process runs whole modules (their classes build their guides once); the modules are dealt out by their
expected cost, the longest first. Prints each process's report as it finishes; exits 1 if any failed.

Usage: Tests/browser/run_all.py [--jobs N]   (default 3; the environment is passed on: SITEGEN, …)
"""
import glob
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Seconds each module took on the project's 2-core machine: only the order of dealing depends on them.
EXPECTED_COST = {
    "test_explorer": 95, "test_hours": 40, "test_offline": 40, "test_accessibility": 28, "test_pages": 24,
    "test_languages": 20, "test_hostile": 11, "test_huge_map": 10, "test_print": 8, "test_query": 8,
    "test_big_guide": 6, "test_watch": 5, "test_share": 2, "test_favorites": 12, "test_categories": 9, "test_own_places": 7,
    "test_photos": 12, "test_names": 4, "test_anywhere": 5, "test_detail_page": 16, "test_lists": 41,
}


def shards(modules, jobs):
    """The modules dealt out, longest first, each to the process with the least expected work so far."""
    loads = [[0, []] for _ in range(jobs)]
    for module in sorted(modules, key=lambda m: -EXPECTED_COST.get(m, 10)):
        lightest = min(loads, key=lambda load: load[0])
        lightest[0] += EXPECTED_COST.get(module, 10)
        lightest[1].append(module)
    return [modules for _, modules in loads if modules]


def main():
    jobs = 3
    if len(sys.argv) == 3 and sys.argv[1] == "--jobs" and sys.argv[2].isdigit() and int(sys.argv[2]) > 0:
        jobs = int(sys.argv[2])
    elif len(sys.argv) != 1:
        sys.exit(__doc__)
    modules = sorted(os.path.basename(path)[:-3] for path in glob.glob(os.path.join(HERE, "test_*.py")))
    started = time.time()
    running = []

    def stop(signum, frame):
        """Stopped (scripts/test ends early): the test processes go too, not left running on their own."""
        for process, _, _ in running:
            process.terminate()
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    for group in shards(modules, jobs):
        log = open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "beacon-browser-%d-%s.log" % (os.getpid(), group[0])),
                   "w+", encoding="utf-8")
        process = subprocess.Popen([sys.executable, "-m", "unittest", "-v", *group], cwd=HERE,
                                   stdout=log, stderr=subprocess.STDOUT)
        running.append((process, group, log))
    failed = []
    while running:
        for entry in list(running):
            process, group, log = entry
            if process.poll() is None:
                continue
            running.remove(entry)
            log.seek(0)
            print("== %s (%.0f s)" % (", ".join(group), time.time() - started), flush=True)
            print(log.read(), flush=True)
            log.close()
            os.unlink(log.name)
            if process.returncode != 0:
                failed.append(", ".join(group))
        time.sleep(0.2)
    print("Browser tests: %d processes, %.0f s%s" % (jobs, time.time() - started,
                                                       "; FAILED: " + "; ".join(failed) if failed else ", all passed"))
    sys.exit(1 if failed else 0)


main()

# Timing helpers for scripts/bench (sourced). now_ms, median, busy_jiffies and wait_quiet are those of the
# reference Hugo benchmark's bench-lib.sh; timed() stores its results in variables and keeps the stderr.

# The benchmarks build from places files, where sitegen would ask Overpass for its basemap: never the
# real server from a benchmark (a closed loopback port refuses at once; the guide is built without one).
export OVERPASS_URL="${OVERPASS_URL:-http://127.0.0.1:9/api/interpreter}"

now_ms() { date +%s%3N; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
max_of() { printf '%s\n' "$@" | sort -n | tail -1; }
# busy CPU jiffies of the whole machine (user+nice+system+irq+softirq+steal)
busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }

# wait_quiet: block until the machine is >= QUIET_IDLE % idle over 1 s (default 90),
# at most QUIET_MAX s (default 30); prints the idle % it saw last.
wait_quiet() {
  local want=${QUIET_IDLE:-90} max=${QUIET_MAX:-30} t0 idle
  t0=$(date +%s)
  while :; do
    idle=$(awk '/^cpu /{print $5+$6, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; sleep 1; awk '/^cpu /{print $5+$6, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)
    idle=$(echo $idle | awk '{d=$4-$2; printf "%d", (d > 0) ? (100*($3-$1)/d) : 100}')
    [ "$idle" -ge "$want" ] && break
    [ $(( $(date +%s) - t0 )) -ge "$max" ] && break
    sleep 2
  done
  echo "$idle"
}

# timed ERRFILE CMD... runs CMD (stdout to $TIMED_STDOUT or discarded, stderr to ERRFILE) and sets
#   T_MS     wall time in ms, from spawning CMD to reaping it (benchtool.py time: no helper
#            process's start or exit inside it, which /usr/bin/time and two `date` calls added, 3–4 ms)
#   T_RSS_KB peak resident set size in KB
#   T_CPU    user+system CPU seconds  T_OTHER   CPU seconds used by *other* processes during the run
#   T_IDLE   idle % seen just before the run (BENCH_NO_WAIT=1: no settling, "-")
# Returns CMD's exit status (the T_* are set either way).
timed() {
  local err=$1; shift
  local status=0
  if [ "${BENCH_NO_WAIT:-0}" = 1 ]; then
    T_IDLE=-
  else
    sync; sleep 1                      # flush earlier writes so they are not billed to this run
    T_IDLE=$(wait_quiet)
  fi
  read -r T_MS T_RSS_KB T_CPU T_OTHER status < <(python3 "$(dirname "${BASH_SOURCE[0]}")/benchtool.py" time "${TIMED_STDOUT:-/dev/null}" "$err" "$@")
  return "${status:-1}"
}

# Timing helpers for scripts/bench (sourced). now_ms, median, busy_jiffies and wait_quiet are those of the
# reference Hugo benchmark's bench-lib.sh; timed() stores its results in variables and keeps the stderr.

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

# timed ERRFILE CMD... runs CMD (stdout to $TIMED_STDOUT or discarded, stderr to ERRFILE) under /usr/bin/time -v and sets
#   T_MS     wall time in ms          T_RSS_KB  peak resident set size in KB
#   T_CPU    user+system CPU seconds  T_OTHER   CPU seconds used by *other* processes during the run
#   T_IDLE   idle % seen just before the run (BENCH_NO_WAIT=1: no settling, "-")
# Returns CMD's exit status (the T_* are set either way).
timed() {
  local err=$1; shift
  local tv t0 t1 b0 b1 status=0
  tv=$(mktemp "${TMPDIR:-/tmp}/bench-time.XXXXXX")
  if [ "${BENCH_NO_WAIT:-0}" = 1 ]; then
    T_IDLE=-
  else
    sync; sleep 1                      # flush earlier writes so they are not billed to this run
    T_IDLE=$(wait_quiet)
  fi
  b0=$(busy_jiffies); t0=$(now_ms)
  /usr/bin/time -v -o "$tv" "$@" >"${TIMED_STDOUT:-/dev/null}" 2>"$err" || status=$?
  t1=$(now_ms); b1=$(busy_jiffies)
  T_MS=$((t1 - t0))
  read -r T_RSS_KB T_CPU T_OTHER < <(awk -F': ' -v ms="$T_MS" -v busy=$((b1 - b0)) -v hz="$(getconf CLK_TCK)" '
    /Maximum resident/{r=$2} /User time/{u=$2} /System time/{s=$2}
    END{o=busy/hz-(u+s); if (o<0) o=0; printf "%d %.2f %.2f\n", r, u+s, o}' "$tv")
  rm -f "$tv"
  return "$status"
}

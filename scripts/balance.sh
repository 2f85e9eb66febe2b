#!/usr/bin/env bash
# Balance table: plays seeds 1..N (default 8) x 20 waves of `artificer sim` on
# the CPU backend and prints one line per seed.
# Usage: scripts/balance.sh [SEEDS] [extra sim args, e.g. --policy competent
#        or --build data/builds/strong.json]
# Columns: outcome, wave reached, the build's single-target DPS before waves
# 1/5/10/15/20 (`build_dps`, the test range), the wave's own dealt/second at
# the same waves (`dps`, capped by what the wave sends), the void lord's time
# to kill (seconds from the start of wave 20), gold at the end, level.
# Release build in its own target dir so it does not wait on others' locks.
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS=${1:-8}; shift || true
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/reltarget}
cargo build --release -p game -q
BIN="$CARGO_TARGET_DIR/release/artificer"
OUT=$(mktemp -d)
for s in $(seq 1 "$SEEDS"); do
  "$BIN" sim --seed "$s" --waves 20 --backend cpu --json "$@" > "$OUT/$s.json" &
  # two at a time: the machine has two cores
  if (( s % 2 == 0 )); then wait; fi
done
wait
python3 - "$OUT" "$SEEDS" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
at = [1, 5, 10, 15, 20]
pol = None
print("seed outcome wave | build DPS W1/W5/W10/W15/W20 | wave dps W1/W5/W10/W15/W20 | void lord s | gold lvl")
tot = {"reach": 0, "won": 0}
for s in range(1, n + 1):
    r = json.load(open(f"{out}/{s}.json"))
    pol = r.get("policy", "?")
    w = r["waves"]; b = r.get("build_dps", [])
    cell = lambda xs, k: f"{xs[k-1]:.0f}" if k <= len(xs) else "-"
    bd = "/".join(cell(b, k) for k in at)
    wd = "/".join(cell([x["dps"] for x in w], k) for k in at)
    vl = next((f"{t:.1f}" for (wv, t) in r.get("boss_kill_s", []) if wv == 20), "-")
    last = w[-1] if w else {}
    print(f'{s:>3} {r["outcome"]:>9} {r["wave_reached"]:>2} | {bd} | {wd} | {vl} | '
          f'{last.get("gold", 0)} {last.get("level", 0)}')
    tot["reach"] += r["wave_reached"]; tot["won"] += r["outcome"] == "won"
print(f'policy {pol}: mean wave reached {tot["reach"]/n:.1f}; won {tot["won"]}/{n}')
PY
rm -rf "$OUT"

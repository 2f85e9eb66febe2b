#!/usr/bin/env bash
# Balance table: plays seeds 1..N (default 8) x 20 waves of `artificer sim` on
# the CPU backend and prints one summary block per seed.
# Usage: scripts/balance.sh [SEEDS] [extra sim args, e.g. --build data/builds/strong.json]
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
print("seed outcome wave | kills/spawned per wave | elites bosses | gold lvl | dealt taken")
tot = {"reach": 0, "elite": 0, "boss": 0, "won": 0}
for s in range(1, n + 1):
    r = json.load(open(f"{out}/{s}.json"))
    w = r["waves"]
    kills = " ".join(f'{x["kills"]}/{x.get("spawned", "?")}' for x in w)
    el = sum(x.get("elite_kills", 0) for x in w); bo = sum(x.get("boss_kills", 0) for x in w)
    last = w[-1] if w else {}
    dealt = sum(x["damage_dealt"] for x in w); taken = sum(x["damage_taken"] for x in w)
    print(f'{s:>3} {r["outcome"]:>8} {r["wave_reached"]:>2} | {kills} | {el} {bo} | '
          f'{last.get("gold", 0)} {last.get("level", 0)} | {dealt:.0f} {taken:.0f}')
    tot["reach"] += r["wave_reached"]; tot["elite"] += el; tot["boss"] += bo
    tot["won"] += r["outcome"] == "won"
print(f'mean wave reached {tot["reach"]/n:.1f}; elites {tot["elite"]}; bosses {tot["boss"]}; won {tot["won"]}/{n}')
PY
rm -rf "$OUT"

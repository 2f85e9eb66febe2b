#!/usr/bin/env bash
# The mix's loudness from the device path (docs/sound.md#measuring-it): the
# window watches a replay of a competent run under Xvfb while ALSA's `file`
# plugin writes everything the game plays to a raw capture, then
# scripts/loudness.py measures the first SECS seconds of wave WAVE.
#
# Waves before WAVE play at the replay's ×4 (key 4) and WAVE at ×1 (key 1),
# so the measured minute is played in real time. Where wave WAVE starts in
# the capture is read off the capture's size when the log says
# `phase: Fight (wave WAVE)`.
#
# Needs: Xvfb, xdotool, python3. No sound card: the file plugin sits in
# front of ALSA's null device, and ARTIFICER_AUDIO=on opens it although
# /dev/snd is missing. The null device has no clock and takes audio as fast
# as it comes (a first try wrote 2,919 s of audio in 63 s), so the file
# plugin writes into a FIFO that a pacer here drains at exactly 48,000
# frames a second: the audio thread blocks on the full pipe and the game's
# audio runs in real time, as on a sound card. Not part of the tests: it
# runs in real time.
# Usage: scripts/loudness_capture.sh [path/to/artificer]
set -euo pipefail

BIN=${1:-target/release/artificer}
SEED=${SEED:-5}
WAVE=${WAVE:-5}
SECS=${SECS:-60}
WORK=${WORK:-$(mktemp -d)}
RATE=48000
if [ -z "${DISPLAY_NUM:-}" ]; then
    for d in $(seq 90 140); do
        [ -e "/tmp/.X$d-lock" ] || { DISPLAY_NUM=":$d"; break; }
    done
fi

"$BIN" sim --seed "$SEED" --policy competent --waves "$WAVE" --backend cpu \
    --threads 1 --record "$WORK/run.json" >/dev/null

cat >"$WORK/.asoundrc" <<EOF
pcm.!default {
    type plug
    slave { pcm "capture"; format S16_LE; rate $RATE; channels 2 }
}
pcm.capture {
    type file
    slave.pcm "null"
    file "$WORK/capture.fifo"
    format "raw"
}
EOF

rm -f "$WORK/capture.fifo" "$WORK/capture.raw"
mkfifo "$WORK/capture.fifo"
# The pacer: reads the pipe at the device's rate (a debt past 0.1 s, from a
# stall of the game's, is forgiven, not caught up in a burst).
python3 - "$WORK/capture.fifo" "$WORK/capture.raw" "$RATE" <<'EOF' &
import sys, time
src = open(sys.argv[1], "rb", buffering=0)
dst = open(sys.argv[2], "wb", buffering=0)
per_s = int(sys.argv[3]) * 4
t0, done = time.monotonic(), 0
while True:
    due = int((time.monotonic() - t0) * per_s) - done
    if due > per_s // 10:
        t0 += (due - per_s // 20) / per_s
        continue
    if due < 4096:
        time.sleep(0.004)
        continue
    chunk = src.read(due - due % 4)
    if not chunk:
        # A writer closed (ALSA opens the device to probe it, then for
        # real): wait for the next one.
        src.close()
        src = open(sys.argv[1], "rb", buffering=0)
        continue
    dst.write(chunk)
    done += len(chunk)
EOF
PACER_PID=$!

Xvfb "$DISPLAY_NUM" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
GAME_PID=
cleanup() {
    [ -n "$GAME_PID" ] && kill "$GAME_PID" 2>/dev/null || true
    kill "$PACER_PID" 2>/dev/null || true
    kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export DISPLAY=$DISPLAY_NUM
sleep 2

HOME="$WORK" ARTIFICER_AUDIO=on RUST_LOG=info "$BIN" --windowed 1280x720 --backend cpu \
    --profile "$WORK/profile" --replay "$WORK/run.json" >"$WORK/game.log" 2>&1 &
GAME_PID=$!
WIN=$(xdotool search --sync --onlyvisible --name "Arcane Artificer" | tail -1)
xdotool windowfocus "$WIN"
sleep 1
grep -q "sound: playing" "$WORK/game.log" || { echo "no device opened:"; grep "sound:" "$WORK/game.log"; exit 1; }
xdotool key --window "$WIN" 4

bytes() { stat -c %s "$WORK/capture.raw" 2>/dev/null || echo 0; }
until grep -q "phase: Fight (wave $WAVE)" "$WORK/game.log"; do
    kill -0 "$GAME_PID" 2>/dev/null || { echo "the game exited"; tail "$WORK/game.log"; exit 1; }
    sleep 0.05
done
START_BYTES=$(bytes)
xdotool key --window "$WIN" 1
START_WALL=$(date +%s.%N)
sleep $((SECS + 3))
END_BYTES=$(bytes)
END_WALL=$(date +%s.%N)
kill "$GAME_PID"
GAME_PID=

python3 - "$START_BYTES" "$END_BYTES" "$START_WALL" "$END_WALL" <<'EOF'
import sys
b0, b1, w0, w1 = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
print("capture: %.1f s of audio written in %.1f s of wall time (wave start at %.2f s of audio)"
      % ((b1 - b0) / 4 / 48000, w1 - w0, b0 / 4 / 48000))
EOF
python3 "$(dirname "$0")/loudness.py" "$WORK/capture.raw" --raw "S16_LE:$RATE:2" \
    --start "$(python3 -c "print($START_BYTES / 4 / $RATE)")" --seconds "$SECS"
echo "capture and log in $WORK"

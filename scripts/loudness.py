#!/usr/bin/env python3
"""Integrated loudness (ITU-R BS.1770-4, EBU R128) and peaks of a capture.

The same meter as `engine/src/audio/loudness.rs`, in plain Python (no
numpy), for a file the game wrote through ALSA's `file` plugin or an
offline render the sound test wrote (docs/sound.md#measuring-it).

    scripts/loudness.py capture.wav [--start S] [--seconds N]
    scripts/loudness.py capture.raw --raw S16_LE:48000:2 [--start S] [--seconds N]

Prints the integrated loudness (LUFS), the sample peak and the true peak
(4x band-limited interpolation), dBFS. --start skips seconds at the start
(the menus before the fight), --seconds keeps that many after it.
"""

import argparse
import math
import struct
import sys
import wave


def k_weighting(rate):
    """The two K-weighting biquads at `rate` (bilinear transform of the
    standard's analogue prototypes; at 48 kHz the printed coefficients)."""
    f0, g, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (g / 20)
    vb = vh ** 0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0,
             (vh - vb * k / q + k * k) / a0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    a0 = 1 + k / q + k * k
    high = (1.0, -2.0, 1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    return shelf, high


def filtered_squares(x, rate):
    out = []
    for b0, b1, b2, a1, a2 in k_weighting(rate):
        y = [0.0] * len(x)
        x1 = x2 = y1 = y2 = 0.0
        for i, x0 in enumerate(x):
            y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, x0, y1, y0
            y[i] = y0
        x = y
    return [v * v for v in x]


def integrated(channels, rate):
    step = rate // 10
    sums = None
    for ch in channels:
        sq = filtered_squares(ch, rate)
        s = [sum(sq[i:i + step]) for i in range(0, len(sq) - step + 1, step)]
        sums = s if sums is None else [a + b for a, b in zip(sums, s)]
    blocks = [sum(sums[i:i + 4]) / (4 * step) for i in range(len(sums) - 3)]
    lufs = lambda p: -0.691 + 10 * math.log10(p) if p > 0 else float("-inf")
    loud = [p for p in blocks if lufs(p) > -70]
    if not loud:
        return float("-inf")
    gate = lufs(sum(loud) / len(loud)) - 10
    kept = [p for p in loud if lufs(p) > gate]
    return lufs(sum(kept) / len(kept))


def true_peak(ch):
    """The largest value between samples, by 4x Hann-windowed sinc
    interpolation, looked for beside the samples over half the peak (where
    a music signal's crest is; plain Python is too slow for every gap)."""
    half = 8
    taps = []
    for phase in (1, 2, 3):
        t = phase / 4
        k = []
        for j in range(16):
            x = t - (j - (half - 1))
            sinc = 1.0 if abs(x) < 1e-6 else math.sin(math.pi * x) / (math.pi * x)
            k.append(sinc * (0.5 + 0.5 * math.cos(math.pi * x / half)))
        taps.append(k)
    peak = max((abs(v) for v in ch), default=0.0)
    near = 0.5 * peak
    for i in range(half - 1, len(ch) - half):
        if abs(ch[i]) < near and abs(ch[i + 1]) < near:
            continue
        w = ch[i - half + 1:i + half + 1]
        for k in taps:
            peak = max(peak, abs(sum(a * b for a, b in zip(w, k))))
    return peak


def read(path, raw, start, seconds):
    """The channels of `seconds` (0: all) from `start` s of a file."""
    if raw:
        fmt, rate, chans = raw.split(":")
        rate, chans = int(rate), int(chans)
        width = 2 if fmt == "S16_LE" else 4
        with open(path, "rb") as f:
            f.seek(int(start * rate) * chans * width)
            data = f.read(int(seconds * rate) * chans * width if seconds > 0 else -1)
        if fmt == "S16_LE":
            vals = [v / 32768 for v in struct.unpack("<%dh" % (len(data) // 2), data[: len(data) // 2 * 2])]
        elif fmt == "FLOAT_LE":
            vals = list(struct.unpack("<%df" % (len(data) // 4), data[: len(data) // 4 * 4]))
        else:
            sys.exit("raw format must be S16_LE or FLOAT_LE")
    else:
        w = wave.open(path, "rb")
        rate, chans, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        if width != 2:
            sys.exit("only 16-bit WAV files")
        w.setpos(min(int(start * rate), w.getnframes()))
        data = w.readframes(int(seconds * rate) if seconds > 0 else w.getnframes())
        vals = [v / 32768 for v in struct.unpack("<%dh" % (len(data) // 2), data)]
    return [vals[c::chans] for c in range(chans)], rate


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--raw", help="FORMAT:RATE:CHANNELS of a raw file, e.g. S16_LE:48000:2")
    ap.add_argument("--start", type=float, default=0.0)
    ap.add_argument("--seconds", type=float, default=0.0)
    ap.add_argument("--no-true-peak", action="store_true", help="skip the slow true-peak pass")
    a = ap.parse_args()
    channels, rate = read(a.file, a.raw, a.start, a.seconds)
    secs = len(channels[0]) / rate
    db = lambda x: 20 * math.log10(x) if x > 0 else float("-inf")
    lufs = integrated(channels, rate)
    sample = max(max((abs(v) for v in c), default=0.0) for c in channels)
    print("%.1f s at %d Hz, %d channels" % (secs, rate, len(channels)))
    print("integrated loudness: %.2f LUFS" % lufs)
    print("sample peak: %.2f dBFS" % db(sample))
    if not a.no_true_peak:
        print("true peak: %.2f dBFS" % db(max(true_peak(c) for c in channels)))


if __name__ == "__main__":
    main()

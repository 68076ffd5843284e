#!/bin/sh
# Makes the demo catalogue's online clip: 6 s of ffmpeg's test pattern with a 440 Hz tone, as an
# HLS VOD playlist of 2 s MPEG-TS segments (H.264 baseline + AAC-LC, which hls.js plays through
# Media Source Extensions in every browser we support, Debian's Chromium included).
#
# The output is committed (packages/server/assets/demo-hls/): CI has no ffmpeg. Run this again
# only to change the clip:   sh scripts/make-demo-hls.sh
# -itsoffset delays the tone by the AAC encoder's priming (1024 samples at 44.1 kHz) so audio and
# video both start at 0; otherwise hls.js sees a 23 ms hole and reports bufferSeekOverHole.
# Segments are named .mpegts, not .ts, so TypeScript tools never take them for source files.
# Needs ffmpeg with libx264 (Debian: apt-get install ffmpeg). Output is about 260 KB.
set -eu
out="$(dirname "$0")/../packages/server/assets/demo-hls"
rm -rf "$out"
mkdir -p "$out"
ffmpeg -hide_banner -loglevel error \
  -f lavfi -i testsrc2=size=640x360:rate=25 \
  -itsoffset 0.02322 -f lavfi -i sine=frequency=440:sample_rate=44100 \
  -t 6 \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 32 \
  -g 50 -keyint_min 50 -sc_threshold 0 \
  -c:a aac -b:a 64k -ac 1 \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
  -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_filename "$out/segment-%d.mpegts" \
  "$out/index.m3u8"
ls -l "$out"

#!/bin/bash
# Stop the throw-away cluster started by start.sh: SIGTERM all daemons at once, SIGKILL after 3 s.
D=${CEPH_DIR:?CEPH_DIR: the folder start.sh was given}
P=""; for n in client.rgw.s3 osd.0 mon.a; do f="$D/run/$n.pid"; [ -f "$f" ] && P="$P $(cat "$f")"; done
[ -z "$P" ] && exit 0
kill $P 2>/dev/null
for i in $(seq 1 30); do alive=0; for p in $P; do kill -0 "$p" 2>/dev/null && alive=1; done; [ $alive = 0 ] && break; sleep 0.1; done
kill -9 $P 2>/dev/null; exit 0

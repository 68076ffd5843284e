#!/bin/bash
# A real S3-compatible server for the media storage tests: a throw-away single-node Ceph (one
# monitor, one in-memory OSD) with its S3 gateway, radosgw, on 127.0.0.1:${RGW_PORT:-7480}. It
# checks SigV4 signatures and presigned expiry as AWS does (the npm fakes do not), and comes
# from Debian: apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd
# Starts in about 2 s; stop.sh ends it. Inside the cluster auth is off; S3 clients sign with
# S3_ACCESS_KEY / S3_SECRET_KEY. Usage: CEPH_DIR=/tmp/dir RGW_PORT=7480 MON_PORT=6789 start.sh
set -euo pipefail
D=${CEPH_DIR:?CEPH_DIR: a folder for the throw-away cluster}
RGW_PORT=${RGW_PORT:-7480}
MON_PORT=${MON_PORT:-6789}
ACCESS=${S3_ACCESS_KEY:-testaccesskey}
SECRET=${S3_SECRET_KEY:-testsecretkey}
rm -rf "$D"; mkdir -p "$D"/{mon,osd,run,log}
FSID=$(cat /proc/sys/kernel/random/uuid)
C="$D/ceph.conf"
cat > "$C" <<CONF
[global]
fsid = $FSID
mon host = v1:127.0.0.1:$MON_PORT
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
run dir = $D/run
admin socket = $D/run/\$name.asok
pid file = $D/run/\$name.pid
log file = $D/log/\$name.log
keyring = $D/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
mon max pg per osd = 1000
mon data avail warn = 1
mon data avail crit = 0
mon allow insecure global id reclaim warn = false
auth allow insecure global id reclaim = true
mon warn on insecure global id reclaim allowed = false
paxos propose interval = 0.05
paxos min wait = 0.01
osd heartbeat grace = 20
osd mon shutdown timeout = 0.5
[mon.a]
mon data = $D/mon
mon initial members = a
[osd.0]
osd data = $D/osd
osd objectstore = memstore
memstore device bytes = 2147483648
osd journal size = 0
osd class update on start = false
osd crush update on start = false
[client.rgw.s3]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw data = $D/rgw
rgw dns name = localhost
rgw thread pool size = 16
CONF
ceph-authtool --create-keyring "$D/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
ceph-authtool "$D/keyring" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' >/dev/null
monmaptool --create --fsid "$FSID" --addv a "[v1:127.0.0.1:$MON_PORT]" "$D/monmap" >/dev/null
ceph-mon -c "$C" -i a --mkfs --monmap "$D/monmap" --keyring "$D/keyring"
ceph-mon -c "$C" -i a
OSD_UUID=$(cat /proc/sys/kernel/random/uuid)
ceph -c "$C" osd new "$OSD_UUID" >/dev/null
ceph-osd -c "$C" -i 0 --mkfs --osd-uuid "$OSD_UUID" 2>/dev/null
ceph -c "$C" osd crush add-bucket localhost host >/dev/null 2>&1
ceph -c "$C" osd crush move localhost root=default >/dev/null 2>&1
ceph -c "$C" osd crush add osd.0 1.0 host=localhost >/dev/null 2>&1
ceph-osd -c "$C" -i 0 2>/dev/null
mkdir -p "$D/rgw"
radosgw -c "$C" -n client.rgw.s3
radosgw-admin -c "$C" user create --uid=test --display-name=test --access-key="$ACCESS" --secret-key="$SECRET" >/dev/null

# Ready when the gateway answers HTTP (up to 60 s).
for _ in $(seq 1 240); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$RGW_PORT") 2>/dev/null; then
    echo "radosgw ready on http://127.0.0.1:$RGW_PORT"
    exit 0
  fi
  sleep 0.25
done
echo "radosgw did not answer on 127.0.0.1:$RGW_PORT" >&2
exit 1

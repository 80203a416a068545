#!/usr/bin/env bash
# Four network namespaces that are real SSH hosts on this machine, for fairbench's multi-host tests and examples.
#
#   examples/hosts-netns.sh up [DIR]     (as root) make them; DIR defaults to /tmp/fairbench-netns
#   examples/hosts-netns.sh down [DIR]   remove everything `up` made, killing every process left in them (idempotent)
#
# `up` joins the namespaces fb-app, fb-svc, fb-load1 and fb-load2 to a bridge on the private subnet 10.213.7.0/24
# (this machine's end of the bridge is .1; the hosts are .11 to .14), starts an OpenSSH server in each, bound to its
# own address, and writes under DIR, for this run only: the servers' host key, a client key (root logs in with that
# key and nothing else), known_hosts, and an ssh_config naming the hosts fb-app, fb-svc, fb-load1, fb-load2 and
# fb-refused (an address of fb-app where nothing listens, for tests of a host that refuses SSH). Use it with
# `ssh -F DIR/ssh_config fb-app`, or examples/hosts-netns.toml. No traffic leaves these namespaces and the bridge.
# Exit codes: 0 done; 1 a step failed; 2 usage, not root, or no ip/sshd/ssh-keygen.
set -euo pipefail

SUBNET=10.213.7
BRIDGE=fb-br0
HOSTS=(fb-app fb-svc fb-load1 fb-load2)
REFUSED_ADDRESS=$SUBNET.21 # on fb-app, with no server bound to it

die() { # $1 = exit code, rest = one line for stderr
  local code=$1
  shift
  echo "hosts-netns.sh: $*" >&2
  exit "$code"
}

address_of() { # $1 = index in HOSTS
  echo "$SUBNET.$((11 + $1))"
}

find_sshd() {
  command -v sshd 2>/dev/null || { [[ -x /usr/sbin/sshd ]] && echo /usr/sbin/sshd; } || true
}

down() {
  local dir=$1 name pids
  for name in "${HOSTS[@]}"; do
    if ip netns list | grep -qx "$name\( (id: [0-9]*)\)\?"; then
      # Everything in our namespaces is ours: the sshd's, and anything a test left behind.
      pids=$(ip netns pids "$name" || true)
      if [[ -n "$pids" ]]; then
        kill -TERM $pids 2>/dev/null || true
        sleep 0.5
        pids=$(ip netns pids "$name" || true)
        [[ -z "$pids" ]] || kill -KILL $pids 2>/dev/null || true
      fi
      ip netns delete "$name"
    fi
    ip link delete "v-$name" 2>/dev/null || true
  done
  ip link delete "$BRIDGE" 2>/dev/null || true
  if [[ -f "$dir/.made-by-hosts-netns" ]]; then
    [[ ! -f "$dir/.made-run-sshd" ]] || rmdir /run/sshd 2>/dev/null || true
    rm -rf -- "$dir"
  fi
}

up() {
  local dir=$1 sshd i name address
  sshd=$(find_sshd)
  [[ -n "$sshd" ]] || die 2 "no sshd (install openssh-server)"
  command -v ssh-keygen >/dev/null || die 2 "no ssh-keygen (install openssh-client)"
  down "$dir"
  [[ ! -e "$dir" ]] || die 1 "$dir exists and was not made by this script: give another DIR"
  mkdir -p -m 700 "$dir"
  : >"$dir/.made-by-hosts-netns"
  if [[ ! -d /run/sshd ]]; then # sshd's privilege separation folder
    mkdir -p -m 755 /run/sshd
    : >"$dir/.made-run-sshd"
  fi
  ssh-keygen -q -t ed25519 -N '' -C fairbench-netns-host -f "$dir/host_key"
  ssh-keygen -q -t ed25519 -N '' -C fairbench-netns-client -f "$dir/client_key"
  cp "$dir/client_key.pub" "$dir/authorized_keys"

  ip link add "$BRIDGE" type bridge
  ip addr add "$SUBNET.1/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  : >"$dir/known_hosts"
  cat >"$dir/ssh_config" <<CONFIG
# Written by examples/hosts-netns.sh for the namespaces of this run; removed by its \`down\`.
CONFIG
  for i in "${!HOSTS[@]}"; do
    name=${HOSTS[$i]}
    address=$(address_of "$i")
    ip netns add "$name"
    ip -n "$name" link set lo up
    ip link add "v-$name" type veth peer name eth0 netns "$name"
    ip link set "v-$name" master "$BRIDGE" up
    ip -n "$name" addr add "$address/24" dev eth0
    ip -n "$name" link set eth0 up
    cat >"$dir/sshd-$name.conf" <<CONFIG
ListenAddress $address:22
HostKey $dir/host_key
PidFile $dir/sshd-$name.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
AllowUsers root
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
# The keys live in a 0700 folder of this run, not in a home folder, so the home-folder checks do not apply.
StrictModes no
AllowTcpForwarding no
X11Forwarding no
PermitTunnel no
# fairbench multiplexes every command of a host over one connection.
MaxSessions 100
MaxStartups 100
Subsystem sftp internal-sftp
CONFIG
    echo "$address $(cut -d' ' -f1,2 "$dir/host_key.pub")" >>"$dir/known_hosts"
    cat >>"$dir/ssh_config" <<CONFIG
Host $name
  HostName $address
CONFIG
  done
  ip -n fb-app addr add "$REFUSED_ADDRESS/24" dev eth0
  cat >>"$dir/ssh_config" <<CONFIG
Host fb-refused
  HostName $REFUSED_ADDRESS
Host fb-*
  User root
  Port 22
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  IdentityAgent none
  UserKnownHostsFile $dir/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
CONFIG
  for name in "${HOSTS[@]}"; do
    "$sshd" -t -f "$dir/sshd-$name.conf" || die 1 "sshd refuses $dir/sshd-$name.conf"
    ip netns exec "$name" "$sshd" -f "$dir/sshd-$name.conf" -E "$dir/sshd-$name.log"
  done
  # sshd writes its pid file once it listens.
  for name in "${HOSTS[@]}"; do
    for _ in $(seq 50); do [[ -s "$dir/sshd-$name.pid" ]] && break; sleep 0.1; done
    [[ -s "$dir/sshd-$name.pid" ]] || die 1 "the sshd of $name did not start: see $dir/sshd-$name.log"
  done
}

[[ $# -ge 1 && $# -le 2 ]] || die 2 "usage: hosts-netns.sh up|down [DIR]"
[[ $(id -u) -eq 0 ]] || die 2 "needs root (it makes network namespaces)"
command -v ip >/dev/null || die 2 "no ip (install iproute2)"
DIR=$(realpath -m "${2:-/tmp/fairbench-netns}")
case $1 in
  up) up "$DIR" || { status=$?; down "$DIR"; exit "$status"; } ;;
  down) down "$DIR" ;;
  *) die 2 "usage: hosts-netns.sh up|down [DIR]" ;;
esac

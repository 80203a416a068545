# Runs "$@" tied to this shell's standard input (POSIX sh; run as: sh -c "$(cat tied.sh)" fairbench-tied CMD ARG...).
# The command gets its own session and process group (setsid) and reads what arrives on our standard input through a
# FIFO fed by cat; when our standard input reaches end of file (the caller closed it, the caller died, or sshd ended
# a lost session) the whole group gets TERM, then KILL after 5 s. Exits with the command's exit code, 125 when the
# FIFO cannot be made.
d=$(mktemp -d "${TMPDIR:-/tmp}/fairbench-tied.XXXXXX") || exit 125
mkfifo "$d/in" || { rm -rf "$d"; exit 125; }
exec 3<&0
setsid "$@" <"$d/in" 3<&- &
child=$!
{
  cat <&3 >"$d/in"
  # The command ended by itself before our input did: its group is gone, and its id may be another's by now.
  if [ ! -e "$d/exited" ]; then
    kill -TERM -"$child"
    i=0
    while [ "$i" -lt 25 ] && kill -0 -"$child"; do sleep 0.2; i=$((i + 1)); done
    kill -KILL -"$child"
  fi
  rm -rf "$d"
} </dev/null >/dev/null 2>&1 &
exec 3<&-
wait "$child"
code=$?
: >"$d/exited" 2>/dev/null
exit "$code"

# Runs "$@" tied to this shell's standard input (POSIX sh; run as: sh -c "$(cat tied.sh)" fairbench-tied CMD ARG...).
# The command gets its own session and process group (setsid) and reads what arrives on our standard input through a
# FIFO fed by cat; when our standard input reaches end of file (the caller closed it, the caller died, or sshd ended
# a lost session) the whole group gets TERM, then KILL once the command has ended or after 5 s. Exits with the
# command's exit code, 125 when the FIFO cannot be made. (Tie.java drops these comment lines before use.)
d=$(mktemp -d "${TMPDIR:-/tmp}/fairbench-tied.XXXXXX") || exit 125
mkfifo "$d/in" || { rm -rf "$d"; exit 125; }
exec 3<&0
setsid "$@" <"$d/in" 3<&- &
child=$!
{
  cat <&3 >"$d/in"
  # When the command ended by itself before our input did, its group is gone and its id may be another's by now.
  ended=no
  [ ! -e "$d/exited" ] || ended=yes
  rm -rf "$d"
  if [ "$ended" = no ]; then
    kill -TERM -"$child"
    # Wait for the leader (reaped at once by the wait below), not the group: zombies that a non-reaping init
    # inherited would keep the group alive. Then KILL what is left of the group.
    i=0
    while [ "$i" -lt 25 ] && kill -0 "$child"; do sleep 0.2; i=$((i + 1)); done
    kill -KILL -"$child"
  fi
} </dev/null >/dev/null 2>&1 &
exec 3<&-
wait "$child"
code=$?
touch "$d/exited" 2>/dev/null
exit "$code"

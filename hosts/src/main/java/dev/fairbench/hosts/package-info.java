/**
 * Where fairbench's roles run, and how it reaches them. A {@link dev.fairbench.hosts.Placement} (the file
 * {@code hosts.toml}) names, for the roles {@code app}, {@code services} and {@code load} (one or more), an SSH
 * destination or {@code local}, the CPUs to use there and a work folder; without a file everything is local.
 * A {@link dev.fairbench.hosts.Host} is one such machine: {@link dev.fairbench.hosts.LocalHost} runs commands here,
 * {@link dev.fairbench.hosts.SshHost} through the system {@code ssh} client, so that the user's
 * {@code ~/.ssh/config}, agent and jump hosts work unchanged. Every process a host starts is tied to its caller: it
 * is killed (with its whole process group) when its standard input reaches end of file, which happens when the
 * caller closes it, when the coordinator dies and when the SSH session is lost.
 * <p>Commands are argument vectors, never shell text: a host quotes them for the remote shell itself.
 * <p>May import: the JDK and Jackson (TOML); nothing of fairbench.
 */
package dev.fairbench.hosts;

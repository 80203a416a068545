/**
 * A session's roles on their hosts ({@code run --hosts hosts.toml}): each host opened once over SSH (or this
 * machine), the address each role is reached at, PostgreSQL and Redis started on the services host, and the
 * placement recorded in the results. The trial loop stays one: these are what it plugs in when a role is not local.
 */
package dev.fairbench.runner.placed;

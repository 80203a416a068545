package dev.fairbench.profile;

/**
 * Totals counted by a {@link CountingProxy} since it started; subtract two snapshots for a window.
 *
 * @param connections   client connections accepted
 * @param queries       PostgreSQL: Execute plus simple Query messages; Redis: commands
 * @param parses        PostgreSQL Parse messages (0 for Redis)
 * @param readyForQuery PostgreSQL ReadyForQuery messages: one per synchronisation point (0 for Redis)
 * @param clientBursts  the network round trips the client really waited for (pipelined statements share one):
 *                      for PostgreSQL, exchanges opened while nothing was in flight (see {@link PgWireCounter});
 *                      for Redis, runs of client bytes not interrupted by a reply
 * @param clientBytes   bytes forwarded client to server
 * @param serverBytes   bytes forwarded server to client
 */
public record WireCounts(long connections, long queries, long parses, long readyForQuery, long clientBursts,
                         long clientBytes, long serverBytes) {

    public WireCounts minus(WireCounts earlier) {
        return new WireCounts(connections - earlier.connections, queries - earlier.queries, parses - earlier.parses,
                readyForQuery - earlier.readyForQuery, clientBursts - earlier.clientBursts,
                clientBytes - earlier.clientBytes, serverBytes - earlier.serverBytes);
    }
}

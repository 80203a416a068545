package dev.fairbench.runner;

import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Seeder;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The runner's own PostgreSQL connection, held for the whole session (so it is part of every baseline): counts
 * the connections to the benchmark database and asks the server version. Not thread-safe.
 */
final class Postgres implements AutoCloseable {
    private final Connection connection;

    public Postgres(String url) throws SQLException {
        this.connection = Seeder.connect(DatabaseUrl.parse(url));
    }

    /** Rows of {@code pg_stat_activity} for the benchmark database (client backends, this one included). */
    public int connections() throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * Polls until at most {@code baseline} connections remain.
     *
     * @return how long it took, or {@code null} when they were still more after {@code timeout}
     */
    public Duration awaitConnections(int baseline, Duration timeout) throws SQLException, InterruptedException {
        long start = System.nanoTime();
        while (connections() > baseline) {
            if (System.nanoTime() - start > timeout.toNanos()) return null;
            Thread.sleep(100);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** {@code server_version}. */
    public String version() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}

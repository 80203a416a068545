package dev.fairbench.services;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The roles, database and schema of the embedded PostgreSQL, made idempotently after every start:
 * <ul>
 *   <li>database {@value EmbeddedPostgres#DATABASE}, owned by the superuser {@value EmbeddedPostgres#ROLE}, which
 *       no role but the two of fairbench may connect to;</li>
 *   <li>schema {@value EmbeddedPostgres#SCHEMA} in it, owned by the superuser, where seeding creates the tables
 *       (the superuser's default {@code search_path} starts with its own name);</li>
 *   <li>role {@value EmbeddedPostgres#APP_ROLE}: login with its password, nothing else. It may use that schema and
 *       SELECT from its tables (also from tables created later, through default privileges), and its
 *       {@code search_path} is that schema, so the contract's unqualified queries find the tables. It cannot create,
 *       write or drop anything: the {@code public} schema is closed to it too.</li>
 * </ul>
 * The passwords contain only hex digits (see {@link Secrets}), so they are safe inside SQL literals.
 */
final class PostgresRoles {
    private PostgresRoles() {}

    /**
     * Connects as the superuser with {@code ownerPassword} to {@code host} (the server's address as a URL host) and
     * {@code port} and makes the above true.
     */
    static void prepare(String host, int port, String ownerPassword, String appPassword) {
        requireHex(ownerPassword);
        requireHex(appPassword);
        String owner = EmbeddedPostgres.ROLE;
        String app = EmbeddedPostgres.APP_ROLE;
        String db = EmbeddedPostgres.DATABASE;
        String schema = EmbeddedPostgres.SCHEMA;
        try (Connection c = connect(host, port, "postgres", ownerPassword); Statement s = c.createStatement()) {
            boolean exists;
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + db + "'")) {
                exists = rs.next();
            }
            if (!exists) s.execute("CREATE DATABASE " + db + " OWNER " + owner);
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + app + "'")) {
                exists = rs.next();
            }
            s.execute((exists ? "ALTER" : "CREATE") + " ROLE " + app + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE"
                    + " NOREPLICATION NOBYPASSRLS PASSWORD '" + appPassword + "'");
            s.execute("ALTER ROLE " + app + " IN DATABASE " + db + " SET search_path = " + schema);
            s.execute("REVOKE ALL ON DATABASE " + db + " FROM PUBLIC");
            s.execute("GRANT CONNECT ON DATABASE " + db + " TO " + app);
        } catch (SQLException e) {
            throw new ServiceException("cannot prepare the roles on " + host + ":" + port + ": "
                    + Redaction.redact(e.getMessage()), e);
        }
        try (Connection c = connect(host, port, db, ownerPassword); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema + " AUTHORIZATION " + owner);
            s.execute("COMMENT ON SCHEMA " + schema + " IS '" + dev.fairbench.workload.data.Seeder.SCHEMA_MARK + "'");
            s.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC");
            s.execute("REVOKE ALL ON SCHEMA " + schema + " FROM PUBLIC");
            s.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + app);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + app);
            s.execute("ALTER DEFAULT PRIVILEGES FOR ROLE " + owner + " IN SCHEMA " + schema
                    + " GRANT SELECT ON TABLES TO " + app);
        } catch (SQLException e) {
            throw new ServiceException("cannot prepare schema " + schema + " on " + host + ":" + port + ": "
                    + Redaction.redact(e.getMessage()), e);
        }
    }

    private static Connection connect(String host, int port, String database, String password)
            throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", EmbeddedPostgres.ROLE);
        props.setProperty("password", password);
        return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + database, props);
    }

    private static void requireHex(String password) {
        if (!password.matches("[0-9a-f]+")) throw new ServiceException("a generated password must be hex digits");
    }
}

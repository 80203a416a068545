package dev.fairbench.services;

import dev.fairbench.workload.data.DatabaseUrl;
import dev.fairbench.workload.data.Seeder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Keeps seeding off other people's objects: fairbench works only in the schema {@value Seeder#SCHEMA}, and refuses
 * that schema when it holds a relation (table, view, materialized view, foreign table or sequence) that is not one
 * of the contract's five tables, or holds any relation while lacking fairbench's {@link Seeder#SCHEMA_MARK comment}
 * (a {@code posts} table of someone else's in a schema of that name), since a schema of that name may be someone
 * else's on a shared server.
 */
final class SchemaGuard {
    /** The contract's tables (docs/workload.md section 2), the only relations seeding drops. */
    static final Set<String> OWN_TABLES = Set.of("authors", "tags", "posts", "post_tags", "comments");

    private SchemaGuard() {}

    /**
     * Throws a one-line {@link ServiceException} naming the foreign relations when the schema has any; returns
     * normally when it has none or does not exist yet.
     */
    static void requireOnlyOwnObjects(Connection c, DatabaseUrl url) throws SQLException {
        boolean marked = false;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, Seeder.SCHEMA);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) marked = Seeder.SCHEMA_MARK.equals(rs.getString(1));
            }
        }
        List<String> foreign = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT c.relname FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') ORDER BY c.relname")) {
            ps.setString(1, Seeder.SCHEMA);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (!marked || !OWN_TABLES.contains(rs.getString(1))) foreign.add(rs.getString(1));
                }
            }
        }
        if (!foreign.isEmpty()) {
            throw new ServiceException("schema " + Seeder.SCHEMA + " at " + url + " holds objects fairbench did not"
                    + " create (" + String.join(", ", foreign) + "); refusing to seed there: give a database whose"
                    + " schema " + Seeder.SCHEMA + " is fairbench's alone");
        }
    }
}

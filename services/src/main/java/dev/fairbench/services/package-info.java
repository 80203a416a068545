/**
 * PostgreSQL and Redis for the benchmark: embedded servers unpacked from Maven artifacts (or servers given by
 * URL), their data folder, leases so that commands share them, and how they start and stop: tied to the JVM that
 * started them ({@link dev.fairbench.services.Tether}, which the runner's apps use too), or detached by
 * {@code services start}. They listen on 127.0.0.1, or on the address of {@code services serve}, which serves them
 * to other hosts and reports them in one line ({@link dev.fairbench.services.ServedServices}).
 * <p>Safe on a shared machine: the embedded servers require generated passwords ({@link dev.fairbench.services.Secrets})
 * and run as an unprivileged user when root ({@link dev.fairbench.services.ServiceUser}); folders are checked before
 * use ({@link dev.fairbench.services.SafePaths}); seeding keeps to fairbench's own schema
 * ({@link dev.fairbench.services.SchemaGuard}); and {@link dev.fairbench.services.Redaction} removes passwords from
 * whatever is shown or stored.
 * <p>Also the hung-service checks of the contract ({@link dev.fairbench.services.HungServices}), which stop these
 * servers under a running app, for {@code verify} and the Java apps' suites alike.
 * <p>May import: the JDK, Jackson (the line of {@code serve}), {@code dev.fairbench.workload} (to seed, and the reference pages and result shape of the
 * hung-service checks); nothing above it.
 */
package dev.fairbench.services;

/**
 * The workload contract in code (docs/workload.md): the routes, the SQL the apps must run, the environment
 * they get. The harness's reference side of the contract; the apps under test have their own copy.
 * <p>May import: the JDK and the sub-packages of this package; nothing else of fairbench.
 */
package dev.fairbench.workload;

/**
 * The command line: a thin picocli layer over the library, its shared option groups as mixins with their
 * derived values as methods. {@code Main} is one call into {@link dev.fairbench.cli.Fairbench}; tests drive
 * the commands in-process.
 * <p>May import: everything of fairbench (it is the top floor); nothing imports it.
 */
package dev.fairbench.cli;

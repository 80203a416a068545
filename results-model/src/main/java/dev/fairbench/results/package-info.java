/**
 * The results of a benchmark as one versioned document: the model ({@link dev.fairbench.results.Results}
 * and its records), its store (atomic writes, validated reads) and its JSON Schema. The ground floor: every
 * module that measures records into it, every report reads from it.
 * <p>May import: the JDK and Jackson; nothing else of fairbench.
 */
package dev.fairbench.results;

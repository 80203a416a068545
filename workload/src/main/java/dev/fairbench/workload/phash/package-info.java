/**
 * The reference perceptual hash of {@code /phash} (64x64 DCT) and its test vectors.
 * <p>May import: the JDK only.
 */
package dev.fairbench.workload.phash;

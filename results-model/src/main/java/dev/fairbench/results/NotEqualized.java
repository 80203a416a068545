package dev.fairbench.results;

/**
 * A setting of one app that could not be made equal to the rules (contract section 7); the report groups equal
 * settings of several apps into one row.
 *
 * @param setting what differs, one line, e.g. {@code 10 pool connections instead of 16}
 * @param why     why it could not be equalized, one line
 */
public record NotEqualized(String setting, String why) {
}

package dev.fairbench.hosts;

import java.util.List;

/** Small text helpers of this package: POSIX shell quoting and picking the line of an output worth quoting. */
final class Text {
    private Text() {
    }

    /** {@code argument} as one word of a POSIX shell: in single quotes, with each {@code '} as {@code '\''}. */
    static String quote(String argument) {
        return "'" + argument.replace("'", "'\\''") + "'";
    }

    /** {@code command} as a POSIX shell command line that runs exactly these arguments. */
    static String commandLine(List<String> command) {
        StringBuilder line = new StringBuilder();
        for (String argument : command) {
            if (!line.isEmpty()) line.append(' ');
            line.append(quote(argument));
        }
        return line.toString();
    }

    static String lastNonBlankLine(String text) {
        List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** {@code command} shortened for a one-line message. */
    static String brief(List<String> command) {
        String line = String.join(" ", command).replace('\n', ' ');
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }
}

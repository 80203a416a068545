package dev.fairbench.runner.registry;

import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.PageCacheFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One app of the registry ({@code apps.toml}), with defaults filled in. Paths are relative to the repository root
 * unless absolute. Immutable.
 *
 * @param name          registry key, used in results, file names and {@code --apps}; {@code [a-z0-9][a-z0-9-]*}
 * @param label         short name for reports, e.g. {@code Vert.x}, {@code axum + sqlx} (default: the name)
 * @param language      e.g. {@code Java}, {@code Go}, {@code Rust}
 * @param stack         one line for reports, e.g. {@code Vert.x 5 + Vert.x PG client}
 * @param versions      component name to version, for reports
 * @param build         build command, or {@code null} when the app needs no build step
 * @param buildDir      working directory of the build command
 * @param artifact      file whose existence means "built", or {@code null} (then the app counts as built)
 * @param toolchains    programs that must be on {@code PATH} to build and run it ({@code go}, {@code cargo},
 *                      {@code java}, {@code mvn}, ...); a missing one skips the app
 * @param start         start command; see {@link #VARIABLES} for the {@code ${...}} it may use; split on spaces,
 *                      single and double quotes group words; no shell
 * @param startDir      working directory of the start command
 * @param env           extra environment variables on top of the contract's six
 * @param port          fixed TCP port, or 0 to let the runner pick a free one (the usual case)
 * @param workers       {@code WORKERS} given to the app, or 0 for the number of app CPUs (the usual case)
 * @param readiness     path that answers 200 when the app is ready
 * @param routes        routes the app serves; the conformance gate checks only these and runs measure only these
 * @param runtimeFlags  runtime flags (JVM flags), substituted for {@code ${JVM_FLAGS}} and recorded in results
 * @param unequalized   settings that could not be equalized, for the report; a variant's are its base's followed by
 *                      its own
 * @param variantOf     the name of the app this one is a variant of ({@code variant_of}: that app with differences,
 *                      every key it does not set taken from it), or {@code null} when it is an app of its own
 * @param variant       what the variant changes, a few words for reports (e.g. {@code GOGC=400}); {@code null}
 *                      exactly when {@code variantOf} is
 * @param sources       where the app's own code, its handler and the libraries it shares are ({@link AppSources#NONE}
 *                      when not declared)
 * @param pageCache     how the app stores a page under its Redis key ({@code page_cache}): the contract's
 *                      {@link PageCacheFormat#RAW raw bytes} unless a variant measures another format; the gate reads
 *                      the cache in it
 * @param knownFailures hostile cases the app is declared to fail ({@code known_failures}), each with why; the gate
 *                      runs them all the same, and a variant has its base's unless it declares its own
 */
public record AppEntry(String name, String label, String language, String stack, Map<String, String> versions, String build,
                       Path buildDir, Path artifact, List<String> toolchains, String start, Path startDir,
                       Map<String, String> env, int port, int workers, String readiness, List<Route> routes,
                       String runtimeFlags, List<Unequalized> unequalized, String variantOf, String variant,
                       AppSources sources, PageCacheFormat pageCache, List<KnownFailure> knownFailures) {

    /** Variables a start or build command may use. */
    public static final List<String> VARIABLES = List.of("JAVA", "JVM_FLAGS", "PORT", "WORKERS", "REPO");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    public AppEntry {
        versions = Map.copyOf(versions);
        toolchains = List.copyOf(toolchains);
        env = Map.copyOf(env);
        routes = List.copyOf(routes);
        unequalized = List.copyOf(unequalized);
        knownFailures = knownFailures == null ? List.of() : List.copyOf(knownFailures);
        if (sources == null) sources = AppSources.NONE;
        if (pageCache == null) pageCache = PageCacheFormat.RAW;
        if ((variantOf == null) != (variant == null)) {
            throw new IllegalArgumentException("variantOf and variant are set together: " + variantOf + ", " + variant);
        }
    }

    /** True when the entry is another app with differences ({@link #variantOf}). */
    public boolean isVariant() {
        return variantOf != null;
    }

    /** True when the app serves {@code route}. */
    public boolean serves(Route route) {
        return routes.contains(route);
    }

    /**
     * The argument vector of {@code command} with every {@code ${NAME}} replaced from {@code values}; a variable
     * that expands to nothing or to several words (e.g. {@code ${JVM_FLAGS}}) adds that many arguments.
     *
     * @throws RegistryException when a variable has no value
     */
    public static List<String> expand(String command, Map<String, String> values) {
        List<String> out = new ArrayList<>();
        for (String word : split(command)) {
            Matcher m = VARIABLE.matcher(word);
            if (m.matches()) {
                // A word that is only a variable splits into the words of its value: "${JVM_FLAGS}" -> "-Xms.." "-Xmx..".
                out.addAll(split(valueOf(m.group(1), values)));
                continue;
            }
            StringBuilder expanded = new StringBuilder();
            while (m.find()) m.appendReplacement(expanded, Matcher.quoteReplacement(valueOf(m.group(1), values)));
            m.appendTail(expanded);
            out.add(expanded.toString());
        }
        return out;
    }

    /** The {@code ${NAME}} variables {@code command} uses. */
    static List<String> variablesIn(String command) {
        List<String> names = new ArrayList<>();
        Matcher m = VARIABLE.matcher(command);
        while (m.find()) names.add(m.group(1));
        return names;
    }

    private static String valueOf(String name, Map<String, String> values) {
        String value = values.get(name);
        if (value == null) throw new RegistryException("no value for ${" + name + "}: expected one of " + VARIABLES);
        return value;
    }

    /** Splits on blanks; single or double quotes group words and are removed. */
    static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else word.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(word.toString());
                word.setLength(0);
                inWord = false;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) throw new RegistryException("unbalanced quote in command: " + command);
        if (inWord) words.add(word.toString());
        return words;
    }
}

package dev.fairbench.runner.registry;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.fairbench.workload.Route;
import dev.fairbench.workload.conformance.HostileCases;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A case of the hostile suite (docs/workload.md §5.1) that an app is declared to fail ({@code known_failures} in
 * {@code apps.toml}): its framework has no public API to meet the bound, and the entry says why. The gate still runs
 * the case; a declared case that fails does not fail {@code verify}, one that passes does (the declaration is stale).
 * Immutable.
 *
 * @param caseName the hostile case's name, as {@link HostileCases#catalogue()} spells it
 * @param reason   why the app cannot pass it, one line
 * @param upstream the framework's issue or pull request about it (e.g. {@code rwf2/Rocket#1405}), or {@code null}
 */
public record KnownFailure(@JsonProperty("case") String caseName, String reason, String upstream) {
    static final String KEY = "known_failures";
    private static final Set<String> ITEM_KEYS = Set.of("case", "reason", "upstream");

    /**
     * The {@code known_failures} array of an entry whose app serves {@code routes}; empty when absent.
     *
     * @throws RegistryException one line naming the first mistake: not an array of tables, an unknown key, an unknown
     *                           case or one that does not apply to the app's routes, a case named twice, a missing or
     *                           blank {@code reason}, an {@code upstream} that is not text
     */
    static List<KnownFailure> parse(JsonNode node, List<Route> routes) {
        JsonNode list = node.get(KEY);
        if (list == null) return List.of();
        if (!list.isArray()) {
            throw new RegistryException("'" + KEY + "' must be an array of { case, reason, upstream }");
        }
        Map<String, Set<Route>> catalogue = HostileCases.catalogue();
        Set<String> seen = new LinkedHashSet<>();
        List<KnownFailure> out = new ArrayList<>();
        for (JsonNode item : list) {
            if (!item.isObject()) {
                throw new RegistryException("each '" + KEY + "' item must be a table { case, reason, upstream }");
            }
            for (Iterator<String> it = item.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!ITEM_KEYS.contains(key)) {
                    throw new RegistryException("'" + KEY + "': unknown key '" + key + "' (expected case, reason, upstream)");
                }
            }
            JsonNode name = item.get("case");
            if (name == null || !name.isTextual()) {
                throw new RegistryException("'" + KEY + "': an item without a text 'case' (the hostile case's name)");
            }
            String caseName = name.asText();
            Set<Route> needs = catalogue.get(caseName);
            if (needs == null) {
                throw new RegistryException("'" + KEY + "': unknown hostile case '" + caseName + "' (expected one of '"
                        + String.join("', '", catalogue.keySet()) + "')");
            }
            if (!routes.containsAll(needs)) {
                throw new RegistryException("'" + KEY + "': case '" + caseName + "' needs routes "
                        + needs.stream().map(Route::routeName).sorted().toList()
                        + " that the app does not serve, so it never runs");
            }
            if (!seen.add(caseName)) {
                throw new RegistryException("'" + KEY + "': case '" + caseName + "' is declared twice");
            }
            JsonNode reason = item.get("reason");
            if (reason == null || !reason.isTextual() || reason.asText().isBlank()) {
                throw new RegistryException("'" + KEY + "': case '" + caseName + "' needs a 'reason' (why the app "
                        + "cannot pass it)");
            }
            JsonNode upstream = item.get("upstream");
            if (upstream != null && (!upstream.isTextual() || upstream.asText().isBlank())) {
                throw new RegistryException("'" + KEY + "': case '" + caseName + "': 'upstream' must be a non-empty "
                        + "string (the framework's issue, e.g. \"rwf2/Rocket#1405\")");
            }
            out.add(new KnownFailure(caseName, reason.asText(), upstream == null ? null : upstream.asText()));
        }
        return out;
    }
}

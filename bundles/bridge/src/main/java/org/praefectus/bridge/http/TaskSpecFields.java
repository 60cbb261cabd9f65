package org.praefectus.bridge.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A newer Praetor worker may send task_spec fields this bridge does not know: they are removed before
 * validation and reported as warnings, so the run goes on (an older bridge must not break a newer worker).
 * Unknown fields anywhere else are still refused by the schema.
 */
final class TaskSpecFields {

    private static final Set<String> KNOWN = Set.of(
            "title",
            "instructions",
            "input_files",
            "expected_outputs",
            "approval_policy",
            "model_profile",
            "native_subagents");

    private static final int MAX_WARNINGS = 10;

    private TaskSpecFields() {}

    /** Removes the unknown fields of {@code body.task_spec}; one warning per field, naming it. */
    static List<String> dropUnknown(JsonNode body) {
        JsonNode spec = body.get("task_spec");
        if (!(spec instanceof ObjectNode object)) {
            return List.of();
        }
        List<String> unknown = new ArrayList<>();
        object.fieldNames().forEachRemaining(name -> {
            if (!KNOWN.contains(name)) {
                unknown.add(name);
            }
        });
        List<String> warnings = new ArrayList<>();
        for (String name : unknown) {
            object.remove(name);
            if (warnings.size() < MAX_WARNINGS) {
                // the name goes into a header and an event: only plain characters, at most 64 of them
                String plain = name.replaceAll("[^A-Za-z0-9_.-]", "?");
                String shown = plain.length() > 64 ? plain.substring(0, 64) + "..." : plain;
                warnings.add("task_spec." + shown + " is not known to this bridge and was ignored");
            }
        }
        return warnings;
    }
}

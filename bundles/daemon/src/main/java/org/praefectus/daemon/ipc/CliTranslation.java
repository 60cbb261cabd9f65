package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PeekabooX's daemon methods as the CLI commands that implement them, so one implementation serves the
 * CLI, the socket and gRPC: a method's fields become the command's options ({@code snake_case} to
 * {@code --kebab-case}, renamed where PeekabooX and the command name a field differently), a rectangle
 * {@code {x,y,width,height}} becomes {@code x,y,w,h}, a list repeats its option, {@code true} is a switch.
 * Unknown fields reach the command as options, which refuses them as usage errors.
 *
 * @param command    the CLI command
 * @param positional fields given as positional arguments, in order (a list joined with {@code +})
 * @param renames    field name to option name (without dashes)
 */
record CliTranslation(String command, List<String> positional, Map<String, String> renames) {

    /** The capabilities and surfaces commands: the daemon's methods no typed service answers yet. */
    static final Map<String, CliTranslation> METHODS =
            Map.ofEntries(Map.entry("capabilities", of("capabilities")), Map.entry("surfaces", of("surfaces")));

    private static CliTranslation of(String command) {
        return new CliTranslation(command, List.of(), Map.of());
    }

    static Optional<CliTranslation> forMethod(String method) {
        return Optional.ofNullable(METHODS.get(method));
    }

    /** The command line for {@code params} (an object, or missing). */
    List<String> argv(JsonNode params) throws IpcException {
        List<String> argv = new ArrayList<>();
        argv.add(command);
        if (params == null || params.isMissingNode() || params.isNull()) {
            return argv;
        }
        if (!params.isObject()) {
            throw IpcException.invalid("params must be an object");
        }
        for (String field : positional) {
            JsonNode value = params.get(field);
            if (value == null || value.isNull()) {
                throw IpcException.invalid("the field " + field + " is required");
            }
            argv.add(value.isArray() ? join(value) : scalar(value, field));
        }
        Iterator<Map.Entry<String, JsonNode>> fields = params.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (positional.contains(name) || value.isNull()) {
                continue;
            }
            String option = "--" + renames.getOrDefault(name, name.replace('_', '-'));
            if (value.isBoolean()) {
                if (value.asBoolean()) {
                    argv.add(option);
                }
            } else if (value.isArray() && !isRect(value)) {
                for (JsonNode element : value) {
                    argv.add(option);
                    argv.add(scalar(element, name));
                }
            } else {
                argv.add(option);
                argv.add(scalar(value, name));
            }
        }
        return argv;
    }

    private static String join(JsonNode array) throws IpcException {
        List<String> parts = new ArrayList<>();
        for (JsonNode part : array) {
            parts.add(scalar(part, "keys"));
        }
        return String.join("+", parts);
    }

    private static boolean isRect(JsonNode value) {
        return value.isObject() && value.has("x") && value.has("y") && value.has("width") && value.has("height");
    }

    private static String scalar(JsonNode value, String field) throws IpcException {
        if (isRect(value)) {
            return value.get("x").asLong() + "," + value.get("y").asLong() + ","
                    + value.get("width").asLong() + "," + value.get("height").asLong();
        }
        if (value.isTextual()) {
            return value.asText();
        }
        if (value.isNumber() || value.isBoolean()) {
            return value.asText();
        }
        throw IpcException.invalid("the field " + field + " has an unexpected type");
    }
}

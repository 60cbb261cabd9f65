package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.cli.CommandLine;

/**
 * A read-only tool answered by the CLI verb that already does the job ({@code desktop_profiles|locate|assert} by
 * {@code desktop …}): one
 * implementation of each verb, the command's {@code data} as the structured content and its error envelope as
 * the tool error. Each declared argument becomes one flag ({@code window_title} → {@code --window-title}): a
 * boolean {@code true} the bare flag, a string its value.
 */
final class CommandTool implements Tool {

    /** How an argument reaches the command line. */
    enum Kind {
        /** {@code true} adds the bare flag. */
        SWITCH,
        /** A string: the flag and its value. */
        VALUE
    }

    private static final TypeReference<Map<String, Object>> ENVELOPE = new TypeReference<>() {};

    private final String name;
    private final List<String> verb;
    private final Map<String, Kind> arguments;
    private final HostServices services;

    /**
     * @param name      the tool's name
     * @param verb      the command and its sub-verb, as typed
     * @param arguments the tool's arguments, in flag order
     */
    CommandTool(String name, List<String> verb, Map<String, Kind> arguments, HostServices services) {
        this.name = name;
        this.verb = List.copyOf(verb);
        this.arguments = arguments;
        this.services = services;
    }

    /** The read-only CLI verbs offered as tools, PeekabooX's names. */
    static List<CommandTool> all(HostServices services) {
        Map<String, Kind> aim = new LinkedHashMap<>();
        aim.put("app", Kind.VALUE);
        aim.put("target", Kind.VALUE);
        aim.put("window_title", Kind.VALUE);
        aim.put("window_id", Kind.VALUE);
        Map<String, Kind> assertion = new LinkedHashMap<>(aim);
        for (String flag : List.of("exists", "not_exists", "active", "not_active")) {
            assertion.put(flag, Kind.SWITCH);
        }
        assertion.put("state", Kind.VALUE);
        assertion.put("not_state", Kind.VALUE);
        Map<String, Kind> profiles = new LinkedHashMap<>();
        for (String flag : List.of("app", "target", "command", "desktop_id", "supports")) {
            profiles.put(flag, Kind.VALUE);
        }
        for (String flag : List.of("installed", "available", "check")) {
            profiles.put(flag, Kind.SWITCH);
        }
        return List.of(
                new CommandTool("desktop_profiles", List.of("desktop", "profiles"), profiles, services),
                new CommandTool("desktop_locate", List.of("desktop", "locate"), aim, services),
                new CommandTool("desktop_assert", List.of("desktop", "assert"), assertion, services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        return run(services, name, commandWords(args));
    }

    /**
     * Runs one command line through the runtime's command line.
     *
     * @return the command's {@code data} as the structured content, or its error envelope as the tool error
     */
    static ToolResult run(HostServices services, String tool, List<String> words) {
        Optional<CommandLine> commandLine = services.commandLine();
        if (commandLine.isEmpty()) {
            return ToolResult.failure(
                    "command_unavailable",
                    "this runtime has no command line for " + tool,
                    "run the server from praefectus.jar",
                    true);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        commandLine.get().run(words, out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Map<String, Object> envelope;
        try {
            envelope = ToolJson.JSON.readValue(out.toByteArray(), ENVELOPE);
        } catch (IOException unreadable) {
            return ToolResult.failure(
                    "command_failed", tool + " gave no answer", "run doctor and report the failure", true);
        }
        if (Boolean.TRUE.equals(envelope.get("ok"))) {
            return ToolResult.ok(data(envelope.get("data")));
        }
        Map<?, ?> error = envelope.get("error") instanceof Map<?, ?> e ? e : Map.of();
        String message = String.valueOf(error.get("message"));
        // a runtime without the platform's verbs (no Linux bundle) answers the verb as an unknown command
        String code = message.startsWith("unknown command") ? "command_unavailable" : String.valueOf(error.get("code"));
        Map<String, Object> more = new LinkedHashMap<>();
        if (error.get("details") != null) {
            more.put("details", error.get("details"));
        }
        return ToolResult.failure(code, message, nextAction(code), true, more);
    }

    /** The command line of a call: the verb, then each given argument as its flag. */
    List<String> commandWords(Map<String, Object> args) {
        for (String given : args.keySet()) {
            if (!arguments.containsKey(given)) {
                throw new ToolArguments.InvalidArgument(name + " takes no argument " + ToolArguments.printable(given));
            }
        }
        List<String> words = new ArrayList<>(verb);
        arguments.forEach((argument, kind) -> {
            String flag = "--" + argument.replace('_', '-');
            switch (kind) {
                case SWITCH -> {
                    if (ToolArguments.boolArgument(args, argument)) {
                        words.add(flag);
                    }
                }
                case VALUE -> {
                    String value = ToolArguments.stringArgument(args, argument, false);
                    if (value != null) {
                        words.add(flag);
                        words.add(plain(argument, value));
                    }
                }
            }
        });
        return words;
    }

    /** A value is never read as a flag of its own. */
    private static String plain(String argument, String value) {
        if (value.startsWith("-")) {
            throw new ToolArguments.InvalidArgument(argument + " must not start with '-'");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(Object data) {
        return data instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of("value", data);
    }

    private static String nextAction(String code) {
        return switch (code) {
            case "usage" -> "correct the arguments as the message says";
            case "command_unavailable" -> "this platform has no such verb: see capabilities";
            case "assertion_failed" -> "the target does not meet the assertion: observe again or wait";
            default -> "see the message; run doctor when it names the desktop";
        };
    }
}

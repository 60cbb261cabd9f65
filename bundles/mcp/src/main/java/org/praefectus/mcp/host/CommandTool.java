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
 * A read-only tool answered by the CLI verb that already does the job ({@code capture_backends} by
 * {@code capture-backends}, {@code preflight}): one
 * implementation of each verb, the command's {@code data} as the structured content and its error envelope as
 * the tool error. Each declared argument becomes one flag ({@code window_title} → {@code --window-title}): a
 * boolean {@code true} the bare flag, a string its value; the list argument, if any, the positional words.
 */
final class CommandTool implements Tool {

    /** How an argument reaches the command line. */
    enum Kind {
        /** {@code true} adds the bare flag. */
        SWITCH,
        /** A string: the flag and its value. */
        VALUE,
        /** A list of strings: the command's positional words. */
        WORDS
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
        Map<String, Kind> backends = new LinkedHashMap<>();
        backends.put("diagnose", Kind.SWITCH);
        backends.put("probe", Kind.VALUE);
        backends.put("format", Kind.VALUE);
        backends.put("region", Kind.VALUE);
        Map<String, Kind> preflight = new LinkedHashMap<>();
        preflight.put("categories", Kind.WORDS);
        preflight.put("operation", Kind.VALUE);
        return List.of(
                new CommandTool("capture_backends", List.of("capture-backends"), backends, services),
                new CommandTool("preflight", List.of("preflight"), preflight, services));
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

    /** The command line of a call: the verb, then each given argument as its flag, then the positional words. */
    List<String> commandWords(Map<String, Object> args) {
        for (String given : args.keySet()) {
            if (!arguments.containsKey(given)) {
                throw new ToolArguments.InvalidArgument(name + " takes no argument " + ToolArguments.printable(given));
            }
        }
        List<String> words = new ArrayList<>(verb);
        List<String> positional = new ArrayList<>();
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
                case WORDS -> positional.addAll(strings(args, argument));
            }
        });
        words.addAll(positional);
        return words;
    }

    private List<String> strings(Map<String, Object> args, String argument) {
        Object value = args.get(argument);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list) || list.size() > 32) {
            throw new ToolArguments.InvalidArgument(argument + " must be a list of at most 32 strings");
        }
        List<String> strings = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String text) || text.isEmpty() || text.length() > 256) {
                throw new ToolArguments.InvalidArgument(argument + " must be a list of non-empty strings");
            }
            strings.add(plain(argument, text));
        }
        return strings;
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
            case "preflight_blocked" -> "fix the blocked categories named in details, then run preflight again";
            default -> "see the message; run doctor when it names the desktop";
        };
    }
}

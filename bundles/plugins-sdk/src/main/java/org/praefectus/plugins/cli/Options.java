package org.praefectus.plugins.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.praefectus.api.cli.CliCommandException;

/** The parsed arguments of a plugin command: positionals, repeatable {@code --path}, flags, values. */
final class Options {

    final List<String> positionals = new ArrayList<>();
    final List<Path> paths = new ArrayList<>();
    private final Map<String, String> values = new TreeMap<>();
    private final Set<String> flags = new java.util.HashSet<>();

    /**
     * @param valued options that take a value ({@code --path} always does)
     * @param flagged options without a value
     */
    static Options parse(String command, List<String> arguments, Set<String> valued, Set<String> flagged)
            throws CliCommandException {
        Options options = new Options();
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (!argument.startsWith("--")) {
                options.positionals.add(argument);
            } else if (flagged.contains(argument)) {
                options.flags.add(argument);
            } else if (argument.equals("--path") || valued.contains(argument)) {
                if (i + 1 >= arguments.size()) {
                    throw CliCommandException.usage(command + ": " + argument + " needs a value");
                }
                String value = arguments.get(++i);
                if (argument.equals("--path")) {
                    options.paths.add(Path.of(value));
                } else {
                    options.values.put(argument, value);
                }
            } else {
                throw CliCommandException.usage(command + ": unknown option: "
                        + (argument.length() <= 64 ? argument : argument.substring(0, 64) + "…"));
            }
        }
        return options;
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    long positiveNumber(String command, String name, long fallback) throws CliCommandException {
        Optional<String> text = value(name);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            long number = Long.parseLong(text.get());
            if (number > 0) {
                return number;
            }
        } catch (NumberFormatException notNumber) {
            // refused below
        }
        throw CliCommandException.usage(command + ": " + name + " needs a positive integer");
    }
}

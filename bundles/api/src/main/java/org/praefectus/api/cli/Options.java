package org.praefectus.api.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed arguments of one contributed command, PeekabooX style: {@code --name value} and
 * {@code --name=value} options, {@code --switch} flags, positional words, and {@code --} before positional
 * words that start with a dash. {@code --json} is accepted by every command (JSON is the only output).
 *
 * <p>Every mistake is a usage error (exit 2) that names the option, never its value: an unknown option, a
 * missing value, a value given to a switch, an option repeated that is not repeatable, a value of the wrong
 * shape. Names are given without their dashes.
 */
public final class Options {

    private static final int SHOWN_NAME = 32;

    private final String command;
    private final Map<String, List<String>> values = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    private Options(String command) {
        this.command = command;
    }

    /** Parses options that may each be given once. */
    public static Options parse(String command, List<String> arguments, Set<String> valued, Set<String> switches)
            throws CliCommandException {
        return parse(command, arguments, valued, switches, Set.of());
    }

    /**
     * @param command    the command word, which starts every error message
     * @param valued     options that take a value
     * @param switches   options that take none
     * @param repeatable the valued options that may be given more than once ({@link #all})
     */
    public static Options parse(
            String command, List<String> arguments, Set<String> valued, Set<String> switches, Set<String> repeatable)
            throws CliCommandException {
        Options options = new Options(command);
        boolean named = true;
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (named && argument.equals("--")) {
                named = false;
                continue;
            }
            if (!named || !argument.startsWith("--")) {
                options.positional.add(argument);
                continue;
            }
            String name = argument.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (name.equals("json") && value == null) {
                continue;
            }
            if (switches.contains(name)) {
                if (value != null) {
                    throw CliCommandException.usage(command + ": --" + name + " takes no value");
                }
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= arguments.size()) {
                        throw CliCommandException.usage(command + ": --" + name + " needs a value");
                    }
                    value = arguments.get(++i);
                }
            } else {
                throw CliCommandException.usage(command + ": unknown option --" + shown(name));
            }
            List<String> given = options.values.computeIfAbsent(name, n -> new ArrayList<>());
            if (!given.isEmpty() && !repeatable.contains(name)) {
                throw CliCommandException.usage(command + ": --" + name + " may only be given once");
            }
            given.add(value);
        }
        return options;
    }

    /** The command word these options belong to, for messages of the command's own checks. */
    public String command() {
        return command;
    }

    /** The positional words, in order. */
    public List<String> positional() {
        return List.copyOf(positional);
    }

    /** Whether the switch or the option was given. */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The option's value, or {@code null} when it was not given (the last one of a repeatable option). */
    public String value(String name) {
        List<String> given = values.get(name);
        return given == null ? null : given.get(given.size() - 1);
    }

    /** Every value of a repeatable option, in order; empty when it was not given. */
    public List<String> all(String name) {
        List<String> given = values.get(name);
        return given == null ? List.of() : List.copyOf(given);
    }

    /** The option's value as a path, or {@code null}. */
    public Path path(String name) {
        String value = value(name);
        return value == null ? null : Path.of(value);
    }

    /** A whole number in [{@code min}, {@code max}], or {@code null} when the option was not given. */
    public Long number(String name, long min, long max) throws CliCommandException {
        String value = value(name);
        if (value == null) {
            return null;
        }
        try {
            long parsed = Long.parseLong(value.strip());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw usage("--" + name + " takes a whole number from " + min + " to " + max);
    }

    /** A whole number in [{@code min}, {@code max}], or {@code null} when the option was not given. */
    public Integer integer(String name, int min, int max) throws CliCommandException {
        Long value = number(name, min, max);
        return value == null ? null : value.intValue();
    }

    /** A whole number in [{@code min}, {@code max}], or {@code fallback} when the option was not given. */
    public int integer(String name, int fallback, int min, int max) throws CliCommandException {
        Long value = number(name, min, max);
        return value == null ? fallback : value.intValue();
    }

    /** A number in [{@code min}, {@code max}], or {@code null} when the option was not given. */
    public Double decimal(String name, double min, double max) throws CliCommandException {
        String value = value(name);
        if (value == null) {
            return null;
        }
        try {
            double parsed = Double.parseDouble(value.strip());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw usage("--" + name + " takes a number from " + min + " to " + max);
    }

    /** A number in [{@code min}, {@code max}], or {@code fallback} when the option was not given. */
    public double decimal(String name, double fallback, double min, double max) throws CliCommandException {
        Double value = decimal(name, min, max);
        return value == null ? fallback : value;
    }

    /**
     * {@code count} whole numbers separated by commas ({@code x,y} or {@code x,y,width,height}, whose size must
     * not be empty), or {@code null} when the option was not given.
     */
    public long[] numbers(String name, int count) throws CliCommandException {
        String value = value(name);
        return value == null ? null : numbers(command, "--" + name, value, count);
    }

    /** {@link #numbers(String, int)} for a value that came from elsewhere, named {@code what} in errors. */
    public static long[] numbers(String command, String what, String value, int count) throws CliCommandException {
        String[] parts = value.split(",", -1);
        String shape = count == 2 ? "x,y" : count == 4 ? "x,y,width,height" : count + " whole numbers";
        if (parts.length != count) {
            throw CliCommandException.usage(command + ": " + what + " takes " + shape);
        }
        long[] numbers = new long[count];
        try {
            for (int i = 0; i < count; i++) {
                numbers[i] = Long.parseLong(parts[i].strip());
            }
        } catch (NumberFormatException e) {
            throw CliCommandException.usage(command + ": " + what + " takes " + shape);
        }
        if (count == 4 && (numbers[2] <= 0 || numbers[3] <= 0)) {
            throw CliCommandException.usage(command + ": " + what + " must not be empty");
        }
        return numbers;
    }

    /** A usage error of this command: {@code "COMMAND: message"}. */
    public CliCommandException usage(String message) {
        return CliCommandException.usage(command + ": " + message);
    }

    private static String shown(String name) {
        return name.length() > SHOWN_NAME ? name.substring(0, SHOWN_NAME) : name;
    }
}

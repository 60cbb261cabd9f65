package org.praefectus.linux.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;

/**
 * The options of one desktop command, PeekabooX style: {@code --name value}, {@code --name=value}, switches,
 * positional words, and {@code --} before positional words that start with a dash. Unknown options and
 * repeated ones are usage errors. {@code --json} is accepted everywhere (JSON is the only output).
 */
final class Flags {

    private final String command;
    private final Map<String, String> values = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    private Flags(String command) {
        this.command = command;
    }

    /**
     * @param valued   options that take a value
     * @param switches options without one
     */
    static Flags parse(String command, List<String> arguments, Set<String> valued, Set<String> switches)
            throws CliCommandException {
        Flags flags = new Flags(command);
        boolean options = true;
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (options && argument.equals("--")) {
                options = false;
                continue;
            }
            if (!options || !argument.startsWith("--")) {
                flags.positional.add(argument);
                continue;
            }
            String name = argument.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (name.equals("json")) {
                continue;
            }
            if (switches.contains(name) && value == null) {
                value = "true";
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
            if (flags.values.put(name, value) != null) {
                throw CliCommandException.usage(command + ": --" + name + " may only be given once");
            }
        }
        return flags;
    }

    String value(String name) {
        return values.get(name);
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    List<String> positional() {
        return positional;
    }

    int integer(String name, int fallback, int min, int max) throws CliCommandException {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.strip());
            if (parsed < min || parsed > max) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw CliCommandException.usage(
                    command + ": --" + name + " takes a whole number from " + min + " to " + max);
        }
    }

    /** {@code count} integers separated by commas ({@code x,y} or {@code x,y,w,h}), or {@code null}. */
    long[] numbers(String name, int count) throws CliCommandException {
        String value = values.get(name);
        return value == null ? null : numbers(command, "--" + name, value, count);
    }

    static long[] numbers(String command, String what, String value, int count) throws CliCommandException {
        String[] parts = value.split(",", -1);
        String shape = count == 2 ? "x,y" : "x,y,width,height";
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

    /** Two fractions {@code rx,ry} in [0, 1], or {@code null}. */
    double[] ratio(String name) throws CliCommandException {
        String value = values.get(name);
        if (value == null) {
            return null;
        }
        String[] parts = value.split(",", -1);
        try {
            double x = Double.parseDouble(parts[0].strip());
            double y = Double.parseDouble(parts[1].strip());
            if (parts.length != 2 || !(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
                throw new NumberFormatException();
            }
            return new double[] {x, y};
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw CliCommandException.usage(command + ": --" + name + " takes two fractions rx,ry from 0 to 1");
        }
    }

    private static String shown(String name) {
        return name.length() > 32 ? name.substring(0, 32) : name;
    }
}

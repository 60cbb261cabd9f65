package org.praefectus.vision.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * The arguments of one command: {@code --name value} options (repeatable), {@code --switch} flags and
 * positional arguments. Anything unknown or malformed is a usage error naming the option, never its value.
 */
final class Flags {

    private final String command;
    private final Map<String, List<String>> values = new HashMap<>();
    private final List<String> switches = new ArrayList<>();
    private final List<String> positional = new ArrayList<>();

    private Flags(String command) {
        this.command = command;
    }

    /**
     * @param valued   options that take a value, without the leading dashes
     * @param switches options that take none
     */
    static Flags parse(String command, List<String> arguments, Set<String> valued, Set<String> switches)
            throws CliCommandException {
        Flags flags = new Flags(command);
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (!argument.startsWith("--")) {
                flags.positional.add(argument);
                continue;
            }
            String name = argument.substring(2);
            String inline = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                inline = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (switches.contains(name) && inline == null) {
                flags.switches.add(name);
            } else if (valued.contains(name)) {
                String value = inline;
                if (value == null) {
                    if (i + 1 >= arguments.size()) {
                        throw CliCommandException.usage(command + ": --" + name + " needs a value");
                    }
                    value = arguments.get(++i);
                }
                flags.values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
            } else {
                throw CliCommandException.usage(command + ": unknown option --" + name);
            }
        }
        return flags;
    }

    List<String> positional() {
        return positional;
    }

    boolean has(String name) {
        return switches.contains(name);
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    String string(String name) throws CliCommandException {
        List<String> given = all(name);
        if (given.size() > 1) {
            throw CliCommandException.usage(command + ": --" + name + " is given more than once");
        }
        return given.isEmpty() ? null : given.get(0);
    }

    Path path(String name) throws CliCommandException {
        String value = string(name);
        return value == null ? null : Path.of(value);
    }

    Region region(String name) throws CliCommandException {
        String value = string(name);
        return value == null ? null : region(name, value);
    }

    List<Region> regions(String name) throws CliCommandException {
        List<Region> regions = new ArrayList<>();
        for (String value : all(name)) {
            regions.add(region(name, value));
        }
        return regions;
    }

    private Region region(String name, String value) throws CliCommandException {
        try {
            return Region.parse(value);
        } catch (VisionException e) {
            throw CliCommandException.usage(command + ": --" + name + " is x,y,width,height with a positive size");
        }
    }

    Integer integer(String name, int min, int max) throws CliCommandException {
        String value = string(name);
        if (value == null) {
            return null;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CliCommandException.usage(command + ": --" + name + " is an integer from " + min + " to " + max);
    }

    int integer(String name, int min, int max, int fallback) throws CliCommandException {
        Integer value = integer(name, min, max);
        return value == null ? fallback : value;
    }

    Long count(String name) throws CliCommandException {
        String value = string(name);
        if (value == null) {
            return null;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CliCommandException.usage(command + ": --" + name + " is a non-negative integer");
    }

    Double decimal(String name, double min, double max) throws CliCommandException {
        String value = string(name);
        if (value == null) {
            return null;
        }
        try {
            double parsed = Double.parseDouble(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CliCommandException.usage(command + ": --" + name + " is a number from " + min + " to " + max);
    }

    double decimal(String name, double min, double max, double fallback) throws CliCommandException {
        Double value = decimal(name, min, max);
        return value == null ? fallback : value;
    }

    /** Turns an option error found while building the options record into a usage error. */
    static CliCommandException usage(String command, VisionException e) {
        return CliCommandException.usage(command + ": " + e.getMessage());
    }

    /** Turns a failure of the vision services into the envelope's error. */
    static CliCommandException failure(VisionException e) {
        return CliCommandException.failure(e.code(), e.getMessage());
    }
}

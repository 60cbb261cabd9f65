package org.praefectus.api.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The parsed arguments of one contributed command, PeekabooX style: {@code --name value} and
 * {@code --name=value} options, {@code --switch} flags, positional words, and {@code --} before positional
 * words that start with a dash. {@code --json} is accepted by every command (JSON is the only output).
 *
 * <p>Every mistake is a usage error (exit 2) that names the option, never its value: an unknown option, a
 * missing value, a value given to a switch, an option repeated that is not repeatable, a value of the wrong
 * shape. Names are given without their dashes. {@link #parse(String, List, Set, Set)} serves most commands;
 * {@link #grammar(String)} is for a command that follows another command line's rules (the engine's
 * {@code status} keeps those of the Rust reference).
 */
public final class Options {

    /**
     * The code of the {@link CliCommandException} a grammar throws for {@code --help}; its details are the
     * grammar's {@link Grammar#describe() options}. The CLI answers it as the command's help (exit 0).
     */
    public static final String HELP_REQUESTED = "help_requested";

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
        return grammar(command)
                .valued(valued)
                .switches(switches)
                .repeatable(repeatable)
                .parse(arguments);
    }

    /** The grammar of {@code command}'s options, to be declared and then {@link Grammar#parse parsed} with. */
    public static Grammar grammar(String command) {
        return new Grammar(command);
    }

    /**
     * How a command words the refusals of the parser, when its messages are fixed elsewhere. Each method is
     * given the option as typed, with its dashes and without any value, its name cut to 32 characters; the
     * message must carry nothing more of what was typed.
     */
    @ConsumerType
    public interface Refusals {

        /** An option this command does not have. */
        String unknown(String option);

        /** A valued option without its value. */
        String missingValue(String option);

        /** A switch given {@code =value}. */
        String unwantedValue(String option);

        /** An option given a second time that is not repeatable. */
        String repeated(String option);
    }

    /**
     * The options one command accepts and the rules it reads them by. By default a value may start with a
     * dash ({@code --to -10,20}), a word that starts with one dash is positional, and refusals read
     * {@code "COMMAND: unknown option --name"}.
     */
    public static final class Grammar {

        private final String command;
        private final Set<String> valued = new HashSet<>();
        private final Set<String> switches = new HashSet<>();
        private final Set<String> repeatable = new HashSet<>();
        private boolean dashWordsAreOptions;
        private Refusals refusals;

        private Grammar(String command) {
            this.command = command;
            this.refusals = new StandardRefusals(command);
        }

        /** Options that take a value. */
        public Grammar valued(Set<String> names) {
            valued.addAll(names);
            return this;
        }

        /** Options that take no value. */
        public Grammar switches(Set<String> names) {
            switches.addAll(names);
            return this;
        }

        /** Valued options that may be given more than once ({@link Options#all}); every other one only once. */
        public Grammar repeatable(Set<String> names) {
            repeatable.addAll(names);
            return this;
        }

        /**
         * The reference CLI's rules (tschk/praefectus {@code parse_arguments}): every word that starts with a
         * dash is an option spelled exactly {@code --name}; any other dash word ({@code -v}, {@code --},
         * {@code --name=value}, {@code --json}) is an unknown option named as given, and a value never starts
         * with a dash (the option is then missing its value).
         */
        public Grammar dashWordsAreOptions() {
            dashWordsAreOptions = true;
            return this;
        }

        /**
         * The options, sorted by name, as help shows them: {@code --name VALUE} (with {@code ...} when repeatable)
         * or {@code --switch}.
         */
        public List<String> describe() {
            List<String> described = new ArrayList<>();
            for (String name : valued) {
                described.add("--" + name + " VALUE" + (repeatable.contains(name) ? " ..." : ""));
            }
            for (String name : switches) {
                described.add("--" + name);
            }
            described.sort(null);
            return List.copyOf(described);
        }

        /** The command's own wording of the parser's refusals, instead of {@code "COMMAND: …"}. */
        public Grammar refusals(Refusals wording) {
            refusals = Objects.requireNonNull(wording, "refusals");
            return this;
        }

        /**
         * Parses {@code arguments} by this grammar. {@code --help} before any {@code --} (unless the command
         * declares an option of that name) is answered before anything else is read: a {@link CliCommandException}
         * with the code {@value Options#HELP_REQUESTED} whose details are this grammar's options, which the CLI
         * turns into the command's help.
         */
        public Options parse(List<String> arguments) throws CliCommandException {
            if (!valued.contains("help") && !switches.contains("help")) {
                for (String argument : arguments) {
                    if (argument.equals("--")) {
                        break;
                    }
                    if (argument.equals("--help")) {
                        throw CliCommandException.failure(HELP_REQUESTED, command + " --help", describe());
                    }
                }
            }
            Options options = new Options(command);
            boolean named = true;
            for (int i = 0; i < arguments.size(); i++) {
                String argument = arguments.get(i);
                if (dashWordsAreOptions
                        && argument.startsWith("-")
                        && !(argument.startsWith("--")
                                && (valued.contains(argument.substring(2))
                                        || switches.contains(argument.substring(2))))) {
                    throw CliCommandException.usage(refusals.unknown(shown(argument)));
                }
                if (named && argument.equals("--")) {
                    named = false;
                    continue;
                }
                if (!named || !argument.startsWith("--")) {
                    options.positional.add(argument);
                    continue;
                }
                String word = argument.substring(2);
                String name = nameOf(word);
                String value = name.length() < word.length() ? word.substring(name.length() + 1) : null;
                if (name.equals("json") && value == null) {
                    continue;
                }
                String option = "--" + shown(name);
                if (!switches.contains(name) && !valued.contains(name)) {
                    throw CliCommandException.usage(refusals.unknown(option));
                }
                List<String> given = options.values.computeIfAbsent(name, n -> new ArrayList<>());
                // refused before its value is looked for: the option is wrong whatever follows it
                if (!given.isEmpty() && !repeatable.contains(name)) {
                    throw CliCommandException.usage(refusals.repeated(option));
                }
                if (switches.contains(name)) {
                    if (value != null) {
                        throw CliCommandException.usage(refusals.unwantedValue(option));
                    }
                } else if (value == null) {
                    if (i + 1 >= arguments.size()
                            || (dashWordsAreOptions && arguments.get(i + 1).startsWith("-"))) {
                        throw CliCommandException.usage(refusals.missingValue(option));
                    }
                    value = arguments.get(++i);
                }
                given.add(value);
            }
            return options;
        }
    }

    /** {@code "COMMAND: unknown option --name"}, the wording of every command that has none of its own. */
    private record StandardRefusals(String command) implements Refusals {

        @Override
        public String unknown(String option) {
            return command + ": unknown option " + option;
        }

        @Override
        public String missingValue(String option) {
            return command + ": " + option + " needs a value";
        }

        @Override
        public String unwantedValue(String option) {
            return command + ": " + option + " takes no value";
        }

        @Override
        public String repeated(String option) {
            return command + ": " + option + " may only be given once";
        }
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

    /** The option's name in {@code name} or {@code name=value}. */
    private static String nameOf(String word) {
        int equals = word.indexOf('=');
        return equals < 0 ? word : word.substring(0, equals);
    }

    private static String shown(String name) {
        return name.length() > SHOWN_NAME ? name.substring(0, SHOWN_NAME) : name;
    }
}

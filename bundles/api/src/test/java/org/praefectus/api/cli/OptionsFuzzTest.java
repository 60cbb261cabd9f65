package org.praefectus.api.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Command lines come from people, scripts and models: for any arguments (the input split at NUL bytes, as
 * {@code /proc/PID/cmdline} separates them) both grammars either parse or refuse with a usage error (exit 2)
 * whose message carries at most 32 characters of what was typed; the typed readers of a
 * parsed value ({@code number}, {@code decimal}, {@code numbers}) refuse with a usage error too.
 */
class OptionsFuzzTest {

    /**
     * Longer than every refusal's fixed text around an option name cut to 32 characters
     * ({@code "fuzz: --NAME may only be given once"} is 63): a longer message carries what was typed.
     */
    private static final int LONGEST_REFUSAL = 96;

    private static final Set<String> VALUED = Set.of("to", "region", "count", "threshold", "key");
    private static final Set<String> SWITCHES = Set.of("dry-run", "verify");
    private static final Set<String> REPEATABLE = Set.of("key");

    @FuzzTest
    void parse(byte[] input) {
        List<String> arguments = input.length == 0
                ? List.of()
                : Arrays.asList(new String(input, StandardCharsets.UTF_8).split("\0", -1));
        Options.Grammar standard =
                Options.grammar("fuzz").valued(VALUED).switches(SWITCHES).repeatable(REPEATABLE);
        Options.Grammar reference = Options.grammar("fuzz")
                .valued(VALUED)
                .switches(SWITCHES)
                .repeatable(REPEATABLE)
                .dashWordsAreOptions();
        for (Options.Grammar grammar : List.of(standard, reference)) {
            Options options;
            try {
                options = grammar.parse(arguments);
            } catch (CliCommandException refused) {
                if (Options.HELP_REQUESTED.equals(refused.code())) {
                    // --help is answered with the grammar, never with anything typed
                    if (!arguments.contains("--help") || !grammar.describe().equals(refused.details())) {
                        throw new IllegalStateException("help without --help, or with more than the grammar");
                    }
                    continue;
                }
                requireUsage(refused);
                continue;
            }
            if (!arguments.containsAll(options.positional())) {
                throw new IllegalStateException("a positional word that was not typed");
            }
            readValues(options);
        }
    }

    private static void readValues(Options options) {
        try {
            options.number("count", 1, 100);
        } catch (CliCommandException refused) {
            requireUsage(refused);
        }
        try {
            options.decimal("threshold", 0.0, 1.0);
        } catch (CliCommandException refused) {
            requireUsage(refused);
        }
        try {
            options.numbers("to", 2);
        } catch (CliCommandException refused) {
            requireUsage(refused);
        }
        try {
            long[] region = options.numbers("region", 4);
            if (region != null && (region[2] <= 0 || region[3] <= 0)) {
                throw new IllegalStateException("an empty region passed");
            }
        } catch (CliCommandException refused) {
            requireUsage(refused);
        }
        if (options.all("key").size() > 1 && !options.all("key").contains(options.value("key"))) {
            throw new IllegalStateException("the value of a repeated option is not one of its values");
        }
    }

    private static void requireUsage(CliCommandException refused) {
        if (!"usage".equals(refused.code())
                || refused.exitCode() != CommandLine.EXIT_USAGE
                || !refused.getMessage().startsWith("fuzz: ")) {
            throw new IllegalStateException("not a usage error: " + refused.code(), refused);
        }
        if (refused.getMessage().length() > LONGEST_REFUSAL) {
            throw new IllegalStateException("a refusal that may carry what was typed: " + refused.getMessage());
        }
    }
}

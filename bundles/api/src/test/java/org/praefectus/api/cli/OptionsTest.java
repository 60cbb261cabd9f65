package org.praefectus.api.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static final Set<String> VALUED = Set.of("region", "path", "threshold", "ratio");
    private static final Set<String> SWITCHES = Set.of("dry-run");

    private static Options parse(String... arguments) throws CliCommandException {
        return Options.parse("capture", List.of(arguments), VALUED, SWITCHES, Set.of("path"));
    }

    private static String usage(String... arguments) {
        CliCommandException refused = assertThrows(CliCommandException.class, () -> parse(arguments));
        assertEquals("usage", refused.code());
        assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        return refused.getMessage();
    }

    @Test
    void valuesSwitchesAndPositionalsInBothSpellings() throws Exception {
        Options options = parse("first", "--region", "1,2,3,4", "--threshold=7", "--dry-run", "--json", "second");
        assertEquals(List.of("first", "second"), options.positional());
        assertEquals("1,2,3,4", options.value("region"));
        assertEquals(7, options.integer("threshold", 0, 0, 255));
        assertTrue(options.has("dry-run"));
        assertFalse(options.has("json"), "--json is accepted and means nothing: JSON is the only output");
        assertNull(options.value("ratio"));
        assertEquals(3, options.integer("ratio", 3, 0, 9), "an absent option gives its fallback");
    }

    @Test
    void aDoubleDashEndsTheOptions() throws Exception {
        Options options = parse("--dry-run", "--", "--region", "-x");
        assertEquals(List.of("--region", "-x"), options.positional());
        assertFalse(options.has("region"));
    }

    @Test
    void onlyRepeatableOptionsMayRepeat() throws Exception {
        Options options = parse("--path", "/a", "--path=/b");
        assertEquals(List.of("/a", "/b"), options.all("path"));
        assertEquals(Path.of("/b"), options.path("path"));
        assertEquals("capture: --region may only be given once", usage("--region", "1,1,1,1", "--region", "2,2,2,2"));
        assertEquals("capture: --dry-run may only be given once", usage("--dry-run", "--dry-run"));
    }

    @Test
    void mistakesAreUsageErrorsThatNameTheOptionNeverTheValue() {
        assertEquals("capture: unknown option --secret", usage("--secret=hunter2"));
        assertEquals("capture: unknown option --" + "a".repeat(32), usage("--" + "a".repeat(40)));
        assertEquals("capture: --region needs a value", usage("--region"));
        assertEquals("capture: --dry-run takes no value", usage("--dry-run=yes"));
        assertEquals(
                "capture: --threshold takes a whole number from 0 to 255",
                assertThrows(
                                CliCommandException.class,
                                () -> parse("--threshold", "256").integer("threshold", 0, 0, 255))
                        .getMessage());
        assertThrows(
                CliCommandException.class, () -> parse("--threshold", "7.5").integer("threshold", 0, 255));
        assertThrows(CliCommandException.class, () -> parse("--ratio", "NaN").decimal("ratio", 0, 1));
        assertThrows(CliCommandException.class, () -> parse("--ratio", "1.5").decimal("ratio", 0, 0, 1));
    }

    @Test
    void numbersDecimalsAndCommaSeparatedShapes() throws Exception {
        Options options = parse("--region", " 10, 20,30,40", "--ratio", "0.25", "--threshold", "9000000000");
        assertArrayEquals(new long[] {10, 20, 30, 40}, options.numbers("region", 4));
        assertEquals(0.25, options.decimal("ratio", 0, 1));
        assertEquals(9_000_000_000L, options.number("threshold", 0, Long.MAX_VALUE));
        assertNull(options.numbers("path", 2));
        assertEquals(
                "capture: --region must not be empty",
                assertThrows(
                                CliCommandException.class,
                                () -> parse("--region", "1,2,0,4").numbers("region", 4))
                        .getMessage());
        assertEquals(
                "capture: --to takes x,y",
                assertThrows(CliCommandException.class, () -> Options.numbers("capture", "--to", "1,2,3", 2))
                        .getMessage());
    }

    @Test
    void aRepeatedOptionIsRefusedBeforeItsValueIsLookedFor() {
        assertEquals("capture: --region may only be given once", usage("--region", "1,1,1,1", "--region"));
    }

    /** The Rust reference's rules, as the engine's {@code status} keeps them. */
    private static final Options.Refusals REFERENCE = new Options.Refusals() {
        @Override
        public String unknown(String option) {
            return "unknown option: " + option;
        }

        @Override
        public String missingValue(String option) {
            return option + " requires a path";
        }

        @Override
        public String unwantedValue(String option) {
            return option + " takes no value";
        }

        @Override
        public String repeated(String option) {
            return option + " may only be specified once";
        }
    };

    private static Options worded(boolean referenceRules, String... arguments) throws CliCommandException {
        Options.Grammar grammar =
                Options.grammar("status").valued(Set.of("ledger")).switches(Set.of("verbose"));
        if (referenceRules) {
            grammar.dashWordsAreOptions();
        }
        return grammar.refusals(REFERENCE).parse(List.of(arguments));
    }

    private static String usage(boolean referenceRules, String... arguments) {
        CliCommandException refused = assertThrows(CliCommandException.class, () -> worded(referenceRules, arguments));
        assertEquals("usage", refused.code());
        assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        return refused.getMessage();
    }

    @Test
    void aCommandMayWordTheRefusalsItself() {
        assertEquals("unknown option: --frobnicate", usage(false, "--frobnicate=secret", "op"));
        assertEquals("--ledger requires a path", usage(false, "op", "--ledger"));
        assertEquals("--verbose takes no value", usage(false, "--verbose=yes"));
        assertEquals("--ledger may only be specified once", usage(false, "--ledger", "a", "--ledger", "b"));
    }

    @Test
    void underTheReferenceRulesEveryOtherDashWordIsAnUnknownOptionAndNeverAValue() throws Exception {
        assertEquals("--ledger requires a path", usage(true, "--ledger", "--verbose", "op"));
        assertEquals("--ledger requires a path", usage(true, "--ledger", "-x", "op"));
        assertEquals("unknown option: -v", usage(true, "-v", "op"));
        assertEquals("unknown option: -", usage(true, "-"));
        assertEquals("unknown option: --", usage(true, "--", "op"));
        assertEquals("unknown option: --json", usage(true, "--json", "op"));
        assertEquals("unknown option: --ledger=a", usage(true, "--ledger=a", "op"));
        assertEquals(
                "unknown option: --an-option-longer-than-thirty-t",
                usage(true, "--an-option-longer-than-thirty-two-characters"),
                "a long word is cut");
        Options options = worded(true, "op", "--ledger", "a", "--verbose");
        assertEquals("a", options.value("ledger"));
        assertEquals(List.of("op"), options.positional());
        assertTrue(options.has("verbose"));
    }

    @Test
    void theGrammarOfParseIsTheDefaultGrammar() throws Exception {
        Options options = Options.grammar("capture")
                .valued(VALUED)
                .switches(SWITCHES)
                .repeatable(Set.of("path"))
                .parse(List.of("--path", "/a", "--path", "/b", "--region", "-1,2", "-x"));
        assertEquals(List.of("/a", "/b"), options.all("path"));
        assertEquals("-1,2", options.value("region"), "by default a value may start with a dash");
        assertEquals(List.of("-x"), options.positional(), "and a single dash word is positional");
        assertEquals("capture", options.command());
    }

    /** Regression (issue 42, defect 8): {@code COMMAND --help} was a usage error and no command listed its flags. */
    @Test
    void helpIsAnsweredWithTheGrammarsOptionsBeforeAnythingElseIsRead() {
        CliCommandException help = assertThrows(
                CliCommandException.class,
                () -> Options.grammar("ocr")
                        .valued(Set.of("image", "lang", "region"))
                        .switches(Set.of("words"))
                        .repeatable(Set.of("region"))
                        .parse(List.of("--unknown", "--help")));
        assertEquals(Options.HELP_REQUESTED, help.code());
        assertEquals(List.of("--image VALUE", "--lang VALUE", "--region VALUE ...", "--words"), help.details());
    }

    @Test
    void helpAfterTheDoubleDashIsAPositionalWord() throws Exception {
        assertEquals(
                List.of("--help"),
                Options.parse("echo", List.of("--", "--help"), Set.of(), Set.of())
                        .positional());
    }
}

package org.praefectus.api.selector;

import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How a selector compares one text field: contains or equals ignoring case, or a regular expression found
 * anywhere in it (as PeekabooX's {@code is_match}).
 *
 * <p>Regular expressions come from models and scripts, and Java's matcher backtracks without limit: a search
 * may read at most {@value #REGEX_READ_BUDGET} characters of one text, and a search that needs more does not
 * match, so a pathological expression ({@code (a+)+$}) cannot stall an observation.
 */
public final class TextMatch {

    /** The comparison. */
    public enum Mode {
        CONTAINS,
        EXACT,
        REGEX
    }

    /** Character reads one regular-expression search may make (a thousand passes over a 1,000-character text). */
    static final int REGEX_READ_BUDGET = 1_000_000;

    private final Mode mode;
    private final String value;
    private final String folded;
    private final Pattern pattern;

    private TextMatch(Mode mode, String value, Pattern pattern) {
        this.mode = mode;
        this.value = value;
        this.folded = value.toLowerCase(Locale.ROOT);
        this.pattern = pattern;
    }

    /**
     * @throws SelectorException when the value is empty, or not a regular expression in {@code REGEX} mode
     */
    public static TextMatch of(Mode mode, String value, String key) throws SelectorException {
        String trimmed = value.trim();
        if (trimmed.isEmpty()) {
            throw new SelectorException("selector key " + key + " needs a value");
        }
        Pattern pattern = null;
        if (mode == Mode.REGEX) {
            try {
                pattern = Pattern.compile(trimmed);
            } catch (PatternSyntaxException e) {
                throw new SelectorException("selector key " + key + " is not a valid regular expression");
            }
        }
        return new TextMatch(mode, trimmed, pattern);
    }

    public Mode mode() {
        return mode;
    }

    /** The value compared against (trimmed). */
    public String value() {
        return value;
    }

    /** Whether {@code text} matches; {@code null} never does. */
    public boolean matches(String text) {
        if (text == null) {
            return false;
        }
        return switch (mode) {
            case CONTAINS -> text.toLowerCase(Locale.ROOT).contains(folded);
            case EXACT -> text.equalsIgnoreCase(value);
            case REGEX -> findWithinBudget(text);
        };
    }

    private boolean findWithinBudget(String text) {
        try {
            return pattern.matcher(new BudgetedText(text, new int[] {REGEX_READ_BUDGET}))
                    .find();
        } catch (BudgetedText.Exhausted exhausted) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "TextMatch[" + mode + ", redacted]";
    }
}

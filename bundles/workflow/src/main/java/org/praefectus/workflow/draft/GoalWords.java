package org.praefectus.workflow.draft;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a goal written in words asks for, read as PeekabooX's built-in planner reads it: the intent (paste, type or
 * click, by its verbs), the text to type (quoted, else what follows the verb) and the label of what to act on.
 */
record GoalWords(Intent intent, String typedText, String targetLabel) {

    /** What the goal asks the desktop to do. */
    enum Intent {
        PASTE,
        TYPE,
        CLICK,
        NONE
    }

    private static final Pattern TYPE_VERB = Pattern.compile("\\b(type|enter|write|input)\\b");
    private static final Pattern CLICK_VERB = Pattern.compile("\\b(click|press|select|open|submit)\\b");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"|'([^']+)'");
    private static final Pattern TYPED_AFTER_VERB = Pattern.compile(
            "\\b(?:type|enter|write|input|paste)\\s+(.+?)(?:\\s+(?:into|in|to|and)\\b|$)", Pattern.CASE_INSENSITIVE);
    private static final Pattern LABEL_AFTER_VERB = Pattern.compile(
            "\\b(?:click|press|select|open|submit|find)\\s+(.+?)"
                    + "(?:\\s+(?:button|field|link|and|then|with|to|into|in)\\b|$)",
            Pattern.CASE_INSENSITIVE);
    /** A longer label read from words is more likely a sentence than a control's name. */
    private static final int MAX_LABEL_WORDS = 5;

    static GoalWords read(String goal) {
        String lower = goal.toLowerCase(Locale.ROOT);
        Intent intent = lower.contains("paste")
                ? Intent.PASTE
                : TYPE_VERB.matcher(lower).find()
                        ? Intent.TYPE
                        : CLICK_VERB.matcher(lower).find() ? Intent.CLICK : Intent.NONE;
        return new GoalWords(intent, typedText(goal), targetLabel(goal));
    }

    boolean acts() {
        return intent != Intent.NONE;
    }

    private static String typedText(String goal) {
        Matcher quoted = QUOTED.matcher(goal);
        if (quoted.find()) {
            return quoted.group(1) != null ? quoted.group(1) : quoted.group(2);
        }
        Matcher typed = TYPED_AFTER_VERB.matcher(goal);
        if (!typed.find()) {
            return null;
        }
        String value = typed.group(1).strip();
        return value.isEmpty() ? null : value;
    }

    private static String targetLabel(String goal) {
        Matcher match = LABEL_AFTER_VERB.matcher(goal);
        if (!match.find()) {
            return null;
        }
        String label = match.group(1).strip().replaceAll("^[ .:]+|[ .:]+$", "");
        if (label.isEmpty() || label.split("\\s+").length > MAX_LABEL_WORDS || !DraftBuilder.selectorSafe(label)) {
            return null;
        }
        return label;
    }
}

package org.praefectus.bridge.run;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.praefectus.bridge.adapter.JsonLines;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.ParsedEvent;

/**
 * Recognises a CLI waiting for an answer nobody will give (seed §15.3): a plain-text confirmation prompt
 * ({@code [y/N]}, "Do you want to proceed?", "Press Enter"), Codex asking for user input, Claude Code asking
 * for a tool permission. Plain text is checked only on lines that are not JSON events, so an agent message
 * quoting such a prompt is not mistaken for one.
 */
final class PromptDetector {

    /** Longest prompt text kept in an event and a pause reason. */
    static final int MAX_TEXT = 500;

    /** Longer lines are never taken for a prompt (and are not scanned). */
    static final int MAX_PROMPT_LINE = 4096;

    private static final List<Pattern> TEXT_PROMPTS = List.of(
            Pattern.compile("\\[\\s*y\\s*/\\s*n\\s*\\]", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\(\\s*y(es)?\\s*/\\s*n(o)?\\s*\\)\\s*[:?]?\\s*$", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\bdo you want to (proceed|continue)\\b", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\bare you sure\\b.*\\?\\s*$", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\bpress (enter|return|any key)\\b", Pattern.CASE_INSENSITIVE),
            Pattern.compile(
                    "\\b(approve|allow) (this|the) (command|action|edit|change)s?\\b.*\\?", Pattern.CASE_INSENSITIVE));

    /** What may follow a question at the end of an unterminated line. */
    private static final Pattern QUESTION_END = Pattern.compile("(\\s*to (continue|proceed))?[\\s:?>.)\\]]*");

    private PromptDetector() {}

    /** A prompt in a line of plain output (not a JSON event), if it is one. */
    static Optional<DetectedPrompt> inText(String line, String stream) {
        if (line.length() > MAX_PROMPT_LINE) {
            return Optional.empty(); // output, not a question
        }
        String t = line.strip();
        if (t.isEmpty() || JsonLines.startsLikeJson(t)) {
            return Optional.empty();
        }
        for (Pattern p : TEXT_PROMPTS) {
            if (p.matcher(t).find()) {
                return Optional.of(
                        new DetectedPrompt(shorten(t), stream, NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED));
            }
        }
        return Optional.empty();
    }

    /**
     * A prompt at the very end of a line the CLI has not ended and is pausing after: only trailing spaces
     * or a colon may follow the question, so output that merely mentions {@code [y/N]} and goes on is not
     * taken for a question.
     */
    static Optional<DetectedPrompt> atEndOf(String partial, String stream) {
        if (partial.length() > MAX_PROMPT_LINE) {
            return Optional.empty();
        }
        String t = partial.strip();
        if (t.isEmpty() || JsonLines.startsLikeJson(t)) {
            return Optional.empty();
        }
        for (Pattern p : TEXT_PROMPTS) {
            Matcher m = p.matcher(t);
            int end = -1;
            while (m.find()) {
                end = m.end();
            }
            if (end >= 0 && QUESTION_END.matcher(t.substring(end)).matches()) {
                return Optional.of(
                        new DetectedPrompt(shorten(t), stream, NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED));
            }
        }
        return Optional.empty();
    }

    /** A prompt the adapter parsed from the CLI's JSON events ({@code approval_requested}). */
    static Optional<DetectedPrompt> inEvent(ParsedEvent event) {
        if (!"approval_requested".equals(event.type())) {
            return Optional.empty();
        }
        Object kind = event.data().get("kind");
        Object text = event.data().get("text");
        String shown = text == null ? String.valueOf(kind) : text.toString();
        NormalizedStatus status = "request_user_input".equals(kind)
                ? NormalizedStatus.PAUSED_DECISION
                : NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED;
        return Optional.of(new DetectedPrompt(shorten(shown), "events", status));
    }

    private static String shorten(String text) {
        String t = text.strip();
        return t.length() > MAX_TEXT ? t.substring(0, MAX_TEXT) + "…" : t;
    }
}

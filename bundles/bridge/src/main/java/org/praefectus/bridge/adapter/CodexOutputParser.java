package org.praefectus.bridge.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Codex {@code exec --json} ThreadEvents: {@code thread.started}, {@code turn.started},
 * {@code item.*}, {@code turn.completed} (usage), {@code turn.failed}, {@code error} (not terminal by
 * itself: Codex emits it for errors it will retry). The outcome is decided on the last turn event and the
 * exit code; the error texts only classify a failure.
 */
final class CodexOutputParser implements AgentOutputParser {

    private final AgentTask task;
    private boolean subagentUsed;
    private boolean turnCompleted;
    private String turnFailure;
    private final List<String> errors = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    /** Paths of completed {@code add} changes: a file written whole (an existing one is replaced). */
    private final List<String> written = new ArrayList<>();

    private boolean declined;
    private boolean userInputRequested;
    private Long inputTokens;
    private Long outputTokens;
    private String finalMessage;

    CodexOutputParser(AgentTask task) {
        this.task = task;
    }

    @Override
    public List<ParsedEvent> onStdoutLine(String line) {
        JsonNode node = JsonLines.object(line);
        if (node == null) {
            return line.isBlank() ? List.of() : List.of(new ParsedEvent("stdout", Map.of("line", line)));
        }
        String type = JsonLines.text(node, "type");
        if (type == null) {
            return List.of();
        }
        switch (type) {
            case "thread.started" -> {
                return List.of(event("agent_session", "session_id", JsonLines.text(node, "thread_id")));
            }
            case "turn.completed" -> {
                turnCompleted = true;
                JsonNode usage = node.get("usage");
                inputTokens = JsonLines.number(usage, "input_tokens");
                outputTokens = JsonLines.number(usage, "output_tokens");
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("input_tokens", inputTokens);
                data.put("cached_input_tokens", JsonLines.number(usage, "cached_input_tokens"));
                data.put("output_tokens", outputTokens);
                return List.of(new ParsedEvent("usage_detected", data));
            }
            case "turn.failed" -> {
                JsonNode error = node.get("error");
                turnFailure = error == null ? "turn failed" : String.valueOf(JsonLines.text(error, "message"));
                return List.of(event("agent_error", "message", ErrorText.brief(turnFailure)));
            }
            case "error" -> {
                String message = JsonLines.text(node, "message");
                errors.add(message == null ? "" : message);
                return List.of(event("agent_error", "message", ErrorText.brief(message)));
            }
            case "request_user_input" -> {
                userInputRequested = true;
                Map<String, Object> asked = new LinkedHashMap<>();
                asked.put("kind", "request_user_input");
                asked.put("text", question(node));
                return List.of(new ParsedEvent("approval_requested", asked));
            }
            case "item.started", "item.updated", "item.completed" -> {
                return item(type, node.get("item"));
            }
            default -> {
                return List.of();
            }
        }
    }

    private List<ParsedEvent> item(String phase, JsonNode item) {
        if (item == null || !item.isObject()) {
            return List.of();
        }
        String kind = JsonLines.text(item, "type");
        if (kind == null) {
            kind = JsonLines.text(item, "item_type"); // very early exec JSON
        }
        if (kind == null) {
            return List.of();
        }
        String status = JsonLines.text(item, "status");
        if ("declined".equals(status)) {
            declined = true;
        }
        if (!"item.completed".equals(phase)) {
            return List.of();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("kind", kind);
        switch (kind) {
            case "agent_message", "assistant_message" -> {
                finalMessage = JsonLines.text(item, "text");
                data.put("text", finalMessage);
                return List.of(new ParsedEvent("agent_message", data));
            }
            case "command_execution" -> {
                data.put("command", JsonLines.text(item, "command"));
                data.put("status", status);
                data.put("exit_code", JsonLines.number(item, "exit_code"));
                return List.of(new ParsedEvent("tool_call", data));
            }
            case "file_change" -> {
                List<String> changed = new ArrayList<>();
                JsonNode changes = item.get("changes");
                if (changes != null && changes.isArray()) {
                    changes.forEach(c -> changed.add(JsonLines.text(c, "kind") + " " + JsonLines.text(c, "path")));
                    if ("completed".equals(status)) {
                        changes.forEach(c -> {
                            String path = JsonLines.text(c, "path");
                            if ("add".equals(JsonLines.text(c, "kind")) && path != null) {
                                written.add(path);
                            }
                        });
                    }
                }
                data.put("changes", changed);
                data.put("status", status);
                return List.of(new ParsedEvent("file_change", data));
            }
            case "collab_tool_call" -> {
                subagentUsed = true;
                data.put("status", status);
                return List.of(new ParsedEvent("subagent_call", data));
            }
            case "error" -> {
                String message = JsonLines.text(item, "message");
                errors.add(message == null ? "" : message);
                data.put("message", ErrorText.brief(message));
                return List.of(new ParsedEvent("agent_warning", data));
            }
            default -> {
                data.put("status", status);
                return List.of(new ParsedEvent("agent_item", data));
            }
        }
    }

    /**
     * A risk checkpoint: the agent ran native subagents the task disallows (a build that ignores the
     * feature flag), or a shell command was declined while the task's approval policy withholds the shell.
     */
    private Outcome risk(Usage usage, String message) {
        if (subagentUsed && !task.nativeSubagents()) {
            return new Outcome(
                    NormalizedStatus.PAUSED_RISK,
                    "The agent ran native subagents, which the task disallows.",
                    usage,
                    message);
        }
        if (declined && !task.allowShell()) {
            return new Outcome(
                    NormalizedStatus.PAUSED_RISK,
                    "The agent tried to run a shell command, which the"
                            + " task's approval policy withholds; it was declined.",
                    usage,
                    message);
        }
        return null;
    }

    /** The question Codex asks, in whichever field this build names it; else a plain description. */
    private static String question(JsonNode node) {
        for (String field : List.of("question", "prompt", "message", "text")) {
            String value = JsonLines.text(node, field);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        JsonNode questions = node.path("questions");
        if (questions.isArray() && questions.size() > 0) {
            String value = JsonLines.text(questions.get(0), "question");
            if (value != null) {
                return value;
            }
        }
        return "Codex asks for user input";
    }

    private static ParsedEvent event(String type, String key, String value) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put(key, value);
        return new ParsedEvent(type, data);
    }

    @Override
    public void onStderrLine(String line) {
        if (stderr.size() < 200) {
            stderr.add(line);
        }
    }

    @Override
    public Outcome finish(int exitCode) {
        Usage usage = new Usage(inputTokens, outputTokens, null);
        String errorText = String.join("\n", errors) + "\n" + (turnFailure == null ? "" : turnFailure) + "\n"
                + String.join("\n", stderr);
        if (turnCompleted && exitCode == 0) {
            if (userInputRequested) {
                return new Outcome(
                        NormalizedStatus.PAUSED_DECISION, "The agent asked for user input.", usage, finalMessage);
            }
            Outcome risk = risk(usage, finalMessage);
            if (risk != null) {
                return risk;
            }
            if (declined || ErrorText.approval(errorText)) {
                return new Outcome(
                        NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED,
                        "The agent needed an approval that non-interactive mode declined.",
                        usage,
                        finalMessage);
            }
            return new Outcome(NormalizedStatus.COMPLETED, null, usage, finalMessage);
        }
        String reason = ErrorText.brief(
                turnFailure != null
                        ? turnFailure
                        : !errors.isEmpty() ? errors.get(errors.size() - 1) : lastNonBlank(stderr));
        if (ErrorText.auth(errorText)) {
            return new Outcome(NormalizedStatus.AUTH_REQUIRED, reason, usage, null);
        }
        if (ErrorText.budget(errorText)) {
            return new Outcome(NormalizedStatus.PAUSED_BUDGET, reason, usage, null);
        }
        Outcome risk = risk(usage, null);
        if (risk != null) {
            return risk;
        }
        if (ErrorText.approval(errorText) || declined) {
            return new Outcome(NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED, reason, usage, null);
        }
        if (ErrorText.contextOverflow(errorText)) {
            return new Outcome(NormalizedStatus.FAILED_PERMANENT, reason, usage, null);
        }
        if (ErrorText.transientError(errorText)) {
            return new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, usage, null);
        }
        if (exitCode == 2 || errorText.contains("Not inside a trusted directory")) {
            return new Outcome(
                    NormalizedStatus.FAILED_PERMANENT,
                    reason != null ? reason : "codex rejected its arguments (exit " + exitCode + ")",
                    usage,
                    null);
        }
        if (exitCode > 128) {
            return new Outcome(
                    NormalizedStatus.FAILED_TRANSIENT, "codex crashed (signal " + (exitCode - 128) + ")", usage, null);
        }
        return new Outcome(
                NormalizedStatus.FAILED_TRANSIENT,
                reason != null ? reason : "codex exited with code " + exitCode + " without completing the turn",
                usage,
                null);
    }

    private static String lastNonBlank(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i);
            }
        }
        return null;
    }

    @Override
    public List<String> overwrittenFiles() {
        return List.copyOf(written);
    }
}

package org.praefectus.bridge.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claude Code stream-json: {@code system} (init), {@code assistant}, {@code user}, {@code rate_limit_event},
 * and the final {@code result}. {@code is_error} is checked before {@code subtype}: API and auth failures
 * arrive as {@code subtype:"success"} with {@code is_error:true}.
 */
final class ClaudeOutputParser implements AgentOutputParser {

    private final AgentTask task;
    private JsonNode result;
    private final List<String> assistantErrors = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private boolean rateLimitRejected;
    private String permissionMode;
    private final List<String> written = new ArrayList<>();

    ClaudeOutputParser(AgentTask task) {
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
        Map<String, Object> data = new LinkedHashMap<>();
        switch (type) {
            case "system" -> {
                if ("init".equals(JsonLines.text(node, "subtype"))) {
                    permissionMode = JsonLines.text(node, "permissionMode");
                    data.put("session_id", JsonLines.text(node, "session_id"));
                    data.put("model", JsonLines.text(node, "model"));
                    data.put("permission_mode", permissionMode);
                    return List.of(new ParsedEvent("agent_session", data));
                }
                return List.of();
            }
            case "assistant" -> {
                String error = JsonLines.text(node, "error");
                if (error != null) {
                    assistantErrors.add(error);
                }
                List<ParsedEvent> events = new ArrayList<>();
                JsonNode content = node.path("message").path("content");
                for (JsonNode block : content) {
                    String kind = JsonLines.text(block, "type");
                    if ("text".equals(kind)) {
                        events.add(new ParsedEvent(
                                "agent_message",
                                Map.of("text", block.path("text").asText())));
                    } else if ("tool_use".equals(kind)) {
                        String tool = block.path("name").asText();
                        if ("Write".equals(tool)
                                && block.path("input").path("file_path").isTextual()) {
                            written.add(block.path("input").path("file_path").asText());
                        }
                        events.add(new ParsedEvent("tool_call", Map.of("tool", tool)));
                    }
                }
                if (error != null) {
                    events.add(new ParsedEvent("agent_error", Map.of("error", error)));
                }
                return events;
            }
            case "control_request" -> {
                // the SDK permission prompt: the CLI waits on stdin for a control_response nobody will send
                JsonNode request = node.path("request");
                if (!"can_use_tool".equals(JsonLines.text(request, "subtype"))) {
                    return List.of();
                }
                String tool = request.path("tool_name").asText("a tool");
                data.put("kind", "can_use_tool");
                data.put("tool", tool);
                data.put("text", "Claude Code asks for permission to use " + tool);
                return List.of(new ParsedEvent("approval_requested", data));
            }
            case "rate_limit_event" -> {
                String status = node.path("rate_limit_info").path("status").asText("");
                if ("rejected".equals(status)) {
                    rateLimitRejected = true;
                }
                data.put("status", status);
                return List.of(new ParsedEvent("rate_limit", data));
            }
            case "result" -> {
                result = node;
                data.put("subtype", JsonLines.text(node, "subtype"));
                data.put("is_error", node.path("is_error").asBoolean(false));
                data.put("num_turns", JsonLines.number(node, "num_turns"));
                JsonNode usage = node.get("usage");
                data.put("input_tokens", inputTokens(usage));
                data.put("cache_read_input_tokens", JsonLines.number(usage, "cache_read_input_tokens"));
                data.put("output_tokens", JsonLines.number(usage, "output_tokens"));
                data.put(
                        "total_cost_usd",
                        node.path("total_cost_usd").isNumber()
                                ? node.get("total_cost_usd").asDouble()
                                : null);
                return List.of(new ParsedEvent("usage_detected", data));
            }
            default -> {
                return List.of();
            }
        }
    }

    private static Long inputTokens(JsonNode usage) {
        Long input = JsonLines.number(usage, "input_tokens");
        if (input == null) {
            return null;
        }
        // cache reads are reported separately (cache_read_input_tokens): they are not new input
        Long created = JsonLines.number(usage, "cache_creation_input_tokens");
        return input + (created == null ? 0 : created);
    }

    @Override
    public void onStderrLine(String line) {
        if (stderr.size() < 200) {
            stderr.add(line);
        }
    }

    @Override
    public Outcome finish(int exitCode) {
        if (result == null) {
            String err = String.join("\n", stderr);
            String reason =
                    ErrorText.brief(err.isBlank() ? "claude exited with code " + exitCode + " without a result" : err);
            if (ErrorText.auth(err)) {
                return new Outcome(NormalizedStatus.AUTH_REQUIRED, reason, Usage.NONE, null);
            }
            if (err.contains("requires --verbose") || exitCode == 2) {
                return new Outcome(NormalizedStatus.FAILED_PERMANENT, reason, Usage.NONE, null);
            }
            if (exitCode > 128) {
                return new Outcome(
                        NormalizedStatus.FAILED_TRANSIENT,
                        "claude crashed (signal " + (exitCode - 128) + ")",
                        Usage.NONE,
                        null);
            }
            return new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, Usage.NONE, null);
        }
        JsonNode usageNode = result.get("usage");
        Double cost = result.path("total_cost_usd").isNumber()
                ? result.get("total_cost_usd").asDouble()
                : null;
        Usage usage = new Usage(inputTokens(usageNode), JsonLines.number(usageNode, "output_tokens"), cost);
        boolean isError = result.path("is_error").asBoolean(false);
        String subtype = JsonLines.text(result, "subtype");
        String text = JsonLines.text(result, "result");
        StringBuilder errorText = new StringBuilder(text == null ? "" : text);
        result.path("errors").forEach(e -> errorText.append('\n').append(e.asText()));
        int apiStatus = result.path("api_error_status").asInt(0);
        JsonNode denials = result.path("permission_denials");

        if (!isError && "success".equals(subtype)) {
            if (denials.isArray() && denials.size() > 0) {
                return denied(denials, usage, text);
            }
            return new Outcome(NormalizedStatus.COMPLETED, null, usage, text);
        }
        String reason = ErrorText.brief(errorText.length() > 0 ? errorText.toString() : "claude reported " + subtype);
        if (assistantErrors.contains("authentication_failed")
                || apiStatus == 401
                || ErrorText.auth(errorText.toString())) {
            return new Outcome(NormalizedStatus.AUTH_REQUIRED, reason, usage, null);
        }
        if ("error_max_turns".equals(subtype)
                || "error_max_budget_usd".equals(subtype)
                || assistantErrors.contains("rate_limit")
                || assistantErrors.contains("billing_error")
                || apiStatus == 429
                || rateLimitRejected
                || ErrorText.budget(errorText.toString())) {
            return new Outcome(NormalizedStatus.PAUSED_BUDGET, reason, usage, null);
        }
        if (denials.isArray() && denials.size() > 0) {
            return denied(denials, usage, null);
        }
        if (apiStatus >= 500 || assistantErrors.contains("server_error")) {
            return new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, usage, null);
        }
        if (errorText.indexOf("No conversation found") >= 0
                || assistantErrors.contains("invalid_request")
                || "error_max_structured_output_retries".equals(subtype)
                || ErrorText.contextOverflow(errorText.toString())) {
            return new Outcome(NormalizedStatus.FAILED_PERMANENT, reason, usage, null);
        }
        return new Outcome(NormalizedStatus.FAILED_TRANSIENT, reason, usage, null);
    }

    @Override
    public List<String> overwrittenFiles() {
        return List.copyOf(written);
    }

    /**
     * Denied tools: leaving plan mode is the owner's decision; a tool the task's approval policy withholds
     * (shell without {@code allow_shell}) is a risk checkpoint; any other denial (file edits are accepted,
     * so a denied one was outside what the CLI allows) is an approval the non-interactive mode could not
     * ask for.
     */
    private Outcome denied(JsonNode denials, Usage usage, String text) {
        List<String> tools = new ArrayList<>();
        denials.forEach(d -> tools.add(d.path("tool_name").asText("?")));
        boolean planExit = tools.contains("ExitPlanMode") || "plan".equals(permissionMode);
        List<String> withheld = tools.stream()
                .filter(t -> t.equals("Bash") && !task.allowShell())
                .distinct()
                .toList();
        if (planExit) {
            return new Outcome(
                    NormalizedStatus.PAUSED_DECISION,
                    "Permission denied in non-interactive mode for: " + String.join(", ", tools),
                    usage,
                    text);
        }
        if (!withheld.isEmpty()) {
            return new Outcome(
                    NormalizedStatus.PAUSED_RISK,
                    "The agent tried to use what the task's approval policy" + " withholds: "
                            + String.join(", ", withheld),
                    usage,
                    text);
        }
        return new Outcome(
                NormalizedStatus.INTERACTIVE_APPROVAL_REQUIRED,
                "Permission denied in non-interactive mode for: " + String.join(", ", tools),
                usage,
                text);
    }
}

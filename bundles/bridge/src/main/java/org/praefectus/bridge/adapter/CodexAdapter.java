package org.praefectus.bridge.adapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * OpenAI Codex CLI: {@code codex exec --json}, prompt on stdin ({@code -}), JSONL events on stdout.
 *
 * <p>Flags: {@code --cd} the validated workdir, {@code --skip-git-repo-check} (the bridge has checked the
 * directory itself), {@code --sandbox workspace-write} (creating and editing files in the workdir is allowed by every approval
 * policy; deletions and overwrites are checked by the bridge after the run; never
 * {@code danger-full-access}, never {@code --full-auto}, which newer builds reject), approvals pinned to
 * {@code never} through {@code -c} (exec mode cannot ask anyway), the model profile as
 * {@code model_reasoning_effort}, and {@code native_subagents} as the {@code features.multi_agent} flag.
 */
public class CodexAdapter implements AgentAdapter {

    public static final String TYPE = "codex";

    private static final Set<String> ENVIRONMENT = Set.of(
            "PATH",
            "HOME",
            "LANG",
            "LC_ALL",
            "TMPDIR",
            "USER",
            "LOGNAME",
            "XDG_CONFIG_HOME",
            "CODEX_HOME",
            "SSL_CERT_FILE");

    /** Passed only when the bridge is configured to (passApiKeys): a key can switch a subscription to API billing. */
    private static final Set<String> API_KEYS = Set.of("CODEX_API_KEY", "OPENAI_API_KEY");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String nativeCommandName() {
        return "codex";
    }

    @Override
    public List<String> command(BridgeSettings.Executor settings, AgentTask task) {
        List<String> argv = new ArrayList<>();
        argv.add(settings.command());
        argv.addAll(settings.args());
        argv.add("exec");
        argv.add("--json");
        argv.add("--skip-git-repo-check");
        argv.add("--cd");
        argv.add(task.workdir().toString());
        argv.add("--sandbox");
        // writes stay inside the workdir (the sandbox); what a non-destructive task may not do there is checked
        // after the run (DestructiveChanges)
        argv.add("workspace-write");
        argv.add("-c");
        argv.add("approval_policy=\"never\"");
        argv.add("-c");
        argv.add("model_reasoning_effort=\"" + effort(task.modelProfile()) + "\"");
        // Codex's multi-agent tools are the experimental feature flag features.multi_agent; pinned either way
        // so a user's config.toml cannot turn them on for a task that disallows them
        argv.add("-c");
        argv.add("features.multi_agent=" + task.nativeSubagents());
        argv.add("-");
        return argv;
    }

    static String effort(String profile) {
        return switch (profile == null ? "standard" : profile) {
            case "fast" -> "low";
            case "reasoning", "critical" -> "high";
            default -> "medium";
        };
    }

    @Override
    public Set<String> inheritedEnvironment() {
        return ENVIRONMENT;
    }

    @Override
    public Set<String> apiKeys() {
        return API_KEYS;
    }

    @Override
    public AgentOutputParser newParser(AgentTask task) {
        return new CodexOutputParser(task);
    }

    @Override
    public ExecutorProbe probe(BridgeSettings.Executor settings, ProcessRunner runner, Set<String> environment) {
        ProbeRun version = ProbeRun.run(runner, settings, environment, "--version");
        if (!version.started()) {
            return new ExecutorProbe(false, null, ExecutorProbe.NOT_DETECTED, "binary not found", Map.of());
        }
        String versionText = version.ok() ? ErrorText.brief(version.output()) : null;
        ProbeRun help = ProbeRun.run(runner, settings, environment, "exec", "--help");
        Map<String, Boolean> caps = new LinkedHashMap<>();
        caps.put("json_events", help.ok() && help.output().contains("--json"));
        caps.put("skip_git_repo_check", help.ok() && help.output().contains("--skip-git-repo-check"));
        caps.put("login_status", true);

        if (!settings.requiresLogin()) {
            return new ExecutorProbe(
                    true, versionText, ExecutorProbe.UNKNOWN, "login not required by configuration", caps);
        }
        ProbeRun login = ProbeRun.run(runner, settings, environment, "login", "status");
        String out = login.output();
        String state;
        String detail;
        if (login.ok() && out.contains("Logged in")) {
            state = ExecutorProbe.AUTHENTICATED;
            detail = out.contains("API key") ? "logged in using an API key" : "logged in using ChatGPT";
        } else if (login.exited() && out.contains("Not logged in")) {
            state = ExecutorProbe.NOT_AUTHENTICATED;
            detail = "codex login status: Not logged in";
        } else {
            state = ExecutorProbe.UNKNOWN;
            detail = "codex login status gave no answer (exit " + login.exitCode() + ")";
        }
        return new ExecutorProbe(true, versionText, state, detail, caps);
    }
}

package org.praefectus.bridge.adapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * Anthropic Claude Code: {@code claude -p --output-format stream-json --verbose} (the CLI refuses
 * stream-json in print mode without {@code --verbose}), prompt on stdin, the working directory as the
 * child's cwd (there is no {@code --cwd} flag).
 *
 * <p>Approval policy: file edits are accepted ({@code acceptEdits}): creating and editing files in the
 * workdir is allowed under {@code allow_destructive_write: false}, deleting or overwriting unnamed files is
 * checked by the bridge after the run; Bash is allowed only with {@code allow_shell}; subagent tools are
 * disallowed unless {@code native_subagents: allowed}. Never {@code bypassPermissions}.
 */
public class ClaudeCodeAdapter implements AgentAdapter {

    public static final String TYPE = "claude_code";

    private static final Set<String> ENVIRONMENT = Set.of(
            "PATH",
            "HOME",
            "LANG",
            "LC_ALL",
            "TMPDIR",
            "USER",
            "LOGNAME",
            "XDG_CONFIG_HOME",
            "CLAUDE_CONFIG_DIR",
            "SSL_CERT_FILE");

    /** Passed only when the bridge is configured to (passApiKeys): a key can switch a subscription to API billing. */
    private static final Set<String> API_KEYS = Set.of("ANTHROPIC_API_KEY");

    /** A subcommand line in {@code claude --help}: "  auth  Manage authentication". */
    private static final Pattern AUTH_COMMAND = Pattern.compile("(?m)^\\s+auth\\b");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String nativeCommandName() {
        return "claude";
    }

    @Override
    public List<String> command(BridgeSettings.Executor settings, AgentTask task) {
        List<String> argv = new ArrayList<>();
        argv.add(settings.command());
        argv.addAll(settings.args());
        argv.add("-p");
        argv.add("--output-format");
        argv.add("stream-json");
        argv.add("--verbose");
        argv.add("--permission-mode");
        // creating and editing files in the workdir is what a non-destructive task does; deletions and
        // overwrites of unnamed files are checked after the run (DestructiveChanges), as no flag withholds them
        argv.add("acceptEdits");
        List<String> disallowed = new ArrayList<>();
        if (task.allowShell()) {
            argv.add("--allowedTools");
            argv.add("Bash");
        } else {
            disallowed.add("Bash");
        }
        if (!task.nativeSubagents()) {
            disallowed.add("Task");
            disallowed.add("Agent");
        }
        if (!disallowed.isEmpty()) {
            argv.add("--disallowedTools");
            argv.add(String.join(",", disallowed));
        }
        argv.add("--model");
        argv.add(model(task.modelProfile()));
        return argv;
    }

    static String model(String profile) {
        return switch (profile == null ? "standard" : profile) {
            case "fast" -> "haiku";
            case "reasoning", "critical" -> "opus";
            default -> "sonnet";
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
        return new ClaudeOutputParser(task);
    }

    @Override
    public ExecutorProbe probe(BridgeSettings.Executor settings, ProcessRunner runner, Set<String> environment) {
        ProbeRun version = ProbeRun.run(runner, settings, environment, "--version");
        if (!version.started()) {
            return new ExecutorProbe(false, null, ExecutorProbe.NOT_DETECTED, "binary not found", Map.of());
        }
        String versionText = version.ok() ? ErrorText.brief(version.output()) : null;
        ProbeRun help = ProbeRun.run(runner, settings, environment, "--help");
        boolean authStatus = help.ok() && AUTH_COMMAND.matcher(help.output()).find();
        Map<String, Boolean> caps = new LinkedHashMap<>();
        caps.put("stream_json", help.ok() && help.output().contains("stream-json"));
        caps.put("permission_mode", help.ok() && help.output().contains("--permission-mode"));
        caps.put("auth_status", authStatus);

        if (!settings.requiresLogin()) {
            return new ExecutorProbe(
                    true, versionText, ExecutorProbe.UNKNOWN, "login not required by configuration", caps);
        }
        if (!authStatus) {
            // older builds have no way to ask; a successful --help says nothing about the login
            return new ExecutorProbe(
                    true,
                    versionText,
                    ExecutorProbe.UNKNOWN,
                    "this claude version has no 'auth status'; the login is known after the first run",
                    caps);
        }
        ProbeRun login = ProbeRun.run(runner, settings, environment, "auth", "status");
        String out = login.output();
        Boolean loggedIn = loggedInFlag(login.stdout());
        if (Boolean.TRUE.equals(loggedIn) || (loggedIn == null && login.ok())) {
            return new ExecutorProbe(
                    true, versionText, ExecutorProbe.AUTHENTICATED, "claude auth status: logged in", caps);
        }
        if (Boolean.FALSE.equals(loggedIn) || login.exited()) {
            return new ExecutorProbe(
                    true,
                    versionText,
                    ExecutorProbe.NOT_AUTHENTICATED,
                    "claude auth status: " + (out.isEmpty() ? "not logged in" : ErrorText.brief(out)),
                    caps);
        }
        return new ExecutorProbe(true, versionText, ExecutorProbe.UNKNOWN, "claude auth status gave no answer", caps);
    }

    /** {@code claude auth status} may print JSON with a logged-in flag; its name varies between builds. */
    private static Boolean loggedInFlag(String stdout) {
        var node = JsonLines.object(stdout);
        if (node == null) {
            return null;
        }
        for (String field : List.of("loggedIn", "logged_in", "authenticated")) {
            if (node.has(field) && node.get(field).isBoolean()) {
                return node.get(field).asBoolean();
            }
        }
        return null;
    }
}

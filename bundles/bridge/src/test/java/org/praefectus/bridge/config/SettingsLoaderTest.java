package org.praefectus.bridge.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SettingsLoaderTest {

    static final Map<String, String> ENV = Map.of("PRAETOR_EXECUTOR_BRIDGE_TOKEN", "0123456789abcdef0123");

    @TempDir
    Path tmp;

    private Path example() throws Exception {
        Path file = tmp.resolve("config.yaml");
        try (InputStream in = SettingsLoaderTest.class.getResourceAsStream("/contract/config.example.yaml")) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    private Path edited(String from, String to) throws Exception {
        Path file = example();
        String text = Files.readString(file);
        assertTrue(text.contains(from), from);
        Files.writeString(file, text.replace(from, to));
        return file;
    }

    @Test
    void theContractExampleLoads() throws Exception {
        BridgeSettings s = new SettingsLoader(ENV).load(example());
        assertEquals("127.0.0.1", s.server().host());
        assertEquals(9417, s.server().port());
        assertEquals("0123456789abcdef0123", s.server().authToken());
        assertEquals(2, s.runtime().maxConcurrentRuns());
        assertEquals(
                java.util.List.of("codex", "claude_code").stream().sorted().toList(),
                s.executors().keySet().stream().sorted().toList());
        assertTrue(!s.toString().contains("0123456789abcdef0123"), "the token never shows in toString");
    }

    @Test
    void environmentOverrides() throws Exception {
        BridgeSettings s = new SettingsLoader(Map.of(
                        "PRAETOR_EXECUTOR_BRIDGE_TOKEN",
                        "0123456789abcdef0123",
                        SettingsLoader.ENV_PORT,
                        "9500",
                        SettingsLoader.ENV_MAX_CONCURRENT,
                        "4",
                        SettingsLoader.ENV_LOG_DIR,
                        "/var/tmp/bridge",
                        SettingsLoader.ENV_TOKEN,
                        "fedcba9876543210fedc"))
                .load(example());
        assertEquals(9500, s.server().port());
        assertEquals(4, s.runtime().maxConcurrentRuns());
        assertEquals(Path.of("/var/tmp/bridge"), s.runtime().logDir());
        assertEquals("fedcba9876543210fedc", s.server().authToken());
    }

    /** Praetor's tools/claude_e2e.py config: no healthcheck; and the least seed §8.1 requires. */
    @Test
    void onlyTheSeedsRequiredFieldsAreRequired() throws Exception {
        Path e2e = tmp.resolve("claude_e2e.yaml");
        Files.writeString(e2e, """
                server:
                  host: 127.0.0.1
                  port: 9417
                  auth_token: env:PRAETOR_EXECUTOR_BRIDGE_TOKEN
                paths:
                  host_workspace_root: /tmp/praetor-claude-e2e/workspace
                  allowed_roots:
                    - /tmp/praetor-claude-e2e/workspace
                  deny_roots:
                    - /tmp/praetor-claude-e2e/workspace/Archive
                executors:
                  claude_code:
                    enabled: true
                    command: claude
                    args: []
                    requires_login: true
                    supports_noninteractive_batch: true
                    supports_cancel: true
                runtime:
                  max_concurrent_runs: 2
                  default_timeout_seconds: 120
                  max_event_buffer: 5000
                  persist_run_logs: true
                  log_dir: /tmp/praetor-claude-e2e/logs
                """);
        BridgeSettings e2eSettings = new SettingsLoader(ENV).load(e2e);
        assertEquals(
                java.util.List.of(), e2eSettings.executors().get("claude_code").healthcheck());

        Path least = tmp.resolve("least.yaml");
        Files.writeString(least, """
                server: {host: 127.0.0.1, port: 9417, auth_token: env:PRAETOR_EXECUTOR_BRIDGE_TOKEN}
                paths: {host_workspace_root: /srv/ws}
                executors:
                  codex: {enabled: true, command: codex}
                runtime: {max_concurrent_runs: 2}
                """);
        BridgeSettings s = new SettingsLoader(ENV).load(least);
        assertEquals(java.util.List.of(Path.of("/srv/ws")), s.paths().allowedRoots());
        assertEquals(java.util.List.of(), s.paths().denyRoots());
        assertEquals(1800, s.runtime().defaultTimeoutSeconds());
        assertEquals(5000, s.runtime().maxEventBuffer());
        assertTrue(s.runtime().persistRunLogs());
        assertEquals(Path.of("/srv/ws/.praetor/bridge-logs"), s.runtime().logDir());
        BridgeSettings.Executor codex = s.executors().get("codex");
        assertTrue(codex.requiresLogin() && codex.supportsCancel() && codex.supportsNoninteractiveBatch());
        assertEquals(java.util.List.of(), codex.args());
    }

    @Test
    void theSeedsEnvironmentOverridesWork() throws Exception {
        BridgeSettings s = new SettingsLoader(Map.of(
                        "PRAETOR_EXECUTOR_BRIDGE_TOKEN", "seed-token-0123456789",
                        "PRAETOR_EXECUTOR_BRIDGE_PORT", "9600",
                        "PRAETOR_EXECUTOR_BRIDGE_LOG_DIR", "/var/tmp/seed-logs"))
                .load(edited("auth_token: env:PRAETOR_EXECUTOR_BRIDGE_TOKEN", "auth_token: file-token-0123456789"));
        assertEquals(9600, s.server().port());
        assertEquals(Path.of("/var/tmp/seed-logs"), s.runtime().logDir());
        assertEquals("seed-token-0123456789", s.server().authToken(), "the environment overrides the file's token");
    }

    @ParameterizedTest
    // the last four would have gone to DNS (digits too long for an address, an octet over 255, g:: is no literal)
    @ValueSource(
            strings = {
                "0.0.0.0",
                "192.168.1.10",
                "::",
                "example.com",
                "10.0.0.1",
                "2130706433999",
                "999.0.0.1",
                "g::1",
                "127.1"
            })
    void nonLoopbackBindIsRefused(String host) throws Exception {
        Path file = edited("host: 127.0.0.1", "host: \"" + host + "\"");
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> new SettingsLoader(ENV).load(file));
        assertTrue(e.getMessage().contains("loopback"), e.getMessage());
    }

    @Test
    void preciseMessages() throws Exception {
        assertMessage(edited("  max_concurrent_runs: 2\n", ""), "max_concurrent_runs");
        assertMessage(edited("    command: codex\n", ""), "command");
        assertMessage(
                edited("persist_run_logs: true", "persist_run_logs: true\n  surprise: 1"),
                "unknown field 'runtime.surprise'");
        assertMessage(edited("port: 9417", "port: nine"), "server.port");
        assertMessage(
                edited("max_concurrent_runs: 2", "max_concurrent_runs: 0"),
                "runtime.max_concurrent_runs must be at least 1");
        assertMessage(edited("log_dir: /absolute", "log_dir: relative"), "runtime.log_dir must be an absolute path");
        Path file = example();
        InvalidConfigException e =
                assertThrows(InvalidConfigException.class, () -> new SettingsLoader(Map.of()).load(file));
        assertTrue(e.getMessage().contains("PRAETOR_EXECUTOR_BRIDGE_TOKEN"), e.getMessage());
        InvalidConfigException shortToken = assertThrows(
                InvalidConfigException.class,
                () -> new SettingsLoader(Map.of("PRAETOR_EXECUTOR_BRIDGE_TOKEN", "short")).load(file));
        assertTrue(shortToken.getMessage().contains("at least 16"));
        assertMessage(tmp.resolve("missing.yaml"), "not found");
    }

    /** SettingsLoaderFuzzTest: a required field given as null passed Jackson and ended in a NullPointerException. */
    @Test
    void aRequiredFieldGivenAsNullIsMissing() throws Exception {
        assertMessage(edited("port: 9417", "port: ~"), "server.port must be set");
        assertMessage(
                edited("max_concurrent_runs: 2", "max_concurrent_runs: null"),
                "runtime.max_concurrent_runs must be set");
        assertMessage(
                edited("healthcheck: [\"codex\", \"exec\", \"--help\"]", "healthcheck: [codex, ~]"),
                "healthcheck[1] must be set");
    }

    private static void assertMessage(Path file, String expected) {
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> new SettingsLoader(ENV).load(file));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}

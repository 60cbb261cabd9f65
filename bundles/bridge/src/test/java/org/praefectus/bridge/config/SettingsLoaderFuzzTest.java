package org.praefectus.bridge.config;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import java.util.Map;

/**
 * The bridge's {@code config.yaml} decides where it listens, with which token and under which roots: for any
 * bytes the loader either returns settings that keep its rules (a loopback host, a port, a token of at least 16
 * characters, absolute paths, at least one allowed root, positive limits) or refuses with
 * {@link InvalidConfigException}, never another exception (the launcher would die with a stack trace instead of
 * its one line and exit 2).
 */
class SettingsLoaderFuzzTest {

    // one variable an env: token may name; no override variables, so the file alone decides
    private static final SettingsLoader LOADER =
            new SettingsLoader(Map.of("PRAEFECTUS_FUZZ_TOKEN", "0123456789abcdef0123"));

    @FuzzTest
    void parse(byte[] input) {
        BridgeSettings settings;
        try {
            settings = LOADER.parse(input, "fuzz");
        } catch (InvalidConfigException expected) {
            return;
        }
        BridgeSettings.Server server = settings.server();
        BridgeSettings.Paths paths = settings.paths();
        BridgeSettings.RunSettings runtime = settings.runtime();
        if (server.port() < 0
                || server.port() > 65535
                || server.authToken().length() < SettingsLoader.MIN_TOKEN_LENGTH
                || !paths.hostWorkspaceRoot().isAbsolute()
                || paths.allowedRoots().isEmpty()
                || !paths.allowedRoots().stream().allMatch(Path::isAbsolute)
                || !paths.denyRoots().stream().allMatch(Path::isAbsolute)
                || !runtime.logDir().isAbsolute()
                || runtime.maxConcurrentRuns() < 1
                || runtime.defaultTimeoutSeconds() < 1
                || runtime.maxEventBuffer() < 1) {
            throw new IllegalStateException("settings that break a rule loaded: " + settings);
        }
        try {
            SettingsLoader.requireLoopback(server.host());
        } catch (InvalidConfigException e) {
            throw new IllegalStateException("a host that is not loopback loaded", e);
        }
    }
}

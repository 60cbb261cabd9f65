package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The host's {@code ANTHROPIC_API_KEY} and {@code OPENAI_API_KEY} reached the CLIs (Praetor's reference
 * bridge passes neither; in subscription mode a key can switch billing): they are passed only when the
 * configuration says so. And a negative login probe was cached for 30 s, so after {@code codex login} the
 * bridge kept answering {@code auth_required}: a negative answer is asked again at once. Surefire sets test
 * keys in the bridge's environment. Issue 38, defect 8.
 */
class HostApiKeysTest extends LiveBridgeTest {

    private static final String OPENAI_KEY = "sk-test-openai-3c1f"; // set by surefire
    private static final String ANTHROPIC_KEY = "sk-ant-test-9e2b"; // set by surefire

    /** A `claude` beside the fixture's that writes its environment to a file, then is the fixture's claude. */
    private Path claudeWritingItsEnvironment() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("wrapped"));
        Path claude = dir.resolve("claude");
        Files.writeString(
                claude, "#!/bin/sh\nenv > \"" + dir + "/env.$$\"\nexec \"" + fx.bin.resolve("claude") + "\" \"$@\"\n");
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));
        fx.stop();
        Files.writeString(fx.configFile, fx.config(2).replace(fx.bin + "/claude", claude.toString()));
        return dir;
    }

    private static String environments(Path dir, String prefix) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .toList()) {
                all.append(Files.readString(f));
            }
        }
        assertFalse(all.isEmpty(), "the CLI ran");
        return all.toString();
    }

    @Test
    void theHostsApiKeysDoNotReachTheClisByDefault() throws Exception {
        assertEquals(OPENAI_KEY, System.getenv("OPENAI_API_KEY"), "surefire sets the test keys");
        Path wrapped = claudeWritingItsEnvironment();
        fx.start();
        assertEquals(
                "completed",
                fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT)
                        .path("normalized_status")
                        .asText());
        assertEquals(
                "completed",
                fx.awaitTerminal(fx.submit(fx.runRequest("claude_code", "Write it.")), WAIT)
                        .path("normalized_status")
                        .asText());
        String codex = environments(fx.bin, "last-env.");
        assertFalse(codex.contains("OPENAI_API_KEY") || codex.contains("CODEX_API_KEY"), codex);
        assertFalse(codex.contains(OPENAI_KEY));
        String claude = environments(wrapped, "env.");
        assertFalse(claude.contains("ANTHROPIC_API_KEY") || claude.contains(ANTHROPIC_KEY), claude);
        assertTrue(claude.contains("PRAETOR_RUN_ID="), claude);
    }

    @Test
    void theHostsApiKeysReachTheClisWhenConfigured() throws Exception {
        Path wrapped = claudeWritingItsEnvironment();
        fx.environment = Map.of("PRAETOR_EXECD_PASS_API_KEYS", "true");
        fx.start();
        fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        fx.awaitTerminal(fx.submit(fx.runRequest("claude_code", "Write it.")), WAIT);
        assertTrue(environments(fx.bin, "last-env.").contains("OPENAI_API_KEY=" + OPENAI_KEY));
        assertTrue(environments(wrapped, "env.").contains("ANTHROPIC_API_KEY=" + ANTHROPIC_KEY));
    }

    @Test
    void aLoginOnTheHostIsSeenAtOnce() throws Exception {
        Path loggedOut = Files.writeString(fx.bin.resolve("logged-out"), "");
        JsonNode refused = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("auth_required", refused.path("normalized_status").asText(), refused::toString);
        assertFalse(BridgeFixture.json(fx.get("/health"))
                .path("data")
                .path("status")
                .asText()
                .equals("healthy"));

        Files.delete(loggedOut); // the owner ran `codex login` on the host
        assertEquals(
                "healthy",
                BridgeFixture.json(fx.get("/health"))
                        .path("data")
                        .path("status")
                        .asText());
        JsonNode record = fx.awaitTerminal(fx.submit(fx.runRequest("codex", "Write it.")), WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
    }
}

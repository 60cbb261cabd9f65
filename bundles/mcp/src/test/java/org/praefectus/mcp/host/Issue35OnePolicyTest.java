package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.daemon.host.DaemonHost;

/**
 * Issue 35 (one capability profile and one audit-line schema for MCP and the daemon): the MCP server and the daemon
 * are two hosts of one policy. Under the same profile the same action kind gets the same answer from both (MCP's
 * {@code assist} refused {@code select_text} and {@code perform_secondary_action}, which the daemon's {@code assist}
 * signed), and the same kind of decision is written as a line with the same keys (the daemon wrote {@code event}
 * where MCP wrote {@code decision}).
 */
class Issue35OnePolicyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every kind of protocol action, with the window and application operations that differ in risk. */
    private static final List<Action> ACTIONS = List.of(
            new Action.Invoke(),
            new Action.SetValue("v"),
            new Action.SelectText(0, 1),
            new Action.PerformSecondaryAction("expand"),
            new Action.Click(MouseButton.LEFT, 1, false),
            new Action.TypeText("t", false, false, null),
            new Action.Press("Return", 1, null),
            new Action.Paste("t"),
            new Action.Hotkey(List.of("ctrl", "a")),
            new Action.Window(WindowOperation.FOCUS, null, "x"),
            new Action.Window(WindowOperation.CLOSE, null, "x"),
            new Action.Application(ApplicationOperation.LAUNCH, "x"),
            new Action.Application(ApplicationOperation.QUIT, "x"),
            new Action.Open("https://example.org", null, false),
            new Action.ClipboardWrite("t"));

    @TempDir
    Path state;

    @Test
    void theSameActionUnderTheSameProfileGetsTheSameAnswerFromBothSurfaces() throws Exception {
        try (HostFixture fixture = new HostFixture(state.resolve("mcp"))) {
            for (String profile : List.of("observe", "plan", "assist", "operator")) {
                SignedActions mcp = fixture.host(McpProfiles.parse(profile)).signedActions();
                DaemonHost daemon = DaemonProfiles.host(profile, state.resolve("daemon-" + profile));
                for (Action action : ACTIONS) {
                    boolean mcpSigns =
                            mcp.deniedByProfile("act", action.kind(), Map.of()).isEmpty();
                    assertEquals(
                            signs(daemon, action),
                            mcpSigns,
                            profile + " " + action + ": MCP and the daemon answer alike");
                }
            }
        }
    }

    @Test
    void aRefusalByTheProfileIsOneLineWithTheSameKeysOnBothSurfaces() throws Exception {
        Map<String, Object> mcpLine;
        try (HostFixture fixture = new HostFixture(state.resolve("mcp"))) {
            fixture.host(McpProfiles.parse("observe")).signedActions().deniedByProfile("act", "invoke", Map.of());
            mcpLine = lastLine(fixture.auditFile());
        }
        DaemonHost daemon = DaemonProfiles.host("observe", state.resolve("daemon"));
        assertEquals(false, signs(daemon, new Action.Invoke()));
        Map<String, Object> daemonLine = lastLine(state.resolve("daemon/audit.jsonl"));

        Set<String> common = Set.of("at_ms", "surface", "event", "decision", "reason", "profile", "action");
        for (String key : common) {
            assertTrue(mcpLine.containsKey(key), key + " in the MCP line " + mcpLine);
            assertTrue(daemonLine.containsKey(key), key + " in the daemon line " + daemonLine);
        }
        assertEquals("mcp", mcpLine.get("surface"));
        assertEquals("daemon", daemonLine.get("surface"));
        assertEquals(mcpLine.get("event"), daemonLine.get("event"), "one kind of decision, one event");
        assertEquals("refused", mcpLine.get("decision"));
        assertEquals("refused", daemonLine.get("decision"));
        assertEquals(mcpLine.get("reason"), daemonLine.get("reason"), "one reason code for one refusal");
        Set<String> mcpKeys = new TreeSet<>(mcpLine.keySet());
        mcpKeys.remove("tool");
        assertEquals(new TreeSet<>(daemonLine.keySet()), mcpKeys, "the same keys, but the MCP tool's name");
    }

    private static boolean signs(DaemonHost daemon, Action action) {
        try {
            daemon.draft(new ActionProposal(
                    action,
                    new TargetRef.None(),
                    InteractionMode.INTERACTIVE,
                    new VerificationPolicy.None(),
                    SafetyClass.REVERSIBLE,
                    System.currentTimeMillis() + 30_000));
            return true;
        } catch (HostRefusedException refused) {
            return false;
        }
    }

    @SuppressWarnings("unchecked") // a JSON object reads as a Map with String keys
    private static Map<String, Object> lastLine(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        return JSON.readValue(lines.get(lines.size() - 1), Map.class);
    }

    /** The daemon's host as {@code praefectus daemon --profile <profile>} starts it, without input or plugins. */
    private static final class DaemonProfiles {
        static DaemonHost host(String profile, Path folder) throws Exception {
            return new DaemonHost(
                    new HostSigner(HostKey.generate(), "daemon", "k1", "gen-1"),
                    new org.praefectus.daemon.host.Gates(CapabilityProfile.parse(profile), false, false),
                    () -> null,
                    new org.praefectus.api.host.AuditLog(folder.resolve("audit.jsonl"), "daemon", Clock.systemUTC()),
                    Clock.systemUTC(),
                    "user");
        }
    }

    /** MCP's profiles by name. */
    private static final class McpProfiles {
        static CapabilityProfile parse(String profile) {
            return CapabilityProfile.parse(profile);
        }
    }
}

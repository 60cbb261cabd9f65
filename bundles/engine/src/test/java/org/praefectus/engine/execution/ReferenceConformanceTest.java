package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The reference's conformance matrix (tschk/praefectus tests/conformance.rs,
 * {@code every_backend_agrees_on_protocol_outcomes}): every case on each of its four backends reaches the
 * same outcome here, dispatches the same number of times, and leaves a durable status exactly when the
 * reference does. The matrix is data, {@code conformance-cases.json}.
 */
class ReferenceConformanceTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();
    private static final String AFTER = "after";

    @TempDir
    Path directory;

    static Stream<Arguments> matrix() throws IOException {
        JsonNode document;
        try (InputStream in = ReferenceConformanceTest.class.getResourceAsStream("conformance-cases.json")) {
            assertNotNull(in, "conformance-cases.json");
            document = JACKSON.readTree(in);
        }
        List<Arguments> runs = new ArrayList<>();
        for (JsonNode c : document.get("cases")) {
            document.get("backends")
                    .fields()
                    .forEachRemaining(backend ->
                            runs.add(Arguments.of(c.get("name").asText(), backend.getKey(), backend.getValue(), c)));
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("matrix")
    void everyBackendAgreesOnProtocolOutcomes(String name, String backend, JsonNode declarations, JsonNode c)
            throws Exception {
        Path root = Files.createDirectories(directory.resolve(backend));
        // the reference's HostExecutor may synthesize input: its engine has no global-input gate
        try (EngineFixture fixture = new EngineFixture(root, NullOutcomeLedger.INSTANCE, true)) {
            List<ActionCapability> capabilities = new ArrayList<>();
            for (JsonNode declaration : declarations) {
                capabilities.add(new ActionCapability(
                        declaration.get(0).asText(),
                        DeliveryRoute.valueOf(declaration.get(1).asText().toUpperCase(Locale.ROOT)),
                        BackgroundSupport.valueOf(declaration.get(2).asText().toUpperCase(Locale.ROOT))));
            }
            fixture.executor.capabilities = capabilities;
            fixture.executor.contexts.add("preserved-context");
            fixture.executor.contexts.add("preserved-context");
            fixture.executor.applySetValue = false;
            fixture.executor.valueAfter = AFTER;

            String outcome = outcome(fixture, request(fixture, name, c));

            String expected = expected(backend, declarations, c);
            assertEquals(expected, outcome, name + " on " + backend);
            int dispatched = fixture.executor.dispatches.get();
            switch (outcome) {
                case "invalid_request" -> {
                    assertEquals(0, dispatched);
                    assertTrue(fixture.engine.status(name).isEmpty());
                }
                case "rejected_before_effect" -> {
                    assertEquals(0, dispatched);
                    assertTrue(fixture.engine.status(name).isPresent());
                }
                default -> assertEquals(1, dispatched);
            }
        }
    }

    /**
     * tests/conformance.rs {@code new_actions_replay_and_conflict_on_operation_identity}: drag, select_text and
     * perform_secondary_action dispatch once, replay without a second dispatch, and conflict when the same
     * operation id is presented with another action.
     */
    @Test
    void newActionsReplayAndConflictOnOperationIdentity() throws Exception {
        List<Action> actions = List.of(
                new Action.Drag(coordinates(), MouseButton.LEFT),
                new Action.SelectText(0, 4),
                new Action.PerformSecondaryAction("AXShowMenu"));
        for (int i = 0; i < actions.size(); i++) {
            Action action = actions.get(i);
            Path root = Files.createDirectories(directory.resolve("replay-" + i));
            try (EngineFixture fixture = new EngineFixture(root, NullOutcomeLedger.INSTANCE, true)) {
                fixture.executor.capabilities = List.of(
                        new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
                        new ActionCapability("drag", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE),
                        new ActionCapability("select_text", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
                        new ActionCapability(
                                "perform_secondary_action", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED));
                String operation = "replay-" + i;
                TargetRef target =
                        action instanceof Action.Drag ? coordinates() : new TargetRef.Element(TestAuthority.ELEMENT);
                ActionRequest request = fixture.host
                        .request(operation)
                        .action(action)
                        .target(target)
                        .build();

                Terminal.Succeeded first = assertInstanceOf(
                        Terminal.Succeeded.class,
                        fixture.engine.execute(request, new CancellationToken()).terminal());
                ExecuteReport replay = fixture.engine.execute(request, new CancellationToken());
                EngineException conflict = assertThrows(
                        EngineException.class,
                        () -> fixture.engine.execute(
                                fixture.host.request(operation).build(), new CancellationToken()));

                assertEquals(
                        "executed_unverified", first.receipt().effect().name().toLowerCase(Locale.ROOT));
                assertTrue(replay.terminalAck().replayed(), action.kind());
                assertEquals(EngineError.CONFLICT, conflict.error(), action.kind());
                assertEquals(1, fixture.executor.dispatches.get(), action.kind());
            }
        }
    }

    private static TargetRef.Coordinates coordinates() {
        return new TargetRef.Coordinates(
                12, 34, "display-1", TestAuthority.hash("geometry"), "5".repeat(64), "6".repeat(64));
    }

    /** The reference's {@code Backend::expected}. */
    private static String expected(String backend, JsonNode declarations, JsonNode c) {
        String expected = c.get("expected").asText();
        if (expected.equals("invalid_request")) {
            return expected;
        }
        if (backend.equals("malformed")) {
            return "rejected_before_effect";
        }
        String action = c.get("action").get("kind").asText();
        for (JsonNode declaration : declarations) {
            if (declaration.get(0).asText().equals(action)) {
                return expected;
            }
        }
        return "rejected_before_effect";
    }

    /** The reference's {@code classify}. */
    private static String outcome(EngineFixture fixture, ActionRequest request) throws Exception {
        ExecuteReport report;
        try {
            report = fixture.engine.execute(request, new CancellationToken());
        } catch (EngineException e) {
            assertEquals(EngineError.INVALID_REQUEST, e.error(), e.getMessage());
            return "invalid_request";
        }
        Terminal terminal = report.terminal();
        if (terminal instanceof Terminal.Succeeded succeeded) {
            return succeeded.receipt().effect().name().toLowerCase(Locale.ROOT);
        }
        if (terminal instanceof Terminal.OutcomeUnknown unknown) {
            return unknown.receipt().effect().name().toLowerCase(Locale.ROOT);
        }
        return "rejected_before_effect";
    }

    /** The case's action, targets and verification, decoded by the strict codec, signed by the test host. */
    private static ActionRequest request(EngineFixture fixture, String name, JsonNode c) throws Exception {
        ObjectNode action = c.get("action").deepCopy();
        if (action.has("to")) {
            action.set("to", target(action.get("to").asText()));
        }
        ObjectNode wire = JACKSON.createObjectNode();
        wire.put("protocol_version", 2).put("action_version", 2).put("target_version", 2);
        wire.put("verification_version", 2).put("operation_id", name);
        wire.put("subject", "subject-1").put("session_id", "session-1");
        ObjectNode grant = wire.putObject("authority").putObject("grant");
        grant.put("protocol_version", 2)
                .put("issuer", "host")
                .put("key_id", "key-1")
                .put("operation_id", name);
        grant.put("subject", "subject-1").put("session_id", "session-1").put("risk", "reversible");
        grant.put("expires_at_ms", 1).put("policy_generation", "gen-1").put("action_hash", "0".repeat(64));
        ((ObjectNode) wire.get("authority")).put("signature", "0".repeat(128));
        wire.set("action", action);
        wire.set("target", target(c.get("target").asText()));
        wire.put("interaction_mode", c.get("interaction_mode").asText());
        wire.put("deadline_at_ms", Long.MAX_VALUE);
        wire.putObject("verification").put("kind", "none");
        wire.put("safety", "reversible");
        ActionRequest decoded = ProtocolJson.decodeActionRequest(JACKSON.writeValueAsBytes(wire));
        return fixture.host
                .request(name)
                .action(decoded.action())
                .target(decoded.target())
                .mode(InteractionMode.valueOf(c.get("interaction_mode").asText().toUpperCase(Locale.ROOT)))
                .verification(verification(c.get("verification"), c.get("action")))
                .build();
    }

    private static VerificationPolicy verification(JsonNode verification, JsonNode action) {
        if (verification.isTextual() && verification.asText().equals("verified_state")) {
            // the state the scripted executor observes after a dispatch
            return new VerificationPolicy.TargetState(JsonValue.JsonObject.builder()
                    .put("value_hash", TestAuthority.hash(AFTER))
                    .build());
        }
        if (verification.isTextual() && verification.asText().equals("value_hash")) {
            return new VerificationPolicy.TargetValueHash(
                    TestAuthority.hash(action.get("value").asText()));
        }
        return new VerificationPolicy.None();
    }

    private static JsonNode target(String kind) {
        ObjectNode target = JACKSON.createObjectNode().put("kind", kind);
        if (kind.equals("element")) {
            ObjectNode ref = target.putObject("target");
            ref.put("observation_id", TestAuthority.ELEMENT.observationId());
            ref.put("generation", TestAuthority.ELEMENT.generation());
            ref.put("provenance_hash", TestAuthority.ELEMENT.provenanceHash());
            ref.put("element_id", TestAuthority.ELEMENT.elementId());
            ref.put("fingerprint_hash", TestAuthority.ELEMENT.fingerprintHash());
        } else if (kind.equals("coordinates")) {
            target.put("x", 12).put("y", 34).put("display_id", "display-1");
            target.put("display_geometry_hash", TestAuthority.hash("geometry"));
            target.put("snapshot_id", "5".repeat(64)).put("snapshot_content_hash", "6".repeat(64));
        }
        return target;
    }
}

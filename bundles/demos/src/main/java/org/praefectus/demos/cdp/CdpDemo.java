package org.praefectus.demos.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.cdp.CdpConfig;
import org.praefectus.cdp.CdpConfigException;
import org.praefectus.cdp.CdpExecutor;
import org.praefectus.demos.EphemeralDemoSigner;
import org.praefectus.demos.PrivateFolder;

/**
 * The browser host of the demo, start to end: launch Chromium on the disposable page, build the library-only
 * {@link CdpConfig} for that exact process ({@code host_isolated}: the host built the profile and the process),
 * observe, resolve two tags, sign {@code set_value} and {@code invoke} with the {@link EphemeralDemoSigner},
 * execute them through a private engine from {@link EngineFactory}, then re-present the invoke and show the recorded terminal
 * replayed while the page's own counter stays at one.
 */
final class CdpDemo {

    /** The issuer of the demo's ephemeral key (and the prefix of its subject and session). */
    static final String ISSUER = "praefectus-cdp-demo";

    /** The value typed into the page: its hash is verified, and it is never printed. */
    private static final String DEMO_VALUE = "Ada Lovelace";

    private static final long READY_TIMEOUT_MS = 20_000;
    private static final long OPERATION_TIMEOUT_MS = 60_000;

    private final ObjectMapper mapper = new ObjectMapper();

    private final EngineFactory engines;

    CdpDemo(EngineFactory engines) {
        this.engines = engines;
    }

    /** Runs the demo and returns the envelope's {@code data}. */
    Map<String, Object> run() throws DemoException {
        EphemeralDemoSigner authority = new EphemeralDemoSigner(ISSUER);
        try (PrivateFolder ledgerFolder = privateFolder();
                DemoBrowser browser = DemoBrowser.start();
                CdpExecutor executor = browser.connect();
                PrivateEngine engine = engines.create(new PrivateEngineSpec(
                        List.of(authority.pin()), ledgerFolder.path().resolve("operations.jsonl"), executor))) {
            return act(browser, engine, authority);
        } catch (CdpConfigException e) {
            throw new DemoException("config_refused", "CdpConfig refused the demo browser");
        } catch (EngineException e) {
            throw new DemoException("demo_failed", "the demo's private engine could not be made");
        }
    }

    private Map<String, Object> act(DemoBrowser browser, Engine engine, EphemeralDemoSigner authority)
            throws DemoException {
        // observed through the engine that acts: one executor choice for the fence and the dispatch
        SemanticObservation observation = observeUntil(
                engine,
                o -> find(o, "textbox", "Demo name").isPresent()
                        && find(o, "button", "Submit demo").isPresent());
        String nameTag = find(observation, "textbox", "Demo name").orElseThrow().tag();
        String submitTag =
                find(observation, "button", "Submit demo").orElseThrow().tag();
        long deadline = System.currentTimeMillis() + OPERATION_TIMEOUT_MS;
        String run = UUID.randomUUID().toString();
        try {
            ActionRequest setValue = authority.sign(
                    "cdp-demo-" + run + "-set-value",
                    new Action.SetValue(DEMO_VALUE),
                    new TargetRef.Element(observation.target(nameTag)),
                    InteractionMode.BACKGROUND_ONLY,
                    new VerificationPolicy.TargetValueHash(Sha256.hex(DEMO_VALUE.getBytes(StandardCharsets.UTF_8))),
                    deadline);
            ActionRequest invoke = authority.sign(
                    "cdp-demo-" + run + "-invoke",
                    new Action.Invoke(),
                    new TargetRef.Element(observation.target(submitTag)),
                    InteractionMode.BACKGROUND_ONLY,
                    new VerificationPolicy.None(),
                    deadline);

            List<Map<String, Object>> steps = new ArrayList<>();
            steps.add(step("set_value", nameTag, engine.execute(setValue, new CancellationToken())));
            steps.add(step("invoke", submitTag, engine.execute(invoke, new CancellationToken())));
            String afterInvoke = status(engine);
            // the same signed request again: the ledger answers with the recorded terminal, nothing is dispatched
            steps.add(step("invoke_re_presented", submitTag, engine.execute(invoke, new CancellationToken())));
            String afterReplay = status(engine);

            Map<String, Object> data = new LinkedHashMap<>();
            data.put("demo", "cdp");
            data.put("notice", EphemeralDemoSigner.NOTICE);
            data.put("authority", authority(authority));
            data.put(
                    "browser",
                    Map.of(
                            "binary",
                            DemoBrowser.BINARY.toString(),
                            "headless",
                            true,
                            "private_profile",
                            true,
                            "endpoint",
                            browser.endpoint(),
                            "process_id",
                            browser.pid(),
                            "session_isolation",
                            "host_isolated"));
            data.put("observation", observationSummary(observation, nameTag, submitTag));
            data.put("steps", steps);
            data.put("page_status_after_invoke", afterInvoke);
            data.put("page_status_after_re_presentation", afterReplay);
            data.put("dispatched_once", afterInvoke.equals(afterReplay) && afterInvoke.startsWith("submitted 1 time"));
            return data;
        } catch (ProtocolException e) {
            throw new DemoException("demo_failed", "the demo request could not be signed");
        } catch (EngineException e) {
            throw new DemoException("engine_refused", "the engine refused the demo operation");
        }
    }

    private SemanticObservation observeUntil(Engine engine, java.util.function.Predicate<SemanticObservation> ready)
            throws DemoException {
        List<SemanticObservation> seen = new ArrayList<>(1);
        Settle.Check<DemoException> showing = () -> {
            try {
                SemanticObservation observation = engine.observeSemantic(
                        new CancellationToken(), System.currentTimeMillis() + OPERATION_TIMEOUT_MS);
                if (ready.test(observation)) {
                    seen.add(observation);
                    return true;
                }
                return false;
            } catch (ExecutorException loading) {
                return false; // the new target may still be navigating from about:blank to the page: look again
            } catch (EngineException closed) {
                throw new DemoException("observation_error", "the demo's private engine is closed");
            }
        };
        switch (Settle.await(
                showing, Settle.every(50), System.currentTimeMillis() + READY_TIMEOUT_MS, new CancellationToken())) {
            case HELD -> {
                return seen.get(0);
            }
            case CANCELLED -> throw new DemoException("observation_error", "interrupted");
            default -> throw new DemoException("observation_error", "the demo page never showed its controls");
        }
    }

    /** The page's own record of activations, read from a fresh observation (its status element's name). */
    private String status(Engine engine) throws DemoException {
        SemanticObservation observation =
                observeUntil(engine, o -> find(o, "status", null).isPresent());
        return find(observation, "status", null).orElseThrow().name();
    }

    private static Optional<SemanticElement> find(SemanticObservation observation, String role, String name) {
        return observation.elements().stream()
                .filter(e -> e.role().equals(role) && (name == null || name.equals(e.name())))
                .findFirst();
    }

    private Map<String, Object> step(String name, String tag, ExecuteReport report) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("step", name);
        step.put("tag", tag);
        step.put("succeeded_verified", report.succeededVerified());
        step.put("replayed", report.terminalAck().replayed());
        step.put("report", json(report));
        return step;
    }

    private static Map<String, Object> authority(EphemeralDemoSigner authority) {
        PinnedIssuer pin = authority.pin();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ephemeral", true);
        out.put("production_approval_system", false);
        out.put("issuer", pin.issuer());
        out.put("key_id", pin.keyId());
        out.put("policy_generation", pin.policyGeneration());
        out.put("public_key", pin.publicKeyHex());
        return out;
    }

    private static Map<String, Object> observationSummary(
            SemanticObservation observation, String nameTag, String submitTag) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("observation_id", observation.observationId());
        out.put("backend", observation.provenance().backendName());
        out.put("elements", observation.elements().size());
        out.put("resolved_tags", Map.of("textbox \"Demo name\"", nameTag, "button \"Submit demo\"", submitTag));
        return out;
    }

    private JsonNode json(ExecuteReport report) {
        try {
            return mapper.readTree(CanonicalJson.compact(report.toJson()));
        } catch (IOException e) {
            throw new IllegalStateException("canonical JSON is JSON", e);
        }
    }

    private static PrivateFolder privateFolder() throws DemoException {
        try {
            return new PrivateFolder("praefectus-cdp-demo-ledger");
        } catch (IOException e) {
            throw new DemoException("demo_failed", "cannot create the private ledger folder");
        }
    }
}

package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A login through the real engine with signed grants, in a browser the host launched for itself
 * ({@link IsolatedChromium}, {@code host_isolated}, so the requests run {@code background_only}): type the user and
 * the password, choose a role in a {@code <select>}, submit, and the next page proves it.
 */
class CdpEngineFlowTest {

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aSignedLoginFlowRunsThroughTheEngineAndTheNextPageProvesIt() throws Exception {
        String loginUrl = Chromium.shared().url("login.html");
        try (IsolatedChromium browser = IsolatedChromium.launch(IsolatedChromium.DEBIAN_CHROMIUM, loginUrl);
                CdpExecutor executor = browser.connect();
                TestHost host = new TestHost(executor)) {
            assertEquals(org.praefectus.api.protocol.SessionIsolation.HOST_ISOLATED, executor.sessionIsolation());
            PageObservation login = observeUntil(
                    executor,
                    o -> o.observation().elements().stream()
                            .anyMatch(
                                    e -> "Sign in".equals(e.name()) && e.role().equals("button")));
            SemanticObservation observation = login.observation();
            assertTrue(
                    login.outline()
                            .contains("- textbox \"User\" ["
                                    + named(observation, "textbox", "User").tag() + "] [required]"),
                    login.outline());
            String run = UUID.randomUUID().toString();
            ExecuteReport user = host.engine()
                    .execute(
                            host.sign(
                                    run + "-user",
                                    new Action.SetValue("ada"),
                                    target(observation, "textbox", "User"),
                                    valueHash("ada")),
                            new CancellationToken());
            ExecuteReport password = host.engine()
                    .execute(
                            host.sign(
                                    run + "-password",
                                    new Action.SetValue("correct horse"),
                                    target(observation, "textbox", "Password"),
                                    valueHash("correct horse")),
                            new CancellationToken());
            ExecuteReport role = host.engine()
                    .execute(
                            host.sign(
                                    run + "-role",
                                    new Action.SetValue("Editor"),
                                    target(observation, "combobox", "Role"),
                                    valueHash("Editor")),
                            new CancellationToken());
            assertTrue(user.succeededVerified(), user.toJson()::toString);
            assertTrue(password.succeededVerified(), password.toJson()::toString);
            assertTrue(role.succeededVerified(), role.toJson()::toString);

            ExecuteReport submit = host.engine()
                    .execute(
                            host.sign(
                                    run + "-submit",
                                    new Action.Invoke(),
                                    target(observation, "button", "Sign in"),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(submit.terminal() instanceof Terminal.Succeeded, submit.toJson()::toString);

            PageObservation welcome = observeUntil(
                    executor,
                    o -> o.observation().elements().stream()
                            .anyMatch(e -> e.role().equals("heading")
                                    && e.name() != null
                                    && e.name().startsWith("Welcome")));
            named(welcome.observation(), "heading", "Welcome, ada (Editor)");
            // the password went nowhere but its field: not into the receipts, not into the outline
            assertTrue(!password.toJson().toString().contains("correct horse"));
            assertTrue(!login.outline().contains("correct horse")
                    && !welcome.outline().contains("correct horse"));
        }
    }

    @Test
    void anInvokeIsVerifiedByTheStateItChanges() throws Exception {
        Chromium chromium = Chromium.shared();
        String page = chromium.open("semantics.html");
        try (CdpExecutor executor = CdpExecutor.connect(CdpConfig.hostIsolated(
                        chromium.endpoint(), page, chromium.pid(), CdpConfig.processGeneration(chromium.pid())));
                TestHost host = new TestHost(executor)) {
            SemanticObservation observation =
                    executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
            TargetRef agree = target(observation, "checkbox", "I agree");
            // the host expects the state it sees now with the box checked: only that proves the invoke
            org.praefectus.api.canonical.JsonValue.JsonObject now = (org.praefectus.api.canonical.JsonValue.JsonObject)
                    executor.observe(agree, new CancellationToken(), System.currentTimeMillis() + 10_000)
                            .state();
            assertEquals(
                    new org.praefectus.api.canonical.JsonValue.JsonString("false"),
                    now.members().get("checked"));
            java.util.Map<String, org.praefectus.api.canonical.JsonValue> checked =
                    new java.util.TreeMap<>(now.members());
            checked.put("checked", new org.praefectus.api.canonical.JsonValue.JsonString("true"));
            ExecuteReport invoke = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-agree",
                                    new Action.Invoke(),
                                    agree,
                                    new VerificationPolicy.TargetState(
                                            new org.praefectus.api.canonical.JsonValue.JsonObject(checked))),
                            new CancellationToken());
            assertTrue(invoke.succeededVerified(), invoke.toJson()::toString);
        }
    }

    private static TargetRef target(SemanticObservation observation, String role, String name) throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, role, name).tag()));
    }

    /** Observes until the page shows what the step waits for (a new page loads on its own time). */
    static PageObservation observeUntil(CdpExecutor executor, java.util.function.Predicate<PageObservation> ready)
            throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (true) {
            try {
                PageObservation observation =
                        executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
                if (ready.test(observation)) {
                    return observation;
                }
            } catch (org.praefectus.api.executor.ExecutorException loading) {
                // the document changed while it was observed: look again
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("the page never showed what the step waits for");
            }
            Thread.onSpinWait();
        }
    }
}

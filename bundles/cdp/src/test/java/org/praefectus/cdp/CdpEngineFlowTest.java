package org.praefectus.cdp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The acceptance flow through the real engine with signed grants (the host kit's {@code HostSigner}), in a browser the
 * host launched for itself ({@link IsolatedChromium}, {@code host_isolated}, so the requests run
 * {@code background_only}): navigate to the login page, type the user and the password, choose a role in a
 * {@code <select>}, submit with Enter, and the next page proves it by its URL and heading; then navigate to an upload
 * form and upload a file from the host's folder.
 */
class CdpEngineFlowTest {

    @TempDir
    Path uploads;

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aSignedLoginAndAnUploadRunEndToEndThroughTheEngine() throws Exception {
        Files.writeString(uploads.resolve("report.txt"), "quarterly numbers\nline two");
        Chromium pages = Chromium.shared();
        try (IsolatedChromium browser =
                        IsolatedChromium.launch(IsolatedChromium.DEBIAN_CHROMIUM, pages.url("other.html"));
                CdpExecutor executor = CdpExecutor.connect(browser.config().withUploadDirectory(uploads));
                TestHost host = new TestHost(executor)) {
            assertEquals(org.praefectus.api.protocol.SessionIsolation.HOST_ISOLATED, executor.sessionIsolation());
            String run = UUID.randomUUID().toString();
            ExecuteReport navigate = host.engine()
                    .execute(
                            host.sign(
                                    run + "-navigate",
                                    new Action.Open(pages.url("login.html"), null, false),
                                    new TargetRef.None(),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(navigate.terminal() instanceof Terminal.Succeeded, navigate.toJson()::toString);

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
            TargetRef userField = target(observation, "textbox", "User");
            ExecuteReport user = host.engine()
                    .execute(
                            host.sign(
                                    run + "-user",
                                    new Action.TypeText("ada", false, false, null),
                                    userField,
                                    typedState(executor, userField, "ada")),
                            new CancellationToken());
            assertTrue(user.succeededVerified(), user.toJson()::toString);
            ExecuteReport role = host.engine()
                    .execute(
                            host.sign(
                                    run + "-role",
                                    new Action.SetValue("Editor"),
                                    target(observation, "combobox", "Role"),
                                    valueHash("Editor")),
                            new CancellationToken());
            assertTrue(role.succeededVerified(), role.toJson()::toString);
            // the password is typed, then Enter submits the form
            ExecuteReport password = host.engine()
                    .execute(
                            host.sign(
                                    run + "-password",
                                    new Action.TypeText("correct horse", false, true, null),
                                    target(observation, "textbox", "Password"),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(password.terminal() instanceof Terminal.Succeeded, password.toJson()::toString);

            PageObservation welcome = observeUntil(
                    executor,
                    o -> o.observation().elements().stream()
                            .anyMatch(e -> e.role().equals("heading")
                                    && e.name() != null
                                    && e.name().startsWith("Welcome")));
            named(welcome.observation(), "heading", "Welcome, ada (Editor)");
            assertEquals(
                    pages.url("welcome.html") + "#ada%20(Editor)",
                    welcome.state(welcome.observation().elements().get(0).tag()).get("url"));
            // the password went nowhere but its field: not into the receipts, not into the outline
            assertTrue(!password.toJson().toString().contains("correct horse"));
            assertTrue(!login.outline().contains("correct horse")
                    && !welcome.outline().contains("correct horse"));

            ExecuteReport toUpload = host.engine()
                    .execute(
                            host.sign(
                                    run + "-navigate-upload",
                                    new Action.Open(pages.url("upload.html"), null, false),
                                    new TargetRef.None(),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(toUpload.terminal() instanceof Terminal.Succeeded, toUpload.toJson()::toString);
            SemanticObservation form = observeUntil(
                            executor,
                            o -> o.observation().elements().stream().anyMatch(e -> "Attachment".equals(e.name())))
                    .observation();
            ExecuteReport upload = host.engine()
                    .execute(
                            host.sign(
                                    run + "-upload",
                                    new Action.SetValue("report.txt"),
                                    new TargetRef.Element(form.target(form.elements().stream()
                                            .filter(e -> "Attachment".equals(e.name()))
                                            .findFirst()
                                            .orElseThrow()
                                            .tag())),
                                    valueHash("report.txt")),
                            new CancellationToken());
            assertTrue(upload.succeededVerified(), upload.toJson()::toString);
            PageObservation received = observeUntil(
                    executor,
                    o -> o.observation().elements().stream()
                            .anyMatch(e -> e.name() != null && e.name().startsWith("report.txt")));
            named(received.observation(), "StaticText", "report.txt: 26 bytes, quarterly numbers");
        }
    }

    /**
     * The state a field must show after {@code text} is typed into it: what it shows now, with the value's hash and
     * length changed to the typed text's (the field is empty now). Only that proves the typing.
     */
    private static VerificationPolicy typedState(CdpExecutor executor, TargetRef field, String text) throws Exception {
        JsonValue.JsonObject now = (JsonValue.JsonObject)
                executor.observe(field, new CancellationToken(), System.currentTimeMillis() + 10_000)
                        .state();
        assertEquals(JsonValue.JsonNumber.of(0), now.members().get("value_length"));
        java.util.Map<String, JsonValue> typed = new java.util.TreeMap<>(now.members());
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        typed.put("value_hash", new JsonValue.JsonString(Sha256.hex(bytes)));
        typed.put("value_length", JsonValue.JsonNumber.of(bytes.length));
        // typing focuses the field
        typed.put("active", JsonValue.JsonBoolean.of(true));
        return new VerificationPolicy.TargetState(new JsonValue.JsonObject(typed));
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

    @Test
    void aScrollIsVerifiedByTheOffsetItReaches() throws Exception {
        Chromium chromium = Chromium.shared();
        String page = chromium.open("scrolling.html");
        try (CdpExecutor executor = CdpExecutor.connect(CdpConfig.hostIsolated(
                        chromium.endpoint(), page, chromium.pid(), CdpConfig.processGeneration(chromium.pid())));
                TestHost host = new TestHost(executor);
                Chromium.PageDriver driver = chromium.driver(page)) {
            SemanticObservation observation =
                    executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
            TargetRef feed = target(observation, "list", "Feed");
            // the host expects what it sees now, one step further down: only that offset proves the scroll
            ExecuteReport down = scrollDown(host, feed, scrolledState(executor, feed, 0, 100));
            assertTrue(down.succeededVerified(), down.toJson()::toString);
            assertEquals(
                    100,
                    driver.evaluate("document.getElementById('feed').scrollTop").asInt());

            // an expectation the scroll does not meet: dispatched, unproven, so its outcome is unknown (never success)
            VerificationPolicy wrong = scrolledState(executor, feed, 100, 50);
            ExecuteReport again = scrollDown(host, feed, wrong);
            assertTrue(again.terminal() instanceof Terminal.OutcomeUnknown, again.toJson()::toString);
            assertEquals(
                    200,
                    driver.evaluate("document.getElementById('feed').scrollTop").asInt());

            // the document (e1) reports the page's own offset, yet a page scroll moves the viewport every fence of the
            // observation is bound to, its own included: it runs only unverified
            TargetRef document = new TargetRef.Element(
                    observation.target(observation.elements().get(0).tag()));
            JsonValue.JsonObject before = (JsonValue.JsonObject)
                    executor.observe(document, new CancellationToken(), System.currentTimeMillis() + 10_000)
                            .state();
            assertEquals(JsonValue.JsonBoolean.of(true), before.members().get("document"), before::toString);
            assertEquals(JsonValue.JsonNumber.of(0), before.members().get("scroll_top"), before::toString);
            ExecuteReport verifiedPage = scrollDown(host, document, scrolledState(executor, document, 0, 100));
            assertTrue(
                    verifiedPage.terminal() instanceof Terminal.Rejected rejected
                            && rejected.code() == org.praefectus.api.protocol.FailureCode.UNSUPPORTED,
                    verifiedPage.toJson()::toString);
            assertEquals(0, driver.evaluate("scrollY").asInt());
            ExecuteReport pageDown = scrollDown(host, document, new VerificationPolicy.None());
            assertTrue(pageDown.terminal() instanceof Terminal.Succeeded, pageDown.toJson()::toString);
            assertEquals(100, driver.evaluate("scrollY").asInt());
        } finally {
            chromium.closeTarget(page);
        }
    }

    /** One signed step down of {@code target}'s scroll offset through the engine. */
    private static ExecuteReport scrollDown(TestHost host, TargetRef target, VerificationPolicy verification)
            throws Exception {
        return host.engine()
                .execute(
                        host.sign(
                                UUID.randomUUID() + "-scroll",
                                new Action.Scroll(org.praefectus.api.protocol.Direction.DOWN, 1),
                                target,
                                verification),
                        new CancellationToken());
    }

    /**
     * The state a scroll container must show after a step down: what it shows now (its vertical offset {@code now}),
     * with that offset moved by {@code step}.
     */
    private static VerificationPolicy scrolledState(CdpExecutor executor, TargetRef target, long now, long step)
            throws Exception {
        JsonValue.JsonObject state = (JsonValue.JsonObject)
                executor.observe(target, new CancellationToken(), System.currentTimeMillis() + 10_000)
                        .state();
        assertEquals(JsonValue.JsonNumber.of(now), state.members().get("scroll_top"), state::toString);
        assertEquals(JsonValue.JsonNumber.of(0), state.members().get("scroll_left"), state::toString);
        java.util.Map<String, JsonValue> scrolled = new java.util.TreeMap<>(state.members());
        scrolled.put("scroll_top", JsonValue.JsonNumber.of(now + step));
        return new VerificationPolicy.TargetState(new JsonValue.JsonObject(scrolled));
    }

    private static TargetRef target(SemanticObservation observation, String role, String name) throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, role, name).tag()));
    }

    /** Observes until the page shows what the step waits for (a new page loads on its own time). */
    static PageObservation observeUntil(CdpExecutor executor, java.util.function.Predicate<PageObservation> ready) {
        return await("the page shows what the step waits for")
                .atMost(java.time.Duration.ofSeconds(20))
                .pollInterval(java.time.Duration.ofMillis(10))
                // the document changed while it was observed: look again
                .ignoreExceptionsInstanceOf(org.praefectus.api.executor.ExecutorException.class)
                .until(() -> executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000), ready);
    }
}

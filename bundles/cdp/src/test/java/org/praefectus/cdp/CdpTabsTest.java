package org.praefectus.cdp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;

/**
 * #39 Build, tabs, on a real headless Chromium: a tab the page opens (an invoke is a person's activation, so
 * {@code window.open} is not blocked as a popup) is listed by {@link CdpExecutor#pages()}; an executor bound to it
 * through {@link CdpConfig#forPage} acts on it only, selects it and closes it with {@code window} named by its label
 * (a label that is no longer the page's is refused without effect), proven by the browser no longer listing it; the
 * opener's executor stays bound to its own page throughout.
 */
class CdpTabsTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;
    private final List<CdpExecutor> executors = new ArrayList<>();
    private final List<String> targets = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @AfterEach
    void close() throws Exception {
        executors.forEach(CdpExecutor::close);
        for (String target : targets) {
            chromium.closeTarget(target);
        }
    }

    private static void dispatch(CdpExecutor executor, TargetRef target, Action action) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        CancellationToken cancellation = new CancellationToken();
        ResolvedTarget resolved = executor.resolve(target, cancellation, deadline);
        executor.dispatch(action, resolved, NONE, cancellation, deadline);
    }

    private static TargetRef element(SemanticObservation observation, String role, String name) throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, role, name).tag()));
    }

    @Test
    void aTabThePageOpensIsListedAndAnExecutorBoundToItActsOnItSelectsItAndClosesIt() throws Exception {
        String opener = chromium.open("opener.html");
        targets.add(opener);
        CdpExecutor openerExecutor = chromium.executor(opener);
        executors.add(openerExecutor);
        dispatch(openerExecutor, element(observe(openerExecutor), "button", "Open a tab"), new Action.Invoke());

        AtomicReference<Optional<BrowserPage>> opened = new AtomicReference<>(Optional.empty());
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            opened.set(openerExecutor.pages().stream()
                    .filter(p -> p.url().endsWith("/opened.html") && p.title().equals("Opened"))
                    .findFirst());
            return opened.get().isPresent();
        });
        BrowserPage tab = opened.get().orElseThrow();
        targets.add(tab.targetId());
        assertTrue(openerExecutor.pages().stream().anyMatch(p -> p.targetId().equals(opener)));
        assertEquals("Opened", tab.label());

        CdpExecutor tabExecutor = CdpExecutor.connect(openerExecutor.config().forPage(tab.targetId()));
        executors.add(tabExecutor);
        assertEquals(tab.targetId(), tabExecutor.config().targetId());
        assertEquals(opener, openerExecutor.config().targetId(), "the opener's executor stays bound to its page");
        dispatch(tabExecutor, element(observe(tabExecutor), "button", "Press"), new Action.Invoke());
        try (Chromium.PageDriver page = chromium.driver(tab.targetId())) {
            assertEquals(1, page.evaluate("window.pressed").asInt());
        }

        dispatch(
                tabExecutor,
                new TargetRef.None(),
                new Action.Window(WindowOperation.FOCUS, CdpExecutor.TAB_APPLICATION, tab.label()));
        // named by another tab's label (what the person was told is not this page): refused, nothing closed
        DispatchException otherLabel = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        tabExecutor,
                        new TargetRef.None(),
                        new Action.Window(WindowOperation.CLOSE, CdpExecutor.TAB_APPLICATION, "Opener")));
        assertEquals(FailureCode.STALE_TARGET, otherLabel.code());
        assertEquals(EffectKnowledge.NO_EFFECT, otherLabel.effect());
        DispatchException minimize = assertThrows(
                DispatchException.class,
                () -> dispatch(
                        tabExecutor,
                        new TargetRef.None(),
                        new Action.Window(WindowOperation.MINIMIZE, CdpExecutor.TAB_APPLICATION, "Opened")));
        assertEquals(FailureCode.UNSUPPORTED, minimize.code());
        assertTrue(openerExecutor.pages().stream().anyMatch(p -> p.targetId().equals(tab.targetId())));

        dispatch(
                tabExecutor,
                new TargetRef.None(),
                new Action.Window(WindowOperation.CLOSE, CdpExecutor.TAB_APPLICATION, "Opened"));
        assertTrue(openerExecutor.pages().stream().noneMatch(p -> p.targetId().equals(tab.targetId())));
        targets.remove(tab.targetId());
        // the engine observes after every effect: on a closed tab that fails at once, however far its deadline (the
        // browser may keep the closed page's socket open, and a reply that cannot come was awaited for the deadline)
        long farDeadline = System.currentTimeMillis() + 3_600_000;
        assertTimeoutPreemptively(
                Duration.ofMinutes(2),
                () -> assertThrows(
                        ExecutorException.class,
                        () -> tabExecutor.observe(new TargetRef.None(), new CancellationToken(), farDeadline)));
        named(observe(openerExecutor), "button", "Open a tab");
    }

    @Test
    void anotherPagesConfigurationIsCheckedLikeTheFirst() throws Exception {
        String opener = chromium.open("opener.html");
        targets.add(opener);
        CdpConfig config = chromium.config(opener);
        assertThrows(CdpConfigException.class, () -> config.forPage("../browser"));
        assertThrows(CdpConfigException.class, () -> CdpExecutor.connect(config.forPage("NO-SUCH-TARGET")));
        assertEquals(config.browserProcessId(), config.forPage("OTHER").browserProcessId());
    }
}

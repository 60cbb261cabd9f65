package org.praefectus.cdp;

import static org.praefectus.cdp.CdpObservationTest.named;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;

/**
 * A page whose main thread is busy for longer than one DevTools wait used to be bounded to (5 s) is still observed
 * within the caller's deadline (#39 defect 3: part 0 of a large table failed whenever one reply took longer under
 * load).
 */
class CdpSlowReplyTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @Test
    void aReplyLongerThanFiveSecondsWithinTheDeadlineIsWaitedFor() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            // the page's main thread runs one task of 7 s, starting as soon as this evaluation returns: every reply
            // that needs the page (its snapshot, its accessibility tree) waits for it
            page.evaluate("setTimeout(() => { const end = Date.now() + 7000; while (Date.now() < end) {} }, 0)");
            PageObservation observed =
                    executor.observePage(new CancellationToken(), System.currentTimeMillis() + 60_000);
            named(observed.observation(), "button", "Sign in");
        }
    }
}

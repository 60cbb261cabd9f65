package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/**
 * {@link CdpExecutor#awaitChange} (#39 Build: {@code wait_for}): a wait for the page returns at the page's own change
 * (a DOM mutation seen in the isolated world, a navigation that replaces the document), not after a fixed sleep; a
 * quiet page ends the wait at its bound with "not changed".
 */
class CdpPageChangeTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @Test
    void aMutationOfThePageEndsTheWait() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            executor.observePage(new CancellationToken(), System.currentTimeMillis() + 30_000);
            // the bound (60 s) is far beyond the page's change: the wait can only end early by seeing it
            CompletableFuture<Boolean> changed = waitInBackground(executor, 60_000);
            page.evaluate("window.__late = setInterval(() => document.querySelector('main')"
                    + ".append(Object.assign(document.createElement('p'), {textContent: 'Loaded'})), 100)");
            assertTrue(changed.get(60, TimeUnit.SECONDS));
            page.evaluate("clearInterval(window.__late)");
        }
    }

    @Test
    void aNavigationEndsTheWait() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            executor.observePage(new CancellationToken(), System.currentTimeMillis() + 30_000);
            CompletableFuture<Boolean> changed = waitInBackground(executor, 60_000);
            page.command("Page.navigate", page.params().put("url", chromium.url("welcome.html")));
            assertTrue(changed.get(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void aQuietPageEndsTheWaitAtItsBoundUnchanged() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            executor.observePage(new CancellationToken(), System.currentTimeMillis() + 30_000);
            assertFalse(executor.awaitChange(300, new CancellationToken(), System.currentTimeMillis() + 30_000));
        }
    }

    @Test
    void aBoundOutsideOneMillisecondToOneMinuteIsRefused() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            for (long bound : new long[] {0, 60_001}) {
                ExecutorException refused = assertThrows(
                        ExecutorException.class,
                        () -> executor.awaitChange(bound, new CancellationToken(), System.currentTimeMillis() + 5_000));
                assertEquals(ExecutorFailure.INVALID_REQUEST, refused.failure());
            }
        }
    }

    private static CompletableFuture<Boolean> waitInBackground(CdpExecutor executor, long quietMs) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return executor.awaitChange(quietMs, new CancellationToken(), System.currentTimeMillis() + 90_000);
            } catch (ExecutorException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}

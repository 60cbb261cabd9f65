package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.ElementWaiter;

/**
 * {@code wait-for} (#36 Build, waiting) on real zenity windows: a button that appears while the wait runs is found,
 * one whose window closes is seen gone, a wait whose condition never holds ends unmet at its deadline, a cancelled
 * wait ends {@code cancelled}, and what a wait
 * cannot do is refused as usage.
 */
class ElementWaitDesktopTest {

    @TempDir
    Path directory;

    private static ElementQuery okButtonIn(String title) throws Exception {
        return new ElementQuery(
                Selector.parse("role=push button,label-exact=OK"),
                new ElementScope(null, title, null),
                0,
                false,
                null,
                null);
    }

    @Test
    void aButtonThatAppearsWhileTheWaitRunsIsFound() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(directory, false)) {
            ElementWaiter waiter = new ElementWaiter(executor);
            ElementQuery query = okButtonIn("Wait Appears");
            CompletableFuture<ElementWait> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return waiter.run(query, false, 60_000, new CancellationToken());
                } catch (DesktopException e) {
                    throw new IllegalStateException(e);
                }
            });
            // the wait is reading (the window is not there) before the application starts
            Thread.sleep(500);
            assertFalse(waiting.isDone(), "nothing matches before the window exists");
            try (GtkApp zenity = GtkApp.zenityInfo("Wait Appears")) {
                ElementWait wait = waiting.get(90, TimeUnit.SECONDS);
                assertTrue(wait.met(), wait.toString());
                assertEquals("appears", wait.condition());
                assertEquals(1, wait.count());
                assertEquals("OK", wait.elements().get(0).label());
                assertTrue(wait.lookups() >= 2, "read before and after the window came: " + wait.lookups());
                assertTrue(zenity.alive());
            }
        }
    }

    @Test
    void aButtonWhoseWindowClosesIsSeenGone() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(directory, false)) {
            ElementWaiter waiter = new ElementWaiter(executor);
            ElementQuery query = okButtonIn("Wait Disappears");
            CompletableFuture<ElementWait> waiting;
            try (GtkApp zenity = GtkApp.zenityInfo("Wait Disappears")) {
                Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
                ElementWait present = waiter.run(query, false, 10_000, new CancellationToken());
                assertTrue(present.met(), "the button is there: " + present);
                waiting = CompletableFuture.supplyAsync(() -> {
                    try {
                        return waiter.run(query, true, 60_000, new CancellationToken());
                    } catch (DesktopException e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(500);
                assertFalse(waiting.isDone(), "the button is still there");
            }
            ElementWait gone = waiting.get(90, TimeUnit.SECONDS);
            assertTrue(gone.met(), gone.toString());
            assertEquals("disappears", gone.condition());
            assertEquals(0, gone.count());
        }
    }

    @Test
    void aConditionThatNeverHoldsEndsUnmetAndUsageIsRefused() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(directory, false);
                GtkApp zenity = GtkApp.zenityInfo("Wait Never")) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            ElementWaiter waiter = new ElementWaiter(executor);
            ElementQuery absent = new ElementQuery(
                    Selector.parse("role=push button,label-exact=No such button"),
                    new ElementScope(null, "Wait Never", null),
                    0,
                    false,
                    null,
                    null);
            ElementWait unmet = waiter.run(absent, false, 600, new CancellationToken());
            assertFalse(unmet.met());
            assertEquals("timeout", unmet.failure().code());
            assertTrue(unmet.lookups() >= 1);

            ElementWait stays = waiter.run(okButtonIn("Wait Never"), true, 600, new CancellationToken());
            assertFalse(stays.met(), "the button never went away");
            assertEquals(1, stays.count());

            ElementQuery vision =
                    new ElementQuery(Selector.parse("role=push button"), ElementScope.ALL, 0, true, null, null);
            assertEquals(
                    "usage",
                    assertThrows(DesktopException.class, () -> waiter.run(vision, false, 100, new CancellationToken()))
                            .code());
            assertEquals(
                    "usage",
                    assertThrows(
                                    DesktopException.class,
                                    () -> waiter.run(okButtonIn("Wait Never"), false, 120_001, new CancellationToken()))
                            .code());
        }
    }

    @Test
    void aWaitCancelledWhileItRunsEndsCancelledNotTimedOut() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(directory, false);
                GtkApp zenity = GtkApp.zenityInfo("Wait Cancelled")) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            ElementWaiter waiter = new ElementWaiter(executor);
            CancellationToken cancellation = new CancellationToken();
            ElementQuery query = okButtonIn("Wait Cancelled");
            CompletableFuture<ElementWait> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return waiter.run(query, true, DesktopService.MAX_WAIT_MS, cancellation);
                } catch (DesktopException e) {
                    throw new CompletionException(e);
                }
            });
            // time passes to show the wait is still running: the button stays
            Thread.sleep(500);
            assertFalse(waiting.isDone(), "the button is still there");
            cancellation.cancel();
            ExecutionException ended = assertThrows(ExecutionException.class, () -> waiting.get(90, TimeUnit.SECONDS));
            DesktopException why = assertInstanceOf(DesktopException.class, ended.getCause());
            assertEquals("cancelled", why.code());
            assertTrue(zenity.alive());
        }
    }
}

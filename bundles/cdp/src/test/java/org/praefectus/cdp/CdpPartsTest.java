package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A page with more elements than one observation may hold (the protocol's 4,096 elements and 2 MiB): a 2,000-row
 * table with 6,000 controls is observed in parts, each a whole fenced observation; interactive elements fill the first
 * parts, so the first two cover every control; an element of a later part is acted on like any other.
 */
class CdpPartsTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    /** These pages take Chromium seconds to read on a loaded machine: a deadline a host would give them. */
    private static PageObservation observe(CdpExecutor executor, int part) throws Exception {
        return executor.observePage(new CancellationToken(), System.currentTimeMillis() + 90_000, part);
    }

    @Test
    void everyControlOfALargeTableIsInOneOfTheParts() throws Exception {
        String target = chromium.open("table.html", 60_000);
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            // the last rows in view, so that a control of the last part can be acted on
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
            Set<String> controls = new HashSet<>();
            PageObservation first = observe(executor, 0);
            assertEquals(0, first.part());
            int parts = first.parts();
            // 6,000 controls and their rows, cells and text: interactive elements fill the first parts
            assertTrue(parts >= 2, () -> parts + " parts");
            assertTrue(first.observation().truncated());
            assertTrue(first.outline().endsWith("- [part 1 of " + parts + "]\n"));
            collect(first.observation(), controls);
            int inFirst = controls.size();
            assertTrue(inFirst > 1_000, () -> inFirst + " controls in the first part");

            PageObservation second = observe(executor, 1);
            assertEquals(1, second.part());
            assertEquals(parts, second.parts());
            assertTrue(second.outline().endsWith("- [part 2 of " + parts + "]\n"));
            // each part is a whole tree: the document is in both
            assertEquals("RootWebArea", second.observation().elements().get(0).role());
            collect(second.observation(), controls);
            for (int row = 0; row < 2_000; row++) {
                for (String control : new String[] {"Open ", "Select ", "Edit "}) {
                    assertTrue(controls.contains(control + row), control + row + " is in no part");
                }
            }

            // an element of the second part, the latest observation, is fenced and acted on like any other
            SemanticObservation latest = second.observation();
            TargetRef edit = new TargetRef.Element(
                    latest.target(named(latest, "button", "Edit 1999").tag()));
            long deadline = System.currentTimeMillis() + 30_000;
            executor.dispatch(
                    new Action.Invoke(),
                    executor.resolve(edit, new CancellationToken(), deadline),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    deadline);
            assertEquals(1999, page.evaluate("window.edited").asInt(-1));

            ExecutorException none = assertThrows(ExecutorException.class, () -> observe(executor, parts));
            assertEquals(ExecutorFailure.INVALID_REQUEST, none.failure());
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aPageThatFitsIsOnePart() throws Exception {
        String target = chromium.open("table.html?rows=20");
        try (CdpExecutor executor = chromium.executor(target)) {
            PageObservation page = observe(executor, 0);
            assertEquals(1, page.parts());
            assertFalse(page.observation().truncated());
            assertFalse(page.outline().contains("[part "));
            Set<String> controls = new HashSet<>();
            collect(page.observation(), controls);
            assertEquals(60, controls.size());
            ExecutorException none = assertThrows(ExecutorException.class, () -> observe(executor, 1));
            assertEquals(ExecutorFailure.INVALID_REQUEST, none.failure());
        } finally {
            chromium.closeTarget(target);
        }
    }

    private static void collect(SemanticObservation observation, Set<String> controls) {
        for (SemanticElement element : observation.elements()) {
            if (element.actionability().invokable() || element.actionability().editable()) {
                controls.add(element.name());
            }
        }
    }
}

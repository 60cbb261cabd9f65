package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * Issue 24, defect 4: 5,000 nested elements crashed observation with a {@code StackOverflowError} (an {@code Error},
 * which hosts that catch {@code Exception} do not catch), and one 20 MB text node made the page unobservable. Both
 * are bounded now: the observation comes back, marked truncated. Nothing walks the page recursively any more; a page
 * deeper than the bound, or with a text node over 1 MiB, is read element by element, at any depth.
 */
class CdpBoundsTest {

    private static Chromium chromium;

    /** These pages take Chromium seconds to snapshot on a loaded machine: a deadline a host would give them. */
    private static SemanticObservation observe(CdpExecutor executor) throws Exception {
        return executor.observeSemantic(
                new org.praefectus.api.executor.CancellationToken(), System.currentTimeMillis() + 60_000);
    }

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @Test
    void twoThousandNestedElementsGiveATruncatedObservation() throws Exception {
        // 2,000 nested divs: Chromium 156's renderer itself crashes or hangs on 5,000 here
        String target = chromium.open("bounds.html?depth=2000", 60_000);
        try (CdpExecutor executor = chromium.executor(target)) {
            SemanticObservation observation = observe(executor);
            assertTrue(observation.truncated());
            // read element by element: what lies above the depth bound is there, and so is what lies below it (#39
            // defect 5: a control nested deeper than 512 was dropped)
            named(observation, "button", "On top");
            named(observation, "button", "At the bottom");
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aTwentyMegabyteTextNodeGivesATruncatedObservation() throws Exception {
        String target = chromium.open("bounds.html?text=" + 20 * 1024 * 1024, 60_000);
        try (CdpExecutor executor = chromium.executor(target)) {
            SemanticObservation observation = observe(executor);
            assertTrue(observation.truncated());
            named(observation, "button", "On top");
            named(observation, "button", "At the bottom");
            // the text itself is never shipped: no name reaches the protocol's bound
            assertTrue(observation.elements().stream()
                    .allMatch(e -> e.name() == null || e.name().getBytes(StandardCharsets.UTF_8).length < 1_024));
        } finally {
            chromium.closeTarget(target);
        }
    }
}

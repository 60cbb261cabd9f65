package org.praefectus.bridge.run;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Run ids Praetor's store accepts, never one that exists (issue 38, defect 1). */
class RunIdsTest {

    @Test
    void anIdMatchesPraetorsStorePattern() {
        String id = new RunIds(new Random(7)).next(taken -> false);
        assertTrue(RunIds.PRAETOR_ID.matcher(id).matches(), id);
        assertTrue(id.matches("run_[0-9a-f]{12}"), id);
    }

    @Test
    void anIdThatExistsIsDrawnAgain() {
        // the same seed draws the same first id: it is taken, so the second draw is returned
        String first = new RunIds(new Random(42)).next(taken -> false);
        String second = new RunIds(new Random(42)).next(first::equals);
        assertNotEquals(first, second);
        assertTrue(RunIds.PRAETOR_ID.matcher(second).matches(), second);
    }
}

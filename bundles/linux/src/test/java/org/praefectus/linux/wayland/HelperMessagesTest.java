package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HelperMessagesTest {

    private static HelperMessages read(String errors) throws InterruptedException {
        HelperMessages messages =
                HelperMessages.follow(new ByteArrayInputStream(errors.getBytes(StandardCharsets.UTF_8)), "test");
        messages.stop();
        return messages;
    }

    @Test
    void aSilentHelpersFailureNamesTheLikelyCause() throws Exception {
        assertEquals("no frame: nothing linked it", read("\n  \n").explain("no frame", "nothing linked it"));
    }

    @Test
    void onlyTheNewestLinesAreKeptEachBounded() throws Exception {
        String errors = "one\ntwo\nthree\nfour\nfive\n" + "x".repeat(500) + "\n";
        String explained = read(errors).explain("ended", "silent");
        assertEquals(
                "ended: the helper said: three / four / five / " + "x".repeat(HelperMessages.LINE_CHARS), explained);
    }
}

package org.praefectus.bridge.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Events read back from disk: a gap in the sequence is reported as one events_dropped event in its place. */
class RunStoreTest {

    private static final String RUN = "run_store_test";
    private static final long NO_BYTE_CAP = 1 << 20;

    @TempDir
    Path tmp;

    RunStore store;

    @BeforeEach
    void create() {
        store = new RunStore(tmp, false);
    }

    private void write(long... seqs) {
        for (long seq : seqs) {
            store.appendEvent(new RunEvent(seq, "stdout", "2025-01-01T00:00:00Z", RUN, Map.of("line", "l" + seq)));
        }
    }

    /** "seq:type" of each event, e.g. "6:events_dropped". */
    private static List<String> seqAndType(EventPage page) {
        List<String> out = new ArrayList<>();
        page.events().forEach(e -> out.add(e.seq() + ":" + e.type()));
        return out;
    }

    private static RunEvent onlyMarker(EventPage page) {
        List<RunEvent> markers = page.events().stream()
                .filter(e -> e.type().equals("events_dropped"))
                .toList();
        assertEquals(1, markers.size(), () -> "exactly one marker in " + seqAndType(page));
        return markers.get(0);
    }

    private static void assertMarker(RunEvent marker, long count, long firstSeq, long lastSeq) {
        assertEquals(RUN, marker.runId());
        assertEquals(lastSeq, marker.seq(), "numbered as the last lost event");
        assertEquals(count, ((Number) marker.data().get("count")).longValue());
        assertEquals(firstSeq, ((Number) marker.data().get("first_seq")).longValue());
        assertEquals(lastSeq, ((Number) marker.data().get("last_seq")).longValue());
    }

    @Test
    void noGapNoMarker() {
        write(1, 2, 3);
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 4);
        assertEquals(List.of("1:stdout", "2:stdout", "3:stdout"), seqAndType(page));
        assertEquals(0, page.droppedEvents());
        assertEquals(4, page.nextSeq());
        assertFalse(page.hasMore());
    }

    @Test
    void gapAtTheStartOfThePage() {
        write(4, 5); // 1..3 lost (retention, a failed write)
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 6);
        assertEquals(List.of("3:events_dropped", "4:stdout", "5:stdout"), seqAndType(page));
        assertMarker(onlyMarker(page), 3, 1, 3);
        assertEquals(3, page.droppedEvents());
        assertEquals(6, page.nextSeq());
    }

    @Test
    void gapInTheMiddleIsReportedInOrder() {
        write(1, 2, 3, 7, 8, 9); // a write of 4..6 failed
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 10);
        assertEquals(
                List.of("1:stdout", "2:stdout", "3:stdout", "6:events_dropped", "7:stdout", "8:stdout", "9:stdout"),
                seqAndType(page));
        assertMarker(onlyMarker(page), 3, 4, 6);
        assertEquals(3, page.droppedEvents());
        assertEquals(10, page.nextSeq());
        assertFalse(page.hasMore());
    }

    @Test
    void gapAtTheEndIsReported() {
        write(1, 2); // the run numbered 3 and 4 but they never reached the file
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 5);
        assertEquals(List.of("1:stdout", "2:stdout", "4:events_dropped"), seqAndType(page));
        assertMarker(onlyMarker(page), 2, 3, 4);
        assertEquals(5, page.nextSeq());
    }

    @Test
    void nothingLeftAtAllIsOneMarker() {
        EventPage page = store.readEvents(RUN, 2, 1000, NO_BYTE_CAP, 8);
        assertEquals(List.of("7:events_dropped"), seqAndType(page));
        assertMarker(onlyMarker(page), 5, 3, 7);
        assertEquals(8, page.nextSeq());
    }

    @Test
    void pagesAcrossAGapReportItOnceAndLoseNothing() {
        write(1, 2, 3, 7, 8, 9);
        List<String> all = new ArrayList<>();
        int markers = 0;
        long after = 0;
        List<Boolean> more = new ArrayList<>();
        for (int pages = 0; pages < 10; pages++) {
            EventPage page = store.readEvents(RUN, after, 3, NO_BYTE_CAP, 10);
            assertTrue(page.events().size() <= 3, () -> "limit 3: " + seqAndType(page));
            all.addAll(seqAndType(page));
            markers += (int) page.events().stream()
                    .filter(e -> e.type().equals("events_dropped"))
                    .count();
            more.add(page.hasMore());
            after = page.nextSeq() - 1;
            if (!page.hasMore()) {
                break;
            }
        }
        assertEquals(
                List.of("1:stdout", "2:stdout", "3:stdout", "6:events_dropped", "7:stdout", "8:stdout", "9:stdout"),
                all);
        assertEquals(1, markers);
        assertEquals(List.of(true, true, false), more);
    }

    @Test
    void aPageOfOneAtAGapIsTheMarkerAndTheNextPageGoesOn() {
        write(1, 5);
        EventPage first = store.readEvents(RUN, 1, 1, NO_BYTE_CAP, 6);
        assertEquals(List.of("4:events_dropped"), seqAndType(first));
        assertMarker(onlyMarker(first), 3, 2, 4);
        assertTrue(first.hasMore());
        EventPage second = store.readEvents(RUN, first.nextSeq() - 1, 1, NO_BYTE_CAP, 6);
        assertEquals(List.of("5:stdout"), seqAndType(second));
        assertFalse(second.hasMore());
    }

    @Test
    void anUnreadableLineCountsAsLostNotAsTheEndOfTheRun() throws Exception {
        write(1);
        Path file = tmp.resolve("runs").resolve(RUN).resolve("events.jsonl");
        // a line torn by a crash that the next write was appended to
        Files.writeString(
                file, "{\"seq\":2,\"ty{\"seq\":2,\"x\":1}\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        write(3, 4);
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 5);
        assertEquals(List.of("1:stdout", "2:events_dropped", "3:stdout", "4:stdout"), seqAndType(page));
        assertMarker(onlyMarker(page), 1, 2, 2);
    }

    @Test
    void theEventAfterALineTornByACrashIsKept() throws Exception {
        write(1);
        Path file = tmp.resolve("runs").resolve(RUN).resolve("events.jsonl");
        // the bridge died while writing event 2: half a line, no newline
        Files.writeString(file, "{\"seq\":2,\"ty", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        write(3);
        EventPage page = store.readEvents(RUN, 0, 1000, NO_BYTE_CAP, 4);
        assertEquals(List.of("1:stdout", "2:events_dropped", "3:stdout"), seqAndType(page));
        assertMarker(onlyMarker(page), 1, 2, 2);
        assertEquals("l3", page.events().get(2).data().get("line"));
    }
}

package org.praefectus.bridge.run;

import java.util.List;

/**
 * One page of a run's events.
 *
 * @param events        the events, in sequence order
 * @param nextSeq       as the reference: the last event's seq + 1, or {@code after_seq + 1} when the
 *                      page is empty
 * @param hasMore       more events exist after this page (the limit or the byte cap ended it)
 * @param droppedEvents events after {@code after_seq} that no longer exist anywhere (retention, a failed
 *                      write); 0 when none were lost
 */
public record EventPage(List<RunEvent> events, long nextSeq, boolean hasMore, long droppedEvents) {

    public EventPage {
        events = List.copyOf(events);
    }
}

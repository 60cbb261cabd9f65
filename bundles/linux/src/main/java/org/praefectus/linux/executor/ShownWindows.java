package org.praefectus.linux.executor;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.protocol.Action;
import org.praefectus.linux.x11.ClientWindow;

/**
 * The windows the executor's last {@code application} and {@code open} actions showed, so the desktop service can
 * hand back the very window the executor decided on: a receipt carries hashes, never a window. Bounded; only in
 * memory.
 */
public final class ShownWindows {

    private static final int KEPT = 64;

    private record Shown(Action action, ClientWindow window, long atMs) {}

    private final Deque<Shown> shown = new ArrayDeque<>();

    synchronized void record(Action action, ClientWindow window) {
        shown.addFirst(new Shown(action, window, System.currentTimeMillis()));
        while (shown.size() > KEPT) {
            shown.removeLast();
        }
    }

    /**
     * The window {@code action} showed in a dispatch between {@code startedAtMs} and {@code finishedAtMs} (a receipt's
     * times); empty when none did, or when two equal actions did in that time (never a guess).
     */
    public synchronized Optional<ClientWindow> find(Action action, long startedAtMs, long finishedAtMs) {
        List<Shown> matching = shown.stream()
                .filter(s -> s.action().equals(action) && s.atMs() >= startedAtMs && s.atMs() <= finishedAtMs)
                .toList();
        return matching.size() == 1 ? Optional.of(matching.get(0).window()) : Optional.empty();
    }
}

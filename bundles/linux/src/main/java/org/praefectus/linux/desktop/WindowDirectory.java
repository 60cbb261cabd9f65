package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ProgramName;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.linux.atspi.SurfaceWindow;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.X11Refusal;

/**
 * The desktop's windows: the window manager's client list (EWMH) joined with the AT-SPI windows, so that
 * windows without accessibility are listed too and accessible ones carry their surface reference. A client
 * window and an accessible window are one when they belong to the same process and have the same title
 * (or, for a process with one window of each, the same position).
 */
public final class WindowDirectory {

    /**
     * A listing with what each backend said.
     *
     * @param cacheHit     whether the accessible side came from the listing cache
     * @param cacheAgeMs   how old that side was then (0 when read now)
     * @param accessibleAs each joined window's ID by its accessible window's ID
     */
    public record Listing(
            List<DesktopWindow> windows,
            String backend,
            List<String> warnings,
            boolean cacheHit,
            long cacheAgeMs,
            Map<String, String> accessibleAs) {

        /**
         * The ID {@code id} names a window by now. A window appears on the accessibility bus before the window
         * manager lists it; until then it is listed under its accessible ID, and a caller who took that ID still
         * means the same window once it is listed under the window manager's.
         */
        public String currentId(String id) {
            return accessibleAs.getOrDefault(id, id);
        }
    }

    /** One accessible window with its surface reference and its window, for the element finder. */
    public record Joined(DesktopWindow window, SurfaceWindow accessible) {

        /**
         * Whether this window is in {@code scope}: by its current ID, or by its accessible window's, the ID a listing
         * gave it before the window manager listed it ({@link Listing#currentId}).
         */
        public boolean in(ElementScope scope) {
            return scope.matches(window)
                    || (accessible != null
                            && scope.windowId() != null
                            && scope.matches(
                                    window.appId(),
                                    window.title(),
                                    accessible.node().object().id()));
        }
    }

    private final LinuxExecutor executor;
    private final AtspiCache<Void, List<SurfaceWindow>> cache;

    /** A directory that reads everything live (what effects and fences use). */
    public WindowDirectory(LinuxExecutor executor) {
        this(executor, null);
    }

    /**
     * A listing directory: the EWMH side is read live every time, the accessible side through {@code cache}
     * (the window manager's list is cheap; the AT-SPI side is one call per application).
     */
    public WindowDirectory(LinuxExecutor executor, AtspiCache<Void, List<SurfaceWindow>> cache) {
        this.executor = executor;
        this.cache = cache;
    }

    /**
     * @param backend {@code auto} (both, joined), {@code x11} or {@code at-spi}
     */
    public Listing list(String backend, CancellationToken cancellation, long deadlineAtMs) {
        List<String> warnings = new ArrayList<>();
        List<ClientWindow> clients = List.of();
        if (!backend.equals("at-spi")) {
            try {
                clients = EwmhWindows.list(executor.connections().display().session());
            } catch (X11Refusal refused) {
                warnings.add("x11: " + refused.getMessage());
            }
        }
        List<SurfaceWindow> accessible = List.of();
        String geometry = "";
        boolean hit = false;
        long age = 0;
        if (!backend.equals("x11")) {
            try {
                geometry = executor.connections().topologySample().hash();
                if (cache == null) {
                    accessible = executor.accessibleWindows(cancellation, deadlineAtMs);
                } else {
                    AtspiCache.Answer<List<SurfaceWindow>> answer =
                            cache.get(() -> executor.accessibleWindows(cancellation, deadlineAtMs));
                    accessible = answer.value();
                    hit = answer.hit();
                    age = answer.ageMs();
                    warnings.addAll(answer.notes());
                }
            } catch (ExecutorException e) {
                warnings.add("at-spi: " + e.getMessage());
            }
        }
        List<Joined> joined = join(clients, accessible, geometry);
        String used = clients.isEmpty()
                ? accessible.isEmpty() ? "none" : "at-spi"
                : accessible.isEmpty() ? "x11" : "x11+at-spi";
        return new Listing(
                joined.stream().map(Joined::window).toList(), used, warnings, hit, age, accessibleAs(joined));
    }

    /** The accessible windows, each with its joined window (for elements and desktop-state). */
    public List<Joined> accessible(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        List<ClientWindow> clients;
        try {
            clients = EwmhWindows.list(executor.connections().display().session());
        } catch (X11Refusal refused) {
            clients = List.of();
        }
        String geometry = executor.connections().topologySample().hash();
        return join(clients, executor.accessibleWindows(cancellation, deadlineAtMs), geometry).stream()
                .filter(j -> j.accessible() != null)
                .toList();
    }

    /** Each window joined with an accessible one, by that accessible window's ID. */
    static Map<String, String> accessibleAs(List<Joined> joined) {
        Map<String, String> ids = new HashMap<>();
        for (Joined window : joined) {
            if (window.accessible() != null && window.window().backend().equals("x11+at-spi")) {
                ids.put(
                        window.accessible().node().object().id(),
                        window.window().id());
            }
        }
        return Map.copyOf(ids);
    }

    static List<Joined> join(List<ClientWindow> clients, List<SurfaceWindow> accessible, String geometry) {
        List<Joined> joined = new ArrayList<>();
        Set<SurfaceWindow> used = new HashSet<>();
        for (ClientWindow client : clients) {
            SurfaceWindow match = match(client, accessible, used);
            if (match != null) {
                used.add(match);
            }
            joined.add(new Joined(
                    new DesktopWindow(
                            Long.toString(client.id()),
                            client.title(),
                            client.appId(),
                            new Rect(client.x(), client.y(), client.width(), client.height()),
                            client.active(),
                            client.state(),
                            client.processId(),
                            match != null,
                            match == null
                                    ? null
                                    : match.descriptor(geometry).surface().id(),
                            match == null ? "x11" : "x11+at-spi"),
                    match));
        }
        for (SurfaceWindow window : accessible) {
            if (used.contains(window)) {
                continue;
            }
            long pid = window.application().processId();
            Rect bounds = window.bounds() == null ? new Rect(0, 0, 0, 0) : window.bounds();
            joined.add(new Joined(
                    new DesktopWindow(
                            window.node().object().id(),
                            window.node().name(),
                            processName(pid),
                            bounds,
                            window.active(),
                            "unknown",
                            pid,
                            true,
                            window.descriptor(geometry).surface().id(),
                            "at-spi"),
                    window));
        }
        return joined;
    }

    private static SurfaceWindow match(ClientWindow client, List<SurfaceWindow> accessible, Set<SurfaceWindow> used) {
        List<SurfaceWindow> sameProcess = accessible.stream()
                .filter(w -> !used.contains(w)
                        && client.processId() != 0
                        && w.application().processId() == client.processId())
                .toList();
        for (SurfaceWindow window : sameProcess) {
            if (window.node().name().equals(client.title())) {
                return window;
            }
        }
        // a client window decorated by the toolkit (GTK's client-side decorations) reports the frame's
        // position: the same process's only accessible window whose box lies inside it
        List<SurfaceWindow> inside = sameProcess.stream()
                .filter(w -> w.bounds() != null
                        && w.bounds().x() >= client.x()
                        && w.bounds().y() >= client.y()
                        && w.bounds().x() + w.bounds().width() <= client.x() + client.width()
                        && w.bounds().y() + w.bounds().height() <= client.y() + client.height())
                .toList();
        return inside.size() == 1 ? inside.get(0) : null;
    }

    /** The program's whole name ({@link ProgramName}), or empty. */
    static String processName(long pid) {
        String name = ProgramName.of(pid);
        return name == null ? "" : name;
    }
}

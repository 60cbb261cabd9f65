package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;

/**
 * {@code elements} / {@code find} (IPC {@code find_elements}): AT-SPI elements matching a selector within a
 * scope, and with {@code vision_fallback}, when accessibility finds none, the vision regions of
 * {@code vision_region}, else of the scoped window, else of the screen. A scoped window need not be
 * accessible: a window the window manager lists (EWMH) but AT-SPI does not (xmessage, most plain X11
 * clients) is exactly where vision is the only way in. The data is PeekabooX's FindElementResponse.
 */
public final class ElementsVerb implements AutoCloseable {

    /** The first window in a scope, accessible or not; empty when no window matches. */
    @FunctionalInterface
    public interface ScopedWindows {
        java.util.Optional<DesktopWindow> first(ElementScope scope, CancellationToken cancellation, long deadlineAtMs);
    }

    private final ElementFinder finder;
    private final ScopedWindows windows;
    private final ScreenCapture capture;
    private final UiElementDetector detector;

    /** {@code capture} and {@code detector} may be {@code null}: vision fallback then only warns. */
    public ElementsVerb(
            ElementFinder finder, ScopedWindows windows, ScreenCapture capture, UiElementDetector detector) {
        this.finder = finder;
        this.windows = windows;
        this.capture = capture;
        this.detector = detector;
    }

    /** The verb of the runtime's session: its caching finder, windows as the window manager lists them. */
    public static ElementsVerb of(DesktopSession session, ScreenCapture capture, UiElementDetector detector) {
        return new ElementsVerb(
                session.elements(), listedBy(new WindowDirectory(session.executor())), capture, detector);
    }

    /** The first window the window manager lists (EWMH) that matches a scope and has bounds. */
    public static ScopedWindows listedBy(WindowDirectory directory) {
        return (scope, cancellation, deadlineAtMs) ->
                directory.list("x11", cancellation, deadlineAtMs).windows().stream()
                        .filter(scope::matches)
                        .filter(window -> window.bounds() != null)
                        .findFirst();
    }

    /** Where vision looks, and the window it looks into ({@code null} for the screen or a given region). */
    private record Look(Region region, DesktopWindow window) {}

    public ElementMatches run(ElementQuery options, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        ElementFinder.Found found;
        try {
            found = finder.find(options.selector(), options.scope(), options.limit(), cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            if (!options.visionFallback() || e.failure() != ExecutorFailure.TARGET_NOT_FOUND) {
                throw e;
            }
            // no accessible window in scope: the window may still be on the screen, where vision can look
            found = new ElementFinder.Found(List.of(), false, 0, List.of("at-spi: " + e.getMessage()));
        }
        List<UiElement> elements = found.elements();
        List<String> warnings = new ArrayList<>(found.warnings());
        boolean visionUsed = false;
        if (elements.isEmpty() && options.visionFallback()) {
            if (capture == null || detector == null) {
                warnings.add("vision fallback is unavailable: no screen capture or detector in this runtime");
            } else {
                try {
                    elements = vision(options, look(options, cancellation, deadlineAtMs));
                    visionUsed = true;
                    warnings.add("vision regions are matched by geometry only, not by role, label or state");
                } catch (VisionException e) {
                    warnings.add("vision fallback failed: " + e.code());
                }
            }
        }
        return new ElementMatches(elements, visionUsed, warnings, found.cacheHit(), found.cacheAgeMs());
    }

    /**
     * {@code vision_region}, else the scoped window clipped to the screen, else the screen.
     *
     * @throws ExecutorException {@code target_not_found} when a scope is given and no window matches it
     */
    private Look look(ElementQuery options, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (options.visionRegion() != null) {
            return new Look(options.visionRegion(), null);
        }
        Region screen = capture.screenBounds();
        if (options.scope().equals(ElementScope.ALL)) {
            return new Look(screen, null);
        }
        DesktopWindow scoped = windows.first(options.scope(), cancellation, deadlineAtMs)
                .orElseThrow(
                        () -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "no window matches the scope"));
        Rect window = scoped.bounds();
        long left = Math.max(window.x(), screen.x());
        long top = Math.max(window.y(), screen.y());
        long right = Math.min(window.x() + window.width(), (long) screen.x() + screen.width());
        long bottom = Math.min(window.y() + window.height(), (long) screen.y() + screen.height());
        if (right <= left || bottom <= top) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "the scoped window is not on the screen");
        }
        return new Look(new Region((int) left, (int) top, (int) (right - left), (int) (bottom - top)), scoped);
    }

    private List<UiElement> vision(ElementQuery options, Look look) throws VisionException {
        Region region = look.region();
        DesktopWindow window = look.window();
        Frame frame = capture.capture(region);
        List<UiElement> elements = new ArrayList<>();
        for (VisualElement e : detector.detect(frame, options.vision())) {
            Rect bounds = new Rect(
                    e.bounds().x() + region.x(),
                    e.bounds().y() + region.y(),
                    e.bounds().width(),
                    e.bounds().height());
            UiElement element = new UiElement(
                    e.id(),
                    e.role(),
                    null,
                    bounds,
                    UiElement.centerOf(bounds),
                    e.confidence(),
                    e.states(),
                    window == null ? null : window.id(),
                    window == null ? null : window.title(),
                    window == null ? null : window.appId(),
                    null,
                    List.of(),
                    null,
                    null);
            if (geometryMatches(options.selector(), element)) {
                elements.add(element);
            }
            if (options.limit() > 0 && elements.size() >= options.limit()) {
                break;
            }
        }
        return elements;
    }

    /**
     * A vision region has no role, label or states worth matching: the selector applies to it as if those
     * matched (its geometry and confidence conditions still hold).
     */
    private static boolean geometryMatches(Selector selector, UiElement region) {
        return selector.withoutText().matches(region);
    }

    /** Stops the finder's AT-SPI event subscription. */
    @Override
    public void close() {
        finder.close();
    }
}

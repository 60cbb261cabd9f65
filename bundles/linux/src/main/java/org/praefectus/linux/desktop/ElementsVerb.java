package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;

/**
 * {@code elements} / {@code find} (IPC {@code find_elements}): AT-SPI elements matching a selector within a
 * scope, and with {@code vision_fallback}, when accessibility finds none, the vision regions of the screen
 * (or of the scoped window, or {@code vision_region}). The data is PeekabooX's FindElementResponse.
 */
public final class ElementsVerb implements AutoCloseable {

    /**
     * @param selector       what to match ({@link Selector#any()} for everything)
     * @param scope          which windows
     * @param limit          at most this many (0: all)
     * @param visionFallback whether to detect visually when accessibility finds nothing
     * @param visionRegion   where to detect, screen coordinates, or {@code null}
     * @param vision         detector tuning
     */
    public record Options(
            Selector selector,
            ElementScope scope,
            int limit,
            boolean visionFallback,
            Region visionRegion,
            UiElementDetectionOptions vision) {}

    private final ElementFinder finder;
    private final ScreenCapture capture;
    private final UiElementDetector detector;

    /** {@code capture} and {@code detector} may be {@code null}: vision fallback then only warns. */
    public ElementsVerb(ElementFinder finder, ScreenCapture capture, UiElementDetector detector) {
        this.finder = finder;
        this.capture = capture;
        this.detector = detector;
    }

    public Map<String, Object> run(Options options, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        ElementFinder.Found found =
                finder.find(options.selector(), options.scope(), options.limit(), cancellation, deadlineAtMs);
        List<UiElement> elements = found.elements();
        List<String> warnings = new ArrayList<>(found.warnings());
        boolean visionUsed = false;
        if (elements.isEmpty() && options.visionFallback()) {
            if (capture == null || detector == null) {
                warnings.add("vision fallback is unavailable: no screen capture or detector in this runtime");
            } else {
                try {
                    elements = vision(options);
                    visionUsed = true;
                    warnings.add("vision regions are matched by geometry only, not by role, label or state");
                } catch (VisionException e) {
                    warnings.add("vision fallback failed: " + e.code());
                }
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("elements", elements);
        data.put("count", elements.size());
        data.put("backend_name", visionUsed ? "vision" : "at-spi");
        data.put("backend_kind", visionUsed ? "vision" : "at_spi");
        data.put("warnings", warnings);
        data.put("cache_hit", found.cacheHit());
        data.put("cache_age_ms", found.cacheAgeMs());
        data.put("vision_fallback_used", visionUsed);
        return data;
    }

    private List<UiElement> vision(Options options) throws VisionException {
        Region region = options.visionRegion() == null ? capture.screenBounds() : options.visionRegion();
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
                    null,
                    null,
                    null,
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

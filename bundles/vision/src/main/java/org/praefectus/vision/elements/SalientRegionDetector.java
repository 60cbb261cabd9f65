package org.praefectus.vision.elements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.image.FrameImages;

/**
 * Vision-only UI-element detection: salient pixels, 8-connected components, components whose boxes lie within
 * the merge distance (or inside each other: a button's border and its label) merged, then filtered, padded
 * and sorted.
 *
 * <p>Confidence is 0.4 plus up to 0.3 for contrast (mean contrast of the salient pixels against the background,
 * above the threshold) plus up to 0.3 for a closed outline (the share of the box's edge that is salient):
 * bordered controls score high, loose text and icons lower.
 */
public final class SalientRegionDetector {

    private SalientRegionDetector() {}

    /** How deep filled panels are searched again inside (window, pane, frame inside it). */
    static final int MAX_NESTING = 3;
    /** A component at least this large on both sides ... */
    static final int PANEL_MIN_SIDE = 48;
    /** ... and at least this share of whose box is salient is a filled panel (a window on the desktop). */
    static final double PANEL_MIN_FILL = 0.5;

    public static List<VisualElement> detect(Frame frame, UiElementDetectionOptions options) {
        Region region = options.region() == null ? frame.bounds() : FrameImages.requireInside(frame, options.region());
        List<Found> found = new ArrayList<>();
        collect(frame, region, options, 0, found);
        List<VisualElement> elements = new ArrayList<>();
        for (Found c : found) {
            Region box = c.box();
            long area = (long) box.width() * box.height();
            if (box.width() < options.minWidth()
                    || box.height() < options.minHeight()
                    || c.pixels() < options.minComponentPixels()
                    || (options.maxWidth() != null && box.width() > options.maxWidth())
                    || (options.maxHeight() != null && box.height() > options.maxHeight())
                    || (options.minArea() != null && area < options.minArea())
                    || (options.maxArea() != null && area > options.maxArea())) {
                continue;
            }
            if (options.minConfidence() != null && c.confidence() < options.minConfidence()) {
                continue;
            }
            int left = Math.max(0, box.x() - options.padding());
            int top = Math.max(0, box.y() - options.padding());
            int right = Math.min(frame.width(), box.x() + box.width() + options.padding());
            int bottom = Math.min(frame.height(), box.y() + box.height() + options.padding());
            elements.add(new VisualElement(
                    "",
                    VisualElement.ROLE_VISUAL_REGION,
                    null,
                    new Region(left, top, right - left, bottom - top),
                    c.confidence(),
                    List.of("visible")));
        }
        // the largest are kept when there are too many, then the requested order applies
        elements.sort(Comparator.comparingLong((VisualElement e) -> e.bounds().area())
                .reversed()
                .thenComparing(POSITION));
        List<VisualElement> kept =
                new ArrayList<>(elements.subList(0, Math.min(elements.size(), options.maxElements())));
        kept.sort(order(options.sort()));
        List<VisualElement> numbered = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            VisualElement e = kept.get(i);
            Region b = e.bounds();
            numbered.add(new VisualElement(
                    "vision:" + i + ":" + b.x() + ":" + b.y() + ":" + b.width() + ":" + b.height(),
                    e.role(),
                    null,
                    b,
                    e.confidence(),
                    e.states()));
        }
        return numbered;
    }

    /** One component in frame coordinates, with the statistics the filters need. */
    private record Found(Region box, long pixels, double confidence) {}

    /**
     * The components of one region; a filled panel among them (a window against the desktop, a pane in a
     * window) is searched again inside its own box, against its own colour: against the desktop's background
     * every pixel of a window is salient, and the window would be one region the size of the window with its
     * controls merged into it.
     */
    private static void collect(
            Frame frame, Region region, UiElementDetectionOptions options, int depth, List<Found> into) {
        SaliencyMask mask = SaliencyMask.of(frame, region, options.ignoreRegions(), options.edgeThreshold());
        for (Component c : merge(label(mask), options.mergeDistance())) {
            Region box = new Region(region.x() + c.minX, region.y() + c.minY, c.width(), c.height());
            into.add(new Found(box, c.pixels, confidence(mask, c, options.edgeThreshold())));
            boolean panel = c.width() >= PANEL_MIN_SIDE
                    && c.height() >= PANEL_MIN_SIDE
                    && c.pixels >= PANEL_MIN_FILL * c.area()
                    && (c.width() < region.width() || c.height() < region.height());
            if (depth < MAX_NESTING && panel) {
                // inside the panel's outline, so its border is not the inner region's edge
                collect(
                        frame,
                        new Region(box.x() + 2, box.y() + 2, box.width() - 4, box.height() - 4),
                        options,
                        depth + 1,
                        into);
            }
        }
    }

    static SaliencyMask mask(Frame frame, UiElementDetectionOptions options) {
        Region region = options.region() == null ? frame.bounds() : FrameImages.requireInside(frame, options.region());
        return SaliencyMask.of(frame, region, options.ignoreRegions(), options.edgeThreshold());
    }

    private static final Comparator<VisualElement> POSITION = Comparator.comparingInt(
                    (VisualElement e) -> e.bounds().y())
            .thenComparingInt(e -> e.bounds().x())
            .thenComparingInt(e -> e.bounds().width())
            .thenComparingInt(e -> e.bounds().height());

    private static Comparator<VisualElement> order(UiElementSort sort) {
        return switch (sort) {
            case POSITION -> POSITION;
            case AREA ->
                Comparator.comparingLong((VisualElement e) -> e.bounds().area())
                        .reversed()
                        .thenComparing(POSITION);
            case CONFIDENCE ->
                Comparator.comparingDouble(VisualElement::confidence).reversed().thenComparing(POSITION);
        };
    }

    /** 8-connected components of the salient pixels, by an iterative flood fill. */
    static List<Component> label(SaliencyMask mask) {
        int width = mask.region().width();
        int height = mask.region().height();
        boolean[] seen = new boolean[width * height];
        int[] queue = new int[width * height];
        List<Component> components = new ArrayList<>();
        for (int start = 0; start < seen.length; start++) {
            if (seen[start] || !mask.salient()[start]) {
                continue;
            }
            Component component = new Component(start % width, start / width);
            int head = 0;
            int tail = 0;
            queue[tail++] = start;
            seen[start] = true;
            while (head < tail) {
                int i = queue[head++];
                int x = i % width;
                int y = i / width;
                component.add(x, y, mask.contrast()[i] & 0xff);
                for (int ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
                    for (int nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
                        int n = ny * width + nx;
                        if (!seen[n] && mask.salient()[n]) {
                            seen[n] = true;
                            queue[tail++] = n;
                        }
                    }
                }
            }
            components.add(component);
        }
        return components;
    }

    /**
     * Merges components whose boxes are near each other until no two are: a sweep over boxes sorted by x. A
     * component framed by a much larger one (a control inside a window's or a pane's outline) stays apart.
     */
    static List<Component> merge(List<Component> components, int distance) {
        List<Component> current = new ArrayList<>(components);
        boolean merged = true;
        while (merged) {
            merged = false;
            current.sort(Comparator.comparingInt(c -> c.minX));
            List<Component> next = new ArrayList<>(current.size());
            boolean[] absorbed = new boolean[current.size()];
            for (int i = 0; i < current.size(); i++) {
                if (absorbed[i]) {
                    continue;
                }
                Component c = current.get(i);
                boolean grew = true;
                while (grew) {
                    grew = false;
                    for (int j = i + 1; j < current.size() && current.get(j).minX - distance <= c.maxX; j++) {
                        if (!absorbed[j] && c.near(current.get(j), distance) && !c.frames(current.get(j))) {
                            c.absorb(current.get(j));
                            absorbed[j] = true;
                            grew = true;
                            merged = true;
                        }
                    }
                }
                next.add(c);
            }
            current = next;
        }
        return current;
    }

    private static double confidence(SaliencyMask mask, Component c, int threshold) {
        double meanContrast = (double) c.contrastSum / Math.max(1, c.pixels);
        double contrastScore = Math.max(0, Math.min(1, (meanContrast - threshold / 2.0) / (255.0 - threshold / 2.0)));
        long edge = 0;
        long onEdge = 0;
        for (int x = c.minX; x <= c.maxX; x++) {
            edge += 2;
            onEdge += (nearSalient(mask, x, c.minY, 0, 1) ? 1 : 0) + (nearSalient(mask, x, c.maxY, 0, -1) ? 1 : 0);
        }
        for (int y = c.minY + 1; y < c.maxY; y++) {
            edge += 2;
            onEdge += (nearSalient(mask, c.minX, y, 1, 0) ? 1 : 0) + (nearSalient(mask, c.maxX, y, -1, 0) ? 1 : 0);
        }
        double outline = edge == 0 ? 0 : (double) onEdge / edge;
        return Math.min(0.99, 0.4 + 0.3 * contrastScore + 0.3 * outline);
    }

    /** Whether the pixel, or the one next to it towards the inside, is salient (anti-aliased borders). */
    private static boolean nearSalient(SaliencyMask mask, int x, int y, int dx, int dy) {
        if (mask.at(x, y)) {
            return true;
        }
        int nx = x + dx;
        int ny = y + dy;
        return nx >= 0
                && ny >= 0
                && nx < mask.region().width()
                && ny < mask.region().height()
                && mask.at(nx, ny);
    }
}

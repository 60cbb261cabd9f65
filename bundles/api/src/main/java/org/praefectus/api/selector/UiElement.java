package org.praefectus.api.selector;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;
import org.praefectus.api.protocol.Rect;

/**
 * One UI element as PeekabooX reports it ({@code UiElement}), with what this project adds: the
 * observation that holds it and its tag there, so a host can turn it into a fenced target.
 *
 * @param id            backend identity ({@code bus:path} for AT-SPI, {@code vision:…} for vision regions)
 * @param role          role name, e.g. {@code push button}
 * @param label         accessible name, or {@code null}
 * @param bounds        screen extents ({@code 0,0,0,0} when it has none)
 * @param center        centre of the bounds, or {@code null} when they have no area
 * @param confidence    1.0 for on-screen accessibility elements, 0.7 without extents, the detector's for vision
 * @param states        state names, e.g. {@code enabled}, {@code focusable}, {@code multi-line}
 * @param windowId      the window it belongs to, or {@code null}
 * @param windowTitle   that window's title, or {@code null}
 * @param appId         its application's name, or {@code null}
 * @param parentId      its parent's {@code id}, or {@code null}
 * @param childIds      its children's {@code id}s
 * @param observationId the observation that holds it, or {@code null} (vision regions)
 * @param tag           its tag in that observation ({@code e7}), or {@code null}
 * @param readBack      what it holds now (text, value, checked, …), or {@code null} where not read
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record UiElement(
        @JsonProperty("id") String id,
        @JsonProperty("role") String role,
        @JsonProperty("label") String label,
        @JsonProperty("bounds") Rect bounds,
        @JsonProperty("center") Point center,
        @JsonProperty("confidence") double confidence,
        @JsonProperty("states") List<String> states,
        @JsonProperty("window_id") String windowId,
        @JsonProperty("window_title") String windowTitle,
        @JsonProperty("app_id") String appId,
        @JsonProperty("parent_id") String parentId,
        @JsonProperty("child_ids") List<String> childIds,
        @JsonProperty("observation_id") String observationId,
        @JsonProperty("tag") String tag,
        @JsonProperty("read_back") ReadBack readBack) {

    /** An element without read-back (vision regions, and hosts that do not read it). */
    public UiElement(
            String id,
            String role,
            String label,
            Rect bounds,
            Point center,
            double confidence,
            List<String> states,
            String windowId,
            String windowTitle,
            String appId,
            String parentId,
            List<String> childIds,
            String observationId,
            String tag) {
        this(
                id,
                role,
                label,
                bounds,
                center,
                confidence,
                states,
                windowId,
                windowTitle,
                appId,
                parentId,
                childIds,
                observationId,
                tag,
                null);
    }

    public UiElement {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(bounds, "bounds");
        states = List.copyOf(states);
        childIds = List.copyOf(childIds);
    }

    /** The centre of a rectangle with an area, else {@code null}. */
    public static Point centerOf(Rect bounds) {
        return bounds.hasArea() ? new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2) : null;
    }

    /**
     * A screen point.
     *
     * @param x column
     * @param y row
     */
    public record Point(
            @JsonProperty("x") long x, @JsonProperty("y") long y) {}
}

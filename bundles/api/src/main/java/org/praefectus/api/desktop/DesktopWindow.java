package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.praefectus.api.protocol.Rect;

/**
 * One desktop window as {@code windows} reports it: PeekabooX's {@code WindowInfo} fields ({@code id},
 * {@code title}, {@code app_id}, {@code bounds}, {@code focused}, {@code state}) and what joins it to
 * accessibility here.
 *
 * @param id         the X window ID in decimal (what {@code capture --window-id} takes), or the AT-SPI window
 *                   object ({@code bus:path}) for a window without one
 * @param title      its title
 * @param appId      {@code WM_CLASS} instance, else the process name
 * @param bounds     its rectangle on the screen
 * @param focused    whether it is the active window
 * @param state      {@code normal}, {@code minimized}, {@code maximized}, {@code fullscreen} or {@code unknown}
 * @param processId  its process, or 0 when unknown
 * @param accessible whether AT-SPI lists it (then {@code surface_id} is its fenced surface reference)
 * @param surfaceId  the surface reference for {@code observe-surface}, or {@code null}
 * @param backend    where it was found: {@code x11}, {@code at-spi} or {@code x11+at-spi}
 */
public record DesktopWindow(
        @JsonProperty("id") String id,
        @JsonProperty("title") String title,
        @JsonProperty("app_id") String appId,
        @JsonProperty("bounds") Rect bounds,
        @JsonProperty("focused") boolean focused,
        @JsonProperty("state") String state,
        @JsonProperty("pid") long processId,
        @JsonProperty("accessible") boolean accessible,
        @JsonProperty("surface_id") String surfaceId,
        @JsonProperty("backend") String backend) {

    @Override
    public String toString() {
        return "DesktopWindow[id=" + id + ", redacted]";
    }
}

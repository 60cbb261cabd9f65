package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.praefectus.api.selector.UiElement;

/**
 * One page of an element's text ({@link DesktopService#readText}).
 *
 * @param element the element read (the selector's best on-screen match)
 * @param offset  the first character of this page
 * @param text    the page: at most the length asked for, in characters
 * @param total   the whole text's length in characters
 */
public record TextRead(
        @JsonProperty("element") UiElement element,
        @JsonProperty("offset") int offset,
        @JsonProperty("text") String text,
        @JsonProperty("total") int total) {

    /** The most characters one page holds. */
    public static final int MAX_PAGE = 65_536;

    /** Where the next page starts, or {@code null} when this page reaches the end. */
    @JsonProperty("next_offset")
    public Integer nextOffset() {
        int end = offset + text.length();
        return end < total ? end : null;
    }

    @Override
    public String toString() {
        return "TextRead[offset=" + offset + ", total=" + total + ", redacted]";
    }
}

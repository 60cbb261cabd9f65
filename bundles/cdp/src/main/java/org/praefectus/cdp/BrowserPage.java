package org.praefectus.cdp;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;

/**
 * One page target (a tab) of the browser an executor's endpoint belongs to, as DevTools lists it. Its title and URL
 * are the page's own content: shown to a model like an observation, never logged.
 *
 * @param targetId the page's DevTools target ID (a {@link CdpConfig#forPage} of it binds an executor to it)
 * @param title    the page's title, possibly empty
 * @param url      the page's URL
 */
public record BrowserPage(String targetId, String title, String url) {

    /** Longest {@link #label()} in UTF-8 bytes: a {@code window} action's title bound. */
    public static final int MAX_LABEL_BYTES = 1_024;

    public BrowserPage {
        requireNonNull(targetId, "targetId");
        requireNonNull(title, "title");
        requireNonNull(url, "url");
    }

    /**
     * What names this page to a person and in a signed {@code window} action's title: its title, or its URL when it
     * has none, cut to {@value #MAX_LABEL_BYTES} UTF-8 bytes on a character boundary (never empty: {@code about:blank}
     * for a page with neither). The executor compares the live page's label with the signed one before the effect.
     */
    public String label() {
        String label = !title.isBlank() ? title : !url.isBlank() ? url : "about:blank";
        if (label.getBytes(StandardCharsets.UTF_8).length <= MAX_LABEL_BYTES) {
            return label;
        }
        StringBuilder cut = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < label.length(); ) {
            int codePoint = label.codePointAt(i);
            int size = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > MAX_LABEL_BYTES) {
                break;
            }
            cut.appendCodePoint(codePoint);
            bytes += size;
            i += Character.charCount(codePoint);
        }
        return cut.toString();
    }
}

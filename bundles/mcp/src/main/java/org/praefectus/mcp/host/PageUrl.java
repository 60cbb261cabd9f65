package org.praefectus.mcp.host;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The one rule for a URL the browser mode may load: absolute {@code http} or {@code https} with a host and no user
 * info. It decides the host's start URL ({@code mcp --browser --browser-url}) and {@code act}'s {@code open}, before
 * anything is launched, asked or signed; the CDP executor checks navigations again itself.
 */
public final class PageUrl {

    private PageUrl() {}

    /**
     * {@code text} when it is such a URL.
     *
     * @throws IllegalArgumentException naming the rule, never echoing the text
     */
    public static String checked(String text) {
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https"))
                    && uri.getHost() != null
                    && uri.getRawUserInfo() == null) {
                return text;
            }
        } catch (URISyntaxException malformed) {
            // answered below, as every other refusal
        }
        throw new IllegalArgumentException("the URL must be an absolute http or https URL without user info");
    }
}

package org.praefectus.linux.apps;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * What {@code open} may open: an {@code http}, {@code https} or {@code file} URL, or an absolute path, and a file
 * (or folder) that exists. Any other scheme is refused ({@code mailto:}, {@code smb:}, a custom handler's scheme
 * would start whatever the desktop registered for it); a relative path is refused because the executor's working
 * folder is not the caller's. The messages never repeat the target (a URL may carry a token).
 */
public final class OpenTarget {

    /** The URL schemes {@code open} accepts. */
    public static final Set<String> SCHEMES = Set.of("http", "https", "file");

    private OpenTarget() {}

    /** {@code target} as it is handed to the desktop's handler, checked. */
    public static String check(String target) throws AllowedApplications.Refusal {
        if (target.startsWith("/")) {
            requireExists(target);
            return target;
        }
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            throw new AllowedApplications.Refusal("invalid_target", "open takes an absolute path or a URL");
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme == null) {
            throw new AllowedApplications.Refusal("invalid_target", "open takes an absolute path or a URL");
        }
        if (!SCHEMES.contains(scheme)) {
            throw new AllowedApplications.Refusal("scheme_not_allowed", "open takes only http, https and file URLs");
        }
        if (scheme.equals("file")) {
            if (uri.getPath() == null
                    || !uri.getPath().startsWith("/")
                    || (uri.getHost() != null
                            && !uri.getHost().isEmpty()
                            && !uri.getHost().equals("localhost"))) {
                throw new AllowedApplications.Refusal("invalid_target", "a file URL names a local absolute path");
            }
            requireExists(uri.getPath());
        } else if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new AllowedApplications.Refusal("invalid_target", "a web URL names a host");
        }
        return target;
    }

    private static void requireExists(String path) throws AllowedApplications.Refusal {
        try {
            if (!Files.exists(Path.of(path))) {
                throw new AllowedApplications.Refusal("file_not_found", "the file to open does not exist");
            }
        } catch (InvalidPathException e) {
            throw new AllowedApplications.Refusal("invalid_target", "open takes an absolute path or a URL");
        }
    }
}

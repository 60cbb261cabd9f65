package org.praefectus.mcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.mcp.host.PageUrl;

/**
 * {@code mcp} options, read by the shared parser ({@link Options}).
 *
 * @param http       {@code --http}: Streamable HTTP instead of stdio
 * @param port       {@code --port N}, 1 to 65535, default {@value #DEFAULT_PORT}
 * @param host       {@code --host H}, default {@value #DEFAULT_HOST}
 * @param profile    {@code --profile observe|plan|assist|operator}; empty: the host's configured profile
 * @param browserUrl {@code --browser [--browser-url URL]}: the first page of the server's own browser (an absolute
 *                   HTTP or HTTPS URL, default {@value #BLANK_PAGE}); empty: the desktop
 * @param uploadDirectory {@code --browser --upload-dir DIR}: the host's folder a page's file inputs may be given files
 *                   from (an existing folder); empty: uploads are refused
 * @param screenshotDirectory {@code --browser --screenshot-dir DIR}: the host's folder {@code screenshot} also keeps
 *                   each image in, under a name the server chooses (an existing folder); empty: images are only answered
 */
record McpOptions(
        boolean http,
        int port,
        String host,
        Optional<CapabilityProfile> profile,
        Optional<String> browserUrl,
        Optional<Path> uploadDirectory,
        Optional<Path> screenshotDirectory) {

    static final int DEFAULT_PORT = 8765;
    static final String DEFAULT_HOST = "127.0.0.1";
    /** The browser's first page when the host names none: nothing loaded until a signed {@code open}. */
    static final String BLANK_PAGE = "about:blank";

    static McpOptions parse(List<String> arguments) throws CliCommandException {
        Options options = Options.parse(
                "mcp",
                arguments,
                Set.of("port", "host", "profile", "browser-url", "upload-dir", "screenshot-dir"),
                Set.of("http", "browser"));
        if (!options.positional().isEmpty()) {
            throw CliCommandException.usage("mcp takes no positional arguments");
        }
        Optional<CapabilityProfile> profile = Optional.empty();
        if (options.has("profile")) {
            try {
                profile = Optional.of(CapabilityProfile.parse(options.value("profile")));
            } catch (IllegalArgumentException e) {
                throw options.usage(e.getMessage());
            }
        }
        String host = options.value("host");
        return new McpOptions(
                options.has("http"),
                options.integer("port", DEFAULT_PORT, 1, 65_535),
                host == null ? DEFAULT_HOST : host,
                profile,
                browserUrl(options),
                hostFolder(options, "upload-dir"),
                hostFolder(options, "screenshot-dir"));
    }

    /**
     * A host folder of browser mode ({@code upload-dir}: the CDP executor keeps its real path and reads only files
     * directly in it; {@code screenshot-dir}: screenshots are written into it): configuration on the server's command
     * line (never a tool argument), an existing folder checked before anything starts.
     */
    private static Optional<Path> hostFolder(Options options, String option) throws CliCommandException {
        if (!options.has(option)) {
            return Optional.empty();
        }
        if (!options.has("browser")) {
            throw options.usage("--" + option + " needs --browser");
        }
        Path folder;
        try {
            folder = Path.of(options.value(option));
        } catch (java.nio.file.InvalidPathException e) {
            throw options.usage("--" + option + ": not a folder");
        }
        if (!Files.exists(folder)) {
            throw options.usage("--" + option + ": the folder does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw options.usage("--" + option + ": not a folder");
        }
        return Optional.of(folder);
    }

    /**
     * The browser's start URL: the host's configuration on the server's command line, checked before anything
     * starts. Browser mode is stdio only: one browser belongs to one session, and the HTTP endpoint serves many.
     */
    private static Optional<String> browserUrl(Options options) throws CliCommandException {
        if (!options.has("browser")) {
            if (options.has("browser-url")) {
                throw options.usage("--browser-url needs --browser");
            }
            return Optional.empty();
        }
        if (options.has("http")) {
            throw options.usage("--browser serves one session over stdio: it cannot be combined with --http");
        }
        if (!options.has("browser-url")) {
            return Optional.of(BLANK_PAGE);
        }
        try {
            return Optional.of(PageUrl.checked(options.value("browser-url")));
        } catch (IllegalArgumentException e) {
            throw options.usage("--browser-url: " + e.getMessage());
        }
    }
}

package org.praefectus.cdp;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * What a browser host asserts about the one page a {@link CdpExecutor} may act on: the DevTools endpoint (an exact
 * IPv4 loopback address and port, nothing else), the page's target ID, the live browser process that owns it with
 * that process's generation, and the session isolation the host built. Library-only: hosts construct it, it is never
 * a CLI or model parameter. Construction verifies the process generation against the live process, so a restarted
 * browser or a reused PID does not match.
 */
public final class CdpConfig {

    /** The only host a configuration accepts. */
    public static final String LOOPBACK = "127.0.0.1";

    private final int port;
    private final String targetId;
    private final long browserProcessId;
    private final String processGeneration;
    private final SessionIsolation sessionIsolation;
    private final java.nio.file.Path uploadDirectory;
    private final java.nio.file.Path screenshotDirectory;
    /** Whether frames' roles and names are computed in the page ({@code false}: read from the accessibility tree). */
    private final boolean inPageNames;

    private CdpConfig(
            int port,
            String targetId,
            long browserProcessId,
            String processGeneration,
            SessionIsolation sessionIsolation,
            java.nio.file.Path uploadDirectory,
            java.nio.file.Path screenshotDirectory,
            boolean inPageNames) {
        this.port = port;
        this.targetId = targetId;
        this.browserProcessId = browserProcessId;
        this.processGeneration = processGeneration;
        this.sessionIsolation = sessionIsolation;
        this.uploadDirectory = uploadDirectory;
        this.screenshotDirectory = screenshotDirectory;
        this.inPageNames = inPageNames;
    }

    /**
     * A configuration for a browser a person may be using at the same time ({@code shared_desktop}): background
     * actions are refused.
     *
     * @param endpoint          exactly {@code 127.0.0.1:PORT}: no name, no IPv6, no other address, no URL
     * @param targetId          the page's DevTools target ID
     * @param browserProcessId  the browser process that listens on the endpoint
     * @param processGeneration its generation, from {@link #processGeneration(long)}
     * @throws CdpConfigException when any part is malformed or the process generation does not match the live one
     */
    public static CdpConfig sharedDesktop(
            String endpoint, String targetId, long browserProcessId, String processGeneration)
            throws CdpConfigException {
        return create(endpoint, targetId, browserProcessId, processGeneration, SessionIsolation.SHARED_DESKTOP);
    }

    /**
     * A configuration for a browser profile and process the host built and owns exclusively ({@code host_isolated}):
     * invoke, scroll and set_value may then run in the background.
     *
     * @see #sharedDesktop(String, String, long, String)
     * @throws CdpConfigException when any part is malformed or the process generation does not match the live one
     */
    public static CdpConfig hostIsolated(
            String endpoint, String targetId, long browserProcessId, String processGeneration)
            throws CdpConfigException {
        return create(endpoint, targetId, browserProcessId, processGeneration, SessionIsolation.HOST_ISOLATED);
    }

    /**
     * The live generation of a process: on Linux {@code linux-} and the hash of the boot ID and the process start
     * time, so it changes with a restart and with PID reuse.
     *
     * @throws CdpConfigException when the process does not exist or this platform has no generation
     */
    public static String processGeneration(long processId) throws CdpConfigException {
        return LinuxProcesses.generation(processId)
                .orElseThrow(() -> new CdpConfigException("browser process is not running"));
    }

    private static CdpConfig create(
            String endpoint,
            String targetId,
            long browserProcessId,
            String processGeneration,
            SessionIsolation sessionIsolation)
            throws CdpConfigException {
        int port = loopbackPort(requireNonNull(endpoint, "endpoint"));
        if (!isIdentifier(requireNonNull(targetId, "targetId"), 128)) {
            throw new CdpConfigException("target ID is malformed");
        }
        if (browserProcessId <= 0 || browserProcessId > 0xffff_ffffL) {
            throw new CdpConfigException("browser process ID is out of range");
        }
        if (!isIdentifier(requireNonNull(processGeneration, "processGeneration"), 256)) {
            throw new CdpConfigException("process generation is malformed");
        }
        Optional<String> live = LinuxProcesses.generation(browserProcessId);
        if (live.isEmpty() || !live.get().equals(processGeneration)) {
            throw new CdpConfigException("browser process generation does not match the live process");
        }
        return new CdpConfig(port, targetId, browserProcessId, processGeneration, sessionIsolation, null, null, true);
    }

    /**
     * The port of {@code 127.0.0.1:PORT}, refusing everything else: host names (even {@code localhost}, which a
     * resolver may map anywhere), IPv6, other IPv4 addresses including the rest of 127/8, URLs, user info, paths,
     * leading zeros and port 0.
     */
    static int loopbackPort(String endpoint) throws CdpConfigException {
        String prefix = LOOPBACK + ":";
        if (!endpoint.startsWith(prefix)) {
            throw new CdpConfigException("endpoint must be exactly 127.0.0.1:PORT");
        }
        String digits = endpoint.substring(prefix.length());
        if (digits.isEmpty()
                || digits.length() > 5
                || digits.charAt(0) == '0'
                || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new CdpConfigException("endpoint must be exactly 127.0.0.1:PORT");
        }
        int port = Integer.parseInt(digits);
        if (port > 65_535) {
            throw new CdpConfigException("endpoint port is out of range");
        }
        return port;
    }

    private static boolean isIdentifier(String value, int maxLength) {
        return !value.isEmpty()
                && value.length() <= maxLength
                && value.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_'));
    }

    /**
     * This configuration with a host-owned folder that file uploads may read from: {@code set_value} on a file
     * input then names files in it (one file name per line, no folders, nothing outside it). Without one, file
     * inputs refuse {@code set_value}.
     *
     * @param folder an existing folder the host owns; kept as its real path
     * @throws CdpConfigException when it is not an existing folder
     */
    public CdpConfig withUploadDirectory(java.nio.file.Path folder) throws CdpConfigException {
        return new CdpConfig(
                port,
                targetId,
                browserProcessId,
                processGeneration,
                sessionIsolation,
                realFolder(folder, "upload"),
                screenshotDirectory,
                inPageNames);
    }

    /**
     * This configuration with the host's private folder that page screenshots are written to ({@code screenshot}
     * then writes the signed path, which must lie directly in it, owner-only, never over a file).
     * Without one, {@code screenshot} is not advertised.
     *
     * @param folder an existing folder the host owns; kept as its real path
     * @throws CdpConfigException when it is not an existing folder
     */
    public CdpConfig withScreenshotDirectory(java.nio.file.Path folder) throws CdpConfigException {
        return new CdpConfig(
                port,
                targetId,
                browserProcessId,
                processGeneration,
                sessionIsolation,
                uploadDirectory,
                realFolder(folder, "screenshot"),
                inPageNames);
    }

    /**
     * This configuration for another page target of the same browser ({@link CdpExecutor#pages()}: a tab the page
     * opened, or one the host chose): the same endpoint, process, isolation and host folders, the process generation
     * checked against the live process again. An executor stays bound to one target; following another tab connects
     * a new executor with this.
     *
     * @throws CdpConfigException when the target ID is malformed or the browser process is no longer the same
     */
    public CdpConfig forPage(String otherTargetId) throws CdpConfigException {
        CdpConfig page =
                create(LOOPBACK + ":" + port, otherTargetId, browserProcessId, processGeneration, sessionIsolation);
        return new CdpConfig(
                page.port,
                page.targetId,
                page.browserProcessId,
                page.processGeneration,
                page.sessionIsolation,
                uploadDirectory,
                screenshotDirectory,
                inPageNames);
    }

    /**
     * This configuration with every frame's roles and names read from Chromium's whole accessibility tree, as before
     * #39. By default every frame has them computed in the page: one fixed pass in the isolated world joined with the
     * DOM snapshot, checked against the tree node by node on a corpus of pages, the whole tree read instead whenever
     * the two disagree or more than a few hundred elements cannot be named with certainty. Measured side by side, a
     * 1,000-element search list observed 2-3x faster that way and small forms as fast, so every frame size takes the
     * same path. The act-time fence is the same either way: the target's own accessibility node.
     */
    public CdpConfig withAccessibilityTreeNames() {
        return new CdpConfig(
                port,
                targetId,
                browserProcessId,
                processGeneration,
                sessionIsolation,
                uploadDirectory,
                screenshotDirectory,
                false);
    }

    /** Whether frames' roles and names are computed in the page (not {@link #withAccessibilityTreeNames()}). */
    public boolean inPageNames() {
        return inPageNames;
    }

    /** The host-owned folder page screenshots go to, if the host gave one. */
    public java.util.Optional<java.nio.file.Path> screenshotDirectory() {
        return java.util.Optional.ofNullable(screenshotDirectory);
    }

    private static java.nio.file.Path realFolder(java.nio.file.Path folder, String what) throws CdpConfigException {
        java.nio.file.Path real;
        try {
            real = folder.toRealPath();
        } catch (java.io.IOException | SecurityException e) {
            throw new CdpConfigException(what + " folder does not exist");
        }
        if (!java.nio.file.Files.isDirectory(real)) {
            throw new CdpConfigException(what + " folder is not a folder");
        }
        return real;
    }

    /** The host-owned folder file uploads read from, if the host gave one. */
    public java.util.Optional<java.nio.file.Path> uploadDirectory() {
        return java.util.Optional.ofNullable(uploadDirectory);
    }

    /** The endpoint port on {@value #LOOPBACK}. */
    public int port() {
        return port;
    }

    /** The page's DevTools target ID. */
    public String targetId() {
        return targetId;
    }

    /** The browser process bound to the endpoint. */
    public long browserProcessId() {
        return browserProcessId;
    }

    /** The browser process generation the host observed. */
    public String processGeneration() {
        return processGeneration;
    }

    /** The isolation the host built: {@code shared_desktop} unless constructed with {@link #hostIsolated}. */
    public SessionIsolation sessionIsolation() {
        return sessionIsolation;
    }

    @Override
    public String toString() {
        return "CdpConfig[endpoint=" + LOOPBACK + ":" + port + ", target=" + targetId + ", pid=" + browserProcessId
                + ", isolation=" + sessionIsolation + "]";
    }
}

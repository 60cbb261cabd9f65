package org.praefectus.linux.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.wayland.PipeWireHelper;
import org.praefectus.linux.wayland.PortalInterface;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.x11.SessionType;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * {@code capture-backends}: which image backends this runtime has and, with probes, whether they capture now.
 * The backend that captures (the {@link ScreenCapture} service's route) is MIT-SHM on a trusted X server; on a
 * native Wayland session it is the Screenshot portal ({@code xdg-desktop-portal}) or, with the executor's
 * {@code wayland_capture = screencast}, a shared ScreenCast's PipeWire frames ({@code pipewire-screencast}).
 * The others are listed with the reason they are not selected, and PipeWire's DMA-BUF path with the reason it
 * does not exist, so a script sees why. Probes capture for real through the selected backend: {@code file}
 * writes a PNG into a private temporary folder and reads its header back, {@code frame} captures the whole
 * screen in memory, {@code region} a part.
 */
public final class CaptureBackends {

    /** The probes, in the order {@code all} runs them. */
    public static final List<String> PROBES = List.of("file", "frame", "region");

    static final String SHM = "x11-shm";
    static final String PORTAL = "xdg-desktop-portal";
    static final String SCREEN_CAST = "pipewire-screencast";

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private final Map<String, String> environment;
    private final Optional<ScreenCapture> capture;
    private final boolean screenCastRoute;

    /**
     * @param environment     the process environment with the executor's display in place
     * @param capture         the screen capture service, when it is registered
     * @param screenCastRoute whether the service captures a Wayland session from a screen cast (the
     *                        executor's {@code wayland_capture = screencast}) rather than by screenshots
     */
    public CaptureBackends(Map<String, String> environment, Optional<ScreenCapture> capture, boolean screenCastRoute) {
        this.environment = Map.copyOf(environment);
        this.capture = capture;
        this.screenCastRoute = screenCastRoute;
    }

    /** What {@code capture-backends} was asked. */
    public record Request(String format, boolean diagnose, List<String> probes, Region region) {}

    /** The answer, and whether a probe failed (the command then exits non-zero). */
    public record Answer(Map<String, Object> data, boolean probeFailed) {}

    public Answer inspect(Request request) {
        SessionType session = SessionType.of(environment);
        boolean png = request.format().equals("png");
        Map<PortalInterface, Integer> portals = session == SessionType.WAYLAND
                ? new WaylandProbe().probe(environment).portals()
                : Map.of();
        Map<String, String> unavailable = new LinkedHashMap<>();
        unavailable.put(SHM, shmUnavailableReason(session));
        unavailable.put(PORTAL, portalUnavailableReason(session, portals));
        unavailable.put(SCREEN_CAST, screenCastUnavailableReason(session, portals));
        String route = session == SessionType.WAYLAND ? (screenCastRoute ? SCREEN_CAST : PORTAL) : SHM;
        List<Map<String, Object>> backends = new ArrayList<>();
        String selected = null;
        for (Map.Entry<String, String> entry : unavailable.entrySet()) {
            String name = entry.getKey();
            boolean available = entry.getValue() == null;
            Map<String, Object> backend =
                    backend(name, name.equals(SHM) ? "x11" : "portal", available, entry.getValue());
            if (name.equals(SCREEN_CAST)) {
                backend.put("transport", "pipewire");
                backend.put("command", PipeWireHelper.NAME);
            }
            backend.put("supports_output", png);
            backend.put("supports_file_capture", true);
            backend.put("supports_stdout_capture", true);
            backend.put("supports_stdout_region_capture", true);
            backend.put("formats", List.of("png"));
            boolean chosen = available && png && name.equals(route);
            backend.put("selected", chosen);
            if (chosen) {
                selected = name;
            } else if (available && !png) {
                backend.put("reason", "writes png only, not " + request.format());
            } else if (available) {
                backend.put(
                        "reason",
                        name.equals(SCREEN_CAST)
                                ? "wayland_capture is screenshot: screencast asks the person to share the screen once"
                                : "wayland_capture is screencast");
            }
            backends.add(backend);
        }
        List<Map<String, Object>> visible = new ArrayList<>();
        for (Map<String, Object> backend : backends) {
            if (request.diagnose() || Boolean.TRUE.equals(backend.get("available"))) {
                visible.add(backend);
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("session_type", session.name().toLowerCase(java.util.Locale.ROOT));
        data.put("format", request.format());
        data.put("selected_backend", selected);
        data.put("pipewire_session_available", unavailable.get(SCREEN_CAST) == null);
        data.put("image_backends", visible);
        Map<String, Object> dmabuf = backend(
                "pipewire-dmabuf",
                "portal",
                false,
                "no DMA-BUF import in this runtime: " + SCREEN_CAST + " copies PipeWire frames into memory");
        dmabuf.put("transport", "dmabuf");
        data.put("zero_copy_backends", request.diagnose() ? List.of(dmabuf) : List.of());
        data.put("diagnose", request.diagnose());
        List<Map<String, Object>> probes = new ArrayList<>();
        boolean failed = false;
        String routeReason = unavailable.get(route);
        for (String probe : request.probes()) {
            Map<String, Object> result = probe(probe, route, routeReason, png, request.region());
            failed |= !Boolean.TRUE.equals(result.get("ok"));
            probes.add(result);
        }
        data.put("probes", probes);
        data.put("ok", !failed);
        return new Answer(data, failed);
    }

    private String portalUnavailableReason(SessionType session, Map<PortalInterface, Integer> portals) {
        if (session != SessionType.WAYLAND) {
            return "not a Wayland session";
        }
        if (!portals.containsKey(PortalInterface.SCREENSHOT)) {
            return "the Screenshot portal does not answer on the session bus";
        }
        return capture.isEmpty() ? "no screen capture service is registered" : null;
    }

    private String screenCastUnavailableReason(SessionType session, Map<PortalInterface, Integer> portals) {
        if (session != SessionType.WAYLAND) {
            return "not a Wayland session";
        }
        if (!portals.containsKey(PortalInterface.SCREEN_CAST)) {
            return "the ScreenCast portal does not answer on the session bus";
        }
        if (!PipeWireHelper.installed(environment)) {
            return PipeWireHelper.NAME + " is not on PATH (Debian: gstreamer1.0-tools, gstreamer1.0-pipewire)";
        }
        return capture.isEmpty() ? "no screen capture service is registered" : null;
    }

    private String shmUnavailableReason(SessionType session) {
        if (session == SessionType.WAYLAND) {
            return "the session is Wayland: X11 capture is refused";
        }
        if (capture.isEmpty()) {
            return "no screen capture service is registered";
        }
        try (X11Session x = X11Session.open(environment)) {
            return x.has("MIT-SHM") ? null : "the X server has no MIT-SHM";
        } catch (X11Refusal refused) {
            return refused.getMessage(); // fixed texts
        }
    }

    private static Map<String, Object> backend(String name, String kind, boolean available, String reason) {
        Map<String, Object> backend = new LinkedHashMap<>();
        backend.put("name", name);
        backend.put("backend_kind", kind);
        backend.put("command", null); // in process: no helper command runs
        backend.put("available", available);
        backend.put("reason", reason);
        return backend;
    }

    private Map<String, Object> probe(String probe, String route, String routeReason, boolean png, Region region) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("probe", probe);
        result.put("backend", route);
        if (routeReason != null) {
            return failed(result, routeReason);
        }
        if (probe.equals("file") && !png) {
            return failed(result, "the backend writes png only");
        }
        ScreenCapture screen = capture.orElseThrow();
        try {
            Region bounds = screen.screenBounds();
            Region target = probe.equals("region") ? regionOf(region, bounds) : bounds;
            result.put(
                    "capture_region",
                    Map.of("x", target.x(), "y", target.y(), "width", target.width(), "height", target.height()));
            Frame frame = screen.capture(target);
            if (frame.width() != target.width() || frame.height() != target.height()) {
                return failed(result, "the frame does not have the requested size");
            }
            result.put("width", frame.width());
            result.put("height", frame.height());
            if (probe.equals("file")) {
                long bytes = writeAndReadBack(frame);
                if (bytes < 0) {
                    return failed(result, "the written file is not a PNG");
                }
                result.put("bytes", bytes);
                result.put("mime_type", "image/png");
            }
        } catch (VisionException e) {
            return failed(result, e.code() + ": the capture failed");
        } catch (IOException e) {
            return failed(result, "the PNG file cannot be written");
        }
        result.put("ok", true);
        return result;
    }

    private static Region regionOf(Region requested, Region screen) {
        if (requested != null) {
            return requested;
        }
        int width = Math.min(64, screen.width());
        int height = Math.min(64, screen.height());
        return new Region(
                screen.x() + (screen.width() - width) / 2, screen.y() + (screen.height() - height) / 2, width, height);
    }

    /** Writes the frame to a new file in a fresh 0700 folder, reads its header, deletes both; -1 when not PNG. */
    private static long writeAndReadBack(Frame frame) throws IOException {
        Path folder = Files.createTempDirectory(
                "praefectus-capture-probe-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path file = folder.resolve("probe.png");
        try {
            PngFiles.write(frame, file);
            byte[] header = new byte[PNG_SIGNATURE.length];
            try (InputStream in = Files.newInputStream(file)) {
                if (in.readNBytes(header, 0, header.length) != header.length || !Arrays.equals(header, PNG_SIGNATURE)) {
                    return -1;
                }
            }
            return Files.size(file);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(folder);
        }
    }

    private static Map<String, Object> failed(Map<String, Object> result, String detail) {
        result.put("ok", false);
        result.put("detail", detail);
        return result;
    }
}

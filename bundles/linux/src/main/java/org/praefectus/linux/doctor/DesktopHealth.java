package org.praefectus.linux.doctor;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.linux.AtspiBusProbe;
import org.praefectus.linux.wayland.PortalInterface;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.wayland.WaylandSession;
import org.praefectus.linux.x11.SessionType;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * The checks behind {@code doctor} and {@code preflight}, each read live from the session the executor uses:
 * nothing is concluded from an environment variable alone where the thing itself can be asked. Only the
 * categories asked for are probed, so a preflight of {@code capture} opens no D-Bus connection.
 */
public final class DesktopHealth {

    /** Debian's Chromium, then the names it goes by on {@code PATH}. */
    static final List<String> CHROMIUM_NAMES = List.of("chromium", "chromium-browser", "google-chrome");

    private final Map<String, String> environment;
    private final Optional<ScreenCapture> capture;
    private final Optional<OcrEngine> ocr;
    private final BooleanSupplier residentRuntime;
    private final Optional<EmergencyStopState> emergencyStop;
    private final Supplier<GlobalInputOptIn> inputOptIn;

    /** Without an operator's opt-in registered: global input only as the environment says. */
    public DesktopHealth(
            Map<String, String> environment,
            Optional<ScreenCapture> capture,
            Optional<OcrEngine> ocr,
            BooleanSupplier residentRuntime,
            Optional<EmergencyStopState> emergencyStop) {
        this(environment, capture, ocr, residentRuntime, emergencyStop, () -> null);
    }

    /**
     * @param environment     the process environment with the executor's display and bus in place
     * @param residentRuntime whether a resident runtime (the host that signs input) runs in this process
     * @param emergencyStop   the emergency stop's state, when this runtime has one
     * @param inputOptIn      the operator's opt-in to global input registered in this runtime, or {@code null}
     */
    public DesktopHealth(
            Map<String, String> environment,
            Optional<ScreenCapture> capture,
            Optional<OcrEngine> ocr,
            BooleanSupplier residentRuntime,
            Optional<EmergencyStopState> emergencyStop,
            Supplier<GlobalInputOptIn> inputOptIn) {
        this.environment = Map.copyOf(environment);
        this.capture = capture;
        this.ocr = ocr;
        this.residentRuntime = residentRuntime;
        this.emergencyStop = emergencyStop;
        this.inputOptIn = inputOptIn;
    }

    /** The emergency stop as a health check sees it. */
    public interface EmergencyStopState {
        /** Whether the hotkey is grabbed. */
        boolean armed();

        /** Whether the runtime grabs the hotkey at all ({@code --no-emergency-hotkey} turns it off). */
        default boolean hotkeyEnabled() {
            return true;
        }

        /** Whether it was pressed and input stays refused until re-armed. */
        boolean tripped();
    }

    /**
     * Runs the checks of {@code categories}, in category order. Each category's checks fail on their own: one
     * that cannot even be asked (a library or folder missing, a backend that throws) is a failed check of its
     * category with the step that fixes it, never the end of the report.
     */
    public List<HealthCheck> check(Set<HealthCategory> categories) {
        List<HealthCheck> checks = new ArrayList<>();
        if (categories.contains(HealthCategory.DISPLAY) || categories.contains(HealthCategory.X11)) {
            isolated(checks, HealthCategory.DISPLAY, "display", () -> x11(categories, checks));
        }
        if (categories.contains(HealthCategory.SESSION) || categories.contains(HealthCategory.ACCESSIBILITY)) {
            isolated(checks, HealthCategory.SESSION, "session_bus", () -> buses(categories, checks));
        }
        if (categories.contains(HealthCategory.INPUT)) {
            isolated(checks, HealthCategory.INPUT, "input", () -> input(checks));
        }
        if (categories.contains(HealthCategory.CAPTURE)) {
            isolated(checks, HealthCategory.CAPTURE, "capture", () -> checks.add(capture()));
        }
        if (categories.contains(HealthCategory.OCR)) {
            isolated(checks, HealthCategory.OCR, "tesseract_languages", () -> checks.add(ocr()));
        }
        if (categories.contains(HealthCategory.PLUGINS)) {
            isolated(checks, HealthCategory.PLUGINS, "plugin_path", () -> checks.add(plugins()));
        }
        if (categories.contains(HealthCategory.BROWSER)) {
            isolated(checks, HealthCategory.BROWSER, "chromium", () -> checks.add(chromium()));
        }
        checks.sort((a, b) -> a.category().compareTo(b.category()));
        return checks;
    }

    /**
     * Runs one category's checks; when they throw, keeps what they added and adds a failed check {@code name}
     * (unless they added one of that name already).
     */
    private static void isolated(List<HealthCheck> checks, HealthCategory category, String name, Runnable probe) {
        try {
            probe.run();
        } catch (RuntimeException | LinkageError broken) {
            if (checks.stream().noneMatch(check -> check.name().equals(name))) {
                checks.add(HealthCheck.required(
                        name,
                        category,
                        false,
                        "the " + category.wireName() + " checks could not run ("
                                + broken.getClass().getSimpleName() + ")",
                        "run `praefectus doctor` inside the desktop session; install the Debian packages of "
                                + "README's test desktop (.ci/run lists them)"));
            }
        }
    }

    private void x11(Set<HealthCategory> categories, List<HealthCheck> checks) {
        boolean wayland = SessionType.of(environment) == SessionType.WAYLAND;
        if (wayland && WaylandProbe.nativeWayland(environment)) {
            wayland(categories, checks);
            return;
        }
        String display = environment.get("DISPLAY");
        boolean named = display != null && !display.isBlank();
        X11Session session = null;
        String refusal = null;
        if (!wayland && named) {
            try {
                session = X11Session.open(environment);
            } catch (X11Refusal refused) {
                refusal = refused.getMessage();
            }
        }
        try {
            boolean reachable = session != null
                    || (refusal != null
                            && !refusal.equals("the X display cannot be opened")
                            && !refusal.equals("libX11 is not installed"));
            if (categories.contains(HealthCategory.DISPLAY)) {
                checks.add(HealthCheck.optional(
                        "session_type",
                        HealthCategory.DISPLAY,
                        !wayland,
                        wayland
                                ? "XDG_SESSION_TYPE is wayland, but no compositor socket listens at WAYLAND_DISPLAY"
                                : "an X11 session",
                        "run inside the desktop session (WAYLAND_DISPLAY and XDG_RUNTIME_DIR, or DISPLAY)"));
                checks.add(HealthCheck.required(
                        "display",
                        HealthCategory.DISPLAY,
                        !wayland && reachable,
                        !named
                                ? "DISPLAY is not set"
                                : reachable ? "the X display answers" : "the X display does not answer",
                        "run inside the desktop session (DISPLAY) or configure the executor's display"));
            }
            if (categories.contains(HealthCategory.X11)) {
                checks.add(HealthCheck.required(
                        "x11_server",
                        HealthCategory.X11,
                        session != null,
                        session != null ? "a trusted X.Org server with RandR" : refusalText(wayland, named, refusal),
                        "use a native X.Org or Xvfb server owned by root or this user"));
                checks.add(extension(session, "XTEST", "x11_xtest", "synthetic pointer and keyboard input"));
                checks.add(extension(session, "RANDR", "x11_randr", "the display topology coordinate fences bind"));
            }
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    /**
     * A native Wayland session: the compositor and the portal interfaces that answer, with their versions (the
     * executor's routes there); the X11 checks only warn, since the portals serve input and capture.
     */
    private void wayland(Set<HealthCategory> categories, List<HealthCheck> checks) {
        WaylandSession session = new WaylandProbe().probe(environment);
        if (categories.contains(HealthCategory.DISPLAY)) {
            checks.add(HealthCheck.optional(
                    "session_type",
                    HealthCategory.DISPLAY,
                    true,
                    "a native Wayland session (compositor " + session.compositor() + ")",
                    null));
            checks.add(HealthCheck.required(
                    "display", HealthCategory.DISPLAY, true, "the Wayland compositor's socket listens", null));
            checks.add(portal(
                    session,
                    PortalInterface.SCREENSHOT,
                    true,
                    "captures, coordinate observations and their fences",
                    "install xdg-desktop-portal with a backend for this compositor (GNOME: xdg-desktop-portal-gnome)"));
            checks.add(portal(
                    session,
                    PortalInterface.REMOTE_DESKTOP,
                    false,
                    "pointer and keyboard input, after the person approves",
                    "use a compositor whose portal backend serves RemoteDesktop (GNOME, KDE Plasma)"));
            checks.add(portal(
                    session,
                    PortalInterface.SCREEN_CAST,
                    false,
                    "absolute pointer motion and screen-cast capture (PipeWire)",
                    "run PipeWire and WirePlumber in the session"));
        }
        if (categories.contains(HealthCategory.X11)) {
            checks.add(HealthCheck.optional(
                    "x11_server",
                    HealthCategory.X11,
                    false,
                    "the session is Wayland: X11 input and capture are refused (the portals serve them)",
                    "nothing to do on Wayland; X11 checks apply to X11 sessions"));
        }
    }

    private static HealthCheck portal(
            WaylandSession session, PortalInterface portal, boolean required, String purpose, String nextAction) {
        Integer version = session.portals().get(portal);
        String detail = version == null
                ? portal.dbusName() + " does not answer: no " + purpose
                : portal.dbusName() + " version " + version + " answers: " + purpose;
        return required
                ? HealthCheck.required(portal.permission(), HealthCategory.DISPLAY, version != null, detail, nextAction)
                : HealthCheck.optional(
                        portal.permission(), HealthCategory.DISPLAY, version != null, detail, nextAction);
    }

    private static String refusalText(boolean wayland, boolean named, String refusal) {
        if (wayland) {
            return "the session is Wayland: X11 input and capture are refused";
        }
        if (!named) {
            return "no X display is available";
        }
        return refusal == null ? "the X server cannot be checked" : refusal; // X11Refusal texts are fixed
    }

    private static HealthCheck extension(X11Session session, String extension, String name, String purpose) {
        boolean present = false;
        if (session != null) {
            try {
                present = session.has(extension);
            } catch (X11Refusal gone) {
                present = false;
            }
        }
        return HealthCheck.required(
                name,
                HealthCategory.X11,
                present,
                extension + (present ? " is present: " : " is missing: ") + purpose,
                "start the X server with the " + extension + " extension");
    }

    private void buses(Set<HealthCategory> categories, List<HealthCheck> checks) {
        String address = environment.get("DBUS_SESSION_BUS_ADDRESS");
        boolean named = address != null && !address.isBlank();
        boolean session = named && sessionBusAnswers(address);
        if (categories.contains(HealthCategory.SESSION)) {
            checks.add(HealthCheck.required(
                    "session_bus",
                    HealthCategory.SESSION,
                    session,
                    !named
                            ? "DBUS_SESSION_BUS_ADDRESS is not set"
                            : session ? "the session bus answers" : "the session bus does not answer",
                    "run inside the desktop session (DBUS_SESSION_BUS_ADDRESS) or configure the executor's bus"));
        }
        if (categories.contains(HealthCategory.ACCESSIBILITY)) {
            boolean atspi = session
                    && new AtspiBusProbe().accessibilityBusAddress(address).isPresent();
            checks.add(HealthCheck.required(
                    "accessibility_bus",
                    HealthCategory.ACCESSIBILITY,
                    atspi,
                    atspi ? "org.a11y.Bus gives the AT-SPI bus" : "the session bus has no AT-SPI bus (org.a11y.Bus)",
                    "install and start at-spi2-core (at-spi-bus-launcher) in the session"));
        }
    }

    private static boolean sessionBusAnswers(String address) {
        try (DBusConnection connection =
                DBusConnectionBuilder.forAddress(address).withShared(false).build()) {
            return connection.isConnected();
        } catch (Exception | LinkageError unavailable) {
            return false;
        }
    }

    private void input(List<HealthCheck> checks) {
        // the engine's and the executor's own rule (GlobalInput), so the doctor says what they will decide
        GlobalInputOptIn optIn = inputOptIn.get();
        boolean allowed = GlobalInput.allowed(environment, optIn);
        checks.add(HealthCheck.required(
                "global_input",
                HealthCategory.INPUT,
                allowed,
                "global input is " + GlobalInput.reason(environment, optIn),
                "start the runtime with `praefectus daemon --allow-input` (or PRAEFECTUS_ALLOW_GLOBAL_INPUT=1)"));
        boolean resident = residentRuntime.getAsBoolean();
        checks.add(HealthCheck.optional(
                "resident_runtime",
                HealthCategory.INPUT,
                resident,
                resident ? "a resident runtime signs input here" : "no resident runtime: real input verbs are refused",
                "start one with `praefectus daemon --allow-input`"));
        if (emergencyStop.isPresent()) {
            EmergencyStopState stop = emergencyStop.get();
            checks.add(HealthCheck.required(
                    "emergency_stop",
                    HealthCategory.INPUT,
                    !stop.tripped(),
                    stop.tripped()
                            ? "the emergency stop was pressed: input is refused until re-armed"
                            : "the emergency stop lets input through",
                    "re-arm it with `praefectus emergency-stop --rearm`"));
            String detail;
            if (stop.armed()) {
                detail = "Ctrl+Alt+Esc is grabbed";
            } else if (stop.hotkeyEnabled()) {
                detail = "Ctrl+Alt+Esc is not grabbed (no X11, or held by another client)";
            } else {
                detail =
                        "Ctrl+Alt+Esc is turned off (--no-emergency-hotkey): only `emergency-stop --trigger` stops input";
            }
            String nextAction = stop.hotkeyEnabled()
                    ? "run the runtime on X11 and close the client that holds Ctrl+Alt+Esc"
                    : "start the daemon without --no-emergency-hotkey";
            checks.add(
                    HealthCheck.optional("emergency_hotkey", HealthCategory.INPUT, stop.armed(), detail, nextAction));
        }
    }

    private HealthCheck capture() {
        boolean captured = false;
        String detail = "no screen capture service";
        if (capture.isPresent()) {
            try {
                Region screen = capture.get().screenBounds();
                captured = capture.get().capture(new Region(0, 0, 1, 1)).width() == 1 && screen.width() > 0;
                detail = "the capture service captured a pixel of a " + screen.width() + "x" + screen.height()
                        + " screen";
            } catch (RuntimeException e) { // VisionException: a fixed code and text
                detail = "the screen cannot be captured";
            }
        }
        return HealthCheck.required(
                "capture",
                HealthCategory.CAPTURE,
                captured,
                detail,
                "run on a trusted X server with MIT-SHM, or a Wayland session with the Screenshot portal"
                        + " (capture-backends --diagnose says which part fails)");
    }

    private HealthCheck ocr() {
        String wanted = environment.getOrDefault("PEEKABOOX_OCR_LANGUAGE", "eng");
        String language = wanted.matches("[a-z_]{2,16}") ? wanted : "eng";
        String install = "install tesseract-ocr and tesseract-ocr-" + language
                + " (Debian: sudo apt-get install --no-install-recommends tesseract-ocr tesseract-ocr-" + language
                + ")";
        if (ocr.isEmpty()) {
            return HealthCheck.required(
                    "tesseract_languages",
                    HealthCategory.OCR,
                    false,
                    "no OCR engine (the vision bundle with Tesseract)",
                    install);
        }
        List<String> languages;
        try {
            languages = ocr.get().languages();
        } catch (RuntimeException unreadable) { // VisionException: the trained-data folder is absent
            return HealthCheck.required(
                    "tesseract_languages",
                    HealthCategory.OCR,
                    false,
                    "Tesseract's trained-data folder cannot be read",
                    install + ", or point TESSDATA_PREFIX at a folder holding " + language + ".traineddata");
        }
        return HealthCheck.required(
                "tesseract_languages",
                HealthCategory.OCR,
                languages.contains(wanted),
                "trained languages: " + (languages.isEmpty() ? "none" : String.join(",", languages)),
                install + " or set PEEKABOOX_OCR_LANGUAGE to an installed language");
    }

    private HealthCheck plugins() {
        String path = environment.get("PEEKABOOX_PLUGIN_PATH");
        if (path == null || path.isBlank()) {
            return HealthCheck.optional(
                    "plugin_path", HealthCategory.PLUGINS, true, "PEEKABOOX_PLUGIN_PATH is not set", null);
        }
        int missing = 0;
        String[] entries = path.split(File.pathSeparator);
        for (String entry : entries) {
            if (entry.isBlank() || !Files.isDirectory(Path.of(entry))) {
                missing++;
            }
        }
        return HealthCheck.optional(
                "plugin_path",
                HealthCategory.PLUGINS,
                missing == 0,
                (entries.length - missing) + " of " + entries.length + " plugin directories exist",
                "remove the missing directories from PEEKABOOX_PLUGIN_PATH");
    }

    private HealthCheck chromium() {
        boolean found = Files.isExecutable(Path.of("/usr/bin/chromium")) || onPath(CHROMIUM_NAMES);
        return HealthCheck.optional(
                "chromium",
                HealthCategory.BROWSER,
                found,
                found ? "a Chromium executable is installed" : "no Chromium executable",
                "install chromium for the CDP executor");
    }

    private boolean onPath(List<String> names) {
        String path = environment.getOrDefault("PATH", "");
        for (String directory : path.split(File.pathSeparator)) {
            for (String name : names) {
                if (!directory.isBlank() && Files.isExecutable(Path.of(directory, name))) {
                    return true;
                }
            }
        }
        return false;
    }
}

package org.praefectus.linux.doctor;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The categories an operation needs, PeekabooX's operation names (MCP tools and daemon methods) and this CLI's
 * verbs alike: {@code preflight --operation click} checks what a real click depends on.
 */
public final class Preflight {

    private static final Set<HealthCategory> POINTER = EnumSet.of(
            HealthCategory.DISPLAY,
            HealthCategory.X11,
            HealthCategory.SESSION,
            HealthCategory.ACCESSIBILITY,
            HealthCategory.INPUT);
    private static final Set<HealthCategory> SEMANTIC =
            EnumSet.of(HealthCategory.SESSION, HealthCategory.ACCESSIBILITY);
    private static final Set<HealthCategory> SCREEN = EnumSet.of(HealthCategory.DISPLAY, HealthCategory.CAPTURE);

    private static final Map<String, Set<HealthCategory>> OPERATIONS = Map.ofEntries(
            Map.entry("click", POINTER),
            Map.entry("move", POINTER),
            Map.entry("move_mouse", POINTER),
            Map.entry("drag", POINTER),
            Map.entry("type", POINTER),
            Map.entry("type_text", POINTER),
            Map.entry("paste", POINTER),
            Map.entry("paste_text", POINTER),
            Map.entry("hotkey", POINTER),
            Map.entry("elements", SEMANTIC),
            Map.entry("find", SEMANTIC),
            Map.entry("find_element", SEMANTIC),
            Map.entry("find_elements", SEMANTIC),
            Map.entry("windows", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.X11, HealthCategory.SESSION)),
            Map.entry("list_windows", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.X11, HealthCategory.SESSION)),
            Map.entry("desktop_state", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.SESSION)),
            Map.entry("get_desktop_state", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.SESSION)),
            Map.entry("capture", SCREEN),
            Map.entry("capture_screen", SCREEN),
            Map.entry("capture_delta", SCREEN),
            Map.entry("ocr", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.CAPTURE, HealthCategory.OCR)),
            Map.entry("ocr_screen", EnumSet.of(HealthCategory.DISPLAY, HealthCategory.CAPTURE, HealthCategory.OCR)),
            Map.entry("call_plugin_tool", EnumSet.of(HealthCategory.PLUGINS)),
            Map.entry("list_plugins", EnumSet.of(HealthCategory.PLUGINS)),
            Map.entry("browser", EnumSet.of(HealthCategory.BROWSER)));

    /** PeekabooX's coarser category: the session a desktop verb reads. */
    private static final Set<HealthCategory> DESKTOP =
            EnumSet.of(HealthCategory.DISPLAY, HealthCategory.SESSION, HealthCategory.ACCESSIBILITY);

    private Preflight() {}

    /** The categories a name stands for: one of {@link HealthCategory}, or PeekabooX's {@code desktop}; else empty. */
    public static Optional<Set<HealthCategory>> categoriesNamed(String name) {
        if (name.equals("desktop")) {
            return Optional.of(EnumSet.copyOf(DESKTOP));
        }
        return HealthCategory.of(name).map(EnumSet::of);
    }

    /** The categories {@code operation} needs, or empty when the operation is unknown. */
    public static Optional<Set<HealthCategory>> categoriesOf(String operation) {
        Set<HealthCategory> categories = OPERATIONS.get(operation);
        return categories == null ? Optional.empty() : Optional.of(EnumSet.copyOf(categories));
    }
}

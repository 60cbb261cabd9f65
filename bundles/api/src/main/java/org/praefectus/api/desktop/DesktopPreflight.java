package org.praefectus.api.desktop;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The doctor's checks of some categories as a gate before live automation, as every surface answers
 * {@code preflight} (the CLI's command, MCP's tool). Provided by the platform bundle.
 */
@ProviderType
public interface DesktopPreflight {

    /** The error code of a report with a blocked category: a surface reports it as a failure, the report as details. */
    String BLOCKED = "preflight_blocked";

    /**
     * The checks of {@code categories} (each a category name or several joined by commas; {@code desktop} is display,
     * session and accessibility) and of what {@code operation} needs ({@code click}, {@code type_text},
     * {@code capture_screen}…, or {@code null}).
     *
     * @throws IllegalArgumentException for an unknown category or operation, or when neither names anything
     */
    PreflightReport check(List<String> categories, String operation);
}

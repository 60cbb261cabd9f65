package org.praefectus.plugins.manifest;

import java.util.Set;

/** The capability names a plugin or tool may declare: PeekabooX's runtime capabilities. */
public final class Capabilities {

    public static final Set<String> KNOWN = Set.of(
            "observe",
            "click",
            "type_text",
            "workflow_execute",
            "workflow_record",
            "workflow_generate",
            "vision",
            "memory_read",
            "memory_write",
            "plugin_read",
            "plugin_execute");

    private Capabilities() {}
}

package org.praefectus.api.host;

import java.util.Locale;

/**
 * PeekabooX's runtime capabilities, by their wire names: what a host may do at all, before any action kind is
 * considered. A {@link CapabilityProfile} holds a set of them; a surface maps its own vocabulary (an MCP tool, a
 * socket method) onto one and asks its {@link HostPolicy}.
 */
public enum Capability {
    /** Read the desktop: windows, elements, state, observations. */
    OBSERVE,
    /** Click: a pointer press, or an element invoked. */
    CLICK,
    /** Type text: keyboard input. */
    TYPE_TEXT,
    /** Run a workflow (each step's action is still decided by {@link HostPolicy#action}). */
    WORKFLOW_EXECUTE,
    /** Record a workflow from what the person does. */
    WORKFLOW_RECORD,
    /** Draft a workflow; a draft is never run by drafting it. */
    WORKFLOW_GENERATE,
    /** Capture, compare, OCR, UI-state and UI-element detection. */
    VISION,
    /** Read the desktop graph memory. */
    MEMORY_READ,
    /** Write the desktop graph memory. */
    MEMORY_WRITE,
    /** List plugins and their tools. */
    PLUGIN_READ,
    /** Run a plugin's process. */
    PLUGIN_EXECUTE;

    /** The wire name ({@code memory_read}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
